"""Engines, sessions and migrations for the case database. Nothing here runs at import time."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.engine import Engine, create_engine, make_url
from sqlalchemy.orm import Session, sessionmaker

from bot.cases.models import refuse_audit_changes

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
SQLITE_BUSY_TIMEOUT_S = 30
# Execution option marking a read-only unit of work (see `read_only_session`).
READ_ONLY_OPTION = "cases_read_only"


def display_url(url: str) -> str:
    """The URL with any password masked, fit for printing."""
    return make_url(url).render_as_string(hide_password=True)


def make_engine(url: str, **engine_options: object) -> Engine:
    """An engine for SQLite (foreign keys on, WAL, one writer at a time) or PostgreSQL."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        engine_options.setdefault("pool_pre_ping", True)
        return create_engine(url, future=True, **engine_options)

    if parsed.database and parsed.database != ":memory:":
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url, future=True, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S}, **engine_options
    )

    @event.listens_for(engine, "connect")
    def _configure_sqlite(dbapi_connection, connection_record) -> None:
        # pysqlite's own transaction handling defers BEGIN and breaks SAVEPOINT; we emit BEGIN ourselves
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection) -> None:
        if connection.get_execution_options().get(READ_ONLY_OPTION):
            # readers take no lock: under WAL they see the last commit while a writer works
            connection.exec_driver_sql("BEGIN")
            return
        # IMMEDIATE takes the write lock up front: concurrent filers queue (busy timeout) instead of
        # failing on a stale WAL snapshot, which also makes reference allocation safe on SQLite.
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def make_session_factory(engine: Engine) -> sessionmaker:
    """Sessions in 2.0 style; objects stay readable after commit (the service returns plain values)."""
    factory = sessionmaker(bind=engine, future=True, expire_on_commit=False, class_=Session)
    event.listen(factory, "before_flush", refuse_audit_changes)
    return factory


@contextmanager
def read_only_session(session_factory: sessionmaker) -> Iterator[Session]:
    """A session for reads only: on SQLite it does not queue behind (or block) writers."""
    with session_factory() as session:
        session.connection(execution_options={READ_ONLY_OPTION: True})
        yield session


def migrate(url: str, revision: str = "head") -> None:
    """Bring the database at `url` to `revision` (Alembic upgrade, run in-process)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    # passed as an attribute, not an ini option: ini interpolation would mangle a '%' in a password
    config.attributes["database_url"] = url
    command.upgrade(config, revision)
