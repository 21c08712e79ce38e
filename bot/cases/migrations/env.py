"""Alembic environment: run by `bot.cases.db.migrate(url)`, which passes the URL as an attribute."""

from __future__ import annotations

from alembic import context

from bot.cases.db import make_engine
from bot.cases.models import metadata


def run_migrations() -> None:
    url = context.config.attributes.get("database_url") or context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no database URL: call bot.cases.db.migrate(url)")
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            context.configure(
                connection=connection,
                target_metadata=metadata,
                render_as_batch=connection.dialect.name == "sqlite",  # SQLite cannot ALTER most things
                compare_type=True,
            )
            with context.begin_transaction():
                context.run_migrations()
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise RuntimeError("offline (SQL script) migrations are not supported; run against a database")
run_migrations()
