"""In a real browser (Debian's chromium, headless): sign in, accept an auto-filed complaint, see the
standing change, issue the first-complaint letter. A failing test leaves a screenshot in tests/artifacts/."""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import uvicorn

from bot.cases.db import migrate
from bot.cases.report import Report
from bot.console.app import create_app
from bot.settings import Settings
from tests.console.conftest import ARTIFACTS, PASSWORD

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
pytestmark = [
    # run in a pytest process of their own (make test does): Playwright's sync API keeps an event loop
    # running for the rest of the session, which breaks every later asyncio test
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(),
        reason=f"no chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)",
    ),
]


@pytest.fixture(scope="module")
def console(tmp_path_factory):
    """The console served by uvicorn in a thread on a free port, over a temporary SQLite database."""
    database_url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'cases.db'}"
    migrate(database_url)
    app = create_app(Settings(environment="test", database_url=database_url, session_secret="b" * 40))
    app.state.console.accounts.create_user("clerk", PASSWORD, "clerk", ("kellogg", "freeport"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the console did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app.state.console.cases
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(autouse=True)
def screenshot_on_failure(request, page):
    yield
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)


def test_clerk_accepts_an_auto_filed_complaint_and_issues_the_letter(console, page) -> None:
    base, cases = console
    received = datetime.now(timezone.utc) - timedelta(hours=1)
    reference = cases.file_complaint(
        Report(jurisdiction="kellogg", type="barking", channel="sms", source_id="SMbrowser1", received=received,
               location="412 Oak Street", transcript="the dog at 412 oak st barks all night", animal="dog",
               complainant_contact="+15075550123")
    )  # fmt: skip
    page.set_default_timeout(30_000)  # issuing a notice makes its PDF (WeasyPrint): seconds on a busy machine

    # sign in with the keyboard only
    page.goto(base + "/")
    page.get_by_label("Name").fill("clerk")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    page.wait_for_url(re.compile(r"/queue"))

    page.get_by_role("link", name=reference).click()
    page.wait_for_url(re.compile(reference))
    assert "the dog at 412 oak st barks all night" in page.locator(".transcript").inner_text()
    page.locator("#subject-link").click()
    assert page.locator("#level").inner_text() == "No standing"
    page.go_back()

    page.get_by_role("button", name="Accept").click()
    assert page.locator("#status").inner_text() == "accepted"
    # the household at the incident address is only suggested until the clerk confirms it (docs/rules.md)
    page.get_by_role("button", name="Confirm household").click()
    assert page.locator("#counts-as").inner_text() == "first"

    page.locator("#subject-link").click()
    assert page.locator("#level").inner_text() == "First complaint"
    assert "letter with a copy of chapter 58" in page.locator("#what-next").inner_text()

    page.get_by_role("link", name="Prepare letter").click()
    license_by = page.locator("#license-by").inner_text()
    page.get_by_role("button", name="Issue first-complaint letter").click()
    page.wait_for_url(re.compile(r"/notices/\d+$"))
    assert "Issued" in page.locator(".banner").inner_text()
    assert page.locator("#license-by").inner_text() == license_by
    [notice] = cases.notices(reference=reference)
    assert notice.kind == "letter" and notice.created_by == "clerk"

    page.get_by_role("link", name="Deadlines").click()
    assert reference in page.locator("main").inner_text() and license_by in page.locator("main").inner_text()


def test_a_signed_out_browser_sees_only_the_sign_in_page(console, page) -> None:
    base, _cases = console
    page.goto(base + "/deadlines")
    assert page.url.startswith(base + "/login")
    assert page.get_by_role("heading", name="Sign in").is_visible()
