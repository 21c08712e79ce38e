"""Freeport: every accepted complaint counts; section 8 seizure preconditions; 11 designations per animal."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import tzinfo

from bot.ordinance.dates import local_date, local_sort_key
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.freeport.bites import DesignationProposal, propose
from bot.ordinance.freeport.law import OFFICER_JUDGEMENT, FreeportLaw
from bot.ordinance.readings import DEFAULT_READINGS, Readings, not_counted

IDENTIFIED_CONTEMPORANEOUS = (
    "8(1) There is an identified complainant other than the peace officer making a contemporaneous "
    "complaint about the animal: the officer confirms this at the time; an earlier complaint never meets it"
)
PREVIOUS_COMPLAINT = (
    "8(3) at least one previous complaint of a barking dog, inhumane treatment of the animal, or the animal "
    "at large at this address on a prior date"
)


@dataclass(frozen=True)
class SeizurePreconditions:
    identified_complainant: (
        bool | None
    )  # whether this complaint's complainant is identified; None: not recorded
    previous_complaint_ids: tuple[str, ...]  # 8(3): earlier complaints of the kind, on a prior date
    previous_types: tuple[str, ...]  # the kinds that count, from the pack

    @property
    def previous_complaint(self) -> bool:
        return bool(self.previous_complaint_ids)

    def to_json(self) -> dict[str, object]:
        identified = {True: "identified", False: "anonymous", None: "not recorded"}[
            self.identified_complainant
        ]
        return {
            "met": [PREVIOUS_COMPLAINT] if self.previous_complaint else [],
            "not_met": [] if self.previous_complaint else [PREVIOUS_COMPLAINT],
            "unknown": [],
            "officer_to_confirm": [IDENTIFIED_CONTEMPORANEOUS],
            "complainant_of_this_complaint": identified,
            "officer_judgement": list(OFFICER_JUDGEMENT),
            "previous_complaint_ids": list(self.previous_complaint_ids),
        }


def _counts_for_8_3(other: ComplaintFact, law: FreeportLaw, readings: Readings) -> bool:
    if other.type == "threat" and other.animal_loose is True:
        # "the animal was at large": a loose threat is also at large (1 E); the reading `prior_at_large` says
        # whether 8(3) reads it so, and only where at-large complaints count at all
        return readings.prior_at_large == "loose_threats" and "at_large" in law.seizure_previous_types
    if other.type not in law.seizure_previous_types:
        return False
    # 8(3) speaks of a barking *dog*: a barking complaint about another species does not count.
    return other.type != "barking" or other.species in (None, "dog")


def seizure_preconditions(
    fact: ComplaintFact,
    history: Sequence[ComplaintFact],
    law: FreeportLaw,
    tz: tzinfo,
    readings: Readings,
) -> SeizurePreconditions:
    """Which section 8 preconditions the records show for `fact`.

    `history` is the subject's (the address's) other complaints; only those of a kind section 8(3)
    names and received on an earlier calendar day count as a previous complaint. 8(1) is never shown
    as met from the records: the officer confirms a contemporaneous complaint at the time.
    """
    day = local_date(fact.received, tz)
    previous = tuple(
        other.id
        for other in history
        if other.id != fact.id
        and other.subject == fact.subject
        and _counts_for_8_3(other, law, readings)
        and local_date(other.received, tz) < day
    )
    return SeizurePreconditions(
        identified_complainant=fact.complainant_identified,
        previous_complaint_ids=previous,
        previous_types=law.seizure_previous_types,
    )


@dataclass(frozen=True)
class CountResult:
    fact: ComplaintFact
    number: int | None  # this subject's counted complaints so far, this one included; None: not counted
    seizure: SeizurePreconditions
    designation: DesignationProposal | None  # bites only: proposed for this animal, as of this bite
    not_counted: str | None = None  # the reading that leaves it uncounted

    @property
    def counts_as(self) -> str:
        return self.not_counted or f"complaint_{self.number}"

    @property
    def action(self) -> str:
        return "none" if self.not_counted else "document"

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
        if self.designation is not None:
            data["animal"] = self.fact.animal
            data["victim"] = self.fact.victim
            data["designation"] = self.designation.designation
            data["designation_section"] = self.designation.clause
            data["person_bite_occasions"] = self.designation.person_bite_occasions
        return data


def count_complaints(
    facts: Sequence[ComplaintFact], law: FreeportLaw, tz: tzinfo, readings: Readings = DEFAULT_READINGS
) -> list[CountResult]:
    """One result per complaint, in input order: its number for its subject, section 8, and 11 for bites."""
    order = sorted(range(len(facts)), key=lambda i: local_sort_key(facts[i].received, tz))
    skipped = not_counted(facts, order, readings)
    numbers: dict[str, int] = {}
    seen: dict[str, list[ComplaintFact]] = {}
    animal_bites: dict[str, list[ComplaintFact]] = {}
    results: dict[int, CountResult] = {}
    for index in order:
        fact = facts[index]
        number = None
        if index not in skipped:
            numbers[fact.subject] = number = numbers.get(fact.subject, 0) + 1
        designation = None
        if fact.type == "bite":
            # per animal: an unidentified animal's bite stands alone, never added to another animal's
            bites = animal_bites.setdefault(fact.animal, []) if fact.animal else []
            bites.append(fact)
            designation = propose(bites, law)
        earlier = seen.setdefault(fact.subject, [])
        results[index] = CountResult(
            fact=fact,
            number=number,
            seizure=seizure_preconditions(fact, earlier, law, tz, readings),
            designation=designation,
            not_counted=skipped.get(index),
        )
        earlier.append(fact)
    return [results[i] for i in range(len(facts))]
