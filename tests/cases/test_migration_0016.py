"""Migration 0016 lets `complaints.type` hold 'unknown': a report the resident could not type after the type
question's two re-asks, filed for the clerk to call back (actions/type_asking.py). Runs on SQLite and on
PostgreSQL (the `database_url` fixture)."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import exc, select

from bot.cases.db import make_engine, migrate
from tests.cases.test_migration_0014 import AT, _complaint, _config, _tables


def test_an_untyped_complaint_is_stored_after_0016_and_refused_before(database_url) -> None:
    migrate(database_url, "0015_officer_dispatch")
    engine = make_engine(database_url)
    at = AT.replace(tzinfo=None) if engine.dialect.name == "sqlite" else AT
    try:
        before = _tables(engine).tables["complaints"]
        with pytest.raises(exc.IntegrityError), engine.begin() as connection:
            connection.execute(before.insert().values(**_complaint(1, "unknown", at)))
        engine.dispose()

        migrate(database_url)
        complaints = _tables(engine).tables["complaints"]
        with engine.begin() as connection:
            connection.execute(complaints.insert().values(**_complaint(1, "unknown", at)))
            connection.execute(complaints.insert().values(**_complaint(2, "barking", at)))
        with engine.connect() as connection:
            assert connection.execute(select(complaints.c.type).order_by("id")).scalars().all() == [
                "unknown", "barking"]  # fmt: skip
        with pytest.raises(exc.IntegrityError), engine.begin() as connection:
            connection.execute(complaints.insert().values(**_complaint(3, "noise", at)))
    finally:
        engine.dispose()


def test_downgrade_refuses_while_an_untyped_complaint_is_stored(database_url) -> None:
    migrate(database_url)
    engine = make_engine(database_url)
    at = AT.replace(tzinfo=None) if engine.dialect.name == "sqlite" else AT
    try:
        complaints = _tables(engine).tables["complaints"]
        with engine.begin() as connection:
            connection.execute(complaints.insert().values(**_complaint(1, "unknown", at)))
        engine.dispose()
        with pytest.raises(RuntimeError, match="without a type"):
            command.downgrade(_config(database_url), "0015_officer_dispatch")
        with engine.begin() as connection:
            connection.execute(complaints.update().values(type="barking"))
        engine.dispose()
        command.downgrade(_config(database_url), "0015_officer_dispatch")
        with pytest.raises(exc.IntegrityError), engine.begin() as connection:
            connection.execute(complaints.insert().values(**_complaint(2, "unknown", at)))
    finally:
        engine.dispose()
