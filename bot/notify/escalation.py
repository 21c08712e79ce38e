"""Alerts that escalate: run by the outbox worker before each pass (bot.notify.worker).

- An urgent page not acknowledged (no step recorded on the officer's page) within the pack's
  `dispatch.escalate_after_minutes` is sent to the backup on call (pack contact `backup_on_call`).
- A bite whose owner-notice deadline (Kellogg 58-10 D) is `dispatch.deadline_warning_minutes` away pages
  again: the officer on call, and the backup too when the backup was paged or answered.
- Every page is recorded (`dispatch_pages`, and the complaint's history), the first page too.

Pages are outbox texts with idempotency keys, and a page is recorded once per reason and recipient, so two
workers running this at once page once. Time comes from the injected clock: tests escalate without sleeping.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from bot.cases.dispatch import BoardComplaint, DispatchService, DispatchState
from bot.cases.models import Complaint
from bot.jurisdictions import Pack, load_packs
from bot.notify.dispatch_rules import dispatch_settings, owner_notice_deadline
from bot.notify.models import OutboxMessage
from bot.notify.outbox import OutboxService
from bot.notify.pages import page_text
from bot.ordinance.dates import local_time_words

BACKUP_CONTACT = "backup_on_call"
CONTACT_OF = {"on_call": "on_call", "backup": BACKUP_CONTACT}
LOOK_BACK = timedelta(days=1)  # pages are about now: older urgent complaints are the board's, not the pager's
# outcomes after which the owner-notice clock no longer needs the officer
CLOCK_SETTLED = ("owner_advised", "impounded")


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


@dataclass
class EscalationStats:
    recorded: int = 0  # first pages (queued at filing) recorded
    backup: int = 0
    deadline: int = 0


def clock_settled(state: DispatchState) -> bool:
    """The owner was advised, or the animal impounded: a 58-10 D clock needs nobody any more."""
    return state.finished is not None and state.finished.outcome in CLOCK_SETTLED


def bite_deadline(pack: Pack, complaint: BoardComplaint) -> datetime | None:
    """The owner-notice deadline of a bite on the board (None for other types or where none runs)."""
    if complaint.type != "bite":
        return None
    return owner_notice_deadline(
        pack, reference=complaint.reference, occurred=complaint.occurred, received=complaint.received,
        victim_kind=complaint.victim_kind, injury=complaint.injury,
    )  # fmt: skip


class Escalation:
    def __init__(
        self,
        session_factory: sessionmaker,
        outbox: OutboxService,
        clock: Callable[[], datetime] = _utc_now,
        console_url: str = "",
    ) -> None:
        self._session_factory = session_factory
        self._outbox = outbox
        self._dispatch = DispatchService(session_factory, clock=clock)
        self._clock = clock
        self._console_url = console_url

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._session_factory() as session, session.begin():
            yield session

    def run_once(self) -> EscalationStats:
        """Record first pages, escalate unacknowledged ones, warn of close deadlines; safe to repeat."""
        now = self._clock()
        packs = load_packs()
        stats = EscalationStats()
        for complaint in self._dispatch.board_complaints(list(packs), now - LOOK_BACK):
            if complaint.urgent:
                self._escalate(complaint, packs[complaint.jurisdiction], now, stats)
        return stats

    def _escalate(self, complaint: BoardComplaint, pack: Pack, now: datetime, stats: EscalationStats) -> None:
        settings = dispatch_settings(pack)
        with self._transaction() as session:
            first_key = f"page:{complaint.reference}"
            first_at = session.execute(
                select(OutboxMessage.created_at).where(OutboxMessage.idempotency_key == first_key)
            ).scalar_one_or_none()
            if first_at is None:
                return  # nothing was paged (no officer on call in the pack, or the filing sweep is due)
            # read again in this transaction: an acknowledgement may have come since the board was read
            state = self._dispatch.states_in(session, [complaint.id])[complaint.id]
            if not state.paged("urgent"):
                stats.recorded += self._dispatch.record_page_in(
                    session, complaint.id, complaint.reference, "urgent", "on_call", first_key, first_at
                )
            waited = timedelta(minutes=settings.escalate_after_minutes)
            backup_paged = state.paged("unacknowledged")
            if not state.acknowledged and BACKUP_CONTACT in pack.contacts and now >= first_at + waited:
                if not backup_paged:
                    note = f"Not acknowledged in {settings.escalate_after_minutes} min."
                    stats.backup += self._page(session, complaint, pack, "unacknowledged", "backup", note)
                    backup_paged = True
            deadline = bite_deadline(pack, complaint)
            warning = timedelta(minutes=settings.deadline_warning_minutes)
            if deadline is None or clock_settled(state) or not now < deadline <= now + warning:
                return
            note = f"Advise the owner by {local_time_words(deadline, pack.tz)} (58-10 D)."
            for recipient in self._deadline_recipients(state, pack, backup_paged):
                if not state.paged("owner_notice_deadline", recipient):
                    stats.deadline += self._page(
                        session, complaint, pack, "owner_notice_deadline", recipient, note
                    )

    @staticmethod
    def _deadline_recipients(state: DispatchState, pack: Pack, backup_paged: bool) -> list[str]:
        backup_involved = backup_paged or state.as_role == "backup"
        return ["on_call"] + (["backup"] if backup_involved and BACKUP_CONTACT in pack.contacts else [])

    def _page(
        self, session: Session, complaint: BoardComplaint, pack: Pack, reason: str, recipient: str, note: str
    ) -> bool:
        """Queue a page and record it, in the caller's transaction."""
        key = f"page-{reason}:{complaint.reference}:{recipient}"
        row = session.get(Complaint, complaint.id)
        body = page_text(row, self._console_url, note)
        self._outbox.enqueue_in(
            session, key=key, purpose="page_on_call", jurisdiction=pack.code,
            to_number=pack.contacts[CONTACT_OF[recipient]].phone, from_number=pack.phone_numbers[0], body=body,
            complaint_reference=complaint.reference,
        )  # fmt: skip
        return self._dispatch.record_page_in(
            session, complaint.id, complaint.reference, reason, recipient, key, self._clock()
        )
