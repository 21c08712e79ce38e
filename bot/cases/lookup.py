"""Residents' status look-up: a contact sees only their own complaints."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from bot.cases.base import ServiceBase
from bot.cases.errors import InvalidQuery
from bot.cases.models import Complainant, Complaint
from bot.cases.records import ComplaintSummary


class ResidentLookup(ServiceBase):
    """What a resident may learn about their own complaints (by their contact, never by name)."""

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
