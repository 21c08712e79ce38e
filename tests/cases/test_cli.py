"""`python -m bot.cases migrate` migrates the database it is given and never prints a password."""

from __future__ import annotations

from sqlalchemy import create_engine, inspect

from bot.cases.__main__ import main
from bot.cases.db import display_url


def test_migrate_command_creates_the_schema_and_names_the_database(tmp_path, capsys) -> None:
    url = f"sqlite:///{tmp_path / 'var' / 'cases.db'}"
    assert main(["migrate", "--url", url]) == 0
    assert str(tmp_path / "var" / "cases.db") in capsys.readouterr().out
    engine = create_engine(url, future=True)
    try:
        assert {"complaints", "audit_log", "alembic_version"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_display_url_masks_the_password() -> None:
    shown = display_url("postgresql://cases:s3cret-pw@db.internal:5432/cases")
    assert "s3cret-pw" not in shown
    assert "db.internal" in shown and "cases" in shown
