"""Outbox fixtures: a migrated SQLite case database per test, a settable clock, the Twilio stand-in."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy.orm import sessionmaker

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.service import CaseService
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


@pytest.fixture
def session_factory(tmp_path) -> Iterator[sessionmaker]:
    url = f"sqlite:///{tmp_path / 'cases.db'}"
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
