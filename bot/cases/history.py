"""The history the ordinance engine counts: a household's accepted complaints as plain facts."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.engine import Row
from sqlalchemy.sql import Select

from bot.cases.base import ServiceBase
from bot.cases.errors import ComplaintNotFound
from bot.cases.households import bite_premises
from bot.cases.models import BiteDetail, Complaint, Subject
from bot.cases.records import CountedComplaint, fact_victim
from bot.nlp.answers import NO, YES

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
    Complaint.details,
)


def _counted(row: Row) -> CountedComplaint:
    premises = (
        bite_premises(row.location_text, row.location_normalised, row.address_normalised)
        if row.type == "bite"
        else None
    )
    return CountedComplaint(
        *row[:7],
        animal_id=row.animal_id,
        victim=fact_victim(row.victim),
        injury=row.skin_broken_or_medical,
        species=row.animal_species,
        occurred=row.occurred,
        off_owner_premises=premises.off_premises if premises else None,
        premises_basis=premises.basis if premises else None,
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
        return [_counted(row) for row in rows]

    def counted_complaint(self, reference: str) -> CountedComplaint:
        """One complaint as the engine would count it against its household, whatever its status: how a
        complaint not yet accepted would count (the console's preview)."""
        with self._reading() as session:
            row = session.execute(
                _history_query().where(Complaint.reference == reference.strip().upper())
            ).one_or_none()
        if row is None:
            raise ComplaintNotFound(reference)
        return _counted(row)
