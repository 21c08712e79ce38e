"""Reads for the console and the ordinance engine: the queue, one complaint, histories, listings."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import noload, selectinload

from bot.cases.base import ServiceBase, is_aware, require_known
from bot.cases.errors import InvalidQuery, SubjectNotFound
from bot.cases.models import (
    COMPLAINT_TYPES,
    STATUSES,
    AuditEntry,
    BiteDetail,
    Complaint,
    DuplicateSuggestion,
    Photo,
    Subject,
)
from bot.cases.records import (
    AuditRecord,
    BiteSummary,
    ComplaintDetail,
    ComplaintListing,
    HouseholdLink,
    QueueItem,
    QueuePage,
    SubjectRecord,
    engine_victim,
    subject_record,
)
from bot.nlp.places.normalise import normalise_address

MAX_PAGE_SIZE = 200
# the columns of a QueueItem, in its field order
_QUEUE_COLUMNS = (
    Complaint.reference,
    Complaint.jurisdiction,
    Complaint.type,
    Complaint.status,
    Complaint.form,
    Complaint.channel,
    Complaint.received,
    Complaint.location_text,
    Complaint.urgent,
    Complaint.subject_id,
    Complaint.subject_confirmed,
    Complaint.language,
    Complaint.needs_follow_up,
)
# Not yet against a confirmed household, and still to be decided or counted: the queue's "needs a household"
_NEEDS_HOUSEHOLD = (Complaint.subject_confirmed.is_(False), Complaint.status.in_(("new", "accepted")))


class Queries(ServiceBase):
    """Read-only queries; each runs in a read-only session and returns plain records."""

    def review_queue(
        self,
        jurisdiction: str | None = None,
        type: str | None = None,
        status: str | None = None,
        page: int = 1,
        page_size: int = 50,
        needs_household: bool = False,
        jurisdictions: Sequence[str] | None = None,
        needs_follow_up: bool = False,
    ) -> QueuePage:
        """Complaints newest first (received, then id), filtered, one page at a time.

        `needs_household`: only new or accepted complaints without a confirmed household.
        `needs_follow_up`: only complaints filed without a place, for the clerk to call back.
        `jurisdictions`: only these cities (a console user's); None: every city."""
        if page < 1:
            raise InvalidQuery("page must be at least 1")
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise InvalidQuery(f"page_size must be between 1 and {MAX_PAGE_SIZE}")
        require_known("status", () if status is None else (status,), STATUSES)
        require_known("type", () if type is None else (type,), COMPLAINT_TYPES)
        query = select(*_QUEUE_COLUMNS)
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        if jurisdictions is not None:
            query = query.where(Complaint.jurisdiction.in_(list(jurisdictions)))
        if type is not None:
            query = query.where(Complaint.type == type)
        if status is not None:
            query = query.where(Complaint.status == status)
        if needs_household:
            query = query.where(*_NEEDS_HOUSEHOLD)
        if needs_follow_up:
            query = query.where(Complaint.needs_follow_up.is_(True))
        query = (
            query.order_by(Complaint.received.desc(), Complaint.id.desc())
            .offset((page - 1) * page_size)
            .limit(page_size + 1)
        )
        with self._reading() as session:
            rows = session.execute(query).all()
        items = tuple(QueueItem(*row) for row in rows[:page_size])
        return QueuePage(items=items, page=page, page_size=page_size, has_next=len(rows) > page_size)

    def get_complaint(self, reference: str) -> ComplaintDetail:
        with self._reading() as session:
            complaint = self._load(session, reference)
            duplicate_of = (
                session.execute(
                    select(Complaint.reference).where(Complaint.id == complaint.duplicate_of_id)
                ).scalar_one()
                if complaint.duplicate_of_id is not None
                else None
            )
            suggestions = (
                session.execute(
                    select(Complaint.reference)
                    .join(DuplicateSuggestion, DuplicateSuggestion.candidate_id == Complaint.id)
                    .where(DuplicateSuggestion.complaint_id == complaint.id)
                    .order_by(Complaint.received, Complaint.id)
                )
                .scalars()
                .all()
            )
            bite = complaint.bite
            complainant = complaint.complainant
            return ComplaintDetail(
                id=complaint.id,
                reference=complaint.reference,
                jurisdiction=complaint.jurisdiction,
                type=complaint.type,
                channel=complaint.channel,
                form=complaint.form,
                status=complaint.status,
                status_reason=complaint.status_reason,
                duplicate_of=duplicate_of,
                received=complaint.received,
                occurred=complaint.occurred,
                occurred_text=complaint.occurred_text,
                location_text=complaint.location_text,
                location_normalised=complaint.location_normalised,
                animal_species=complaint.animal_species,
                animal_description=complaint.animal_description,
                transcript=complaint.transcript,
                details=dict(complaint.details or {}),
                urgent=complaint.urgent,
                subject_id=complaint.subject_id,
                complainant_contact=complainant.contact_key if complainant else None,
                complainant_name=complainant.name if complainant else None,
                anonymous=complaint.anonymous,
                photo_urls=tuple(photo.url for photo in complaint.photos),
                bite=_bite_summary(bite),
                duplicate_suggestions=tuple(suggestions),
                subject_confirmed=complaint.subject_confirmed,
                owner_named=complaint.owner_named,
                animal_id=complaint.animal_id,
                household=_household_link(complaint),
                language=complaint.language,
                needs_follow_up=complaint.needs_follow_up,
            )

    def audit_trail(self, entity: str, entity_id: str) -> list[AuditRecord]:
        """Every audit entry about one entity, oldest first."""
        with self._reading() as session:
            entries = (
                session.execute(
                    select(AuditEntry)
                    .where(AuditEntry.entity == entity, AuditEntry.entity_id == entity_id)
                    .order_by(AuditEntry.id)
                )
                .scalars()
                .all()
            )
            return [
                AuditRecord(e.entity, e.entity_id, e.action, e.actor, e.at, e.reason, e.before, e.after)
                for e in entries
            ]

    def photo_jurisdictions(self, url: str) -> set[str]:
        """The cities of the complaints a stored photo (`/photos/<token>`) belongs to; empty while unsent."""
        with self._reading() as session:
            rows = session.execute(
                select(Complaint.jurisdiction)
                .join(Photo, Photo.complaint_id == Complaint.id)
                .where(Photo.url == url)
            )
            return set(rows.scalars())

    def count_complaints(self, jurisdiction: str | None = None) -> int:
        """How many complaints are filed (in one jurisdiction, or all)."""
        query = select(func.count()).select_from(Complaint)
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        with self._reading() as session:
            return session.execute(query).scalar_one()

    # ---- reading for the console: subjects, notices, listings (added for bot.console) ---------------

    def get_subject(self, subject_id: int) -> SubjectRecord:
        with self._reading() as session:
            subject = session.get(Subject, subject_id)
            if subject is None:
                raise SubjectNotFound(subject_id)
            return subject_record(subject)

    def find_subjects(self, jurisdiction: str, address: str, limit: int = 20) -> list[SubjectRecord]:
        """Subjects in a jurisdiction whose address starts like `address` (normalised), current first."""
        normalised = normalise_address(address) or address.strip().upper()
        if not normalised:
            return []
        # LIKE metacharacters in the clerk's text are matched literally
        pattern = normalised.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        with self._reading() as session:
            subjects = (
                session.execute(
                    select(Subject)
                    .where(
                        Subject.jurisdiction == jurisdiction,
                        Subject.address_normalised.like(pattern, escape="\\"),
                    )
                    .order_by(Subject.superseded_at.is_not(None), Subject.address_normalised, Subject.id)
                    .limit(limit)
                )
                .scalars()
                .all()
            )
            return [subject_record(s) for s in subjects]

    def complaints_of_subject(self, subject_id: int) -> list[QueueItem]:
        """Every complaint linked to a subject, whatever its status, in order of received."""
        with self._reading() as session:
            rows = session.execute(
                select(*_QUEUE_COLUMNS)
                .where(Complaint.subject_id == subject_id)
                .order_by(Complaint.received, Complaint.id)
            ).all()
        return [QueueItem(*row) for row in rows]

    def list_complaints(
        self,
        *,
        jurisdiction: str | None = None,
        types: Sequence[str] = (),
        statuses: Sequence[str] = (),
        references: Sequence[str] = (),
        received_from: datetime | None = None,
        received_to: datetime | None = None,
        newest_first: bool = True,
        limit: int = 1000,
        jurisdictions: Sequence[str] | None = None,
    ) -> list[ComplaintListing]:
        """Complaints with what a listing or an export shows (no complainant), filtered, at most `limit`.

        `jurisdictions`: only these cities (a console user's); None: every city."""
        if not 1 <= limit <= 10_000:
            raise InvalidQuery("limit must be between 1 and 10000")
        require_known("type", types, COMPLAINT_TYPES)
        require_known("status", statuses, STATUSES)
        for moment in (received_from, received_to):
            if moment is not None and not is_aware(moment):
                raise InvalidQuery("received_from and received_to must be timezone-aware")
        query = select(Complaint)
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        if jurisdictions is not None:
            query = query.where(Complaint.jurisdiction.in_(list(jurisdictions)))
        if types:
            query = query.where(Complaint.type.in_(list(types)))
        if statuses:
            query = query.where(Complaint.status.in_(list(statuses)))
        if references:
            query = query.where(Complaint.reference.in_([r.strip().upper() for r in references]))
        if received_from is not None:
            query = query.where(Complaint.received >= received_from)
        if received_to is not None:
            query = query.where(Complaint.received <= received_to)
        order = (
            (Complaint.received.desc(), Complaint.id.desc())
            if newest_first
            else (Complaint.received, Complaint.id)
        )
        # photos and bites in two extra queries, not one per complaint; the complainant is not shown
        query = query.options(
            selectinload(Complaint.photos), selectinload(Complaint.bite), noload(Complaint.complainant)
        )
        with self._reading() as session:
            complaints = session.execute(query.order_by(*order).limit(limit)).scalars().all()
            duplicate_ids = {c.duplicate_of_id for c in complaints if c.duplicate_of_id is not None}
            originals = (
                dict(
                    session.execute(
                        select(Complaint.id, Complaint.reference).where(Complaint.id.in_(duplicate_ids))
                    ).all()
                )
                if duplicate_ids
                else {}
            )
            return [
                ComplaintListing(
                    reference=c.reference,
                    jurisdiction=c.jurisdiction,
                    type=c.type,
                    status=c.status,
                    form=c.form,
                    channel=c.channel,
                    received=c.received,
                    updated_at=c.updated_at,
                    location_text=c.location_text,
                    location_normalised=c.location_normalised,
                    animal_species=c.animal_species,
                    animal_description=c.animal_description,
                    transcript=c.transcript,
                    urgent=c.urgent,
                    subject_id=c.subject_id,
                    duplicate_of=originals.get(c.duplicate_of_id),
                    photo_urls=tuple(p.url for p in c.photos),
                    bite_victim=engine_victim(c.bite.victim) if c.bite is not None else None,
                    subject_confirmed=c.subject_confirmed,
                    language=c.language,
                    details=dict(c.details or {}),
                )
                for c in complaints
            ]


def _bite_summary(bite: BiteDetail | None) -> BiteSummary | None:
    if bite is None:
        return None
    return BiteSummary(
        victim=engine_victim(bite.victim),
        skin_broken_or_medical=bite.skin_broken_or_medical,
        animal_vaccinated=bite.animal_vaccinated,
        owner_known=bite.owner_known,
        victim_kind=bite.victim,
        vaccination_proof=bite.vaccination_proof,
        on_owner_premises=bite.on_owner_premises,
        confined_on=bite.confined_on,
    )


def _household_link(complaint: Complaint) -> HouseholdLink | None:
    subject = complaint.subject
    if subject is None:
        return None
    return HouseholdLink(
        subject_id=subject.id,
        address=subject.address_text or subject.address_normalised,
        confirmed=complaint.subject_confirmed,
    )
