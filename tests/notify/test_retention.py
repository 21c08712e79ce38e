"""Issue 10 finding 12: residents' words were kept forever. `python -m bot.cases prune` now deletes tracker
events, blanks raw transcripts and drops stored webhook replies and settled texts after the pack's period
(`retention.conversation_days`, default 180 days); complaint records stay."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

import bot.notify.retention as retention
from bot.jurisdictions import get_pack, load_packs
from bot.notify.inbound import ClaimState
from bot.notify.retention import DEFAULT_CONVERSATION_DAYS, PRUNED_REPLY, conversation_days, prune
from bot.settings import MissingSetting, Settings, tracker_url

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
    assert "Jane" not in inbound.reply_for("sms", "SMold")  # the words are gone, the delivery id stays:
    assert (
        inbound.claim_request("sms", "SMold", "+15075550142").state is ClaimState.DONE
    )  # a replay is answered
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


def test_a_pruned_stop_replayed_after_the_period_is_not_processed_again(
    inbound, session_factory, clock
) -> None:
    """Issue 35 item 10: prune deleted the MessageSid records, so a captured STOP (or any delivery) replayed
    after 180 days was processed afresh. The id stays; only the stored reply goes."""
    now = clock.now
    clock.now = now - timedelta(days=200)
    assert inbound.claim_request("sms", "SMstop", "+15075550142").state is ClaimState.NEW
    inbound.complete_request("sms", "SMstop", "<Response />")
    assert inbound.claim_request("voice", "CAold:3").state is ClaimState.NEW  # a call turn never completed
    clock.now = now
    assert prune(session_factory, None, clock=lambda: now).webhook_replies == 2
    replayed = inbound.claim_request("sms", "SMstop", "+15075550142")
    assert replayed.state is ClaimState.DONE and replayed.reply_twiml == PRUNED_REPLY
    assert inbound.claim_request("voice", "CAold:3").state is ClaimState.DONE
    assert prune(session_factory, None, clock=lambda: now).webhook_replies == 0  # idempotent


def test_the_tracker_url_is_built_from_the_settings_rasa_uses_and_production_needs_one() -> None:
    """Issue 35 item 10: in the cluster layout prune read TRACKER_DATABASE_URL, which the layout does not set, and
    pruned a SQLite file nobody writes while the PostgreSQL tracker kept 200-day-old events."""
    built = Settings(_env_file=None, environment="production", tracker_db_host="10.0.0.7", tracker_db_port=6543,
                     tracker_db_name="tracker", tracker_db_user="rasa", tracker_db_password="p@ss word")  # fmt: skip
    url = tracker_url(built)
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    assert (
        parsed.drivername,
        parsed.host,
        parsed.port,
        parsed.database,
        parsed.username,
        parsed.password,
    ) == ("postgresql+psycopg2", "10.0.0.7", 6543, "tracker", "rasa", "p@ss word")
    explicit = Settings(_env_file=None, environment="production", tracker_database_url="sqlite:///x.db",
                        tracker_db_host="10.0.0.7")  # fmt: skip
    assert tracker_url(explicit) == "sqlite:///x.db"
    with pytest.raises(MissingSetting):
        tracker_url(Settings(_env_file=None, environment="production", tracker_db_host=""))
    assert tracker_url(Settings(_env_file=None, environment="development")).endswith("var/tracker.db")


def test_the_prune_command_refuses_production_without_a_tracker_store(tmp_path) -> None:
    from bot.cases.db import migrate

    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRACKER_")}
    env.update(DATABASE_URL=url, ENVIRONMENT="production", PYTHONPATH=str(ROOT))
    result = subprocess.run([sys.executable, "-m", "bot.cases", "prune"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=120)  # fmt: skip
    assert result.returncode == 2 and "TRACKER_DB_HOST" in result.stderr and "pruned" not in result.stdout


def test_the_prune_command_prunes_the_postgresql_tracker_named_by_the_settings_rasa_uses(
    tmp_path, postgres_server_url
) -> None:
    """Issue 35 item 10, as the production layout runs it: TRACKER_DB_* (what deploy/endpoints.production.yml
    gives Rasa), no TRACKER_DATABASE_URL."""
    import uuid

    from sqlalchemy.engine import make_url

    from bot.cases.db import migrate

    server = make_url(postgres_server_url)
    name = f"tracker_{uuid.uuid4().hex[:12]}"
    admin = create_engine(postgres_server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))  # noqa: S608 - a name made here, not input
    tracker_url = server.set(database=name).render_as_string(hide_password=False)
    try:
        now = datetime.now(timezone.utc)
        _rasa_events(tracker_url, now)
        cases_url = f"sqlite:///{tmp_path / 'cases.db'}"
        migrate(cases_url)
        env = {k: v for k, v in os.environ.items() if not k.startswith("TRACKER_")}
        env.update(ENVIRONMENT="production", DATABASE_URL=cases_url, PYTHONPATH=str(ROOT),
                   TRACKER_DB_HOST=server.host or "127.0.0.1", TRACKER_DB_PORT=str(server.port or 5432),
                   TRACKER_DB_NAME=name, TRACKER_DB_USER=server.username or "", TRACKER_DB_PASSWORD=server.password or "")  # fmt: skip
        result = subprocess.run([sys.executable, "-m", "bot.cases", "prune"], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=120)  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith("pruned 2 tracker events")
        engine = create_engine(tracker_url)
        with engine.connect() as connection:
            left = connection.execute(text("SELECT data FROM events")).scalars().all()
        engine.dispose()
        assert left == ['{"text": "the dog barks"}']
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))  # noqa: S608
        admin.dispose()


def _rasa_events(url: str, now) -> None:
    """Rasa's SQL tracker store's table, two events 200 days old (a name among them) and one of today."""
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE events (id SERIAL PRIMARY KEY, sender_id VARCHAR(255) NOT NULL, "
                                "type_name VARCHAR(255) NOT NULL, timestamp FLOAT, intent_name VARCHAR(255), "
                                "action_name VARCHAR(255), data TEXT)"))  # fmt: skip
        for age, data in ((200, '{"text": "my name is Jane Doe"}'), (200, '{"text": "412 oak st"}'),
                          (0, '{"text": "the dog barks"}')):  # fmt: skip
            connection.execute(
                text(
                    "INSERT INTO events (sender_id, type_name, timestamp, data) VALUES (:s, 'user', :t, :d)"
                ),
                {"s": "+15075550142", "t": (now - timedelta(days=age)).timestamp(), "d": data},
            )
    engine.dispose()
