"""The history the ordinance engine counts: a household's accepted complaints as plain facts."""

from __future__ import annotations

from sqlalchemy import select

from bot.cases.base import ServiceBase
from bot.cases.models import BiteDetail, Complaint
from bot.cases.records import CountedComplaint, fact_victim

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
)


def _counted(row) -> CountedComplaint:  # noqa: ANN001 (a SQLAlchemy row of _COLUMNS)
    return CountedComplaint(
        *row[:7],
        animal_id=row.animal_id,
        victim=fact_victim(row.victim),
        injury=row.skin_broken_or_medical,
        species=row.animal_species,
        occurred=row.occurred,
    )


class History(ServiceBase):
    """Read-only: what the engine counts for one household."""

    def subject_complaints(self, subject_id: int) -> list[CountedComplaint]:
        """A subject's accepted, non-duplicate complaints in order of received (ties by id).

        Only complaints whose household the clerk confirmed: a suggested household never counts
        (docs/rules.md "Who a complaint is against")."""
        with self._reading() as session:
            rows = session.execute(
                select(*_COLUMNS)
                .outerjoin(BiteDetail, BiteDetail.complaint_id == Complaint.id)
                .where(
                    Complaint.subject_id == subject_id,
                    Complaint.subject_confirmed.is_(True),
                    Complaint.status == "accepted",
                    Complaint.duplicate_of_id.is_(None),
                )
                .order_by(Complaint.received, Complaint.id)
            ).all()
        return [_counted(row) for row in rows]
