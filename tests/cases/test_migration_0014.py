"""Migration 0014 widens `complaints.type` to the newer report types (docs/rules.md "Report types") and keeps
every row and every row that refers to one. Runs on SQLite and on PostgreSQL (the `database_url` fixture)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData, exc, select

from bot.cases.db import MIGRATIONS_DIR, make_engine, migrate

AT = datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc)


def _config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["database_url"] = database_url
    return config


def _tables(engine) -> MetaData:
    tables = MetaData()
    tables.reflect(bind=engine, only=["complaints", "bite_details"])
    return tables


def _complaint(number: int, type_: str, at: datetime) -> dict:
    return dict(
        id=number, reference=f"KEL-2026-{number:05d}", jurisdiction="kellogg", type=type_, channel="sms",
        form="written", received=at, location_text="412 Oak St", transcript="", details={}, urgent=False,
        anonymous=True, status="new", source_id=f"SM{number}", created_at=at, updated_at=at,
    )  # fmt: skip


def test_the_newer_types_are_stored_after_0014_and_older_rows_keep_their_children(database_url) -> None:
    migrate(database_url, "0010_complaint_language")
    engine = make_engine(database_url)
    at = AT.replace(tzinfo=None) if engine.dialect.name == "sqlite" else AT
    try:
        old = _tables(engine)
        with engine.begin() as connection:
            connection.execute(old.tables["complaints"].insert().values(**_complaint(1, "bite", at)))
            connection.execute(old.tables["bite_details"].insert().values(complaint_id=1, victim="person"))
        with pytest.raises(exc.IntegrityError), engine.begin() as connection:
            connection.execute(old.tables["complaints"].insert().values(**_complaint(2, "neglect", at)))
        engine.dispose()

        migrate(database_url)
        tables = _tables(engine)
        with engine.begin() as connection:
            for number, type_ in enumerate(("threat", "neglect", "waste", "too_many", "damage"), start=2):
                connection.execute(
                    tables.tables["complaints"].insert().values(**_complaint(number, type_, at))
                )
        with engine.connect() as connection:
            types = connection.execute(select(tables.tables["complaints"].c.type).order_by("id")).scalars()
            assert list(types) == ["bite", "threat", "neglect", "waste", "too_many", "damage"]
            bites = connection.execute(select(tables.tables["bite_details"].c.victim)).scalars().all()
            assert bites == ["person"]  # the bite's detail row survived the change of the table's check
            if engine.dialect.name == "sqlite":
                assert connection.exec_driver_sql("PRAGMA foreign_key_check").all() == []
                assert connection.exec_driver_sql("PRAGMA integrity_check").scalar() == "ok"
        with pytest.raises(exc.IntegrityError), engine.begin() as connection:
            connection.execute(tables.tables["complaints"].insert().values(**_complaint(9, "noise", at)))
    finally:
        engine.dispose()


def test_downgrade_refuses_while_a_newer_type_is_stored_then_narrows_the_check(database_url) -> None:
    migrate(database_url)
    engine = make_engine(database_url)
    at = AT.replace(tzinfo=None) if engine.dialect.name == "sqlite" else AT
    try:
        complaints = _tables(engine).tables["complaints"]
        with engine.begin() as connection:
            connection.execute(complaints.insert().values(**_complaint(1, "waste", at)))
        engine.dispose()
        with pytest.raises(RuntimeError, match="newer report types"):
            command.downgrade(_config(database_url), "0010_complaint_language")
        with engine.begin() as connection:
            connection.execute(complaints.update().values(type="at_large"))
        engine.dispose()
        command.downgrade(_config(database_url), "0010_complaint_language")
        with pytest.raises(exc.IntegrityError), engine.begin() as connection:
            connection.execute(complaints.insert().values(**_complaint(2, "waste", at)))
    finally:
        engine.dispose()
