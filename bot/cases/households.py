"""Which household a newly filed complaint suggests: docs/rules.md "Who a complaint is against".

A complaint has two places: where it happened (the incident location) and the household complained
about (the animal's owner or keeper). Filing only ever *suggests* a household; the clerk confirms it,
and counting, standing and notices use only confirmed households (see `bot.cases.queries`).

- Barking: the household at the incident address (the animal is heard from home), unless the resident
  named the owner's address, which is preferred.
- At large: never the incident location (at large is off the owner's premises, Kellogg 58-1,
  Freeport 1 E): only an owner the resident named.
- Bite: the owner the resident named (a name or an address), never the place of the bite.
- Too many animals, neglect: the household at the incident address (where the animals are kept), unless the
  resident named the owner's address.
- Threat without contact: as at large when the animal was loose (off its premises), as barking when it was
  not (it threatened from its own yard); when that is not known, only an owner the resident named.
- Waste, damage to property: only an owner the resident named (the place is where the animal went).
- Never the complainant's own address, nor a place the resident calls their own ("my yard at ...").

Pure functions; `bot.cases.filing` looks the lead up in the database.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from bot.nlp.facts.yes_no import NO, YES
from bot.nlp.places.normalise import normalise_address

# "my yard at 77 Prairie Lane": the resident's own place, never the household complained about
_OWN_PLACE = re.compile(
    r"\b(my|our)\s+(own\s+)?(yard|house|home|place|porch|property|driveway|garden|lawn|door|deck|"
    r"garage|apartment|front|back)\b",
    re.IGNORECASE,
)
_HOUSE_NUMBER = re.compile(r"\b\d+[A-Za-z]?\s+[A-Za-z0-9]")
_NOT_A_NAME = re.compile(
    r"^(unknown|not known|no|nope|don'?t know|do not know|no idea|not sure|n/?a)\W*$", re.I
)
MAX_NAME_LENGTH = 80


@dataclass(frozen=True)
class HouseholdLead:
    """Where to look for the suggested household: a normalised address, or else an owner's name."""

    address: str | None
    name: str | None
    basis: str  # "owner_named" | "incident_address"


def owner_address(owner: str | None) -> str | None:
    """The normalised street address in the owner the resident named ("the people at 220 Walnut")."""
    if not owner or not owner.strip():
        return None
    whole = normalise_address(owner)
    if whole is not None:
        return whole
    number = _HOUSE_NUMBER.search(owner)
    return normalise_address(owner[number.start() :]) if number else None


def owner_name(owner: str | None) -> str | None:
    """The owner's name when the resident gave a name and no address ("Bob Smith"), else None."""
    if not owner or not owner.strip() or any(ch.isdigit() for ch in owner):
        return None
    name = " ".join(owner.split())
    if _NOT_A_NAME.match(name) or len(name) > MAX_NAME_LENGTH:
        return None
    return name


def is_own_place(location_text: str | None) -> bool:
    """The resident describes the place as their own ("in my yard", "our porch")."""
    return bool(location_text and _OWN_PLACE.search(location_text))


# types whose incident place is where the animal is kept: heard from home, or kept there
KEPT_THERE_TYPES = frozenset({"barking", "too_many", "neglect"})


def kept_at_incident_place(complaint_type: str, details: Mapping[str, object] | None = None) -> bool:
    """Whether the incident place is where the animal is kept (then it suggests the household)."""
    if complaint_type == "threat":
        return (details or {}).get("loose") == NO  # it threatened from its own yard, behind a fence
    return complaint_type in KEPT_THERE_TYPES


def off_its_premises(complaint_type: str, details: Mapping[str, object] | None = None) -> bool:
    """Whether the animal was off its owner's premises where it was seen (at large, Kellogg 58-1, Freeport
    1 E): then the incident place is never the household, even when the resident names it as the owner's."""
    if complaint_type == "threat":
        return (details or {}).get("loose") == YES
    return complaint_type == "at_large"


def household_lead(
    complaint_type: str,
    *,
    location_text: str,
    location_normalised: str | None,
    owner: str | None,
    complainant_address: str | None = None,
    details: Mapping[str, object] | None = None,
) -> HouseholdLead | None:
    """The household a new complaint suggests, or None (it waits in the queue for the clerk). `details` are
    the report's per-type answers (a threat's `loose`)."""
    own = {normalise_address(complainant_address)} - {None} if complainant_address else set()
    if location_normalised is not None and is_own_place(location_text):
        own.add(location_normalised)
    address = owner_address(owner)
    seen_loose_there = off_its_premises(complaint_type, details) and address == location_normalised
    if address is not None and address not in own and not seen_loose_there:
        return HouseholdLead(address, None, "owner_named")
    kept_there = kept_at_incident_place(complaint_type, details)
    if kept_there and location_normalised is not None and location_normalised not in own:
        return HouseholdLead(location_normalised, None, "incident_address")
    name = owner_name(owner) if address is None else None
    return HouseholdLead(None, name, "owner_named") if name else None


# Words that place the bite relative to an address rather than at it ("across the street from 412 Oak
# St" is keyed 412 OAK ST, like "412 Oak St" itself): then the address cannot say whose premises it was.
_RELATIVE_PLACE = re.compile(
    r"\b(near|nearby|across|behind|outside|in\s+front\s+of|beside|next\s+to|opposite|corner|between|"
    r"past|along|around|sidewalk|alley|down\s+the|up\s+the|from|by)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PremisesFinding:
    """Whether a bite happened off the owner's premises (Kellogg 58-10 B), as far as the records tell.

    `off_premises` None: the records cannot tell; `basis` says what the records show, in words for the
    clerk (no address in it)."""

    off_premises: bool | None
    basis: str


def bite_premises(
    location_text: str | None, location_normalised: str | None, household_address: str | None
) -> PremisesFinding:
    """The bite place (the incident location) against the household's address, both as keyed by
    `normalise_address`. Only a bite place given as a street address is compared; never guessed."""
    if household_address is None:
        return PremisesFinding(None, "the household has no street address on record to compare")
    if location_normalised is None:
        return PremisesFinding(None, "the bite place is not a street address the records can compare")
    if location_text and _RELATIVE_PLACE.search(location_text):
        return PremisesFinding(
            None, "the bite place is given relative to an address (near, across, in front of, ...)"
        )
    if location_normalised == household_address:
        return PremisesFinding(False, "the bite place is the household's address")
    return PremisesFinding(True, "the bite place is another address than the household's")
