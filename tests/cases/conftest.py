"""Database fixtures: every test that asks for `service` runs on SQLite and on PostgreSQL.

PostgreSQL is `TEST_POSTGRES_URL` when set (CI), else a throwaway cluster started once per session
when PostgreSQL is installed, else those cases skip. Each test gets a clean, migrated database: a
fresh SQLite file, or a fresh schema on PostgreSQL.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import sessionmaker
from sqlalchemy.schema import CreateSchema, DropSchema

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.report import Report
from bot.cases.service import CaseService
from bot.cases.throwaway_postgres import ThrowawayPostgres, postgres_bin_dir

CHICAGO = ZoneInfo("America/Chicago")


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    url = os.environ.get("TEST_POSTGRES_URL")
    if url:
        yield url
        return
    if postgres_bin_dir() is None:
        pytest.skip(
            "PostgreSQL cases skipped: TEST_POSTGRES_URL is unset and PostgreSQL 15/16 is not installed"
        )
    server = ThrowawayPostgres()
    try:
        url = server.start()
    except Exception as error:  # any failure to start means "no PostgreSQL here"
        server.stop()
        pytest.skip(f"PostgreSQL cases skipped: could not start a throwaway cluster ({error})")
    yield url
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'cases.db'}"
        return
    server_url = request.getfixturevalue("postgres_server_url")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(server_url, future=True, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(CreateSchema(schema))
        # every connection of the test's engine sees only its own schema
        url = make_url(server_url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(DropSchema(schema, cascade=True))
    finally:
        admin.dispose()


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    migrate(database_url)
    engine = make_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture
def session_factory(engine: Engine) -> sessionmaker:
    return make_session_factory(engine)


@dataclass
class Clock:
    """A settable 'now' for the service, so tests are not at the mercy of the wall clock."""

    now: datetime

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc))


@pytest.fixture
def service(session_factory: sessionmaker, clock: Clock) -> CaseService:
    return CaseService(session_factory, clock=clock)


@pytest.fixture
def make_report() -> Callable[..., Report]:
    """A valid barking report by SMS in Kellogg; keyword arguments override fields."""
    counter = iter(range(1, 1_000_000))

    def build(**overrides: object) -> Report:
        number = next(counter)
        base = Report(
            jurisdiction="kellogg",
            type="barking",
            channel="sms",
            source_id=f"SM{number:08d}",
            received=datetime(2026, 3, 2, 9, 0, tzinfo=CHICAGO) + timedelta(minutes=number),
            location="412 Oak Street",
            transcript="the dog next door has barked since 10pm",
            animal="dog",
            complainant_contact="+15075550123",
            complainant_name=None,
        )
        return replace(base, **overrides)

    return build
