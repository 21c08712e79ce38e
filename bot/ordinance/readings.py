"""Readings the city must choose: where the ordinance's words admit two readings, the pack names one.

Both readings of each are implemented; the pack's `readings:` section picks the one in force. The default
is the product's earlier behaviour where that was one of the readings, and the reading the text supports
where the earlier behaviour was a defect (quarantine_from, nuisance_bites, barking_duration). See
docs/rules.md "Readings".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.ordinance.facts import ComplaintFact

# name -> (allowed values, default first), and the words naming each value on the household page
CHOICES: dict[str, tuple[str, ...]] = {
    "first_lapse": ("lapse", "literal"),
    "sms_form": ("written", "verbal"),
    "anonymous": ("count", "exclude"),
    "same_incident": ("count_each", "count_once"),
    "bite_complaints": ("count", "violation_only"),
    "quarantine_from": ("confinement", "bite"),
    "nuisance_bites": ("human", "any"),
    "barking_duration": ("violation", "complaint"),
    "first_violation": ("established", "earliest"),
    "letter_days_from": ("issue", "receipt"),
    "threat_complaints": ("count", "at_large_only"),
    "damage_complaints": ("not_counted", "count"),
    "prior_at_large": ("at_large_complaints", "loose_threats"),
}
# readings that only one rules module's law raises: a pack with other rules may not set them, and its
# household page does not name them (Freeport has no 58-16)
RULES_OF: dict[str, str] = {
    "first_lapse": "kellogg",
    "bite_complaints": "kellogg",
    "sms_form": "kellogg",  # Freeport has no verbal/written rule: the form changes nothing there
    "nuisance_bites": "kellogg",
    "barking_duration": "kellogg",
    "first_violation": "kellogg",
    "letter_days_from": "kellogg",
    "threat_complaints": "kellogg",
    "damage_complaints": "kellogg",
    "prior_at_large": "freeport",
}
WORDS: dict[tuple[str, str], str] = {
    ("first_lapse", "lapse"): (
        "58-16(B)(4): a first complaint with no second within two months lapses; a later complaint "
        "starts again (not the literal 'any complaint received within one year after the first violation')"
    ),
    ("first_lapse", "literal"): (
        "58-16(B)(4) read literally: any complaint received within one year after the first violation is a "
        "third, even when no second complaint came within two months"
    ),
    ("sms_form", "written"): "A text message (SMS) is a written complaint",
    ("sms_form", "verbal"): "A text message (SMS) is not 'written': it counts as a verbal complaint",
    ("anonymous", "count"): "Anonymous complaints count like any other",
    ("anonymous", "exclude"): "Anonymous complaints are recorded but not counted",
    ("same_incident", "count_each"): (
        "Two complaints about the same incident each count: two neighbours reporting one night's barking make "
        "a first and a second complaint, so a letter and then a citation revoking the licence"
    ),
    ("same_incident", "count_once"): "Complaints about the same incident count once (the first received)",
    ("bite_complaints", "count"): (
        "58-16: an accepted bite complaint counts like any other complaint about the household"
    ),
    ("bite_complaints", "violation_only"): (
        "58-16 counts a bite complaint only when it states a violation of chapter 58: a bite off the owner's "
        "premises (the animal was at large, 58-3; 58-10(B)) counts; a bite on the premises, or one the "
        "records cannot place, is handled under 58-10 alone"
    ),
    ("quarantine_from", "confinement"): (
        "The minimum confinement after a bite runs from the day confinement begins: the day of the order, or "
        "the day recorded if the animal was confined earlier (the ordinance's period is one of confinement)"
    ),
    ("quarantine_from", "bite"): (
        "The minimum confinement after a bite is counted from the day of the bite (the day the report was "
        "received when the bite time is not known); an order is not issued once that period has run"
    ),
    ("nuisance_bites", "human"): (
        "58-10(I) counts bite cases in which the animal bit a human being (58-10 concerns an animal that 'has "
        "bitten any human being'); a bite of an animal is a 58-5(A) nuisance"
    ),
    ("nuisance_bites", "any"): "58-10(I) counts every bite case, of a person or of an animal",
    ("barking_duration", "violation"): (
        "58-5(C): a barking complaint whose reported noise was shorter than 30 minutes continuously states no "
        "violation and is not counted under 58-16; one with no duration is counted and the clerk judges"
    ),
    ("barking_duration", "complaint"): (
        "58-16 counts complaints, not violations: a barking complaint counts whatever duration it reports"
    ),
    ("first_violation", "established"): (
        "58-16(B)(4) 'within one year after the first violation' runs from the day the first complaint was "
        "established (the second of two verbal complaints)"
    ),
    ("first_violation", "earliest"): (
        "58-16(B)(4) 'within one year after the first violation' runs from the earliest complaint that made "
        "the first complaint (the first of two verbal complaints)"
    ),
    ("letter_days_from", "issue"): (
        "58-16(B)(2) 'within 10 days of violation notice': the letter's 10 days run from the day it is issued"
    ),
    ("letter_days_from", "receipt"): (
        "58-16(B)(2) 'within 10 days of violation notice': the letter's 10 days run from the day the owner "
        "received it (recorded by the clerk)"
    ),
    ("threat_complaints", "count"): (
        "58-16 counts a threat without contact (chased, charged, lunged): 58-5 A ('snarls at persons') and "
        "B ('interferes with persons walking') declare such an animal a nuisance"
    ),
    ("threat_complaints", "at_large_only"): (
        "58-16 counts a threat without contact only when the animal was loose (at large, 58-3); one threat "
        "from an animal on its owner's premises, or one the records cannot place, is not counted"
    ),
    ("damage_complaints", "not_counted"): (
        "A complaint of damage to property is recorded, and 58-16 does not count it: no section of chapter 58 "
        "names damage to property"
    ),
    ("damage_complaints", "count"): (
        "58-16 counts a complaint of damage to property: 58-5 asks the owner to prevent 'any act which "
        "constitutes a nuisance'"
    ),
    ("prior_at_large", "at_large_complaints"): (
        "8(3) 'the animal was at large at this address on a prior date' is shown by an earlier complaint filed "
        "as at large; a threat whose animal was loose is not read as one (seizure enters private property: "
        "the narrower reading)"
    ),
    ("prior_at_large", "loose_threats"): (
        "8(3) 'the animal was at large at this address on a prior date' is shown by an earlier at-large "
        "complaint, or an earlier threat whose animal the resident said was loose (at large, 1 E)"
    ),
}
NOT_COUNTED = {"anonymous": "not_counted_anonymous", "same_incident": "not_counted_same_incident"}
BARKING_NOT_COUNTED = "not_counted_barking_short"
# bite_complaints violation_only: a bite's off_owner_premises -> why it is not counted under 58-16
BITE_NOT_COUNTED = {False: "not_counted_bite_on_premises", None: "not_counted_bite_place_unknown"}


class ReadingError(ValueError):
    """A pack's `readings:` section names an unknown reading or value."""


@dataclass(frozen=True)
class Readings:
    first_lapse: str = "lapse"
    sms_form: str = "written"
    anonymous: str = "count"
    same_incident: str = "count_each"
    bite_complaints: str = "count"
    quarantine_from: str = "confinement"
    nuisance_bites: str = "human"
    barking_duration: str = "violation"
    first_violation: str = "established"
    letter_days_from: str = "issue"
    threat_complaints: str = "count"
    damage_complaints: str = "not_counted"
    prior_at_large: str = "at_large_complaints"

    def words(self, rules: str | None = None) -> list[str]:
        """Each reading in force, in plain words, for the household page: those of every city, and those
        only `rules` (a pack's rules module) raises."""
        return [WORDS[(name, getattr(self, name))] for name in CHOICES if RULES_OF.get(name, rules) == rules]


DEFAULT_READINGS = Readings()


def parse_readings(raw: object, where: str, rules: str | None = None) -> Readings:
    """The pack's optional `readings:` section; absent keys take the default (today's behaviour).
    A reading only another rules module raises is refused (`rules` is the pack's)."""
    if raw is None:
        return DEFAULT_READINGS
    if not isinstance(raw, Mapping):
        raise ReadingError(f"{where}: readings must be a mapping")
    values: dict[str, str] = {}
    for name, value in raw.items():
        if name not in CHOICES:
            raise ReadingError(f"{where}: readings.{name} is not a known reading ({', '.join(CHOICES)})")
        if value not in CHOICES[name]:
            raise ReadingError(f"{where}: readings.{name} must be one of {', '.join(CHOICES[name])}")
        if RULES_OF.get(name, rules) != rules:
            raise ReadingError(f"{where}: readings.{name} applies only to rules {RULES_OF[name]}")
        values[name] = value
    return Readings(**values)


def not_counted(facts: Sequence[ComplaintFact], order: Iterable[int], readings: Readings) -> dict[int, str]:
    """Complaints the readings in force leave uncounted: index -> why (a `counts_as` value).

    `order` is the receipt order. Anonymous means `complainant_identified` is false. Same incident means
    an earlier-received counted complaint about the same subject carries the same `incident` key.
    """
    skipped: dict[int, str] = {}
    seen: set[tuple[str, str]] = set()
    for index in order:
        fact = facts[index]
        if readings.anonymous == "exclude" and fact.complainant_identified is False:
            skipped[index] = NOT_COUNTED["anonymous"]
            continue
        if fact.incident is None:
            continue
        key = (fact.subject, fact.incident)
        if readings.same_incident == "count_once" and key in seen:
            skipped[index] = NOT_COUNTED["same_incident"]
        seen.add(key)
    return skipped
