"""Revision 0004 creates exactly the outbox/channel tables the models describe, on one Alembic head."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

import bot.notify.models as notify_models
from bot.cases.db import MIGRATIONS_DIR
from bot.cases.models import metadata

OUR_TABLES = {
    "outbox_messages",
    "processed_twilio_requests",
    "sms_opt_outs",
    "pending_photos",
    "stored_photos",
}


def _table_of(diff: tuple) -> str | None:
    for item in diff:
        name = getattr(item, "name", None) if not isinstance(item, str) else None
        table = getattr(item, "table", None)
        if table is not None and getattr(table, "name", None):
            return table.name
        if name:
            return name
    return None


def test_there_is_one_head() -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    assert len(ScriptDirectory.from_config(config).get_heads()) == 1


def test_migrated_outbox_tables_match_the_models(session_factory) -> None:
    assert notify_models.OutboxMessage.__table__.metadata is metadata  # one Base with the case tables
    with session_factory() as session:
        context = MigrationContext.configure(session.connection(), opts={"compare_type": True})
        diffs = compare_metadata(context, metadata)
    ours = [d for d in diffs if _table_of(d if isinstance(d, tuple) else d[0]) in OUR_TABLES]
    assert ours == []


def test_0007_lets_voice_codes_into_the_outbox_and_downgrades_cleanly(tmp_path) -> None:
    from alembic import command
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import IntegrityError

    from bot.cases.db import migrate

    url = f"sqlite:///{tmp_path / 'm.db'}"
    migrate(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url)
    engine = create_engine(url)
    insert = text(
        "INSERT INTO outbox_messages (idempotency_key, purpose, jurisdiction, to_number, from_number, body,"
        " status, attempts, next_attempt_at, created_at) VALUES (:k, :p, 'kellogg', '+1', '+1', 'b', 'pending',"
        " 0, '2026-01-01', '2026-01-01')"
    )
    with engine.begin() as connection:
        connection.execute(insert, {"k": "a", "p": "voice_code"})
    with pytest.raises(IntegrityError), engine.begin() as connection:  # the other purposes stay refused
        connection.execute(insert, {"k": "b", "p": "spam"})
    command.downgrade(config, "0006_households_and_animals")  # just below 0007_channel_security
    with engine.begin() as connection:
        assert connection.execute(text("SELECT count(*) FROM outbox_messages")).scalar() == 0
    with pytest.raises(IntegrityError), engine.begin() as connection:
        connection.execute(insert, {"k": "c", "p": "voice_code"})
    command.upgrade(config, "head")
