"""Notices are records: issue stores the document as issued; it is shown from the store forever.

Issuing writes the notice row (its deadlines) and its document (HTML, PDF, the facts it was computed
from, and their sha256) in one transaction. A mistake is corrected by voiding the notice with a reason
and issuing a new one that names it; both are audited. A citation's receipt (how and when the owner got
it) is recorded later, and its deadlines run from that day.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.cases.base import ServiceBase, require_reason
from bot.cases.errors import InvalidChange, InvalidQuery
from bot.cases.models import NOTICE_KINDS, Complaint, DesignationDecision, Notice, NoticeDocument

SERVED_HOW = ("in_person", "mail", "certified_mail", "posted", "email", "other")


def canonical_facts(facts: Mapping[str, object]) -> str:
    """The facts as stored and hashed: JSON with sorted keys; dates as ISO 8601."""
    return json.dumps(facts, sort_keys=True, separators=(",", ":"), default=_iso, ensure_ascii=False)


def _iso(value: object) -> str:
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    raise TypeError(f"cannot store {type(value).__name__} in a notice's facts")


def document_sha256(facts_json: str, html: str) -> str:
    """The issued notice's hash: the facts JSON, a NUL byte, then the HTML (both UTF-8)."""
    return hashlib.sha256(facts_json.encode("utf-8") + b"\0" + html.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class IssuedNotice:
    """What a notice needs at issue: its kind and dates, the document, and the facts behind it."""

    kind: str
    issued_on: date
    html: str
    pdf: bytes
    facts: Mapping[str, object]
    license_by: date | None = None
    hearing_request_by: date | None = None
    comply_by: date | None = None
    quarantine_until: date | None = None
    fee_cents: int | None = None
    note: str | None = None
    back_dated_reason: str | None = None  # why it is dated before the day it was issued (audited)


@dataclass(frozen=True)
class StoredNotice:
    notice_id: int
    complaint_reference: str
    jurisdiction: str
    kind: str
    issued_on: date
    html: str
    pdf: bytes
    facts: Mapping[str, object]
    sha256: str
    pdf_sha256: str
    voided_at: datetime | None
    voided_by: str | None
    void_reason: str | None
    replaced_by: int | None
    replaces: int | None
    served_how: str | None
    received_on: date | None

    @property
    def intact(self) -> bool:
        """Whether the stored document still matches the hash taken at issue."""
        facts_json = canonical_facts(self.facts)
        return (
            document_sha256(facts_json, self.html) == self.sha256
            and hashlib.sha256(self.pdf).hexdigest() == self.pdf_sha256
        )


class NoticeArchive(ServiceBase):
    """Issuing, reading, voiding notices as documents, and recording a citation's receipt."""

    def issue_notice(
        self, reference: str, notice: IssuedNotice, *, by: str, replaces: int | None = None
    ) -> int:
        """Record the notice and store its document; `replaces` names a voided notice this one corrects."""
        if notice.kind not in NOTICE_KINDS:
            raise InvalidChange(f"notice kind must be one of {', '.join(NOTICE_KINDS)}")
        facts_json = canonical_facts(notice.facts)
        digest = document_sha256(facts_json, notice.html)
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if replaces is not None:
                self._check_replaceable(session, replaces, complaint.id, reference)
            row = Notice(complaint_id=complaint.id, subject_id=complaint.subject_id, kind=notice.kind,
                         issued_on=notice.issued_on, license_by=notice.license_by,
                         hearing_request_by=notice.hearing_request_by, comply_by=notice.comply_by,
                         quarantine_until=notice.quarantine_until, fee_cents=notice.fee_cents, note=notice.note,
                         created_by=by, created_at=now)  # fmt: skip
            session.add(row)
            session.flush()
            session.add(
                NoticeDocument(
                    notice_id=row.id,
                    html=notice.html,
                    pdf=notice.pdf,
                    facts=facts_json,
                    sha256=digest,
                    pdf_sha256=hashlib.sha256(notice.pdf).hexdigest(),
                    replaces=replaces,
                )  # fmt: skip
            )
            if replaces is not None:
                session.get(NoticeDocument, replaces).replaced_by = row.id
            self._audit(session, "notice", str(row.id), "issued", by, now, reason=notice.back_dated_reason,
                        after={"complaint": complaint.reference, "kind": notice.kind, "issued_on": notice.issued_on,
                               "sha256": digest, "replaces": replaces})  # fmt: skip
            return row.id

    @staticmethod
    def _check_replaceable(session: Session, replaces: int, complaint_id: int, reference: str) -> None:
        """Only a voided notice of the same complaint that no notice has replaced yet may be replaced (a clerk
        marked another city's notice as replaced by naming its id). Its row is locked until commit, so two
        replacements of one notice cannot both pass."""
        old = session.execute(
            select(NoticeDocument).where(NoticeDocument.notice_id == replaces).with_for_update()
        ).scalar_one_or_none()
        old_notice = session.get(Notice, replaces)
        if (
            old is None
            or old_notice is None
            or old_notice.complaint_id != complaint_id
            or old.voided_at is None
            or old.replaced_by is not None
        ):
            raise InvalidChange(
                f"notice {replaces} is not a voided notice of {reference} that no notice has replaced yet"
            )

    def stored_notice(self, notice_id: int) -> StoredNotice:
        """The notice exactly as issued; InvalidQuery if there is no stored document for it."""
        with self._reading() as session:
            row = session.execute(
                select(Notice, NoticeDocument, Complaint.reference, Complaint.jurisdiction)
                .join(NoticeDocument, NoticeDocument.notice_id == Notice.id)
                .join(Complaint, Complaint.id == Notice.complaint_id)
                .where(Notice.id == notice_id)
            ).one_or_none()
            if row is None:
                raise InvalidQuery(f"no stored document for notice {notice_id}")
            notice, doc, reference, jurisdiction = row
            return StoredNotice(
                notice_id=notice.id, complaint_reference=reference, jurisdiction=jurisdiction, kind=notice.kind,
                issued_on=notice.issued_on, html=doc.html, pdf=bytes(doc.pdf), facts=json.loads(doc.facts),
                sha256=doc.sha256, pdf_sha256=doc.pdf_sha256, voided_at=doc.voided_at, voided_by=doc.voided_by,
                void_reason=doc.void_reason, replaced_by=doc.replaced_by, replaces=doc.replaces,
                served_how=doc.served_how, received_on=doc.received_on,
            )  # fmt: skip

    def void_notice(self, notice_id: int, *, by: str, reason: str) -> None:
        """Void an issued notice with a reason (audited); its document stays, marked void."""
        reason = require_reason(reason, "voiding a notice")
        now = self._clock()
        with self._transaction() as session:
            doc = session.get(NoticeDocument, notice_id)
            if doc is None:
                raise InvalidQuery(f"no stored document for notice {notice_id}")
            if doc.voided_at is not None:
                raise InvalidChange(f"notice {notice_id} is already void")
            doc.voided_at, doc.voided_by, doc.void_reason = now, by, reason
            self._audit(session, "notice", str(notice_id), "voided", by, now, reason=reason)

    def record_receipt(
        self, notice_id: int, *, by: str, received_on: date, how: str, deadlines: Mapping[str, date]
    ) -> None:
        """Record how and when the owner received a notice, and the deadlines that run from that day."""
        if how not in SERVED_HOW:
            raise InvalidChange(f"how it was served must be one of {', '.join(SERVED_HOW)}")
        unknown = set(deadlines) - {"hearing_request_by", "comply_by", "license_by"}
        if unknown:
            raise InvalidChange(f"not a receipt deadline: {', '.join(sorted(unknown))}")
        now = self._clock()
        with self._transaction() as session:
            doc = session.get(NoticeDocument, notice_id)
            notice = session.get(Notice, notice_id)
            if doc is None or notice is None:
                raise InvalidQuery(f"no stored document for notice {notice_id}")
            if doc.voided_at is not None:
                raise InvalidChange(f"notice {notice_id} is void")
            if received_on < notice.issued_on:
                raise InvalidChange("a notice cannot be received before it was issued")
            before = {"served_how": doc.served_how, "received_on": doc.received_on}
            doc.served_how, doc.received_on = how, received_on
            for name, day in deadlines.items():
                setattr(notice, name, day)
            self._audit(session, "notice", str(notice_id), "receipt_recorded", by, now, before=before,
                        after={"served_how": how, "received_on": received_on, **deadlines})  # fmt: skip

    def notice_states(self, jurisdiction: str | None = None) -> dict[int, StoredState]:
        """Each stored notice's void and receipt state, by notice id (for boards and lists)."""
        query = (
            select(NoticeDocument, Notice.kind, Notice.issued_on, Complaint.reference, Complaint.subject_id)
            .join(Notice, Notice.id == NoticeDocument.notice_id)
            .join(Complaint, Complaint.id == Notice.complaint_id)
        )
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        with self._reading() as session:
            return {
                doc.notice_id: StoredState(
                    doc.notice_id,
                    kind,
                    issued_on,
                    reference,
                    subject_id,
                    doc.voided_at is not None,
                    doc.received_on,
                    _sections(doc.facts),
                )  # fmt: skip
                for doc, kind, issued_on, reference, subject_id in session.execute(query)
            }


@dataclass(frozen=True)
class StoredState:
    notice_id: int
    kind: str
    issued_on: date
    complaint_reference: str
    subject_id: int | None
    void: bool
    received_on: date | None
    sections: tuple[str, ...] = ()  # the sections the notice cites, as issued


def _sections(facts_json: str) -> tuple[str, ...]:
    terms = json.loads(facts_json).get("terms") or {}
    return tuple(str(section) for section in terms.get("sections") or ())


DESIGNATIONS = ("none", "potentially_dangerous", "dangerous")


@dataclass(frozen=True)
class DesignationRecord:
    id: int
    complaint_reference: str
    jurisdiction: str
    subject_id: int | None
    proposed: str
    proposed_clause: str | None
    designation: str
    clause: str | None
    unprovoked_evidence: str
    notified_on: date | None
    appeal_by: date | None
    decided_by: str


class DesignationBook(ServiceBase):
    """The officer's designation decisions (Freeport 11 D, E, G), each beside the engine's proposal."""

    def record_designation(
        self,
        reference: str,
        *,
        by: str,
        proposed: Mapping[str, object],
        designation: str,
        unprovoked_evidence: str,
        notified_on: date | None,
        appeal_by: date | None,
    ) -> int:
        """Record the decision with the evidence that the bite was unprovoked; audited with the proposal."""
        if designation not in DESIGNATIONS:
            raise InvalidChange(f"designation must be one of {', '.join(DESIGNATIONS)}")
        evidence = require_reason(unprovoked_evidence, "a designation (the evidence the bite was unprovoked)")
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            clause = proposed.get("clause") if designation == proposed.get("designation") else None
            row = DesignationDecision(complaint_id=complaint.id, animal_id=complaint.animal_id,
                                      proposed=str(proposed.get("designation") or "none"),
                                      proposed_clause=proposed.get("clause"), designation=designation, clause=clause,
                                      unprovoked_evidence=evidence, notified_on=notified_on, appeal_by=appeal_by,
                                      decided_by=by, decided_at=now)  # fmt: skip
            session.add(row)
            session.flush()
            self._audit(session, "complaint", complaint.reference, "designation_decided", by, now, reason=evidence,
                        after={"proposed": row.proposed, "proposed_clause": row.proposed_clause,
                               "designation": designation, "notified_on": notified_on, "appeal_by": appeal_by})  # fmt: skip
            return row.id

    def designations(
        self, *, reference: str | None = None, jurisdiction: str | None = None
    ) -> list[DesignationRecord]:
        query = select(
            DesignationDecision, Complaint.reference, Complaint.jurisdiction, Complaint.subject_id
        ).join(Complaint, Complaint.id == DesignationDecision.complaint_id)
        if reference is not None:
            query = query.where(Complaint.reference == reference.strip().upper())
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        with self._reading() as session:
            return [
                DesignationRecord(
                    d.id,
                    ref,
                    city,
                    subject_id,
                    d.proposed,
                    d.proposed_clause,
                    d.designation,
                    d.clause,
                    d.unprovoked_evidence,
                    d.notified_on,
                    d.appeal_by,
                    d.decided_by,
                )  # fmt: skip
                for d, ref, city, subject_id in session.execute(query.order_by(DesignationDecision.id))
            ]
