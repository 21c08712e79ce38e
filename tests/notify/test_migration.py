"""Revision 0004 creates exactly the outbox/channel tables the models describe, on one Alembic head."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory

import bot.notify.models as notify_models
from bot.cases.db import MIGRATIONS_DIR
from bot.cases.models import metadata

OUR_TABLES = {"outbox_messages", "processed_twilio_requests", "sms_opt_outs", "pending_photos"}


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
