"""Console fixtures: an app over a fresh, migrated SQLite database, a settable clock, staff of each role.

HTTP tests use Starlette's TestClient (no network). Browser tests start the console with uvicorn in a
thread on a free port and drive Debian's chromium through pytest-playwright (see test_browser.py).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient

from bot.cases.db import migrate
from bot.cases.report import Report
from bot.console.app import create_app
from bot.settings import Settings
from tests.support.clock import Clock
from tests.support.reports import report_builder

CHICAGO = ZoneInfo("America/Chicago")
PASSWORD = "correct horse battery"
ROLES = ("clerk", "officer", "admin")
CITIES = ("kellogg", "freeport")  # the staff fixture sees both cities; tests of scoping make their own
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc))  # noon in Kellogg


@pytest.fixture
def settings(tmp_path) -> Settings:
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    return Settings(
        environment="test",
        database_url=url,
        session_secret="test-secret-" + "x" * 40,
        public_base_url="http://public.example",
        console_public_url="https://console.example",
        twilio_auth_token="test-auth-token",
        twilio_account_sid="AC" + "1" * 32,
        rasa_url="http://127.0.0.1:9",  # nothing listens: tests that post to the line set their own
    )


@pytest.fixture
def app(settings: Settings, clock: Clock):
    return create_app(settings, clock=clock)


@pytest.fixture
def cases(app):
    return app.state.console.cases


@pytest.fixture
def accounts(app):
    return app.state.console.accounts


@pytest.fixture
def staff(accounts) -> dict[str, str]:
    """One user per role; the name is the role."""
    for role in ROLES:
        accounts.create_user(role, PASSWORD, role, CITIES)
    return {role: role for role in ROLES}


@pytest.fixture
def client(app) -> Iterator[TestClient]:
    with TestClient(app, follow_redirects=False) as test_client:
        yield test_client


def csrf_from(client: TestClient, path: str = "/login") -> str:
    page = client.get(path)
    match = CSRF_FIELD.search(page.text)
    assert match, f"no CSRF field on {path}"
    return match.group(1)


def sign_in(client: TestClient, username: str, password: str = PASSWORD) -> None:
    response = client.post(
        "/login", data={"username": username, "password": password, "csrf_token": csrf_from(client)}
    )
    assert response.status_code == 303, response.text


@pytest.fixture
def signed_in(client: TestClient, staff) -> Callable[[str], TestClient]:
    def as_role(role: str) -> TestClient:
        sign_in(client, staff[role])
        return client

    return as_role


@pytest.fixture
def make_report() -> Callable[..., Report]:
    """A valid barking report by SMS in Kellogg at 412 Oak Street; keyword arguments override fields."""
    return report_builder(
        lambda number: datetime(2026, 3, 2, 9, 0, tzinfo=CHICAGO) + timedelta(minutes=number),
        transcript="the dog next door has barked since 10pm, it's Bob Smith's dog",
        complainant_name="Jane Resident",
    )


# ---- browser tests: Debian's chromium, screenshots of failures ---------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
        "args": [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)
