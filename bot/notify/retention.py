"""Retention of residents' words: after a pack-set period (`retention.conversation_days`, default 180 days)
the assistant's tracker events, the raw transcripts on complaints, the stored webhook replies and settled
outbox texts are deleted or blanked. Complaint records themselves stay, as the ordinances require (their type,
place, dates, status, counting and notices are untouched).

A webhook delivery's id (MessageSid, or CallSid and turn) stays, with its reply replaced by an empty TwiML
answer: the id is what makes a replayed delivery (a captured STOP, a filing) an answered one, at any age.

Run by `python -m bot.cases prune`: daily in production by deploy/systemd/intake-prune.timer. The tracker
store it prunes is the one Rasa writes to (bot.settings.tracker_url: the same TRACKER_DB_* settings).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import column, delete, inspect, or_, table, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import sessionmaker

from bot.cases.models import Complaint
from bot.jurisdictions import Pack, load_packs
from bot.notify.models import OutboxMessage, ProcessedTwilioRequest
from bot.notify.photos import PhotoStore

DEFAULT_CONVERSATION_DAYS = 180
# Rasa's SQL tracker store: one row per event, `timestamp` in seconds since the epoch
TRACKER_EVENTS = table("events", column("timestamp"))
# what a pruned delivery is answered with when Twilio (or a replay) sends it again: nothing said, nothing done
PRUNED_REPLY = '<?xml version="1.0" encoding="UTF-8"?><Response />'


def conversation_days(pack: Pack) -> int:
    """The pack's retention period for residents' words, in days (pack key `retention.conversation_days`)."""
    section = pack.extra.get("retention") or {}
    days = section.get("conversation_days", DEFAULT_CONVERSATION_DAYS) if isinstance(section, dict) else None
    if not isinstance(days, int) or days < 1:
        raise ValueError(f"{pack.code}: retention.conversation_days must be a whole number of days >= 1")
    return days


@dataclass(frozen=True)
class PruneResult:
    tracker_events: int
    transcripts: int
    webhook_replies: int
    outbox_texts: int
    unsent_photos: int


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def prune(
    session_factory: sessionmaker,
    tracker_engine: Engine | None,
    clock: Callable[[], datetime] = _utc_now,
) -> PruneResult:
    """Delete or blank residents' words older than each city's period; the shortest period applies to what
    belongs to no city (tracker events, webhook replies)."""
    now = clock()
    packs = load_packs().values()
    shortest = now - timedelta(days=min(conversation_days(p) for p in packs))
    transcripts = outbox = 0
    with session_factory() as session, session.begin():
        for pack in packs:
            cutoff = now - timedelta(days=conversation_days(pack))
            transcripts += session.execute(
                update(Complaint)
                .where(
                    Complaint.jurisdiction == pack.code,
                    Complaint.received < cutoff,
                    Complaint.transcript != "",
                )
                .values(transcript="")
            ).rowcount
            outbox += session.execute(
                delete(OutboxMessage).where(
                    OutboxMessage.jurisdiction == pack.code,
                    OutboxMessage.created_at < cutoff,
                    OutboxMessage.status != "pending",
                )
            ).rowcount
        replies = session.execute(
            update(ProcessedTwilioRequest)
            .where(
                ProcessedTwilioRequest.created_at < shortest,
                or_(
                    ProcessedTwilioRequest.reply_twiml.is_(None),
                    ProcessedTwilioRequest.reply_twiml != PRUNED_REPLY,
                ),
            )
            .values(reply_twiml=PRUNED_REPLY)
        ).rowcount
    events = _prune_tracker(tracker_engine, shortest)
    photos = PhotoStore(session_factory, clock=clock).expire_unsent()
    return PruneResult(events, transcripts, replies, outbox, photos)


def _prune_tracker(tracker_engine: Engine | None, cutoff: datetime) -> int:
    """Rasa's tracker events older than `cutoff`; 0 when there is no tracker store (yet)."""
    if tracker_engine is None or not inspect(tracker_engine).has_table("events"):
        return 0
    with tracker_engine.begin() as connection:
        return connection.execute(
            delete(TRACKER_EVENTS).where(TRACKER_EVENTS.c.timestamp < cutoff.timestamp())
        ).rowcount
