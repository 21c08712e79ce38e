"""The outbox: texts to send (confirmations, status texts, paging the officer on call), queued in the
case database and sent by the worker (bot.notify.worker) with retries and backoff.

Every row has an idempotency key naming what it is for; enqueueing a key twice queues one text.
A row is claimed under a lease before it is sent and marked sent right after, so two workers never
send the same row and a crashed worker's rows are picked up when the lease runs out.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import and_, or_, select, update
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, sessionmaker

from bot.cases.models import Complainant, Complaint
from bot.jurisdictions import Pack, get_pack
from bot.messages import DEFAULT_LANGUAGE, language_of, say
from bot.notify.dispatch_rules import agreed_to_updates
from bot.notify.models import OUTBOX_PURPOSES, OutboxMessage, SmsOptOut
from bot.notify.pages import page_text
from bot.notify.segments import fold_for_sms

log = logging.getLogger(__name__)

FOLLOW_UP_WINDOW = timedelta(days=2)  # how far back the sweep looks for filings without their texts
# Only a resident's own text or call pages the officer on call: a report posted through Open311 or typed in by
# staff is urgent in the clerk's queue, but whoever filed it can ring the officer (1,000 Open311 posts paged
# the officer 1,000 times).
PAGING_CHANNELS = ("sms", "voice")
STATUS_LIMIT = 320  # characters in one status or confirmation text


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def dialect_insert(session: Session, model: type):
    """INSERT ... ON CONFLICT for the session's database (SQLite or PostgreSQL)."""
    name = session.get_bind().dialect.name
    if name == "postgresql":
        return postgres_insert(model.__table__)
    if name == "sqlite":
        return sqlite_insert(model.__table__)
    raise RuntimeError(f"unsupported database dialect {name}")


@dataclass(frozen=True)
class ClaimedMessage:
    """A row leased to one worker for one attempt."""

    id: int
    idempotency_key: str
    to_number: str
    from_number: str
    body: str
    attempt: int  # 1 for the first try


@dataclass(frozen=True)
class Backoff:
    """Delay before attempt n+1 after n failures: base * 2**(n-1), capped; `jitter` spreads retries."""

    base_seconds: float = 5.0
    max_seconds: float = 900.0
    max_attempts: int = 8
    jitter: Callable[[], float] = lambda: 1.0  # a factor around 1.0; the worker passes a random one

    def delay(self, failures: int) -> timedelta:
        seconds = min(self.max_seconds, self.base_seconds * 2 ** max(0, failures - 1))
        return timedelta(seconds=seconds * self.jitter())


class OutboxService:
    """Queue, claim and settle outbound texts. One transaction per call."""

    def __init__(
        self,
        session_factory: sessionmaker,
        clock: Callable[[], datetime] = _utc_now,
        backoff: Backoff | None = None,
        lease: timedelta = timedelta(minutes=5),
        console_url: str = "",
    ) -> None:
        self._session_factory = session_factory
        self._console_url = console_url  # the console's public URL: a page links the officer's item page
        self._clock = clock
        self.backoff = backoff or Backoff()
        self._lease = lease

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._session_factory() as session, session.begin():
            yield session

    # ---- enqueueing ------------------------------------------------------------------------------

    def enqueue(
        self,
        *,
        key: str,
        purpose: str,
        jurisdiction: str,
        to_number: str,
        from_number: str,
        body: str,
        complaint_reference: str | None = None,
    ) -> bool:
        """Queue a text; False when a text with this key was already queued (nothing new)."""
        with self._transaction() as session:
            return self.enqueue_in(
                session,
                key=key,
                purpose=purpose,
                jurisdiction=jurisdiction,
                to_number=to_number,
                from_number=from_number,
                body=body,
                complaint_reference=complaint_reference,
            )

    def enqueue_in(
        self,
        session: Session,
        *,
        key: str,
        purpose: str,
        jurisdiction: str,
        to_number: str,
        from_number: str,
        body: str,
        complaint_reference: str | None = None,
    ) -> bool:
        """Queue a text inside the caller's transaction (e.g. the one that files the complaint). The body is
        folded into GSM-7 (bot.notify.segments), as the SMS channel's replies are: a Spanish text then costs no
        more segments than its English one."""
        if purpose not in OUTBOX_PURPOSES:
            raise ValueError(f"unknown outbox purpose {purpose!r}")
        now = self._clock()
        result = session.execute(
            dialect_insert(session, OutboxMessage)
            .values(
                idempotency_key=key,
                purpose=purpose,
                jurisdiction=jurisdiction,
                complaint_reference=complaint_reference,
                to_number=to_number,
                from_number=from_number,
                body=fold_for_sms(body),
                status="pending",
                attempts=0,
                next_attempt_at=now,
                created_at=now,
            )
            .on_conflict_do_nothing(index_elements=["idempotency_key"])
        )
        return bool(result.rowcount)

    # ---- follow-ups of a filing ----------------------------------------------------------------

    def follow_up_filing(self, reference: str) -> int:
        """Queue the texts a filed complaint calls for; returns how many were new. Safe to repeat."""
        with self._transaction() as session:
            row = session.execute(
                select(Complaint, Complainant.contact_key)
                .outerjoin(Complainant, Complainant.id == Complaint.complainant_id)
                .where(Complaint.reference == reference)
            ).one_or_none()
            if row is None:
                raise LookupError("no complaint with that reference")
            return self._follow_up(session, row[0], row[1])

    def sweep_follow_ups(self) -> int:
        """Queue any follow-up a recent filing is missing (the channel that filed it may have died
        between filing and queueing). Idempotency keys make this harmless to run often."""
        since = self._clock() - FOLLOW_UP_WINDOW
        queued = 0
        with self._transaction() as session:
            rows = session.execute(
                select(Complaint, Complainant.contact_key)
                .outerjoin(Complainant, Complainant.id == Complaint.complainant_id)
                .where(
                    Complaint.received >= since,  # indexed (ix_complaints_received); filings are recent
                    or_(
                        and_(Complaint.urgent.is_(True), Complaint.channel.in_(PAGING_CHANNELS)),
                        Complaint.channel == "voice",
                    ),
                )
                .order_by(Complaint.id)
            ).all()
            done = self._followed_up(session, [complaint.reference for complaint, _ in rows])
            for complaint, contact in rows:
                # a complaint with one follow-up queued may still miss the other: only skip writes
                # when nothing is missing for sure
                if complaint.reference in done and not (complaint.urgent and complaint.channel == "voice"):
                    continue
                queued += self._follow_up(session, complaint, contact)
        return queued

    @staticmethod
    def _followed_up(session: Session, references: list[str]) -> set[str]:
        """Which of these complaints already have a page or confirmation queued."""
        if not references:
            return set()
        return set(
            session.execute(
                select(OutboxMessage.complaint_reference).where(
                    OutboxMessage.complaint_reference.in_(references),
                    OutboxMessage.purpose.in_(("page_on_call", "confirmation")),
                )
            ).scalars()
        )

    def _follow_up(self, session: Session, complaint: Complaint, contact: str | None) -> int:
        pack = get_pack(complaint.jurisdiction)
        sender = pack.phone_numbers[0]
        queued = 0
        if complaint.urgent and complaint.channel in PAGING_CHANNELS and "on_call" in pack.contacts:
            queued += self.enqueue_in(
                session,
                key=f"page:{complaint.reference}",
                purpose="page_on_call",
                jurisdiction=pack.code,
                to_number=pack.contacts["on_call"].phone,
                from_number=sender,
                body=page_text(complaint, self._console_url),
                complaint_reference=complaint.reference,
            )
        # a caller hears the reference once; the text keeps it (SMS residents already have it in writing)
        if complaint.channel == "voice" and contact and contact.startswith("+"):
            queued += self.enqueue_in(
                session,
                key=f"confirm:{complaint.reference}",
                purpose="confirmation",
                jurisdiction=pack.code,
                to_number=contact,
                from_number=sender,
                body=voice_confirmation_text(pack, complaint.reference, complaint.language),
                complaint_reference=complaint.reference,
            )
        return queued

    def queue_status_text(self, reference: str) -> bool:
        """Tell the resident by text where their complaint stands now (e.g. after the clerk's review).
        One text per complaint and status, in the language the resident spoke (the complaint's `language`);
        nothing for anonymous-by-channel (REST) or unknown numbers, nor where the resident did not agree to
        status texts (the pack's `dispatch.status_texts`, as for the officer's: a later "no updates" too)."""
        with self._transaction() as session:
            row = session.execute(
                select(
                    Complaint.jurisdiction,
                    Complaint.status,
                    Complaint.language,
                    Complaint.details,
                    Complainant.contact_key,
                )
                .outerjoin(Complainant, Complainant.id == Complaint.complainant_id)
                .where(Complaint.reference == reference)
            ).one_or_none()
            if row is None:
                raise LookupError("no complaint with that reference")
            pack = get_pack(row.jurisdiction)
            if not agreed_to_updates(pack, row.details or {}, row.contact_key):
                return False
            return self.enqueue_in(
                session,
                key=f"status:{reference}:{row.status}",
                purpose="status",
                jurisdiction=pack.code,
                to_number=row.contact_key,
                from_number=pack.phone_numbers[0],
                body=status_text(pack, reference, row.status, row.language),
                complaint_reference=reference,
            )

    # ---- the worker's side ---------------------------------------------------------------------

    def claim_due(self, limit: int = 20) -> list[ClaimedMessage]:
        """Lease up to `limit` due rows to this worker, oldest first, counting the attempt."""
        now = self._clock()
        with self._transaction() as session:
            query = (
                select(OutboxMessage)
                .where(
                    OutboxMessage.status == "pending",
                    OutboxMessage.next_attempt_at <= now,
                    or_(OutboxMessage.claimed_until.is_(None), OutboxMessage.claimed_until < now),
                )
                .order_by(OutboxMessage.next_attempt_at, OutboxMessage.id)
                .limit(limit)
            )
            if session.get_bind().dialect.name == "postgresql":
                # other workers skip rows being claimed (SQLite: BEGIN IMMEDIATE already serialises)
                query = query.with_for_update(skip_locked=True)
            claimed = []
            for row in session.execute(query).scalars():
                row.attempts += 1
                row.claimed_until = now + self._lease
                claimed.append(
                    ClaimedMessage(
                        row.id, row.idempotency_key, row.to_number, row.from_number, row.body, row.attempts
                    )
                )
            return claimed

    def is_opted_out(self, phone: str) -> bool:
        with self._session_factory() as session:
            return session.get(SmsOptOut, phone) is not None

    def mark_sent(self, message: ClaimedMessage, provider_sid: str | None) -> bool:
        """Settle a successful send; False if the lease was lost to another worker meanwhile."""
        return self._settle(
            message, status="sent", sent_at=self._clock(), provider_sid=provider_sid, last_error=None
        )

    def mark_suppressed(self, message: ClaimedMessage, reason: str) -> bool:
        """Not sent on purpose (the number opted out, or Twilio says it is unsubscribed)."""
        return self._settle(message, status="suppressed", last_error=reason[:500])

    def mark_failed(self, message: ClaimedMessage, error: str, *, permanent: bool = False) -> bool:
        """A failed attempt: retry after the backoff delay, or give up (kept as `failed`, never lost)."""
        if permanent or message.attempt >= self.backoff.max_attempts:
            return self._settle(message, status="failed", last_error=error[:500])
        return self._settle(
            message,
            status="pending",
            next_attempt_at=self._clock() + self.backoff.delay(message.attempt),
            last_error=error[:500],
        )

    def _settle(self, message: ClaimedMessage, **values: object) -> bool:
        with self._transaction() as session:
            result = session.execute(
                update(OutboxMessage)
                .where(
                    and_(
                        OutboxMessage.id == message.id,
                        OutboxMessage.status == "pending",
                        OutboxMessage.attempts == message.attempt,
                    )
                )
                .values(claimed_until=None, **values)
            )
            return bool(result.rowcount)

    def messages(self, keys: Sequence[str] | None = None) -> list[OutboxMessage]:
        """Rows, oldest first (for tests, the bench and the console)."""
        with self._session_factory() as session:
            query = select(OutboxMessage).order_by(OutboxMessage.id)
            if keys is not None:
                query = query.where(OutboxMessage.idempotency_key.in_(list(keys)))
            return list(session.execute(query).scalars())


def status_text(pack: Pack, reference: str, status: str, language: object = DEFAULT_LANGUAGE) -> str:
    """Where a complaint stands, for the resident, in their language (bot/messages/status.py)."""
    key = f"status_{status}" if status in ("new", "accepted", "rejected", "duplicate") else "status_other"
    words = say(key, language, status=status)
    return say("status_text", language, city=pack.name, reference=reference, status=words)[:STATUS_LIMIT]


def voice_confirmation_text(pack: Pack, reference: str, language: object = DEFAULT_LANGUAGE) -> str:
    """The caller's text after a phone report, in the caller's language."""
    note = written_follow_up_note(pack, language)
    text = say("voice_confirmation", language, city=pack.name, reference=reference, note=note)
    return text.strip()[:STATUS_LIMIT]


def verbal_complaint_note(pack: Pack, language: object = DEFAULT_LANGUAGE) -> str:
    """What a phone report means under this city's ordinance (pack field `phone_line.verbal_note`; in Spanish
    `verbal_note_es`, else the English)."""
    return _pack_wording(pack, "verbal_note", language)


def written_follow_up_note(pack: Pack, language: object = DEFAULT_LANGUAGE) -> str:
    return _pack_wording(pack, "written_follow_up", language)


def _pack_wording(pack: Pack, field: str, language: object) -> str:
    """A phone_line wording of the pack in `language` (`<field>_<language>`), else the English one."""
    section = _phone_line(pack)
    code = language_of(language)
    if code != DEFAULT_LANGUAGE and section.get(f"{field}_{code}"):
        return str(section[f"{field}_{code}"])
    return str(section.get(field) or "")


def _phone_line(pack: Pack) -> dict:
    section = pack.extra.get("phone_line") or {}
    return dict(section) if isinstance(section, dict) else {}
