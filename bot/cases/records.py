"""What the case service hands back: plain, frozen values, never ORM objects or open sessions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from bot.cases.models import Notice, Subject


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


# the columns of a QueueItem, in its field order
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


@dataclass(frozen=True)
class BiteSummary:
    victim: str
    skin_broken_or_medical: bool | None
    animal_vaccinated: bool | None
    owner_known: str | None


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
    subject_id: int | None
    complainant_contact: str | None
    complainant_name: str | None
    anonymous: bool
    photo_urls: tuple[str, ...]
    bite: BiteSummary | None
    duplicate_suggestions: tuple[str, ...]


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
    bite_victim: str | None


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
