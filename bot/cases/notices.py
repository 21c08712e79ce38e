"""Notices recorded against complaints (letters, citations, referrals, quarantine orders)."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import or_, select

from bot.cases.base import ServiceBase
from bot.cases.errors import InvalidChange, InvalidQuery
from bot.cases.models import NOTICE_KINDS, Complaint, Notice
from bot.cases.records import NoticeRecord, notice_record


class NoticeBook(ServiceBase):
    """Recording a notice sent about a complaint, and reading notices back."""

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
        """Record a notice sent about a complaint to its confirmed household; fees in integer cents."""
        if kind not in NOTICE_KINDS:
            raise InvalidChange(f"notice kind must be one of {', '.join(NOTICE_KINDS)}")
        if fee_cents is not None and (not isinstance(fee_cents, int) or fee_cents < 0):
            raise InvalidChange("fee_cents must be a non-negative whole number of cents")
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.subject_id is None or not complaint.subject_confirmed:
                # a notice goes to the household complained about, never to a mere suggestion
                raise InvalidChange(f"{complaint.reference} needs a confirmed household before a notice")
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
            return [notice_record(notice, ref, city) for notice, ref, city in rows]

    def get_notice(self, notice_id: int) -> NoticeRecord:
        with self._reading() as session:
            row = session.execute(_notices_with_complaint().where(Notice.id == notice_id)).one_or_none()
            if row is None:
                raise InvalidQuery(f"no notice with id {notice_id}")
            return notice_record(*row)


def _notices_with_complaint() -> Any:
    """Notices, each with its complaint's reference and jurisdiction (the rows notice_record takes)."""
    return select(Notice, Complaint.reference, Complaint.jurisdiction).join(
        Complaint, Notice.complaint_id == Complaint.id
    )
