"""Outbox fixtures: a migrated case database per test (SQLite, and PostgreSQL when it is available:
TEST_POSTGRES_URL or a throwaway cluster), a settable clock, the Twilio stand-in."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.orm import sessionmaker
from sqlalchemy.schema import CreateSchema, DropSchema

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.service import CaseService
from bot.cases.throwaway_postgres import ThrowawayPostgres, postgres_bin_dir
from bot.notify.inbound import InboundStore
from bot.notify.outbox import Backoff, OutboxService
from bot.notify.sender import TwilioSender
from tests.notify.standin import TwilioStandIn

ACCOUNT_SID = "AC" + "1" * 32
AUTH_TOKEN = "test-auth-token"


@dataclass
class Clock:
    now: datetime

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc))


@pytest.fixture(scope="session")
def notify_postgres_url() -> Iterator[str]:
    url = os.environ.get("TEST_POSTGRES_URL")
    if url:
        yield url
        return
    if postgres_bin_dir() is None:
        pytest.skip(
            "PostgreSQL outbox cases skipped: TEST_POSTGRES_URL is unset and PostgreSQL is not installed"
        )
    server = ThrowawayPostgres()
    try:
        url = server.start()
    except Exception as error:  # any failure to start means "no PostgreSQL here"
        server.stop()
        pytest.skip(f"PostgreSQL outbox cases skipped: could not start a throwaway cluster ({error})")
    yield url
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'cases.db'}"
        return
    server_url = request.getfixturevalue("notify_postgres_url")
    schema = f"notify_{uuid.uuid4().hex[:16]}"
    admin = create_engine(server_url, future=True, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(CreateSchema(schema))
        url = make_url(server_url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(DropSchema(schema, cascade=True))
    finally:
        admin.dispose()


@pytest.fixture
def session_factory(database_url: str) -> Iterator[sessionmaker]:
    url = database_url
    migrate(url)
    engine = make_engine(url)
    yield make_session_factory(engine)
    engine.dispose()


@pytest.fixture
def outbox(session_factory: sessionmaker, clock: Clock) -> OutboxService:
    return OutboxService(
        session_factory, clock=clock, backoff=Backoff(base_seconds=5, max_seconds=60, max_attempts=4)
    )


@pytest.fixture
def inbound(session_factory: sessionmaker, clock: Clock) -> InboundStore:
    return InboundStore(session_factory, clock=clock)


@pytest.fixture
def cases(session_factory: sessionmaker, clock: Clock) -> CaseService:
    return CaseService(session_factory, clock=clock)


@pytest.fixture
def standin() -> Iterator[TwilioStandIn]:
    server = TwilioStandIn().start()
    yield server
    server.stop()


@pytest.fixture
def sender(standin: TwilioStandIn) -> TwilioSender:
    return TwilioSender(ACCOUNT_SID, AUTH_TOKEN, standin.base_url, timeout=5)


@pytest.fixture
def make_report(clock: Clock):
    """A valid Kellogg barking report by SMS; keyword arguments override fields."""
    from dataclasses import replace

    from bot.cases.report import Report

    counter = iter(range(1, 1_000_000))

    def build(**overrides: object) -> Report:
        number = next(counter)
        base = Report(
            jurisdiction="kellogg",
            type="barking",
            channel="sms",
            source_id=f"SM{number:08d}",
            received=clock.now - timedelta(minutes=number),
            location="412 Oak Street",
            transcript="the dog next door has barked since 10pm",
            animal="dog",
            complainant_contact="+15075550123",
        )
        return replace(base, **overrides)

    return build
