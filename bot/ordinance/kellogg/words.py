"""Kellogg chapter 58 in plain words for the console and the notices: standing, bites, barking, notices."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from bot.ordinance.dates import add_months, local_date, long_date
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.kellogg.bites import KelloggBite, bite_orders, quarantine_order_lines
from bot.ordinance.kellogg.counting import (
    CountResult,
    Standing,
    bite_case_numbers,
    count_complaints,
    standing_at,
)
from bot.ordinance.kellogg.law import SECTIONS, KelloggLaw, law_for
from bot.ordinance.view import BiteFacts, BiteOrder, CountedRow, StandingView, dollars, with_period

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

# 58-16 B: the notice each level calls for (record_notice kinds)
NOTICE_FOR_LEVEL = {"first": "letter", "second": "citation", "third": "referral"}
LEVEL_WORDS = {
    "none": "No standing",
    "verbal_pending": "One verbal complaint pending",
    "first": "First complaint",
    "second": "Second complaint",
    "third": "Third complaint",
}


def _row(result: CountResult, pack: Pack) -> CountedRow:
    flags = []
    if result.bite_case_number is not None:
        which = "this animal" if result.fact.animal else "animal not identified"
        flags.append(f"bite case {result.bite_case_number} ({which})")
        if result.public_nuisance:
            flags.append("public nuisance (58-10(I))")
    return CountedRow(
        reference=result.fact.id,
        received=local_date(result.fact.received, pack.tz),
        form=result.fact.form or "",
        type=result.fact.type,
        counts_as=result.counts_as,
        action=result.action,
        section=SECTIONS[result.counts_as],
        notice_kind=NOTICE_FOR_LEVEL.get(result.counts_as),
        flags=tuple(flags),
    )


def _bite_flag(result: CountResult, law: KelloggLaw) -> str:
    animal = f"animal {result.fact.animal}" if result.fact.animal else "an animal not yet identified"
    if result.public_nuisance:
        return (
            f"{result.fact.id}: bite case {result.bite_case_number} of {animal} - 'any animal with a history of "
            "two or more bite cases' is a public nuisance; the Board of Health determines disposal (58-10(I))."
        )
    return (
        f"{result.fact.id}: bite case {result.bite_case_number} of {animal}; quarantine at least "
        f"{law.quarantine_min_days} days (58-10). A further bite case of the same animal makes it a public "
        "nuisance (58-10(I))."
    )


def _other_bite_flag(fact: ComplaintFact) -> str:
    """A bite that is no 58-10 bite case under the reading in force: of an animal, or of a victim not known."""
    if fact.victim is None:
        return (
            f"{fact.id}: who was bitten is not recorded; a bite of a human being brings a quarantine (58-10) and "
            "is a bite case (58-10(I)): record the victim."
        )
    return (
        f"{fact.id}: bit an animal, not a human being: no 58-10 quarantine and not a 58-10(I) bite case; an "
        "animal that 'bites persons or other animals' is a nuisance (58-5(A))."
    )


PREMISES_WORDS = {
    True: "off the owner's premises: the animal was at large (58-3; 58-10(B)); it counts under 58-16",
    False: "on the owner's premises: handled under 58-10 alone, not counted under 58-16",
    None: (
        "the records cannot tell whether it happened off the owner's premises, so it is handled under 58-10 "
        "alone and not counted under 58-16; if it was off the premises (the animal at large, 58-3), record "
        "the bite place as a street address and it counts"
    ),
}


def premises_flag(fact: ComplaintFact) -> str:
    """Reading `bite_complaints: violation_only`: where the bite happened, what the records show, and
    what that means under 58-16 (never guessed: when the records cannot tell, it says so)."""
    basis = f" ({fact.premises_basis})" if fact.premises_basis else ""
    return f"{fact.id}: bite {PREMISES_WORDS[fact.off_owner_premises]}{basis}."


def standing_view(facts: Sequence[ComplaintFact], pack: Pack, subject: str, today: date) -> StandingView:
    """The subject's standing on `today` under 58-16, its counted complaints and its bite cases."""
    law = law_for(pack)
    results = count_complaints(facts, law, pack.tz, pack.readings)
    standing = standing_at(facts, subject, today, law, pack.tz, pack.readings)
    return StandingView(
        jurisdiction=pack.code,
        level=standing.level,
        level_words=LEVEL_WORDS[standing.level],
        window_open_until=standing.window_open_until,
        days_left=standing.days_left,
        rows=tuple(_row(result, pack) for result in results),
        what_next=tuple(what_next(standing, law, pack.readings.first_lapse)),
        bite_flags=tuple(_bite_flags(results, law, pack.readings.bite_complaints)),
        readings=tuple(pack.readings.words(pack.rules)),
    )


def _bite_flags(results: Sequence[CountResult], law: KelloggLaw, bite_complaints: str) -> list[str]:
    flags = [
        _bite_flag(r, law) if r.bite_case_number is not None else _other_bite_flag(r.fact)
        for r in results
        if r.fact.type == "bite"
    ]
    if bite_complaints == "violation_only":
        flags += [premises_flag(r.fact) for r in results if r.fact.type == "bite"]
    return flags


def _letter(law: KelloggLaw) -> str:
    return (
        f"the Clerk/Treasurer sends a letter with a copy of chapter 58; an unlicensed animal must be licensed "
        f"within {law.first_license_days} days at the regular fee, after that the fee is "
        f"{dollars(law.first_late_license_fee_cents)}"
    )


def _citation(law: KelloggLaw) -> str:
    return (
        f"a citation: the license is revoked; a hearing before the City Council if the owner contacts the "
        f"Clerk/Treasurer's office within {law.second_hearing_request_days} days after receiving the citation; "
        f"{dollars(law.second_reissue_fee_cents)} to reissue the license, "
        f"{dollars(law.second_unlicensed_license_fee_cents)} if unlicensed; {law.second_comply_days} days to "
        "comply, else prosecution could occur"
    )


def what_next(standing: Standing, law: KelloggLaw, first_lapse: str = "lapse") -> list[str]:
    """What the next complaint would bring, in plain words citing 58-16 B."""
    until, left = long_date(standing.window_open_until), standing.days_left
    days = f"{left} day{'s' if left != 1 else ''} left" if left is not None else ""
    referral = f"the matter goes to the {law.third_refer_to} for prosecution"
    anchor = long_date(standing.anchor)
    if standing.level == "none":
        return [
            f"No complaint stands against this household today. A written complaint would be a first complaint: "
            f"{_letter(law)} (58-16(B)(2)).",
            "A verbal complaint would be documented at the Clerk/Treasurer's office; two verbal complaints in a "
            f"{law.verbal_pair_months}-month period are a first complaint (58-16(B)(2)).",
        ]
    if standing.level == "verbal_pending":
        return [
            f"One verbal complaint ({long_date(standing.pending_since)}) is documented, with no notice "
            "(58-16(B)(2)).",
            f"Until {until} ({days}) another complaint, verbal or written, makes a first complaint: {_letter(law)}.",
        ]
    if standing.level == "first":
        second_end = standing.window_open_until
        if first_lapse == "literal" and standing.anchor and standing.on > _second_end(standing.anchor, law):
            return [
                f"First complaint established {anchor}; no second came within two months (58-16(B)(3)).",
                f"Under the literal reading of 58-16(B)(4), until {until} ({days}) any complaint is a third: "
                f"{referral}.",
            ]
        return [
            f"First complaint established {anchor}: {_letter(law)} (58-16(B)(2)).",
            f"Until {long_date(second_end)} ({days}) any further complaint is the second: {_citation(law)} "
            "(58-16(B)(3)). "
            + (
                "After that day the first complaint lapses."
                if first_lapse == "lapse"
                else "After that day, until a year after the first, a complaint is a third (58-16(B)(4))."
            ),
        ]
    if standing.level == "second":
        return [
            f"Second complaint within two months of the first ({anchor}): {_citation(law)} (58-16(B)(3)).",
            f"Until {until} ({days}) any further complaint is a third: {referral} (58-16(B)(4)).",
        ]
    return [
        f"Third complaint within a year of the first ({anchor}): {referral} (58-16(B)(4)).",
        f"Until {until} ({days}) every further complaint is also a third (58-16(B)(4)).",
    ]


def _second_end(anchor: date, law: KelloggLaw) -> date:
    return add_months(anchor, law.second_within_months)


def animal_bite_cases(pack: Pack, bite: BiteFacts) -> int:
    """This bite's number among its animal's 58-10 I bite cases (0: not a bite case under the reading),
    counted from the household's history when the console passes it, as its household page counts it."""
    if not bite.history:
        return (
            bite.animal_bite_cases if bite.victim == "person" or pack.readings.nuisance_bites == "any" else 0
        )
    numbers = bite_case_numbers(bite.history, pack.tz, pack.readings)
    index = next((i for i, fact in enumerate(bite.history) if fact.id == bite.reference), None)
    return numbers.get(index, 0) if index is not None else 0


def _with_suggestion(item: str, bite: BiteFacts) -> str:
    """The premises to confirm, with what the resident's words and the addresses suggest (never taken as
    confirmed: the clerk or officer records it)."""
    if not item.startswith("58-10(B)"):
        return item
    fact = next((f for f in bite.history if f.id == bite.reference), None)
    if fact is None or fact.premises_basis is None:
        return item
    shown = {True: "off the premises", False: "on the premises", None: "cannot tell"}[fact.off_owner_premises]
    return f"{item} (the addresses suggest: {shown}; {fact.premises_basis})"


def bite_order(pack: Pack, bite: BiteFacts) -> BiteOrder:
    """58-10 for one bite: the quarantine, the two-hour owner notice and the public nuisance, in words."""
    law = law_for(pack)
    orders = bite_orders(
        KelloggBite(
            bitten_at=bite.bitten_at,
            victim=bite.victim,
            vaccinated_with_proof=bite.vaccinated_with_proof,
            on_owner_premises=bite.on_owner_premises,
            bite_cases=animal_bite_cases(pack, bite),
        ),
        law,
        pack.tz,
    )
    order = BiteOrder(
        required=orders.quarantine_required,
        min_days=orders.quarantine_min_days,
        ends_on=None,
        owner_notice_deadline=orders.owner_notice_deadline if orders.quarantine_required else None,
        sections=orders.sections,
        to_confirm=tuple(_with_suggestion(item, bite) for item in orders.to_confirm),
        lines=tuple(quarantine_order_lines(orders, law, pack.tz)),
        flags=("public nuisance (58-10(I))",) if orders.public_nuisance else (),
        bite_day=local_date(bite.bitten_at or bite.received, pack.tz),
        starts_on=bite.confined_on,
        counted_from=pack.readings.quarantine_from,
        signed_by="Animal Control Officer for the City of Kellogg",
    )
    return with_period(order)


def barking_note(
    pack: Pack, species: str | None, minutes: int | None, reported_text: str | None = None
) -> str:
    """58-5 C: a nuisance only for noise continuously for 30 minutes; the reported duration beside it."""
    need = law_for(pack).barking_continuous_minutes
    if minutes is None:
        reported = (
            f'the resident reported: "{reported_text}" (the clerk judges whether that is {need} minutes '
            "continuously)"
            if reported_text
            else "the resident gave no duration"
        )
    else:
        verdict = "meets" if minutes >= need else "does not meet"
        reported = f"the resident reported {minutes} minutes ({verdict} it)"
        if minutes < need:
            reported += (
                ": it states no 58-5(C) violation and is not counted under 58-16"
                if pack.readings.barking_duration == "violation"
                else ": it still counts under 58-16, which counts complaints (reading barking_duration: complaint)"
            )
    return (
        f"58-5(C): a nuisance only if the animal barks, bays, cries, howls or makes any other noise "
        f"continuously for a period of {need} minutes; {reported}."
    )
