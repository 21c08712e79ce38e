"""The officer's board: what needs the officer now, most urgent first, from the open complaints of the
officer's cities. The order is the issue's: bites; animals or people in danger now; threats; a 58-10 D
"advise the owner by" clock while it runs; animals at large reported still there in the last hour.
Within a group, the one waiting longest (or the soonest deadline) comes first.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import quote

from sqlalchemy.orm import sessionmaker

from bot.cases.dispatch import BoardComplaint, DispatchService
from bot.jurisdictions import Pack
from bot.notify.calls import CallBridge
from bot.notify.dispatch_rules import dispatch_settings
from bot.notify.dispatch_texts import DispatchTexts
from bot.notify.escalation import bite_deadline, clock_settled
from bot.notify.outbox import OutboxService
from bot.settings import Settings

# (group, heading) in the order the board shows them
GROUPS = (
    ("bite", "Bite"),
    ("danger", "In danger now"),
    ("threat", "Threat"),
    ("owner_notice", "Advise the owner by"),
    ("at_large", "At large, still there"),
)
RANK = {group: rank for rank, (group, _) in enumerate(GROUPS)}
HEADINGS = dict(GROUPS)
STILL_THERE_FOR = timedelta(hours=1)


@dataclass(frozen=True)
class BoardItem:
    complaint: BoardComplaint
    group: str
    deadline: datetime | None  # the 58-10 D owner-notice deadline while it runs

    @property
    def heading(self) -> str:
        return HEADINGS[self.group]


@dataclass
class OfficerServices:
    """What the officer's routes use beyond the console's case service (kept on the console context)."""

    dispatch: DispatchService
    texts: DispatchTexts
    settings: Settings
    _bridge: CallBridge | None = None

    @classmethod
    def build(
        cls, session_factory: sessionmaker, outbox: OutboxService, settings: Settings, clock
    ) -> OfficerServices:
        return cls(
            DispatchService(session_factory, clock=clock), DispatchTexts(session_factory, outbox), settings
        )

    def bridge(self) -> CallBridge | None:
        """The Twilio call bridge, or None where Twilio is not configured (development)."""
        if not (self.settings.twilio_account_sid and self.settings.twilio_auth_token):
            return None
        if self._bridge is None:
            self._bridge = CallBridge(
                self.settings.twilio_account_sid,
                self.settings.twilio_auth_token,
                self.settings.twilio_api_base_url,
            )
        return self._bridge


def _group(pack: Pack, c: BoardComplaint, now: datetime) -> tuple[str | None, datetime | None]:
    deadline = bite_deadline(pack, c)
    running = deadline if deadline is not None and deadline > now and not clock_settled(c.dispatch) else None
    if c.dispatch.finished is not None:
        return ("owner_notice" if running else None), running
    if c.type == "bite":
        return "bite", running
    if c.type == "threat":
        return "threat", None
    if c.urgent:
        return "danger", None
    still_there = str(c.details.get("still_there") or "").lower() == "yes"
    if c.type == "at_large" and still_there and now - c.received <= STILL_THERE_FOR:
        return "at_large", None
    return None, None


def board_items(
    complaints: Sequence[BoardComplaint], packs: Mapping[str, Pack], now: datetime
) -> list[BoardItem]:
    """The board's items from the open complaints of the officer's cities, most urgent first."""
    items = []
    for complaint in complaints:
        pack = packs[complaint.jurisdiction]
        if now - complaint.received > timedelta(days=dispatch_settings(pack).board_days):
            continue
        group, deadline = _group(pack, complaint, now)
        if group is not None:
            items.append(BoardItem(complaint, group, deadline))
    return sorted(items, key=lambda i: (RANK[i.group], i.deadline or i.complaint.received, i.complaint.id))


def board_since(packs: Mapping[str, Pack], now: datetime) -> datetime:
    """How far back the board reads: the longest `board_days` of these cities."""
    days = max((dispatch_settings(pack).board_days for pack in packs.values()), default=1)
    return now - timedelta(days=days)


def maps_links(place: str, pack: Pack) -> tuple[str, str]:
    """(geo: URI for Android's maps app, Apple Maps URL, which other phones open in their maps) for a place."""
    query = quote(f"{place}, {pack.name}")
    return f"geo:0,0?q={query}", f"https://maps.apple.com/?q={query}"
