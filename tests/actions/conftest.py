"""Inline trackers (as rasa-sdk's own tests build them) and a real case service on a temp SQLite file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

import actions.services
from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.service import CaseService

DOMAIN_FILE = Path(__file__).resolve().parents[2] / "domain.yml"
USER_TIMESTAMP = 1795000000.0  # 2026-11-18T11:06:40Z, 05:06 in Kellogg


@pytest.fixture(scope="session")
def domain() -> dict[str, Any]:
    return yaml.safe_load(DOMAIN_FILE.read_text(encoding="utf-8"))


@pytest.fixture
def dispatcher() -> CollectingDispatcher:
    return CollectingDispatcher()


def make_tracker(
    text: str = "",
    intent: str = "inform",
    entities: list[dict[str, Any]] | None = None,
    slots: dict[str, Any] | None = None,
    set_this_turn: dict[str, Any] | None = None,
    active_loop: str | None = None,
    sender_id: str = "resident-1",
    channel: str = "rest",
    earlier_events: list[dict[str, Any]] | None = None,
    message_id: str = "m-1",
    metadata: dict[str, Any] | None = None,
) -> Tracker:
    """A tracker whose latest user message is `text`; `set_this_turn` are slots extracted from it."""
    latest = {
        "text": text,
        "intent": {"name": intent, "confidence": 0.99},
        "entities": entities or [],
        "message_id": message_id,
        "metadata": metadata or {},
    }
    events = list(earlier_events or [])
    events.append(
        {
            "event": "user",
            "text": text,
            "timestamp": USER_TIMESTAMP,
            "parse_data": latest,
            "input_channel": channel,
        }
    )
    events += [{"event": "slot", "name": k, "value": v} for k, v in (set_this_turn or {}).items()]
    all_slots = {"jurisdiction": "kellogg", "failed_tries": 0.0, **(slots or {}), **(set_this_turn or {})}
    return Tracker(
        sender_id=sender_id,
        slots=all_slots,
        latest_message=latest,
        events=events,
        paused=False,
        followup_action=None,
        active_loop={"name": active_loop} if active_loop else {},
        latest_action_name="action_listen",
    )


def entity(name: str, value: str, text: str) -> dict[str, Any]:
    start = text.lower().index(value.lower()) if value.lower() in text.lower() else 0
    return {"entity": name, "value": value, "start": start, "end": start + len(value)}


@pytest.fixture
def case_service(tmp_path, monkeypatch) -> CaseService:
    """The real filing service on a fresh, migrated SQLite database, wired into the actions."""
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    service = CaseService(make_session_factory(make_engine(url)))
    monkeypatch.setattr(actions.services, "case_service", lambda: service)
    for module in ("actions.filing", "actions.conversation", "actions.type_asking"):
        monkeypatch.setattr(f"{module}.case_service", lambda: service)
    return service
