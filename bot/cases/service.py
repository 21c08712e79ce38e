"""The case service: every named operation on the case database, each in one transaction.

Filing (the assistant), status look-up (residents, only their own complaints), review (the clerk's
console) and the history the ordinance engine counts. Every change writes the audit log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, noload, selectinload, sessionmaker

from bot.cases.db import read_only_session
from bot.cases.errors import (
    ComplaintNotFound,
    InvalidChange,
    InvalidQuery,
    InvalidReport,
    ReasonRequired,
    SubjectNotFound,
)
from bot.cases.models import (
    COMPLAINT_TYPES,
    FORMS,
    NOTICE_KINDS,
    STATUSES,
    VICTIMS,
    AuditEntry,
    BiteDetail,
    Complainant,
    Complaint,
    DuplicateSuggestion,
    Notice,
    Photo,
    ReferenceCounter,
    Subject,
)
from bot.cases.report import CHANNELS, Report
from bot.jurisdictions import Pack, UnknownJurisdiction, get_pack
from bot.nlp.address import normalise_address

log = logging.getLogger(__name__)

FILING_ACTOR = "assistant"
MAX_PAGE_SIZE = 200
MAX_DUPLICATE_SUGGESTIONS = 20
# What a clerk may correct with edit_fields; the transcript (the resident's own words) is never edited.
EDITABLE_FIELDS = (
    "type",
    "received",
    "occurred",
    "occurred_text",
    "location_text",
    "animal_species",
    "animal_description",
    "urgent",
    "details",
)


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
)


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


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def _json_value(value: object) -> object:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return value


def _require_reason(reason: str | None, operation: str) -> str:
    if reason is None or not reason.strip():
        raise ReasonRequired(operation)
    return reason.strip()


def _is_aware(moment: datetime) -> bool:
    return moment.tzinfo is not None and moment.utcoffset() is not None


def _require_known(field: str, values: Iterable[str], allowed: Sequence[str]) -> None:
    """A filter on a value that cannot exist is the caller's mistake, not an empty result."""
    if set(values) - set(allowed):
        raise InvalidQuery(f"{field} must be one of {', '.join(allowed)}")


def _current_subject_at(jurisdiction: str, address_normalised: str) -> tuple[Any, ...]:
    """The conditions for the current subject at an address (the partial unique index allows one)."""
    return (
        Subject.jurisdiction == jurisdiction,
        Subject.address_normalised == address_normalised,
        Subject.superseded_at.is_(None),
    )


def _dialect_insert(session: Session, model: type) -> Any:
    """INSERT with ON CONFLICT support for the session's database."""
    name = session.get_bind().dialect.name
    if name == "postgresql":
        return postgres_insert(model.__table__)
    if name == "sqlite":
        return sqlite_insert(model.__table__)
    raise RuntimeError(f"unsupported database dialect {name}")


class CaseService:
    """Named operations over the case database. `by` is the user (or "assistant") acting."""

    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime] = _utc_now) -> None:
        self._session_factory = session_factory
        self._clock = clock

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._session_factory() as session, session.begin():
            yield session

    def _reading(self) -> AbstractContextManager[Session]:
        return read_only_session(self._session_factory)

    # ---- filing ---------------------------------------------------------------------------------

    def file_complaint(self, report: Report, *, by: str = FILING_ACTOR) -> str:
        """File a report; returns its reference. A retried delivery (same source id) files nothing new."""
        pack = self._validated_pack(report)
        try:
            with self._transaction() as session:
                existing = self._reference_for_source(session, report.jurisdiction, report.source_id)
                if existing is not None:
                    return existing
                return self._file(session, report, pack, by)
        except IntegrityError:
            # A concurrent delivery of the same message committed first; ours was rolled back whole.
            with self._reading() as session:
                existing = self._reference_for_source(session, report.jurisdiction, report.source_id)
            if existing is None:
                raise
            return existing

    def _validated_pack(self, report: Report) -> Pack:
        try:
            pack = get_pack(report.jurisdiction)
        except UnknownJurisdiction:
            raise InvalidReport(f"unknown jurisdiction {report.jurisdiction!r}") from None
        if report.type not in COMPLAINT_TYPES:
            raise InvalidReport(f"unknown complaint type {report.type!r}")
        if report.channel not in CHANNELS:
            raise InvalidReport(f"unknown channel {report.channel!r}")
        if report.form is not None and report.form not in FORMS:
            raise InvalidReport(f"unknown form {report.form!r}")
        if not report.source_id or not report.source_id.strip():
            raise InvalidReport("source_id is required")
        if not report.location or not report.location.strip():
            raise InvalidReport("location is required")
        if not _is_aware(report.received):
            raise InvalidReport("received must be timezone-aware")
        if report.occurred is not None and not _is_aware(report.occurred):
            raise InvalidReport("occurred must be timezone-aware")
        if report.bite is not None and report.bite.victim not in VICTIMS:
            raise InvalidReport("bite victim must be person or animal")
        return pack

    @staticmethod
    def _reference_for_source(session: Session, jurisdiction: str, source_id: str) -> str | None:
        return session.execute(
            select(Complaint.reference).where(
                Complaint.jurisdiction == jurisdiction, Complaint.source_id == source_id
            )
        ).scalar_one_or_none()

    def _file(self, session: Session, report: Report, pack: Pack, by: str) -> str:
        now = self._clock()
        try:
            form = report.form or pack.form_for_channel(report.channel)
        except ValueError:
            raise InvalidReport(
                f"jurisdiction {pack.code} has no form for channel {report.channel!r}"
            ) from None
        complainant_id = self._complainant_id(session, report, now)
        location_normalised = normalise_address(report.location)
        subject_id = (
            self._current_subject_id(session, pack.code, location_normalised, now, by)
            if location_normalised
            else None
        )
        reference = self._next_reference(session, pack, report.received)
        complaint = Complaint(
            reference=reference,
            jurisdiction=pack.code,
            type=report.type,
            channel=report.channel,
            form=form,
            received=report.received,
            occurred=report.occurred,
            occurred_text=report.occurred_text,
            location_text=report.location.strip(),
            location_normalised=location_normalised,
            animal_species=report.animal,
            animal_description=report.animal_description,
            transcript=report.transcript,
            details=dict(report.details),
            urgent=report.urgent,
            complainant_id=complainant_id,
            anonymous=not (report.complainant_name and report.complainant_name.strip()),
            subject_id=subject_id,
            status="new",
            source_id=report.source_id,
            created_at=now,
            updated_at=now,
        )
        complaint.photos = [Photo(position=i, url=url) for i, url in enumerate(report.photo_urls)]
        if report.bite is not None:
            complaint.bite = BiteDetail(
                victim=report.bite.victim,
                skin_broken_or_medical=report.bite.skin_broken_or_medical,
                animal_vaccinated=report.bite.animal_vaccinated,
                owner_known=report.bite.owner_known,
            )
        session.add(complaint)
        session.flush()
        suggested = self._suggest_duplicates(session, complaint, pack, now)
        self._audit(
            session,
            "complaint",
            reference,
            "filed",
            by,
            now,
            after={
                "jurisdiction": pack.code,
                "type": report.type,
                "channel": report.channel,
                "form": form,
                "received": report.received.isoformat(),
                "subject_id": subject_id,
                "complainant_id": complainant_id,
                "duplicate_suggestions": suggested,
            },
        )
        log.info("filed complaint %s (%s, %s)", reference, pack.code, report.type)
        return reference

    def _complainant_id(self, session: Session, report: Report, now: datetime) -> int | None:
        contact = (report.complainant_contact or "").strip()
        if not contact:
            return None
        name = report.complainant_name.strip() if report.complainant_name else None
        # ON CONFLICT DO NOTHING: two filings from one phone at once must not collide
        session.execute(
            _dialect_insert(session, Complainant)
            .values(contact_key=contact, name=name, created_at=now)
            .on_conflict_do_nothing(index_elements=["contact_key"])
        )
        complainant = session.execute(
            select(Complainant).where(Complainant.contact_key == contact)
        ).scalar_one()
        if name and not complainant.name:
            complainant.name = name
        return complainant.id

    def _current_subject_id(
        self, session: Session, jurisdiction: str, address_normalised: str, now: datetime, by: str
    ) -> int:
        inserted = session.execute(
            _dialect_insert(session, Subject)
            .values(jurisdiction=jurisdiction, address_normalised=address_normalised, created_at=now)
            .on_conflict_do_nothing(
                index_elements=["jurisdiction", "address_normalised"],
                index_where=Subject.superseded_at.is_(None),
            )
        )
        subject_id = session.execute(
            select(Subject.id).where(*_current_subject_at(jurisdiction, address_normalised))
        ).scalar_one()
        if inserted.rowcount:
            self._audit(
                session, "subject", str(subject_id), "created", by, now, reason="filed at a new address"
            )
        return subject_id

    @staticmethod
    def _next_reference(session: Session, pack: Pack, received: datetime) -> str:
        """KEL-2026-00042: the next number of this jurisdiction's year (local year of `received`)."""
        year = received.astimezone(pack.tz).year
        counter = ReferenceCounter.__table__
        upsert = (
            _dialect_insert(session, ReferenceCounter)
            .values(jurisdiction=pack.code, year=year, last_value=1)
            .on_conflict_do_update(
                index_elements=[counter.c.jurisdiction, counter.c.year],
                set_={"last_value": counter.c.last_value + 1},
            )
        )
        if session.get_bind().dialect.name == "postgresql":
            # the upsert row-locks the counter until commit: concurrent filers queue, none repeats
            number = session.execute(upsert.returning(counter.c.last_value)).scalar_one()
        else:
            # SQLite: BEGIN IMMEDIATE (bot.cases.db) already holds the database write lock
            session.execute(upsert)
            number = session.execute(
                select(counter.c.last_value).where(
                    counter.c.jurisdiction == pack.code, counter.c.year == year
                )
            ).scalar_one()
        return f"{pack.reference_prefix}-{year}-{number:05d}"

    def _suggest_duplicates(
        self, session: Session, complaint: Complaint, pack: Pack, now: datetime
    ) -> list[str]:
        """Earlier or later complaints at the same subject or address, same type, within the window."""
        same_place = []
        if complaint.subject_id is not None:
            same_place.append(Complaint.subject_id == complaint.subject_id)
        if complaint.location_normalised is not None:
            same_place.append(Complaint.location_normalised == complaint.location_normalised)
        if not same_place:
            return []
        window = timedelta(hours=pack.duplicate_window_hours)
        candidates = session.execute(
            select(Complaint.id, Complaint.reference, Complaint.subject_id)
            .where(
                Complaint.jurisdiction == complaint.jurisdiction,
                Complaint.type == complaint.type,
                Complaint.id != complaint.id,
                Complaint.status != "rejected",
                Complaint.received >= complaint.received - window,
                Complaint.received <= complaint.received + window,
                or_(*same_place),
            )
            .order_by(Complaint.received, Complaint.id)
            .limit(MAX_DUPLICATE_SUGGESTIONS)
        ).all()
        for candidate_id, _reference, subject_id in candidates:
            same_subject = complaint.subject_id is not None and subject_id == complaint.subject_id
            session.add(
                DuplicateSuggestion(
                    complaint_id=complaint.id,
                    candidate_id=candidate_id,
                    basis="same_subject" if same_subject else "same_location",
                    created_at=now,
                )
            )
        return [reference for _id, reference, _subject in candidates]

    @staticmethod
    def _audit(
        session: Session,
        entity: str,
        entity_id: str,
        action: str,
        by: str,
        at: datetime,
        *,
        reason: str | None = None,
        before: Mapping[str, object] | None = None,
        after: Mapping[str, object] | None = None,
    ) -> None:
        session.add(
            AuditEntry(
                entity=entity,
                entity_id=entity_id,
                action=action,
                actor=by,
                at=at,
                reason=reason,
                before=None if before is None else {k: _json_value(v) for k, v in before.items()},
                after=None if after is None else {k: _json_value(v) for k, v in after.items()},
            )
        )

    # ---- residents' status look-up --------------------------------------------------------------

    def complaints_for_contact(
        self, jurisdiction: str, contact: str, limit: int = 5
    ) -> list[ComplaintSummary]:
        """This contact's own complaints in the jurisdiction, newest first."""
        if limit < 1:
            raise InvalidQuery("limit must be at least 1")
        with self._reading() as session:
            rows = session.execute(
                self._summary_query(jurisdiction, contact)
                .order_by(Complaint.received.desc(), Complaint.id.desc())
                .limit(limit)
            ).all()
        return [ComplaintSummary(*row) for row in rows]

    def find_for_contact(self, jurisdiction: str, contact: str, reference: str) -> ComplaintSummary | None:
        """One of this contact's complaints by reference; None if it is someone else's or unknown."""
        with self._reading() as session:
            row = session.execute(
                self._summary_query(jurisdiction, contact).where(
                    Complaint.reference == reference.strip().upper()
                )
            ).one_or_none()
        return None if row is None else ComplaintSummary(*row)

    @staticmethod
    def _summary_query(jurisdiction: str, contact: str) -> Any:
        return (
            select(
                Complaint.reference,
                Complaint.type,
                Complaint.status,
                Complaint.received,
                Complaint.location_text,
            )
            .join(Complainant, Complaint.complainant_id == Complainant.id)
            .where(Complaint.jurisdiction == jurisdiction, Complainant.contact_key == contact)
        )

    # ---- review (the clerk's console) -----------------------------------------------------------

    def _load(self, session: Session, reference: str) -> Complaint:
        complaint = session.execute(
            select(Complaint).where(Complaint.reference == reference.strip().upper())
        ).scalar_one_or_none()
        if complaint is None:
            raise ComplaintNotFound(reference)
        return complaint

    def _change(
        self,
        session: Session,
        complaint: Complaint,
        action: str,
        by: str,
        reason: str | None,
        updates: Mapping[str, object],
    ) -> None:
        now = self._clock()
        before = {field: getattr(complaint, field) for field in updates}
        for field, value in updates.items():
            setattr(complaint, field, value)
        complaint.updated_at = now
        self._audit(
            session,
            "complaint",
            complaint.reference,
            action,
            by,
            now,
            reason=reason,
            before=before,
            after=updates,
        )

    def accept(self, reference: str, *, by: str, reason: str | None = None) -> None:
        self._decide(reference, "accepted", by, reason)

    def reject(self, reference: str, reason: str, *, by: str) -> None:
        self._decide(reference, "rejected", by, _require_reason(reason, "reject"))

    def _decide(self, reference: str, status: str, by: str, reason: str | None) -> None:
        """Accept or reject (the audit action is the new status); either undoes a duplicate mark."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.status == status:
                raise InvalidChange(f"{complaint.reference} is already {status}")
            self._change(
                session,
                complaint,
                status,
                by,
                reason,
                {"status": status, "status_reason": reason, "duplicate_of_id": None},
            )

    def mark_duplicate(self, reference: str, of: str, *, by: str, reason: str | None = None) -> None:
        """Mark `reference` a duplicate of the complaint `of` (which must be an original, same city)."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            original = self._load(session, of)
            if original.id == complaint.id:
                raise InvalidChange(f"{complaint.reference} cannot be a duplicate of itself")
            if original.jurisdiction != complaint.jurisdiction:
                raise InvalidChange(f"{original.reference} is in another jurisdiction")
            if original.status == "duplicate":
                raise InvalidChange(f"{original.reference} is itself a duplicate; mark against the original")
            if complaint.status == "duplicate" and complaint.duplicate_of_id == original.id:
                raise InvalidChange(f"{complaint.reference} is already a duplicate of {original.reference}")
            self._change(
                session,
                complaint,
                "marked_duplicate",
                by,
                reason,
                {"status": "duplicate", "status_reason": reason, "duplicate_of_id": original.id},
            )

    def edit_fields(self, reference: str, changes: Mapping[str, object], reason: str, *, by: str) -> None:
        """Correct fields (see EDITABLE_FIELDS) with a reason; unchanged values are not recorded."""
        reason = _require_reason(reason, "edit_fields")
        unknown = sorted(set(changes) - set(EDITABLE_FIELDS))
        if unknown:
            raise InvalidChange(f"fields not editable: {', '.join(unknown)}")
        if not changes:
            raise InvalidChange("no fields to change")
        updates = {field: self._checked_value(field, value) for field, value in changes.items()}
        if "location_text" in updates:
            updates["location_normalised"] = normalise_address(str(updates["location_text"]))
        with self._transaction() as session:
            complaint = self._load(session, reference)
            updates = {field: value for field, value in updates.items() if getattr(complaint, field) != value}
            if updates:
                self._change(session, complaint, "edited", by, reason, updates)

    @staticmethod
    def _checked_value(field: str, value: object) -> object:
        if field == "type" and value not in COMPLAINT_TYPES:
            raise InvalidChange(f"type must be one of {', '.join(COMPLAINT_TYPES)}")
        if field in ("received", "occurred"):
            if value is None and field == "occurred":
                return None
            if not isinstance(value, datetime) or not _is_aware(value):
                raise InvalidChange(f"{field} must be a timezone-aware datetime")
            return value.astimezone(timezone.utc)
        if field == "urgent" and not isinstance(value, bool):
            raise InvalidChange("urgent must be true or false")
        if field == "details":
            if not isinstance(value, Mapping):
                raise InvalidChange("details must be a mapping")
            return dict(value)
        if field == "location_text" and (not isinstance(value, str) or not value.strip()):
            raise InvalidChange("location_text must not be blank")
        if field in ("occurred_text", "animal_species", "animal_description") and not (
            value is None or isinstance(value, str)
        ):
            raise InvalidChange(f"{field} must be text")
        return value.strip() if isinstance(value, str) else value

    def change_form(self, reference: str, form: str, reason: str, *, by: str) -> None:
        """Override the channel's default form (Kellogg 58-16 counts verbal and written differently)."""
        reason = _require_reason(reason, "change_form")
        if form not in FORMS:
            raise InvalidChange(f"form must be one of {', '.join(FORMS)}")
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.form == form:
                raise InvalidChange(f"{complaint.reference} is already {form}")
            self._change(session, complaint, "form_changed", by, reason, {"form": form})

    def create_subject(
        self,
        jurisdiction: str,
        address: str,
        *,
        by: str,
        name: str | None = None,
        reason: str | None = None,
        replace_current: bool = False,
    ) -> int:
        """A new owner/household. `replace_current` records a change of ownership at that address."""
        try:
            get_pack(jurisdiction)
        except UnknownJurisdiction:
            raise InvalidChange(f"unknown jurisdiction {jurisdiction!r}") from None
        if not address or not address.strip():
            raise InvalidChange("a subject needs an address")
        normalised = normalise_address(address)
        now = self._clock()
        with self._transaction() as session:
            if normalised is not None:
                current = session.execute(
                    select(Subject).where(*_current_subject_at(jurisdiction, normalised))
                ).scalar_one_or_none()
                if current is not None and not replace_current:
                    raise InvalidChange(f"subject {current.id} is already current at that address")
                if current is not None:
                    current.superseded_at = now
                    session.flush()  # free the address before the new subject takes it
                    self._audit(
                        session,
                        "subject",
                        str(current.id),
                        "superseded",
                        by,
                        now,
                        reason=reason,
                        before={"superseded_at": None},
                        after={"superseded_at": now},
                    )
            subject = Subject(
                jurisdiction=jurisdiction,
                address_normalised=normalised,
                address_text=address.strip(),
                name=name.strip() if name else None,
                created_at=now,
            )
            session.add(subject)
            session.flush()
            self._audit(
                session,
                "subject",
                str(subject.id),
                "created",
                by,
                now,
                reason=reason,
                after={"jurisdiction": jurisdiction, "address_normalised": normalised},
            )
            return subject.id

    def link_subject(self, reference: str, subject_id: int, *, by: str, reason: str | None = None) -> None:
        with self._transaction() as session:
            complaint = self._load(session, reference)
            subject = session.get(Subject, subject_id)
            if subject is None:
                raise SubjectNotFound(subject_id)
            if subject.jurisdiction != complaint.jurisdiction:
                raise InvalidChange(f"subject {subject_id} is in another jurisdiction")
            if complaint.subject_id == subject_id:
                raise InvalidChange(f"{complaint.reference} is already linked to subject {subject_id}")
            self._change(session, complaint, "subject_linked", by, reason, {"subject_id": subject_id})

    def record_notice(
        self,
        reference: str,
        kind: str,
        issued_on: date,
        *,
        by: str,
        license_by: date | None = None,
        hearing_request_by: date | None = None,
        comply_by: date | None = None,
        quarantine_until: date | None = None,
        fee_cents: int | None = None,
        note: str | None = None,
    ) -> int:
        """Record a notice sent about a complaint (to its subject); fees in integer cents."""
        if kind not in NOTICE_KINDS:
            raise InvalidChange(f"notice kind must be one of {', '.join(NOTICE_KINDS)}")
        if fee_cents is not None and (not isinstance(fee_cents, int) or fee_cents < 0):
            raise InvalidChange("fee_cents must be a non-negative whole number of cents")
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            notice = Notice(
                complaint_id=complaint.id,
                subject_id=complaint.subject_id,
                kind=kind,
                issued_on=issued_on,
                license_by=license_by,
                hearing_request_by=hearing_request_by,
                comply_by=comply_by,
                quarantine_until=quarantine_until,
                fee_cents=fee_cents,
                note=note,
                created_by=by,
                created_at=now,
            )
            session.add(notice)
            session.flush()
            self._audit(
                session,
                "notice",
                str(notice.id),
                "issued",
                by,
                now,
                after={
                    "complaint": complaint.reference,
                    "kind": kind,
                    "issued_on": issued_on,
                    "license_by": license_by,
                    "hearing_request_by": hearing_request_by,
                    "comply_by": comply_by,
                    "quarantine_until": quarantine_until,
                    "fee_cents": fee_cents,
                },
            )
            return notice.id

    # ---- reading for the console and the ordinance engine ---------------------------------------

    def review_queue(
        self,
        jurisdiction: str | None = None,
        type: str | None = None,
        status: str | None = None,
        page: int = 1,
        page_size: int = 50,
        jurisdictions: Sequence[str] | None = None,
    ) -> QueuePage:
        """Complaints newest first (received, then id), filtered, one page at a time.

        `jurisdictions`: only these cities (a console user's); None: every city."""
        if page < 1:
            raise InvalidQuery("page must be at least 1")
        if not 1 <= page_size <= MAX_PAGE_SIZE:
            raise InvalidQuery(f"page_size must be between 1 and {MAX_PAGE_SIZE}")
        _require_known("status", () if status is None else (status,), STATUSES)
        _require_known("type", () if type is None else (type,), COMPLAINT_TYPES)
        query = select(*_QUEUE_COLUMNS)
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        if jurisdictions is not None:
            query = query.where(Complaint.jurisdiction.in_(list(jurisdictions)))
        if type is not None:
            query = query.where(Complaint.type == type)
        if status is not None:
            query = query.where(Complaint.status == status)
        query = (
            query.order_by(Complaint.received.desc(), Complaint.id.desc())
            .offset((page - 1) * page_size)
            .limit(page_size + 1)
        )
        with self._reading() as session:
            rows = session.execute(query).all()
        items = tuple(QueueItem(*row) for row in rows[:page_size])
        return QueuePage(items=items, page=page, page_size=page_size, has_next=len(rows) > page_size)

    def subject_complaints(self, subject_id: int) -> list[CountedComplaint]:
        """A subject's accepted, non-duplicate complaints in order of received (ties by id)."""
        with self._reading() as session:
            rows = session.execute(
                select(
                    Complaint.id,
                    Complaint.reference,
                    Complaint.subject_id,
                    Complaint.received,
                    Complaint.form,
                    Complaint.type,
                    ~Complaint.anonymous,
                )
                .where(
                    Complaint.subject_id == subject_id,
                    Complaint.status == "accepted",
                    Complaint.duplicate_of_id.is_(None),
                )
                .order_by(Complaint.received, Complaint.id)
            ).all()
        return [CountedComplaint(*row) for row in rows]

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
                bite=None
                if bite is None
                else BiteSummary(
                    bite.victim, bite.skin_broken_or_medical, bite.animal_vaccinated, bite.owner_known
                ),
                duplicate_suggestions=tuple(suggestions),
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
            return _subject_record(subject)

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
            return [_subject_record(s) for s in subjects]

    def complaints_of_subject(self, subject_id: int) -> list[QueueItem]:
        """Every complaint linked to a subject, whatever its status, in order of received."""
        with self._reading() as session:
            rows = session.execute(
                select(*_QUEUE_COLUMNS)
                .where(Complaint.subject_id == subject_id)
                .order_by(Complaint.received, Complaint.id)
            ).all()
        return [QueueItem(*row) for row in rows]

    def notices(
        self,
        *,
        subject_id: int | None = None,
        reference: str | None = None,
        jurisdiction: str | None = None,
        deadline_from: date | None = None,
    ) -> list[NoticeRecord]:
        """Notices, oldest first: of a subject, of a complaint, or (deadline_from) any deadline on or after a day."""
        query = _notices_with_complaint()
        if subject_id is not None:
            query = query.where(Notice.subject_id == subject_id)
        if reference is not None:
            query = query.where(Complaint.reference == reference.strip().upper())
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        if deadline_from is not None:
            query = query.where(
                or_(
                    Notice.license_by >= deadline_from,
                    Notice.hearing_request_by >= deadline_from,
                    Notice.comply_by >= deadline_from,
                    Notice.quarantine_until >= deadline_from,
                )
            )
        with self._reading() as session:
            rows = session.execute(query.order_by(Notice.issued_on, Notice.id)).all()
            return [_notice_record(notice, ref, city) for notice, ref, city in rows]

    def get_notice(self, notice_id: int) -> NoticeRecord:
        with self._reading() as session:
            row = session.execute(_notices_with_complaint().where(Notice.id == notice_id)).one_or_none()
            if row is None:
                raise InvalidQuery(f"no notice with id {notice_id}")
            return _notice_record(*row)

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
        _require_known("type", types, COMPLAINT_TYPES)
        _require_known("status", statuses, STATUSES)
        for moment in (received_from, received_to):
            if moment is not None and not _is_aware(moment):
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
                    bite_victim=c.bite.victim if c.bite is not None else None,
                )
                for c in complaints
            ]


# ---- records the console reads (added for bot.console) ---------------------------------------------


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


def _notices_with_complaint() -> Any:
    """Notices, each with its complaint's reference and jurisdiction (the rows _notice_record takes)."""
    return select(Notice, Complaint.reference, Complaint.jurisdiction).join(
        Complaint, Notice.complaint_id == Complaint.id
    )


def _subject_record(subject: Subject) -> SubjectRecord:
    return SubjectRecord(
        id=subject.id,
        jurisdiction=subject.jurisdiction,
        address_text=subject.address_text,
        address_normalised=subject.address_normalised,
        name=subject.name,
        superseded_at=subject.superseded_at,
        created_at=subject.created_at,
    )


def _notice_record(notice: Notice, reference: str, jurisdiction: str) -> NoticeRecord:
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
