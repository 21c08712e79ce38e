"""Tables of the outbound path and the Twilio channels, on the case database's declarative Base.

Created only by the Alembic revision 0002 (bot/cases/migrations/versions/).
"""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, Index, Integer, LargeBinary, String, Text, UniqueConstraint

from bot.cases.models import Base, BigId, UTCDateTime

OUTBOX_STATUSES = ("pending", "sent", "failed", "suppressed")
OUTBOX_STATUS_CHECK = "status IN ('pending', 'sent', 'failed', 'suppressed')"
OUTBOX_PURPOSES = ("confirmation", "status", "page_on_call", "voice_code")
OUTBOX_PURPOSE_CHECK = "purpose IN ('confirmation', 'status', 'page_on_call', 'voice_code')"


class OutboxMessage(Base):
    """One SMS to send. The worker claims due rows, sends them once, and retries failures with backoff.

    `idempotency_key` says what the text is for (e.g. "page:KEL-2026-00042"): enqueueing the same key
    again is a no-op, so a retried filing or a sweep never queues a second text.
    """

    __tablename__ = "outbox_messages"
    __table_args__ = (
        UniqueConstraint("idempotency_key"),
        CheckConstraint(OUTBOX_STATUS_CHECK, name="status_allowed"),
        CheckConstraint(OUTBOX_PURPOSE_CHECK, name="purpose_allowed"),
        # the worker's query: pending rows whose next attempt is due
        Index("ix_outbox_messages_due", "status", "next_attempt_at", "id"),
    )

    id = Column(BigId, primary_key=True)
    idempotency_key = Column(String(200), nullable=False)
    purpose = Column(String(20), nullable=False)
    jurisdiction = Column(String(40), nullable=False)
    complaint_reference = Column(String(32), nullable=True)
    to_number = Column(String(32), nullable=False)  # E.164; private, never logged
    from_number = Column(String(32), nullable=False)  # the city's Twilio number
    body = Column(Text, nullable=False)
    status = Column(String(20), nullable=False, default="pending")
    attempts = Column(Integer, nullable=False, default=0)
    next_attempt_at = Column(UTCDateTime, nullable=False)
    # a claimed row is leased to one worker until this time; a crashed worker's lease runs out
    claimed_until = Column(UTCDateTime, nullable=True)
    last_error = Column(String(500), nullable=True)  # status code and Twilio error code, no resident data
    provider_sid = Column(String(64), nullable=True)  # Twilio's Message SID once sent
    created_at = Column(UTCDateTime, nullable=False)
    sent_at = Column(UTCDateTime, nullable=True)


class ProcessedTwilioRequest(Base):
    """A webhook delivery taken in (MessageSid, or CallSid + turn): inserted before processing, so a
    retried delivery is recognised, and it gets the reply stored here instead of a second run."""

    __tablename__ = "processed_twilio_requests"
    __table_args__ = (UniqueConstraint("channel", "request_key"),)

    id = Column(BigId, primary_key=True)
    channel = Column(String(10), nullable=False)  # "sms" | "voice"
    request_key = Column(String(100), nullable=False)
    reply_twiml = Column(Text, nullable=True)  # None while the first delivery is being processed
    created_at = Column(UTCDateTime, nullable=False)
    completed_at = Column(UTCDateTime, nullable=True)


class SmsOptOut(Base):
    """A number that texted STOP (or a synonym): it gets nothing until it texts START."""

    __tablename__ = "sms_opt_outs"

    phone = Column(String(32), primary_key=True)  # E.164
    opted_out_at = Column(UTCDateTime, nullable=False)


class PendingPhoto(Base):
    """A photo texted without words: kept here and attached to the resident's next text, so it
    reaches the report and nothing is lost."""

    __tablename__ = "pending_photos"

    id = Column(BigId, primary_key=True)
    phone = Column(String(32), nullable=False, index=True)
    url = Column(String(1000), nullable=False)
    created_at = Column(UTCDateTime, nullable=False)


class StoredPhoto(Base):
    """Our own copy of a resident's photo (EXIF stripped), fetched from Twilio's API: the console serves it
    to signed-in staff by its random token, never on a public interface (migration 0009)."""

    __tablename__ = "stored_photos"
    __table_args__ = (UniqueConstraint("token"),)

    id = Column(BigId, primary_key=True)
    token = Column(String(64), nullable=False)
    content_type = Column(String(40), nullable=False)
    data = Column(LargeBinary, nullable=False)
    created_at = Column(UTCDateTime, nullable=False)
