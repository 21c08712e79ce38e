"""Kellogg, MN, City Code chapter 58: complaint counting (58-16) and animal bites (58-10).

The counting rule is DESIGN.md's "Kellogg section 58-16: the counting rule, made exact":
complaints are counted per subject in order of receipt (ties keep input order) on the city's
calendar; "within two months" is `day <= anchor + 2 calendar months` and "within one year" is
`day <= anchor + 1 calendar year`, both inclusive and clamped at month end. Windows, fees and days
come from the pack's `law:` section, not from constants here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta, timezone, tzinfo
from typing import TYPE_CHECKING

from bot.ordinance.dates import add_months, add_years, local_date, local_sort_key
from bot.ordinance.facts import ComplaintFact, InputError
from bot.ordinance.params import LawSection

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

# counts_as -> action, DESIGN.md table for 58-16 B
ACTIONS = {
    "verbal_pending": "document",
    "first": "letter",
    "second": "citation",
    "third": "refer_city_attorney",
}
SECTIONS = {
    "verbal_pending": "58-16(B)(2)",
    "first": "58-16(B)(2)",
    "second": "58-16(B)(3)",
    "third": "58-16(B)(4)",
}
REQUIRED_FACT_FIELDS = ("form",)


@dataclass(frozen=True)
class KelloggLaw:
    """The numbers chapter 58 sets, read from the pack."""

    verbal_pair_months: int  # 58-16 B(2): two verbal complaints in a two-month period
    second_within_months: int  # 58-16 B(3): a complaint within two months after the first
    third_within_years: int  # 58-16 B(4): a complaint within one year after the first
    first_license_days: int  # B(2): days to license at the regular fee
    first_late_license_fee_cents: int  # B(2): fee after that
    second_hearing_request_days: int  # B(3): days after receiving the citation to ask for a hearing
    second_reissue_fee_cents: int  # B(3)
    second_unlicensed_license_fee_cents: int  # B(3)
    second_comply_days: int  # B(3)
    third_refer_to: str  # B(4)
    quarantine_min_days: int  # 58-10
    owner_notice_hours: int  # 58-10 D
    public_nuisance_bite_cases: int  # 58-10 I


def parse_law(raw: object, where: str) -> KelloggLaw:
    """The pack's `law:` section as a KelloggLaw; raises LawError naming the key."""
    law = LawSection(raw, f"{where}: law")
    counting = law.section("counting")
    first = law.section("first")
    second = law.section("second")
    third = law.section("third")
    bites = law.section("bites")
    return KelloggLaw(
        verbal_pair_months=counting.count("verbal_pair_months", 1),
        second_within_months=counting.count("second_within_months", 1),
        third_within_years=counting.count("third_within_years", 1),
        first_license_days=first.count("license_days", 1),
        first_late_license_fee_cents=first.count("late_license_fee_cents"),
        second_hearing_request_days=second.count("hearing_request_days", 1),
        second_reissue_fee_cents=second.count("reissue_fee_cents"),
        second_unlicensed_license_fee_cents=second.count("unlicensed_license_fee_cents"),
        second_comply_days=second.count("comply_days", 1),
        third_refer_to=third.text("refer_to"),
        quarantine_min_days=bites.count("quarantine_min_days", 1),
        owner_notice_hours=bites.count("owner_notice_hours", 1),
        public_nuisance_bite_cases=bites.count("public_nuisance_bite_cases", 1),
    )


def consequences(counts_as: str, law: KelloggLaw) -> dict[str, object]:
    """What a level brings under 58-16 B, for the notice the clerk sends."""
    if counts_as == "verbal_pending":
        return {"notice": None, "documented_at": "Clerk/Treasurer's office"}
    if counts_as == "first":
        return {
            "notice": "clerk_letter",
            "enclose_chapter": True,
            "license_days": law.first_license_days,
            "license_fee": "regular",
            "late_license_fee_cents": law.first_late_license_fee_cents,
        }
    if counts_as == "second":
        return {
            "notice": "citation",
            "license_revoked": True,
            "hearing_request_days": law.second_hearing_request_days,
            "hearing_days_counted_from": "receipt of the citation",
            "reissue_fee_cents": law.second_reissue_fee_cents,
            "unlicensed_license_fee_cents": law.second_unlicensed_license_fee_cents,
            "comply_days": law.second_comply_days,
        }
    if counts_as == "third":
        return {"notice": "referral", "refer_to": law.third_refer_to}
    raise ValueError(f"unknown level {counts_as!r}")


def notice_deadlines(counts_as: str, notice_received: date, law: KelloggLaw) -> dict[str, date]:
    """Last days (inclusive) that follow a notice the owner received on `notice_received` (58-16 B).

    first: license at the regular fee by `license_by`, after which the fee is the late one.
    second: ask for a hearing by `hearing_request_by`; meet the licensing requirements by `comply_by`.
    """
    if counts_as == "first":
        return {"license_by": notice_received + timedelta(days=law.first_license_days)}
    if counts_as == "second":
        return {
            "hearing_request_by": notice_received + timedelta(days=law.second_hearing_request_days),
            "comply_by": notice_received + timedelta(days=law.second_comply_days),
        }
    if counts_as in ("verbal_pending", "third"):
        return {}
    raise ValueError(f"unknown level {counts_as!r}")


@dataclass(frozen=True)
class CountResult:
    """How one complaint counts under 58-16."""

    fact: ComplaintFact
    counts_as: str  # verbal_pending | first | second | third
    anchor: date | None  # F, the day the first complaint was established; None while pending
    second_window_end: date | None  # F + 2 months: last day a complaint is the second
    third_window_end: date | None  # F + 1 year: last day a complaint is a third
    pending_window_end: date | None  # verbal_pending only: last day a verbal complaint makes it a first
    consequences: Mapping[str, object]
    bite_case_number: int | None  # bites only: this subject's bite cases so far, this one included
    public_nuisance: bool | None  # bites only: 58-10 I, two or more bite cases

    @property
    def action(self) -> str:
        return ACTIONS[self.counts_as]

    def to_json(self) -> dict[str, object]:
        def iso(value: date | None) -> str | None:
            return value.isoformat() if value is not None else None

        data: dict[str, object] = {
            "id": self.fact.id,
            "subject": self.fact.subject,
            "received": self.fact.received.isoformat(),
            "type": self.fact.type,
            "form": self.fact.form,
            "counts_as": self.counts_as,
            "action": self.action,
            "section": SECTIONS[self.counts_as],
            "anchor": iso(self.anchor),
            "second_window_end": iso(self.second_window_end),
            "third_window_end": iso(self.third_window_end),
            "pending_window_end": iso(self.pending_window_end),
            "consequences": dict(self.consequences),
        }
        if self.bite_case_number is not None:
            data["bite_case_number"] = self.bite_case_number
            data["public_nuisance"] = self.public_nuisance
        return data


@dataclass
class _SubjectState:
    pending: date | None = None  # day of the pending verbal complaint
    anchor: date | None = None  # F
    has_second: bool = False
    thirds: int = 0
    bite_cases: int = 0


def _step(state: _SubjectState, day: date, form: str, law: KelloggLaw) -> str:
    """Apply one complaint to a subject's state (mutating it) and say how it counts."""
    if state.anchor is not None:
        if not state.has_second:
            if day <= add_months(state.anchor, law.second_within_months):
                state.has_second = True
                return "second"
        elif day <= add_years(state.anchor, law.third_within_years):
            state.thirds += 1
            return "third"
        # The first lapsed (no second in time) or the year is over: back to no standing.
        state.anchor, state.has_second, state.thirds = None, False, 0
    pairs_with_pending = state.pending is not None and day <= add_months(
        state.pending, law.verbal_pair_months
    )
    if form == "written" or pairs_with_pending:
        state.anchor, state.pending, state.has_second, state.thirds = day, None, False, 0
        return "first"
    # A newer verbal complaint replaces an older pending one that it could not pair with.
    state.pending = day
    return "verbal_pending"


def _in_receipt_order(facts: Sequence[ComplaintFact], tz: tzinfo) -> list[int]:
    # sorted() is stable, so complaints received at the same moment keep their input order.
    return sorted(range(len(facts)), key=lambda i: local_sort_key(facts[i].received, tz))


def _check_forms(facts: Iterable[ComplaintFact]) -> None:
    for fact in facts:
        if fact.form is None:
            raise InputError(
                f"complaint {fact.id!r}: missing field 'form' (Kellogg counts verbal and written)"
            )


def count_complaints(facts: Sequence[ComplaintFact], law: KelloggLaw, tz: tzinfo) -> list[CountResult]:
    """One result per complaint, in input order, counted per subject under 58-16 B."""
    _check_forms(facts)
    states: dict[str, _SubjectState] = {}
    results: dict[int, CountResult] = {}
    for index in _in_receipt_order(facts, tz):
        fact = facts[index]
        state = states.setdefault(fact.subject, _SubjectState())
        day = local_date(fact.received, tz)
        counts_as = _step(state, day, fact.form, law)
        bite_case_number = public_nuisance = None
        if fact.type == "bite":
            state.bite_cases += 1
            bite_case_number = state.bite_cases
            public_nuisance = bite_case_number >= law.public_nuisance_bite_cases
        anchor = state.anchor
        results[index] = CountResult(
            fact=fact,
            counts_as=counts_as,
            anchor=anchor,
            second_window_end=add_months(anchor, law.second_within_months) if anchor else None,
            third_window_end=add_years(anchor, law.third_within_years) if anchor else None,
            pending_window_end=(
                add_months(day, law.verbal_pair_months) if counts_as == "verbal_pending" else None
            ),
            consequences=consequences(counts_as, law),
            bite_case_number=bite_case_number,
            public_nuisance=public_nuisance,
        )
    return [results[i] for i in range(len(facts))]


@dataclass(frozen=True)
class Standing:
    """A subject's standing under 58-16 on a given day, for the clerk's console."""

    subject: str
    on: date
    level: str  # none | verbal_pending | first | second | third
    anchor: date | None  # F, when a first complaint stands
    pending_since: date | None  # the pending verbal complaint's day, when one is pending
    window_open_until: date | None  # last day of the current window (inclusive); None at no standing
    days_left: int | None  # days after `on` that the window stays open (0: `on` is its last day)
    next_if_verbal: str  # how a verbal complaint received on `on` would count
    next_if_written: str  # how a written complaint received on `on` would count

    def to_json(self) -> dict[str, object]:
        def iso(value: date | None) -> str | None:
            return value.isoformat() if value is not None else None

        return {
            "subject": self.subject,
            "on": self.on.isoformat(),
            "level": self.level,
            "anchor": iso(self.anchor),
            "pending_since": iso(self.pending_since),
            "window_open_until": iso(self.window_open_until),
            "days_left": self.days_left,
            "next_if_verbal": self.next_if_verbal,
            "next_if_written": self.next_if_written,
        }


def standing_at(
    facts: Sequence[ComplaintFact], subject: str, on: date | datetime, law: KelloggLaw, tz: tzinfo
) -> Standing:
    """`subject`'s standing on day `on`, from its complaints received on or before that day."""
    day = local_date(on, tz)
    mine = [f for f in facts if f.subject == subject and local_date(f.received, tz) <= day]
    _check_forms(mine)
    state = _SubjectState()
    for index in _in_receipt_order(mine, tz):
        _step(state, local_date(mine[index].received, tz), mine[index].form, law)

    level, until = "none", None
    if state.anchor is not None and state.has_second:
        end = add_years(state.anchor, law.third_within_years)
        if day <= end:
            level, until = ("third" if state.thirds else "second"), end
    elif state.anchor is not None:
        end = add_months(state.anchor, law.second_within_months)
        if day <= end:
            level, until = "first", end
    elif state.pending is not None:
        end = add_months(state.pending, law.verbal_pair_months)
        if day <= end:
            level, until = "verbal_pending", end

    return Standing(
        subject=subject,
        on=day,
        level=level,
        anchor=state.anchor if level in ("first", "second", "third") else None,
        pending_since=state.pending if level == "verbal_pending" else None,
        window_open_until=until,
        days_left=(until - day).days if until is not None else None,
        next_if_verbal=_step(replace(state), day, "verbal", law),
        next_if_written=_step(replace(state), day, "written", law),
    )


# --- 58-10 Animal bites ---------------------------------------------------------------------------

HOME_CONDITIONS = (
    "58-10(A)(1) proof of current rabies vaccination shown",
    "58-10(A)(2) kept separate from other animals",
    "58-10(A)(3) kept indoors at all times during the quarantine",
    "58-10(A)(3) after the quarantine, examined by a designated veterinarian; report filed with the Board of Health",
)


@dataclass(frozen=True)
class KelloggBite:
    """What is known about one bite. None means not known yet."""

    bitten_at: datetime  # aware
    victim: str  # "person" | "animal"
    vaccinated_with_proof: bool | None  # currently vaccinated against rabies, proof shown
    on_owner_premises: bool | None  # the bite happened on the owner's premises
    owner_advised_at: datetime | None = None  # when the owner was told of the bite
    owner_known: bool | None = None  # False: the owner cannot be identified, so cannot be advised
    bite_cases: int = 1  # this animal's bite cases, this one included


@dataclass(frozen=True)
class KelloggBiteOrders:
    quarantine_required: bool
    quarantine_min_days: int | None
    quarantine_place: str  # owner_home | veterinary_hospital_or_shelter | shelter_or_veterinary_clinic
    #                        | undetermined | not_required
    conditions: tuple[str, ...]  # what keeping the animal at home requires (58-10 A)
    owner_notice_deadline: datetime  # bite + 2 hours: after it, the officer or sheriff impounds (58-10 D)
    impound_by_officer: bool | None  # None until we know whether the owner was advised in time
    public_nuisance: bool  # 58-10 I: the Board of Health determines disposal
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]  # what an officer or the clerk still has to establish


def bite_orders(bite: KelloggBite, law: KelloggLaw) -> KelloggBiteOrders:
    """The orders 58-10 attaches to a bite, from what is known of it."""
    if bite.bitten_at.tzinfo is None:
        raise ValueError("bitten_at must be timezone-aware")
    sections: list[str] = []
    to_confirm: list[str] = []
    conditions: tuple[str, ...] = ()
    # Two hours of elapsed time, added in UTC: wall-clock addition would be wrong across a DST change.
    deadline = (bite.bitten_at.astimezone(timezone.utc) + timedelta(hours=law.owner_notice_hours)).astimezone(
        bite.bitten_at.tzinfo
    )

    if bite.victim == "person":
        sections.append("58-10")
        required, min_days = True, law.quarantine_min_days
        if bite.on_owner_premises is False:
            place = "shelter_or_veterinary_clinic"
            sections.append("58-10(B)")
        elif bite.vaccinated_with_proof is False:
            place = "veterinary_hospital_or_shelter"
            sections.append("58-10(C)")
        elif bite.vaccinated_with_proof and bite.on_owner_premises:
            place, conditions = "owner_home", HOME_CONDITIONS
            sections.append("58-10(A)")
        else:
            place = "undetermined"
            if bite.on_owner_premises is None:
                to_confirm.append("58-10(B) whether the bite happened on the owner's premises")
            if bite.vaccinated_with_proof is None:
                to_confirm.append("58-10(A)(1), (C) proof of current rabies vaccination")
    elif bite.victim == "animal":
        # 58-10 quarantines an animal that has bitten a human being; biting animals is a 58-5 A nuisance.
        required, min_days, place = False, None, "not_required"
        sections.append("58-5(A)")
    else:
        raise ValueError(f"victim must be 'person' or 'animal', got {bite.victim!r}")

    if not required:
        impound: bool | None = False
    elif bite.owner_advised_at is not None:
        impound = bite.owner_advised_at > deadline
    elif bite.owner_known is False:
        impound = True
    else:
        impound = None
        to_confirm.append(f"58-10(D) whether the owner is advised by {deadline.isoformat()}")
    if impound:
        sections.append("58-10(D)")

    nuisance = bite.bite_cases >= law.public_nuisance_bite_cases
    if nuisance:
        sections.append("58-10(I)")
    return KelloggBiteOrders(
        quarantine_required=required,
        quarantine_min_days=min_days,
        quarantine_place=place,
        conditions=conditions,
        owner_notice_deadline=deadline,
        impound_by_officer=impound,
        public_nuisance=nuisance,
        sections=tuple(sections),
        to_confirm=tuple(to_confirm),
    )


# --- the CLI's view --------------------------------------------------------------------------------


def law_for(pack: Pack) -> KelloggLaw:
    if not isinstance(pack.law, KelloggLaw):
        raise ValueError(f"jurisdiction {pack.code} does not use the Kellogg rules")
    return pack.law


def results_json(facts: Sequence[ComplaintFact], pack: Pack) -> list[dict[str, object]]:
    """The `standing` command's results for a pack using these rules, in input order."""
    return [result.to_json() for result in count_complaints(facts, law_for(pack), pack.tz)]
