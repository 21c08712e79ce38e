"""Freeport, MN, Ordinance 2005-03: complaints, bites, seizure preconditions, impound fees, offence days.

Freeport draws no verbal/written distinction: every accepted complaint counts, numbered per subject in
order of receipt (`complaint_1`, `complaint_2`, ...). Fees, days and windows come from the pack's
`law:` section.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from typing import TYPE_CHECKING

from bot.ordinance.dates import local_date, local_sort_key
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.params import LawSection

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

REQUIRED_FACT_FIELDS: tuple[str, ...] = ()  # the form is recorded but does not change the count
OFFICER_JUDGEMENT = (
    "8(2) the officer reasonably believes the animal meets the barking (7 A), cruelty (13) or at-large (1 E) criteria",
    "8(4) a reasonable attempt to contact the property owner failed or was ignored",
    "8(5) the seizure involves no forced entry into a private residence",
    "8(6) written notice of the seizure is left if the owner cannot be contacted in person",
)


@dataclass(frozen=True)
class FreeportLaw:
    """The numbers Ordinance 2005-03 sets, read from the pack."""

    confinement_min_days: int  # 5 B
    veterinary_hospital_area: str  # 5 B: the owner may elect a veterinary hospital not outside this area
    dangerous_bite_occasions: int  # 11 C 1 d: persons bitten on this many occasions
    dangerous_appeal_days: int  # 11 G 1
    release_fees_cents: tuple[int, ...]  # 5 C A 1 / 1 F: first, second, third-and-after impound
    boarding_cents_per_day: int  # 5 C A 2
    license_fee_cents: int  # 2 B 2, 5 C A 3
    seizure_previous_types: tuple[str, ...]  # 8(3): kinds of previous complaint that count


def parse_law(raw: object, where: str) -> FreeportLaw:
    """The pack's `law:` section as a FreeportLaw; raises LawError naming the key."""
    law = LawSection(raw, f"{where}: law")
    bites = law.section("bites")
    impound = law.section("impound")
    seizure = law.section("seizure")
    return FreeportLaw(
        confinement_min_days=bites.count("confinement_min_days", 1),
        veterinary_hospital_area=bites.text("veterinary_hospital_area"),
        dangerous_bite_occasions=bites.count("dangerous_bite_occasions", 1),
        dangerous_appeal_days=bites.count("dangerous_appeal_days", 1),
        release_fees_cents=impound.counts("release_fees_cents"),
        boarding_cents_per_day=impound.count("boarding_cents_per_day"),
        license_fee_cents=impound.count("license_fee_cents"),
        seizure_previous_types=seizure.texts("previous_complaint_types"),
    )


# --- Section 8: seizure preconditions the data can show -------------------------------------------


@dataclass(frozen=True)
class SeizurePreconditions:
    identified_complainant: bool | None  # 8(1); None: not recorded
    previous_complaint_ids: tuple[str, ...]  # 8(3): earlier complaints of the kind, on a prior date
    previous_types: tuple[str, ...]  # the kinds that count, from the pack

    @property
    def previous_complaint(self) -> bool:
        return bool(self.previous_complaint_ids)

    def to_json(self) -> dict[str, object]:
        met, not_met, unknown = [], [], []
        label_1 = "8(1) an identified complainant"
        {True: met, False: not_met, None: unknown}[self.identified_complainant].append(label_1)
        label_3 = (
            f"8(3) a previous complaint ({', '.join(self.previous_types)}) at this address on a prior date"
        )
        (met if self.previous_complaint else not_met).append(label_3)
        return {
            "met": met,
            "not_met": not_met,
            "unknown": unknown,
            "officer_judgement": list(OFFICER_JUDGEMENT),
            "previous_complaint_ids": list(self.previous_complaint_ids),
        }


def seizure_preconditions(
    fact: ComplaintFact, history: Sequence[ComplaintFact], law: FreeportLaw, tz: tzinfo
) -> SeizurePreconditions:
    """Which section 8 preconditions the records show for `fact`.

    `history` is the subject's (the address's) other complaints; only those of a kind section 8(3)
    names and received on an earlier calendar day count as a previous complaint.
    """
    day = local_date(fact.received, tz)
    previous = tuple(
        other.id
        for other in history
        if other.id != fact.id
        and other.subject == fact.subject
        and other.type in law.seizure_previous_types
        and local_date(other.received, tz) < day
    )
    return SeizurePreconditions(
        identified_complainant=fact.complainant_identified,
        previous_complaint_ids=previous,
        previous_types=law.seizure_previous_types,
    )


# --- Counting: every accepted complaint counts -----------------------------------------------------


@dataclass(frozen=True)
class CountResult:
    fact: ComplaintFact
    number: int  # this subject's complaints so far, this one included
    seizure: SeizurePreconditions
    bite_occasion_number: int | None  # bites only: this subject's bite complaints so far

    @property
    def counts_as(self) -> str:
        return f"complaint_{self.number}"

    @property
    def action(self) -> str:
        return "document"

    def to_json(self, law: FreeportLaw) -> dict[str, object]:
        data: dict[str, object] = {
            "id": self.fact.id,
            "subject": self.fact.subject,
            "received": self.fact.received.isoformat(),
            "type": self.fact.type,
            "form": self.fact.form,
            "counts_as": self.counts_as,
            "action": self.action,
            "number": self.number,
            "seizure_preconditions": self.seizure.to_json(),
        }
        if self.bite_occasion_number is not None:
            dangerous = self.bite_occasion_number >= law.dangerous_bite_occasions
            data["bite_occasion_number"] = self.bite_occasion_number
            data["designation"] = "dangerous" if dangerous else "potentially_dangerous"
            data["designation_section"] = "11(C)(1)(d)" if dangerous else "11(C)(2)(a)"
        return data


def count_complaints(facts: Sequence[ComplaintFact], law: FreeportLaw, tz: tzinfo) -> list[CountResult]:
    """One result per complaint, in input order: its number for its subject and the section 8 facts."""
    order = sorted(range(len(facts)), key=lambda i: local_sort_key(facts[i].received, tz))
    numbers: dict[str, int] = {}
    bites: dict[str, int] = {}
    seen: dict[str, list[ComplaintFact]] = {}
    results: dict[int, CountResult] = {}
    for index in order:
        fact = facts[index]
        numbers[fact.subject] = numbers.get(fact.subject, 0) + 1
        bite_number = None
        if fact.type == "bite":
            bites[fact.subject] = bite_number = bites.get(fact.subject, 0) + 1
        earlier = seen.setdefault(fact.subject, [])
        results[index] = CountResult(
            fact=fact,
            number=numbers[fact.subject],
            seizure=seizure_preconditions(fact, earlier, law, tz),
            bite_occasion_number=bite_number,
        )
        earlier.append(fact)
    return [results[i] for i in range(len(facts))]


# --- Sections 5 B and 11: bites --------------------------------------------------------------------


@dataclass(frozen=True)
class FreeportBite:
    """What is known about one bite. None means not known yet."""

    victim: str  # "person" | "animal"
    vaccinated_with_certificate: bool | None  # live modified rabies vaccine, certificate from a veterinarian
    skin_punctured_or_doctor: bool | None  # skin punctured, or a doctor's services required
    earlier_person_bite_occasions: int = 0  # occasions this animal bit a person before this bite


@dataclass(frozen=True)
class FreeportBiteOrders:
    confinement: str  # animal_shelter | owner_property | not_required | undetermined
    confinement_min_days: int | None
    may_elect_veterinary_hospital_in: str | None  # 5 B: instead of the shelter, at the owner's expense
    designation: str  # potentially_dangerous | dangerous
    person_bite_occasions: int
    appeal_days: int | None  # 11 G 1, once declared dangerous
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]


def bite_orders(bite: FreeportBite, law: FreeportLaw) -> FreeportBiteOrders:
    """The confinement (5 B) and designation (11 C) a bite brings, from what is known of it."""
    if bite.victim not in ("person", "animal"):
        raise ValueError(f"victim must be 'person' or 'animal', got {bite.victim!r}")
    if bite.earlier_person_bite_occasions < 0:
        raise ValueError("earlier_person_bite_occasions cannot be negative")
    sections: list[str] = []
    to_confirm: list[str] = []
    confinement, min_days, vet_area = "not_required", None, None

    # 5 B covers a bite of a person that punctured the skin or needed a doctor.
    if bite.victim == "person" and bite.skin_punctured_or_doctor is not False:
        if bite.skin_punctured_or_doctor is None:
            confinement = "undetermined"
            to_confirm.append("5(B) whether the skin was punctured or a doctor was needed")
        elif bite.vaccinated_with_certificate is False:
            confinement, min_days, vet_area = (
                "animal_shelter",
                law.confinement_min_days,
                law.veterinary_hospital_area,
            )
            sections.append("5(B)")
        elif bite.vaccinated_with_certificate is True:
            confinement, min_days = "owner_property", law.confinement_min_days
            sections.append("5(B)")
        else:
            confinement = "undetermined"
            to_confirm.append("5(B) a veterinarian's certificate of live modified rabies vaccination")

    occasions = bite.earlier_person_bite_occasions + (1 if bite.victim == "person" else 0)
    if occasions >= law.dangerous_bite_occasions:
        designation, appeal_days = "dangerous", law.dangerous_appeal_days
        sections += ["11(C)(1)(d)", "11(G)(1)"]
    else:
        designation, appeal_days = "potentially_dangerous", None
        sections += ["11(C)(2)(a)", "11(D)"]
        to_confirm.append("11(D) the officer designates on evidence that the bite was unprovoked")
        if bite.victim == "animal":
            to_confirm.append("11(C)(2)(a) the bitten animal is a domestic animal")
    return FreeportBiteOrders(
        confinement=confinement,
        confinement_min_days=min_days,
        may_elect_veterinary_hospital_in=vet_area,
        designation=designation,
        person_bite_occasions=occasions,
        appeal_days=appeal_days,
        sections=tuple(sections),
        to_confirm=tuple(to_confirm),
    )


# --- Section 5 C and 1 F: impound release fees -----------------------------------------------------


@dataclass(frozen=True)
class ImpoundEvent:
    id: str
    household: str  # the household / pet owner the fee schedule runs for (5 C A 1)
    animal: str
    owner: str  # the animal's registered owner at this impound
    impounded: date | datetime


@dataclass(frozen=True)
class ImpoundFee:
    event: ImpoundEvent
    impound_number: int  # position on the household's fee scale, 1-based
    release_fee_cents: int


def release_fee_cents(impound_number: int, law: FreeportLaw) -> int:
    """Release fee for the household's n-th impound; the last step of the schedule repeats."""
    if impound_number < 1:
        raise ValueError("impound_number starts at 1")
    schedule = law.release_fees_cents
    return schedule[min(impound_number, len(schedule)) - 1]


def impound_release_fees(events: Sequence[ImpoundEvent], law: FreeportLaw, tz: tzinfo) -> list[ImpoundFee]:
    """The release fee of each impound, in input order.

    The scale runs per household, not per animal (5 C A 1). A change in an animal's registered ownership
    after an impound resets that animal's count (1 F): its earlier impounds stop counting for anyone.
    """
    order = sorted(range(len(events)), key=lambda i: local_sort_key(events[i].impounded, tz))
    counted: dict[str, list[ImpoundEvent]] = {}  # household -> impounds still on its scale
    last_owner: dict[str, str] = {}
    fees: dict[int, ImpoundFee] = {}
    for index in order:
        event = events[index]
        previous_owner = last_owner.get(event.animal)
        if previous_owner is not None and previous_owner != event.owner:
            for household, kept in counted.items():
                counted[household] = [e for e in kept if e.animal != event.animal]
        last_owner[event.animal] = event.owner
        scale = counted.setdefault(event.household, [])
        number = len(scale) + 1
        fees[index] = ImpoundFee(
            event=event, impound_number=number, release_fee_cents=release_fee_cents(number, law)
        )
        scale.append(event)
    return [fees[i] for i in range(len(events))]


# --- Section 18: each day is a separate offence ----------------------------------------------------


def offence_dates(first: date | datetime, last: date | datetime, tz: tzinfo) -> list[date]:
    """Every calendar day from `first` to `last` inclusive: each is a separate offence (18 A)."""
    start, end = local_date(first, tz), local_date(last, tz)
    if end < start:
        raise ValueError("the violation cannot end before it starts")
    return [start + timedelta(days=n) for n in range((end - start).days + 1)]


def offence_days(first: date | datetime, last: date | datetime, tz: tzinfo) -> int:
    """How many separate offences a violation continuing from `first` to `last` makes (18 A)."""
    start, end = local_date(first, tz), local_date(last, tz)
    if end < start:
        raise ValueError("the violation cannot end before it starts")
    return (end - start).days + 1


# --- the CLI's view --------------------------------------------------------------------------------


def law_for(pack: Pack) -> FreeportLaw:
    if not isinstance(pack.law, FreeportLaw):
        raise ValueError(f"jurisdiction {pack.code} does not use the Freeport rules")
    return pack.law


def results_json(facts: Sequence[ComplaintFact], pack: Pack) -> list[dict[str, object]]:
    """The `standing` command's results for a pack using these rules, in input order."""
    law = law_for(pack)
    return [result.to_json(law) for result in count_complaints(facts, law, pack.tz)]
