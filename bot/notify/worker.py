"""The outbox worker: `python -m bot.notify worker`. Sends due texts, retries failures with backoff,
and sweeps recent filings for follow-ups (pages, call confirmations) nobody queued."""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from bot.notify.outbox import Backoff, ClaimedMessage, OutboxService
from bot.notify.sender import SendResult

if TYPE_CHECKING:
    from bot.notify.escalation import Escalation

log = logging.getLogger(__name__)


class Sender(Protocol):
    def send(self, to: str, from_: str, body: str) -> SendResult: ...


@dataclass
class RunStats:
    sent: int = 0
    retried: int = 0
    failed: int = 0
    suppressed: int = 0
    swept: int = 0
    escalated: int = 0  # pages to the backup, and owner-notice deadline pages, queued this pass


class OutboxWorker:
    def __init__(
        self,
        outbox: OutboxService,
        sender: Sender,
        batch_size: int = 20,
        poll_seconds: float = 2.0,
        sweep_every_polls: int = 15,
        escalation: Escalation | None = None,
    ) -> None:
        self._outbox = outbox
        self._sender = sender
        self._batch_size = batch_size
        self._poll_seconds = poll_seconds
        self._sweep_every = max(1, sweep_every_polls)
        self._escalation = escalation

    def run_once(self, sweep: bool = False) -> RunStats:
        """One pass: optionally sweep, escalate unacknowledged pages, then send every due row in batches until
        none is due."""
        stats = RunStats()
        if sweep:
            stats.swept = self._outbox.sweep_follow_ups()
        if self._escalation is not None:
            escalated = self._escalation.run_once()
            stats.escalated = escalated.backup + escalated.deadline
        while True:
            batch = self._outbox.claim_due(self._batch_size)
            if not batch:
                return stats
            for message in batch:
                self._deliver(message, stats)

    def _deliver(self, message: ClaimedMessage, stats: RunStats) -> None:
        if self._outbox.is_opted_out(message.to_number):
            self._outbox.mark_suppressed(message, "recipient opted out")
            stats.suppressed += 1
            return
        result = self._sender.send(message.to_number, message.from_number, message.body)
        if result.ok:
            self._outbox.mark_sent(message, result.provider_sid)
            stats.sent += 1
            log.info("outbox %s sent (attempt %d)", message.idempotency_key, message.attempt)
        elif result.unsubscribed:
            self._outbox.mark_suppressed(message, result.error or "unsubscribed")
            stats.suppressed += 1
        else:
            permanent = result.permanent or message.attempt >= self._outbox.backoff.max_attempts
            self._outbox.mark_failed(message, result.error or "unknown error", permanent=result.permanent)
            if permanent:
                stats.failed += 1
                log.error(
                    "outbox %s gave up after %d attempts: %s",
                    message.idempotency_key,
                    message.attempt,
                    result.error,
                )
            else:
                stats.retried += 1
                log.warning(
                    "outbox %s attempt %d failed (%s); will retry",
                    message.idempotency_key,
                    message.attempt,
                    result.error,
                )

    def run_forever(self, stop: threading.Event) -> None:
        """Poll until `stop` is set; a failing pass is logged and the next one tries again."""
        polls = 0
        while not stop.is_set():
            try:
                self.run_once(sweep=polls % self._sweep_every == 0)
            except Exception:
                log.exception("outbox pass failed; retrying at the next poll")
            polls += 1
            stop.wait(self._poll_seconds)


def jittered_backoff(base_seconds: float, max_seconds: float, max_attempts: int) -> Backoff:
    """Backoff with +-20% random spread, so texts failing together do not retry together."""
    rng = random.Random()
    return Backoff(base_seconds, max_seconds, max_attempts, jitter=lambda: rng.uniform(0.8, 1.2))
