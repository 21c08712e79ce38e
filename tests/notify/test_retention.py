"""Issue 10 finding 12: residents' words were kept forever. `python -m bot.cases prune` now deletes tracker
events, blanks raw transcripts and drops stored webhook replies and settled texts after the pack's period
(`retention.conversation_days`, default 180 days); complaint records stay."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

import bot.notify.retention as retention
from bot.jurisdictions import get_pack, load_packs
from bot.notify.retention import DEFAULT_CONVERSATION_DAYS, conversation_days, prune

ROOT = Path(__file__).resolve().parents[2]


def _tracker(path: Path, now) -> str:
    url = f"sqlite:///{path}"
    with create_engine(url).begin() as connection:
        connection.execute(
            text("CREATE TABLE events (id INTEGER PRIMARY KEY, sender_id TEXT, timestamp REAL)")
        )
        for sender, age in (("+15075550142", 200), ("+15075550142", 10), ("rest:x", 181)):
            stamp = (now - timedelta(days=age)).timestamp()
            connection.execute(
                text("INSERT INTO events (sender_id, timestamp) VALUES (:s, :t)"), {"s": sender, "t": stamp}
            )
    return url


def test_the_default_period_is_180_days_and_a_pack_may_set_its_own() -> None:
    kellogg = get_pack("kellogg")
    assert conversation_days(kellogg) == DEFAULT_CONVERSATION_DAYS == 180
    shorter = dataclasses.replace(kellogg, extra={**kellogg.extra, "retention": {"conversation_days": 30}})
    assert conversation_days(shorter) == 30
    with pytest.raises(ValueError):
        conversation_days(dataclasses.replace(kellogg, extra={"retention": {"conversation_days": "forever"}}))


def test_prune_removes_old_words_and_keeps_complaints(
    session_factory, cases, make_report, outbox, inbound, clock, tmp_path
) -> None:
    now = clock.now
    old = cases.file_complaint(
        make_report(received=now - timedelta(days=200), transcript="Jane Doe, 412 oak")
    )
    recent = cases.file_complaint(make_report(received=now - timedelta(days=5), transcript="the dog barks"))
    clock.now = now - timedelta(days=200)
    inbound.claim_request("sms", "SMold", "+15075550142")
    inbound.complete_request("sms", "SMold", "<Response>Jane Doe at 412 Oak</Response>")
    outbox.enqueue(key="old-pending", purpose="status", jurisdiction="kellogg", to_number="+15075550142",
                   from_number="+15075550158", body="queued long ago")  # fmt: skip
    clock.now = now
    inbound.claim_request("sms", "SMnew", "+15075550142")
    tracker = create_engine(_tracker(tmp_path / "tracker.db", now))

    result = prune(session_factory, tracker, clock=lambda: now)

    assert (result.tracker_events, result.transcripts, result.webhook_replies) == (2, 1, 1)
    assert cases.get_complaint(old).transcript == "" and cases.get_complaint(old).type == "barking"
    assert cases.get_complaint(recent).transcript == "the dog barks"
    assert inbound.reply_for("sms", "SMold") is None
    assert [m.idempotency_key for m in outbox.messages()] == ["old-pending"]  # never drop an unsent text
    with tracker.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM events")).scalar() == 1
    assert prune(session_factory, tracker, clock=lambda: now).transcripts == 0  # idempotent


def test_a_pack_with_a_shorter_period_prunes_sooner(
    session_factory, cases, make_report, clock, monkeypatch
) -> None:
    now = clock.now
    reference = cases.file_complaint(make_report(received=now - timedelta(days=40)))
    packs = dict(load_packs())
    packs["kellogg"] = dataclasses.replace(packs["kellogg"], extra={"retention": {"conversation_days": 30}})
    monkeypatch.setattr(retention, "load_packs", lambda: packs)
    prune(session_factory, None, clock=lambda: now)
    assert cases.get_complaint(reference).transcript == ""


def test_the_prune_command(tmp_path) -> None:
    from bot.cases.db import migrate

    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    env = {**os.environ, "DATABASE_URL": url, "TRACKER_DATABASE_URL": f"sqlite:///{tmp_path / 'none.db'}",
           "PYTHONPATH": str(ROOT)}  # fmt: skip
    result = subprocess.run([sys.executable, "-m", "bot.cases", "prune"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("pruned 0 tracker events, 0 transcripts")
