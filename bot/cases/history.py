"""The history the ordinance engine counts: a household's accepted complaints as plain facts."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.engine import Row
from sqlalchemy.orm import Session
from sqlalchemy.sql import Select

from bot.cases.base import ServiceBase
from bot.cases.errors import ComplaintNotFound
from bot.cases.households import bite_premises
from bot.cases.models import BiteDetail, Complaint, DesignationDecision, Subject
from bot.cases.records import CountedComplaint, fact_victim
from bot.nlp.facts.yes_no import NO, YES

_COLUMNS = (
    Complaint.id,
    Complaint.reference,
    Complaint.subject_id,
    Complaint.received,
    Complaint.form,
    Complaint.type,
    ~Complaint.anonymous,
    Complaint.animal_id,
    BiteDetail.victim,
    BiteDetail.skin_broken_or_medical,
    Complaint.animal_species,
    Complaint.occurred,
    Complaint.location_text,
    Complaint.location_normalised,
    Subject.address_normalised,
    BiteDetail.on_owner_premises,
    Complaint.details,
)
# where a barking report files the continuous minutes the resident stated (bot.nlp times; staff entry)
MINUTES_KEYS = ("duration_minutes", "barking_minutes")


def _minutes(details: object) -> int | None:
    if not isinstance(details, dict):
        return None
    value = next((details[key] for key in MINUTES_KEYS if key in details), None)
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _premises(row: Row) -> tuple[bool | None, str | None]:
    """Off the owner's premises: as the clerk or officer confirmed it, else as the records show it."""
    if row.type != "bite":
        return None, None
    if row.on_owner_premises is not None:
        return (not row.on_owner_premises), "as confirmed by the clerk or officer"
    found = bite_premises(row.location_text, row.location_normalised, row.address_normalised)
    return found.off_premises, found.basis


def _counted(row: Row) -> CountedComplaint:
    off_premises, basis = _premises(row)
    return CountedComplaint(
        *row[:7],
        animal_id=row.animal_id,
        victim=fact_victim(row.victim),
        injury=row.skin_broken_or_medical,
        species=row.animal_species,
        occurred=row.occurred,
        off_owner_premises=off_premises,
        premises_basis=basis,
        barking_minutes=_minutes(row.details) if row.type == "barking" else None,
        animal_loose=_loose(row.type, row.details),
    )


def _loose(complaint_type: str, details: dict | None) -> bool | None:
    """A threat's answer to "was it loose?" (at large, Kellogg 58-3); None when not known or not a threat."""
    if complaint_type != "threat":
        return None
    return {YES: True, NO: False}.get(str((details or {}).get("loose")))


def _history_query() -> Select:
    return (
        select(*_COLUMNS)
        .outerjoin(BiteDetail, BiteDetail.complaint_id == Complaint.id)
        .outerjoin(Subject, Subject.id == Complaint.subject_id)
    )


def with_designations(session: Session, history: Sequence[CountedComplaint]) -> list[CountedComplaint]:
    """Each bite with the officer's designation of its animal in force before the bite (Freeport 11 C 1 e,
    11 E 2 "declared potentially dangerous and such animal has then bitten"): the latest decided earlier."""
    animals = {c.animal_id for c in history if c.type == "bite" and c.animal_id is not None}
    if not animals:
        return list(history)
    decisions = session.execute(
        select(DesignationDecision.animal_id, DesignationDecision.designation, DesignationDecision.decided_at)
        .where(DesignationDecision.animal_id.in_(animals))
        .order_by(DesignationDecision.decided_at, DesignationDecision.id)
    ).all()
    return [_designated(c, decisions) for c in history]


def _designated(complaint: CountedComplaint, decisions: Iterable[Row]) -> CountedComplaint:
    if complaint.type != "bite" or complaint.animal_id is None:
        return complaint
    bitten = complaint.occurred or complaint.received
    earlier = [
        d.designation for d in decisions if d.animal_id == complaint.animal_id and d.decided_at < bitten
    ]
    return replace(complaint, prior_designation=earlier[-1]) if earlier else complaint


class History(ServiceBase):
    """Read-only: what the engine counts for one household."""

    def subject_complaints(self, subject_id: int) -> list[CountedComplaint]:
        """A subject's accepted, non-duplicate complaints in order of received (ties by id).

        Only complaints whose household the clerk confirmed: a suggested household never counts
        (docs/rules.md "Who a complaint is against")."""
        with self._reading() as session:
            rows = session.execute(
                _history_query()
                .where(
                    Complaint.subject_id == subject_id,
                    Complaint.subject_confirmed.is_(True),
                    Complaint.status == "accepted",
                    Complaint.duplicate_of_id.is_(None),
                )
                .order_by(Complaint.received, Complaint.id)
            ).all()
            return with_designations(session, [_counted(row) for row in rows])

    def counted_complaint(self, reference: str) -> CountedComplaint:
        """One complaint as the engine would count it against its household, whatever its status: how a
        complaint not yet accepted would count (the console's preview)."""
        with self._reading() as session:
            row = session.execute(
                _history_query().where(Complaint.reference == reference.strip().upper())
            ).one_or_none()
            if row is None:
                raise ComplaintNotFound(reference)
            return with_designations(session, [_counted(row)])[0]
