"""Outbox fixtures: a migrated case database per test (SQLite, and PostgreSQL when it is available; the
database fixtures are in tests/conftest.py), a settable clock, the Twilio stand-in."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy.orm import sessionmaker

from bot.cases.service import CaseService
from bot.notify.inbound import InboundStore
from bot.notify.outbox import Backoff, OutboxService
from bot.notify.sender import TwilioSender
from tests.notify.standin import TwilioStandIn
from tests.support.clock import Clock
from tests.support.reports import report_builder

ACCOUNT_SID = "AC" + "1" * 32
AUTH_TOKEN = "test-auth-token"


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc))


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
    return report_builder(lambda number: clock.now - timedelta(minutes=number))
