"""Case fixtures: every test that asks for `service` runs on SQLite and on PostgreSQL (the database
fixtures are in tests/conftest.py), with a settable clock and a report builder."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy.orm import sessionmaker

from bot.cases.report import Report
from bot.cases.service import CaseService
from tests.support.clock import Clock
from tests.support.reports import report_builder

CHICAGO = ZoneInfo("America/Chicago")


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc))


@pytest.fixture
def service(session_factory: sessionmaker, clock: Clock) -> CaseService:
    return CaseService(session_factory, clock=clock)


@pytest.fixture
def make_report() -> Callable[..., Report]:
    """A valid barking report by SMS in Kellogg; keyword arguments override fields."""
    return report_builder(
        lambda number: datetime(2026, 3, 2, 9, 0, tzinfo=CHICAGO) + timedelta(minutes=number)
    )
