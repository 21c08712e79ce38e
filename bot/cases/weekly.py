"""Reads for the clerk's week in pictures (bot.console.dashboard): plain rows, no complainant, filtered by the
user's cities. The counting is done over these rows in bot.console.dashboard_data, so a table beside a
picture and a count in the database are the same rows counted once."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from bot.cases.base import ServiceBase, is_aware
from bot.cases.dispatch_models import DispatchPage, DispatchStep
from bot.cases.errors import InvalidQuery
from bot.cases.models import Complaint, Subject


@dataclass(frozen=True)
class WeekRow:
    """One complaint as the week's pictures count it."""

    reference: str
    jurisdiction: str
    type: str
    status: str
    received: datetime
    occurred: datetime | None
    location_text: str
    location_normalised: str | None


@dataclass(frozen=True)
class ResponseRow:
    """How fast the officer answered one urgent complaint: times of its first page and of each step."""

    reference: str
    jurisdiction: str
    received: datetime
    paged_at: datetime | None
    steps: dict[str, datetime]  # step -> when
    outcome: str | None


@dataclass(frozen=True)
class HouseholdRow:
    subject_id: int
    jurisdiction: str
    address: str | None


def _aware(*moments: datetime) -> None:
    if not all(is_aware(m) for m in moments):
        raise InvalidQuery("times must be timezone-aware")


class WeeklyReads(ServiceBase):
    """Read-only."""

    def complaints_between(self, cities: Sequence[str], start: datetime, end: datetime) -> list[WeekRow]:
        """Complaints received in [start, end) in these cities, duplicates included (they were received)."""
        _aware(start, end)
        query = (
            select(Complaint.reference, Complaint.jurisdiction, Complaint.type, Complaint.status, Complaint.received,
                   Complaint.occurred, Complaint.location_text, Complaint.location_normalised)
            .where(Complaint.jurisdiction.in_(list(cities)), Complaint.received >= start, Complaint.received < end)
            .order_by(Complaint.received, Complaint.id)
        )  # fmt: skip
        with self._reading() as session:
            return [WeekRow(*row) for row in session.execute(query).all()]

    def awaiting_review(self, cities: Sequence[str]) -> list[WeekRow]:
        """Every complaint still waiting for the clerk's review (status new), whenever received."""
        query = (
            select(Complaint.reference, Complaint.jurisdiction, Complaint.type, Complaint.status, Complaint.received,
                   Complaint.occurred, Complaint.location_text, Complaint.location_normalised)
            .where(Complaint.jurisdiction.in_(list(cities)), Complaint.status == "new")
            .order_by(Complaint.received, Complaint.id)
        )  # fmt: skip
        with self._reading() as session:
            return [WeekRow(*row) for row in session.execute(query).all()]

    def responses_between(self, cities: Sequence[str], start: datetime, end: datetime) -> list[ResponseRow]:
        """Urgent complaints received in [start, end), with their first page and the officer's steps."""
        _aware(start, end)
        with self._reading() as session:
            complaints = session.execute(
                select(Complaint.id, Complaint.reference, Complaint.jurisdiction, Complaint.received)
                .where(Complaint.jurisdiction.in_(list(cities)), Complaint.urgent.is_(True),
                       Complaint.received >= start, Complaint.received < end)
                .order_by(Complaint.received, Complaint.id)
            ).all()  # fmt: skip
            ids = [c.id for c in complaints]
            steps: dict[int, dict[str, datetime]] = defaultdict(dict)
            outcomes: dict[int, str | None] = {}
            paged: dict[int, datetime] = {}
            if ids:
                for row in session.execute(
                    select(DispatchStep).where(DispatchStep.complaint_id.in_(ids))
                ).scalars():
                    steps[row.complaint_id][row.step] = row.at
                    if row.step == "done":
                        outcomes[row.complaint_id] = row.outcome
                pages = select(DispatchPage).where(
                    DispatchPage.complaint_id.in_(ids), DispatchPage.reason == "urgent"
                )
                for page in session.execute(pages).scalars():
                    paged[page.complaint_id] = page.paged_at
        return [
            ResponseRow(
                c.reference, c.jurisdiction, c.received, paged.get(c.id), steps[c.id], outcomes.get(c.id)
            )
            for c in complaints
        ]

    def households_counted_since(self, cities: Sequence[str], since: datetime) -> list[HouseholdRow]:
        """Current households with an accepted complaint against them (confirmed) received since `since`."""
        _aware(since)
        query = (
            select(Subject.id, Subject.jurisdiction, Subject.address_text, Subject.address_normalised)
            .join(Complaint, Complaint.subject_id == Subject.id)
            .where(Subject.jurisdiction.in_(list(cities)), Subject.superseded_at.is_(None),
                   Complaint.status == "accepted", Complaint.subject_confirmed.is_(True),
                   Complaint.received >= since)
            .distinct()
            .order_by(Subject.id)
        )  # fmt: skip
        with self._reading() as session:
            return [
                HouseholdRow(r.id, r.jurisdiction, r.address_text or r.address_normalised)
                for r in session.execute(query)
            ]
