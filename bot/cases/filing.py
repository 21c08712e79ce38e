"""Filing: the assistant (or a clerk, or Open311) files a report; idempotent per source id."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import func, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bot.cases.base import ServiceBase, current_subject_at, dialect_insert, is_aware
from bot.cases.errors import InvalidReport
from bot.cases.households import HouseholdLead, household_lead
from bot.cases.models import (
    COMPLAINT_TYPES,
    FORMS,
    UNKNOWN_TYPE,
    VICTIMS,
    BiteDetail,
    Complainant,
    Complaint,
    DuplicateSuggestion,
    Photo,
    ReferenceCounter,
    Subject,
)
from bot.cases.report import CHANNELS, Report
from bot.jurisdictions import Pack, UnknownJurisdiction, get_pack
from bot.messages import DEFAULT_LANGUAGE, LANGUAGES
from bot.nlp.places.normalise import normalise_address

log = logging.getLogger(__name__)

FILING_ACTOR = "assistant"
MAX_DUPLICATE_SUGGESTIONS = 20


class Filing(ServiceBase):
    """Filing a report: one transaction, a reference, the complainant, duplicate suggestions, audit."""

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
        if report.type == UNKNOWN_TYPE and not report.needs_follow_up:
            raise InvalidReport("a report without a type is filed only for the clerk to call back")
        if report.type not in (*COMPLAINT_TYPES, UNKNOWN_TYPE):
            raise InvalidReport(f"unknown complaint type {report.type!r}")
        if report.channel not in CHANNELS:
            raise InvalidReport(f"unknown channel {report.channel!r}")
        if report.form is not None and report.form not in FORMS:
            raise InvalidReport(f"unknown form {report.form!r}")
        if not report.source_id or not report.source_id.strip():
            raise InvalidReport("source_id is required")
        if not report.location or not report.location.strip():
            raise InvalidReport("location is required")
        if not is_aware(report.received):
            raise InvalidReport("received must be timezone-aware")
        if report.occurred is not None and not is_aware(report.occurred):
            raise InvalidReport("occurred must be timezone-aware")
        if report.language is not None and report.language not in LANGUAGES:
            raise InvalidReport(f"language must be one of {', '.join(LANGUAGES)} (or None: English)")
        if report.bite is not None and report.bite.victim not in (*VICTIMS, None):
            raise InvalidReport(f"bite victim must be one of {', '.join(VICTIMS)} (or None: not known)")
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
        form = _form(report, pack)
        complainant = self._complainant(session, report, now)
        location_normalised = normalise_address(report.location)
        owner = _owner_named(report)
        lead = _lead(report, location_normalised, owner, complainant)
        subject_id = self._suggested_subject_id(session, pack.code, lead, now, by)
        complaint = Complaint(
            reference=self._next_reference(session, pack, report.received),
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
            complainant_id=complainant.id if complainant is not None else None,
            anonymous=not (report.complainant_name and report.complainant_name.strip()),
            subject_id=subject_id,
            subject_confirmed=False,  # a suggestion until the clerk confirms it
            owner_named=owner,
            status="new",
            language=report.language or DEFAULT_LANGUAGE,
            needs_follow_up=report.needs_follow_up,
            source_id=report.source_id,
            created_at=now,
            updated_at=now,
        )
        complaint.photos = [Photo(position=i, url=url) for i, url in enumerate(report.photo_urls)]
        complaint.bite = _bite_detail(report)
        session.add(complaint)
        session.flush()
        self._audit_filing(session, complaint, pack, lead if subject_id is not None else None, by, now)
        log.info("filed complaint %s (%s, %s)", complaint.reference, pack.code, report.type)
        return complaint.reference

    def _audit_filing(
        self,
        session: Session,
        complaint: Complaint,
        pack: Pack,
        lead: HouseholdLead | None,
        by: str,
        now: datetime,
    ) -> None:
        suggested = self._suggest_duplicates(session, complaint, pack, now)
        self._audit(
            session,
            "complaint",
            complaint.reference,
            "filed",
            by,
            now,
            after={
                "jurisdiction": pack.code,
                "type": complaint.type,
                "channel": complaint.channel,
                "form": complaint.form,
                "language": complaint.language,
                "received": complaint.received.isoformat(),
                "subject_id": complaint.subject_id,
                "subject_confirmed": False,
                "household_basis": lead.basis if lead is not None else None,
                "complainant_id": complaint.complainant_id,
                "duplicate_suggestions": suggested,
            },
        )

    def _complainant(self, session: Session, report: Report, now: datetime) -> Complainant | None:
        contact = (report.complainant_contact or "").strip()
        if not contact:
            return None
        name = report.complainant_name.strip() if report.complainant_name else None
        # ON CONFLICT DO NOTHING: two filings from one phone at once must not collide
        session.execute(
            dialect_insert(session, Complainant)
            .values(contact_key=contact, name=name, created_at=now)
            .on_conflict_do_nothing(index_elements=["contact_key"])
        )
        complainant = session.execute(
            select(Complainant).where(Complainant.contact_key == contact)
        ).scalar_one()
        if name and not complainant.name:
            complainant.name = name
        address = (report.complainant_address or "").strip()
        if address:
            complainant.address = address
        return complainant

    def _suggested_subject_id(
        self, session: Session, jurisdiction: str, lead: HouseholdLead | None, now: datetime, by: str
    ) -> int | None:
        """The household a lead points to: found or created at an address, or one current match by name."""
        if lead is None:
            return None
        if lead.address is not None:
            return self._current_subject_id(session, jurisdiction, lead.address, now, by)
        matches = session.execute(
            select(Subject.id)
            .where(
                Subject.jurisdiction == jurisdiction,
                Subject.superseded_at.is_(None),
                func.lower(Subject.name) == (lead.name or "").lower(),
            )
            .limit(2)
        ).all()
        return matches[0][0] if len(matches) == 1 else None

    def _current_subject_id(
        self, session: Session, jurisdiction: str, address_normalised: str, now: datetime, by: str
    ) -> int:
        inserted = session.execute(
            dialect_insert(session, Subject)
            .values(jurisdiction=jurisdiction, address_normalised=address_normalised, created_at=now)
            .on_conflict_do_nothing(
                index_elements=["jurisdiction", "address_normalised"],
                index_where=Subject.superseded_at.is_(None),
            )
        )
        subject_id = session.execute(
            select(Subject.id).where(*current_subject_at(jurisdiction, address_normalised))
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
            dialect_insert(session, ReferenceCounter)
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


def _form(report: Report, pack: Pack) -> str:
    """The report's form, else the pack's default for its channel (Kellogg 58-16 counts them differently)."""
    try:
        return report.form or pack.form_for_channel(report.channel)
    except ValueError:
        raise InvalidReport(f"jurisdiction {pack.code} has no form for channel {report.channel!r}") from None


def _lead(
    report: Report, location_normalised: str | None, owner: str | None, complainant: Complainant | None
) -> HouseholdLead | None:
    """The household the report points to, if any; none when the report may not suggest one."""
    if not report.suggest_household or report.type == UNKNOWN_TYPE:
        return None  # an untyped report has no household until the clerk has called back and typed it
    return household_lead(
        report.type,
        location_text=report.location,
        location_normalised=location_normalised,
        owner=owner,
        complainant_address=complainant.address if complainant is not None else None,
        details=report.details,
    )


def _owner_named(report: Report) -> str | None:
    """The owner as the resident named them: the report's owner, else a bite's `owner_known`."""
    owner = report.owner or (report.bite.owner_known if report.bite is not None else None)
    return owner.strip() if owner and owner.strip() else None


def _bite_detail(report: Report) -> BiteDetail | None:
    if report.bite is None:
        return None
    return BiteDetail(
        victim=report.bite.victim or "unknown",
        skin_broken_or_medical=report.bite.skin_broken_or_medical,
        animal_vaccinated=report.bite.animal_vaccinated,
        owner_known=report.bite.owner_known,
    )
