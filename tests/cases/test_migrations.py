"""The migrations create exactly what the models describe, and running them twice is harmless."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from bot.cases.db import MIGRATIONS_DIR, make_engine, migrate
from bot.cases.models import metadata


def case_tables_only(obj, name, type_, reflected, compare_to) -> bool:
    """Other packages (console, notify) add migrations of their own tables here; compare only ours."""
    return type_ != "table" or name in metadata.tables


def schema_differences(connection) -> list:
    options = {"compare_type": True, "include_object": case_tables_only}
    return compare_metadata(MigrationContext.configure(connection, opts=options), metadata)


def test_migrated_schema_matches_the_models(engine) -> None:
    with engine.connect() as connection:
        assert schema_differences(connection) == []


def test_migrate_is_idempotent_and_creates_the_console_indexes(database_url, engine) -> None:
    migrate(database_url)
    with engine.connect() as connection:
        inspector = inspect(connection)
        indexes = {index["name"]: index for index in inspector.get_indexes("complaints")}
        uniques = {tuple(u["column_names"]) for u in inspector.get_unique_constraints("complaints")}
    assert indexes["ix_complaints_queue"]["column_names"] == ["jurisdiction", "status", "received", "id"]
    assert indexes["ix_complaints_subject_received"]["column_names"] == ["subject_id", "received", "id"]
    assert indexes["ix_complaints_complainant"]["column_names"] == ["complainant_id"]
    assert ("jurisdiction", "source_id") in uniques


def test_sqlite_connections_enforce_foreign_keys_and_use_wal(engine) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("SQLite pragmas")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_upgrade_step_by_step_and_downgrade_to_nothing(database_url) -> None:
    migrate(database_url, "0001")
    migrate(database_url)
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection:
            assert schema_differences(connection) == []
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS_DIR))
        config.attributes["database_url"] = database_url
        command.downgrade(config, "base")
        with engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
        migrate(database_url)
        with engine.connect() as connection:
            assert "audit_log" in inspect(connection).get_table_names()
    finally:
        engine.dispose()
