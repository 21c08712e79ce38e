"""What the Twilio channels remember between deliveries: which webhook deliveries were taken in (and
the reply each got), which numbers opted out of texts, and photos waiting for words."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session, sessionmaker

from bot.notify.models import PendingPhoto, ProcessedTwilioRequest, SmsOptOut
from bot.notify.outbox import dialect_insert

# Spanish opt-out words that are also answers: "alto" is "stop" and "tall" ("¿Cómo es?" "alto"). In a report
# in progress such a word is taken as the answer, with a note on how to stop; said twice in a row it opts out.
STOP_WORDS_THAT_ANSWER = frozenset({"alto"})


class OptOut(enum.Enum):
    NOW = "now"  # opt the number out
    CONFIRM = "confirm"  # take the word as an answer and say how to stop


def spanish_opt_out(word: str, report_in_progress: bool, previous_text: str | None) -> OptOut:
    """What a Spanish opt-out word does: out at once, unless it is also an answer in a report in progress and
    the resident's previous message was not the same word (then it is taken as the answer)."""
    if word not in STOP_WORDS_THAT_ANSWER or not report_in_progress:
        return OptOut.NOW
    previous = (previous_text or "").strip().strip(".!¡¿?").lower()
    return OptOut.NOW if previous == word else OptOut.CONFIRM


# A delivery still unanswered after this long was abandoned by a crashed process: a retry takes it over.
STALE_CLAIM = timedelta(seconds=60)
# A photo sent without words goes with the resident's next text only within this time.
UNSENT_PHOTO_LIFETIME = timedelta(days=1)


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class ClaimState(enum.Enum):
    NEW = "new"  # first delivery: process it
    DONE = "done"  # processed before: answer with the stored reply
    IN_PROGRESS = "in_progress"  # another delivery of it is being processed right now


@dataclass(frozen=True)
class Claim:
    state: ClaimState
    reply_twiml: str | None = None
    # read in the same transaction when a phone is given (one database round per delivery, not three)
    opted_out: bool = False
    pending_photos: tuple[tuple[int, str], ...] = ()


class InboundStore:
    """One transaction per call; safe to share between threads."""

    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime] = _utc_now) -> None:
        self._session_factory = session_factory
        self._clock = clock

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._session_factory() as session, session.begin():
            yield session

    # ---- processed deliveries ------------------------------------------------------------------

    def claim_request(self, channel: str, key: str, phone: str | None = None) -> Claim:
        """Record a delivery before processing it; the unique key makes a retry find the first one.
        With `phone`, a new claim also says whether that number opted out and which photos await it."""
        now = self._clock()
        with self._transaction() as session:
            inserted = session.execute(
                dialect_insert(session, ProcessedTwilioRequest)
                .values(channel=channel, request_key=key, created_at=now)
                .on_conflict_do_nothing(index_elements=["channel", "request_key"])
            )
            if inserted.rowcount:
                return self._new_claim(session, phone)
            row = session.execute(
                select(ProcessedTwilioRequest).where(
                    ProcessedTwilioRequest.channel == channel, ProcessedTwilioRequest.request_key == key
                )
            ).scalar_one()
            if row.reply_twiml is not None:
                return Claim(ClaimState.DONE, row.reply_twiml)
            if row.created_at < now - STALE_CLAIM:
                row.created_at = now
                return self._new_claim(session, phone)
            return Claim(ClaimState.IN_PROGRESS)

    def _new_claim(self, session: Session, phone: str | None) -> Claim:
        if phone is None:
            return Claim(ClaimState.NEW)
        opted_out = session.get(SmsOptOut, phone) is not None
        photos = session.execute(
            select(PendingPhoto.id, PendingPhoto.url)
            .where(
                PendingPhoto.phone == phone, PendingPhoto.created_at >= self._clock() - UNSENT_PHOTO_LIFETIME
            )
            .order_by(PendingPhoto.id)
        ).all()
        return Claim(ClaimState.NEW, opted_out=opted_out, pending_photos=tuple((r.id, r.url) for r in photos))

    def reply_for(self, channel: str, key: str) -> str | None:
        with self._session_factory() as session:
            return session.execute(
                select(ProcessedTwilioRequest.reply_twiml).where(
                    ProcessedTwilioRequest.channel == channel, ProcessedTwilioRequest.request_key == key
                )
            ).scalar_one_or_none()

    def complete_request(
        self, channel: str, key: str, reply_twiml: str, delivered_photo_ids: Sequence[int] = ()
    ) -> None:
        """Store the reply for retries; photos this delivery carried into the conversation are done."""
        with self._transaction() as session:
            session.execute(
                update(ProcessedTwilioRequest)
                .where(ProcessedTwilioRequest.channel == channel, ProcessedTwilioRequest.request_key == key)
                .values(reply_twiml=reply_twiml, completed_at=self._clock())
            )
            if delivered_photo_ids:
                session.execute(delete(PendingPhoto).where(PendingPhoto.id.in_(list(delivered_photo_ids))))

    def abandon_request(self, channel: str, key: str) -> None:
        """Processing failed: forget the claim so Twilio's retry is processed afresh."""
        with self._transaction() as session:
            session.execute(
                delete(ProcessedTwilioRequest).where(
                    ProcessedTwilioRequest.channel == channel,
                    ProcessedTwilioRequest.request_key == key,
                    ProcessedTwilioRequest.reply_twiml.is_(None),
                )
            )

    # ---- opt-outs ------------------------------------------------------------------------------

    def opt_out(self, phone: str) -> None:
        with self._transaction() as session:
            session.execute(
                dialect_insert(session, SmsOptOut)
                .values(phone=phone, opted_out_at=self._clock())
                .on_conflict_do_nothing(index_elements=["phone"])
            )

    def opt_in(self, phone: str) -> bool:
        """True when the number was opted out."""
        with self._transaction() as session:
            return bool(session.execute(delete(SmsOptOut).where(SmsOptOut.phone == phone)).rowcount)

    def is_opted_out(self, phone: str) -> bool:
        with self._session_factory() as session:
            return session.get(SmsOptOut, phone) is not None

    # ---- photos without words ------------------------------------------------------------------

    def keep_photos(self, phone: str, urls: Sequence[str]) -> None:
        now = self._clock()
        with self._transaction() as session:
            session.add_all(PendingPhoto(phone=phone, url=url, created_at=now) for url in urls)

    def pending_photos(self, phone: str) -> list[tuple[int, str]]:
        """(id, url) of photos waiting for this number's next text (sent within a day), oldest first."""
        with self._session_factory() as session:
            rows = session.execute(
                select(PendingPhoto.id, PendingPhoto.url)
                .where(
                    PendingPhoto.phone == phone,
                    PendingPhoto.created_at >= self._clock() - UNSENT_PHOTO_LIFETIME,
                )
                .order_by(PendingPhoto.id)
            ).all()
        return [(row.id, row.url) for row in rows]

    def drop_photos(self, ids: Sequence[int]) -> None:
        """Once a text carried them into the conversation."""
        if not ids:
            return
        with self._transaction() as session:
            session.execute(delete(PendingPhoto).where(PendingPhoto.id.in_(list(ids))))
