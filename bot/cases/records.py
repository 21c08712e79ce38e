"""What the case service hands back: plain, frozen values, never ORM objects or open sessions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from bot.cases.models import Animal, Notice, Subject


@dataclass(frozen=True)
class ComplaintSummary:
    """What a resident may hear about one of their own complaints."""

    reference: str
    type: str
    status: str
    received: datetime
    location_text: str


@dataclass(frozen=True)
class QueueItem:
    reference: str
    jurisdiction: str
    type: str
    status: str
    form: str
    channel: str
    received: datetime
    location_text: str
    urgent: bool
    subject_id: int | None
    subject_confirmed: bool  # False with a subject_id: a suggested household, not yet confirmed
    language: str = "en"  # the conversation's language (the clerk's marker)
    needs_follow_up: bool = False  # filed without a place: the clerk calls the resident back

    @property
    def needs_household(self) -> bool:
        """No household confirmed yet: it cannot count (docs/rules.md "Who a complaint is against")."""
        return not self.subject_confirmed


@dataclass(frozen=True)
class QueuePage:
    items: tuple[QueueItem, ...]
    page: int
    page_size: int
    has_next: bool


@dataclass(frozen=True)
class CountedComplaint:
    """One complaint in a subject's history, as the ordinance engine counts it."""

    id: int
    reference: str
    subject_id: int
    received: datetime
    form: str
    type: str
    complainant_identified: bool
    animal_id: int | None = None  # the animal linked to the complaint, once known
    victim: str | None = None  # bites: person | animal (the victim's kind)
    injury: bool | None = None  # bites: skin broken or a doctor needed
    species: str | None = None
    occurred: datetime | None = None  # when it happened, when the resident said
    # bites: the bite place against the household's address (bot.cases.households.bite_premises);
    # None: the records cannot tell
    off_owner_premises: bool | None = None
    premises_basis: str | None = None
    barking_minutes: int | None = None  # barking: continuous minutes the resident reported
    prior_designation: str | None = None  # bites: the officer's designation of the animal before this bite
    # threats: the animal was loose (at large, Kellogg 58-3); None: not known
    animal_loose: bool | None = None


@dataclass(frozen=True)
class BiteSummary:
    victim: str | None  # as the ordinance engine takes it: "person" | "animal" | None (not known)
    skin_broken_or_medical: bool | None
    animal_vaccinated: bool | None  # the resident's word, not proof
    owner_known: str | None
    victim_kind: str  # person | domestic_animal | other_animal | animal | unknown (models.VICTIMS)
    # confirmed by the clerk or officer (bot.cases.bite_records); None: not recorded
    vaccination_proof: bool | None = None
    on_owner_premises: bool | None = None
    confined_on: date | None = None


def engine_victim(victim_kind: str | None) -> str | None:
    """The victim in two words: "person", "animal" (of any kind) or None (not known). What the console's
    bite orders, `show` and the standing CLI's `victim` take."""
    if victim_kind == "person":
        return "person"
    if victim_kind in ("domestic_animal", "other_animal", "animal"):
        return "animal"
    return None


def fact_victim(victim_kind: str | None) -> str | None:
    """The victim as the ordinance engine's facts take it (bot.ordinance.facts.VICTIMS): "person",
    "domestic_animal" (Freeport 11 C 2), "animal" (another or unspecified animal) or None (not known)."""
    if victim_kind in ("person", "domestic_animal"):
        return victim_kind
    return "animal" if victim_kind in ("other_animal", "animal") else None


@dataclass(frozen=True)
class AnimalRecord:
    """An animal of a household. `vaccinated`/`licensed`: True, False or None (not known)."""

    id: int
    subject_id: int | None
    species: str | None
    name: str | None
    description: str | None
    breed: str | None
    colour: str | None
    licensed: bool | None
    license_number: str | None
    vaccinated: bool | None
    created_at: datetime


@dataclass(frozen=True)
class HouseholdLink:
    """The household a complaint is against: a suggestion (confirmed False) or the clerk's confirmed link."""

    subject_id: int
    address: str | None  # as entered, else the normalised address
    confirmed: bool


@dataclass(frozen=True)
class BiteFact:
    """One bite complaint as the ordinance engine's bite rules take it (per animal, Kellogg 58-10 I,
    Freeport 11 C). Only accepted, non-duplicate bites with a confirmed household are listed."""

    reference: str
    subject_id: int
    animal: str | None  # the animal's id as a string; None = not known which animal bit
    victim: str | None  # person | domestic_animal | animal | None (fact_victim of victim_kind)
    victim_kind: str  # person | domestic_animal | other_animal | animal | unknown
    injury: bool | None  # skin broken or medical attention needed; None = not known
    occurred: datetime | None  # the bite time, when known
    received: datetime
    provoked: bool | None = None  # the records do not hold it: the officer's finding (Freeport 11 D/E)


@dataclass(frozen=True)
class ComplaintDetail:
    """Everything the clerk sees about one complaint (staff only: includes the complainant)."""

    id: int
    reference: str
    jurisdiction: str
    type: str
    channel: str
    form: str
    status: str
    status_reason: str | None
    duplicate_of: str | None
    received: datetime
    occurred: datetime | None
    occurred_text: str | None
    location_text: str
    location_normalised: str | None
    animal_species: str | None
    animal_description: str | None
    transcript: str
    details: Mapping[str, Any]
    urgent: bool
    subject_id: int | None  # the household: suggested (subject_confirmed False) or confirmed
    complainant_contact: str | None
    complainant_name: str | None
    anonymous: bool
    photo_urls: tuple[str, ...]
    bite: BiteSummary | None
    duplicate_suggestions: tuple[str, ...]
    subject_confirmed: bool = False
    owner_named: str | None = None  # the owner as the resident named them (name or address)
    animal_id: int | None = None  # the animal that bit (or was complained about), once the clerk links it
    household: HouseholdLink | None = None
    language: str = "en"  # the conversation's language ("en", "es")
    needs_follow_up: bool = False  # filed without a place or a type: the clerk calls the resident back

    @property
    def needs_household(self) -> bool:
        return not self.subject_confirmed


@dataclass(frozen=True)
class AuditRecord:
    entity: str
    entity_id: str
    action: str
    actor: str
    at: datetime
    reason: str | None
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None


@dataclass(frozen=True)
class SubjectRecord:
    id: int
    jurisdiction: str
    address_text: str | None
    address_normalised: str | None
    name: str | None
    superseded_at: datetime | None
    created_at: datetime


@dataclass(frozen=True)
class NoticeRecord:
    id: int
    complaint_reference: str
    jurisdiction: str
    subject_id: int | None
    kind: str
    issued_on: date
    license_by: date | None
    hearing_request_by: date | None
    comply_by: date | None
    quarantine_until: date | None
    fee_cents: int | None
    note: str | None
    created_by: str
    created_at: datetime


@dataclass(frozen=True)
class ComplaintListing:
    """A complaint as listings and exports show it: no complainant name or contact."""

    reference: str
    jurisdiction: str
    type: str
    status: str
    form: str
    channel: str
    received: datetime
    updated_at: datetime
    location_text: str
    location_normalised: str | None
    animal_species: str | None
    animal_description: str | None
    transcript: str
    urgent: bool
    subject_id: int | None
    duplicate_of: str | None
    photo_urls: tuple[str, ...]
    bite_victim: str | None  # "person" | "animal" | None, as the ordinance engine takes it
    subject_confirmed: bool = False
    language: str = "en"  # the conversation's language ("en", "es")
    # the per-type answers (what happened, how many, ...): the clerk's export only, never a public answer
    details: Mapping[str, Any] = field(default_factory=dict)


def subject_record(subject: Subject) -> SubjectRecord:
    return SubjectRecord(
        id=subject.id,
        jurisdiction=subject.jurisdiction,
        address_text=subject.address_text,
        address_normalised=subject.address_normalised,
        name=subject.name,
        superseded_at=subject.superseded_at,
        created_at=subject.created_at,
    )


def notice_record(notice: Notice, reference: str, jurisdiction: str) -> NoticeRecord:
    return NoticeRecord(
        id=notice.id,
        complaint_reference=reference,
        jurisdiction=jurisdiction,
        subject_id=notice.subject_id,
        kind=notice.kind,
        issued_on=notice.issued_on,
        license_by=notice.license_by,
        hearing_request_by=notice.hearing_request_by,
        comply_by=notice.comply_by,
        quarantine_until=notice.quarantine_until,
        fee_cents=notice.fee_cents,
        note=notice.note,
        created_by=notice.created_by,
        created_at=notice.created_at,
    )


def animal_record(animal: Animal) -> AnimalRecord:
    return AnimalRecord(
        id=animal.id,
        subject_id=animal.subject_id,
        species=animal.species,
        name=animal.name,
        description=animal.description,
        breed=animal.breed,
        colour=animal.colour,
        licensed=animal.licensed,
        license_number=animal.license_number,
        vaccinated=animal.vaccinated,
        created_at=animal.created_at,
    )
