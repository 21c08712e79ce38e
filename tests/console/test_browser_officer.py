"""The officer's night in a real browser (Debian's chromium, headless) at a phone's size (360 x 740, touch):
an urgent bite arrives and pages the officer; the officer signs in from the page's link, acknowledges, calls
the resident back (the Twilio stand-in shows the bridged call; the resident's number is nowhere in the page),
goes on the way and on scene, closes with an outcome, and the resident gets the texts."""

from __future__ import annotations

import re
import socket
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import uvicorn
from playwright.sync_api import expect

from bot.cases.db import migrate
from bot.cases.report import BiteDetails, Report
from bot.console.app import create_app
from bot.notify.escalation import Escalation
from bot.notify.sender import TwilioSender
from bot.notify.worker import OutboxWorker
from bot.settings import Settings
from tests.console.conftest import ARTIFACTS, PASSWORD
from tests.console.test_browser import CHROMIUM
from tests.notify.call_standin import TwilioCallsStandIn, bridged

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}"),
]
RESIDENT = "+15075550123"
RESIDENT_WRITTEN = ("+15075550123", "5075550123", "507-555-0123", "(507) 555-0123", "555-0123")
CITY, ON_CALL = "+15075550158", "+15075550199"
ACCOUNT_SID, AUTH_TOKEN = "AC" + "2" * 32, "browser-auth-token"
PHONE = {"width": 360, "height": 740}
MIN_TARGET_PX = 48  # a thumb's target (WCAG 2.5.5 asks 44)


@pytest.fixture(scope="module")
def standin():
    server = TwilioCallsStandIn().start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def console(tmp_path_factory, standin):
    """The console by uvicorn in a thread, with Twilio's REST API at the stand-in."""
    database_url = f"sqlite:///{tmp_path_factory.mktemp('officer') / 'cases.db'}"
    migrate(database_url)
    settings = Settings(environment="test", database_url=database_url, session_secret="o" * 40,
                        twilio_account_sid=ACCOUNT_SID, twilio_auth_token=AUTH_TOKEN,
                        twilio_api_base_url=standin.base_url, console_public_url="http://127.0.0.1")  # fmt: skip
    app = create_app(settings)
    app.state.console.accounts.create_user("officer", PASSWORD, "officer", ("kellogg",))
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
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "is_mobile": True, "has_touch": True}


@pytest.fixture(autouse=True)
def screenshot_on_failure(request, page):
    yield
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)


def _worker(app) -> OutboxWorker:
    console = app.state.console
    sender = TwilioSender(ACCOUNT_SID, AUTH_TOKEN, console.settings.twilio_api_base_url, timeout=5)
    escalation = Escalation(console.cases._session_factory, console.outbox, console_url="http://127.0.0.1")
    return OutboxWorker(console.outbox, sender, escalation=escalation)


def _fits_a_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], (
        "the page scrolls sideways"
    )
    for button in page.locator("button.big:visible, a.big:visible").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= MIN_TARGET_PX and box["width"] >= MIN_TARGET_PX


def _no_resident_number(page) -> None:
    html = page.content()
    assert not [written for written in RESIDENT_WRITTEN if written in html]


def test_an_urgent_bite_from_page_to_done_on_a_phone(console, standin, page) -> None:
    base, app = console
    now = datetime.now(timezone.utc)
    reference = app.state.console.cases.file_complaint(
        Report(jurisdiction="kellogg", type="bite", channel="sms", source_id="SMofficerbrowser", received=now,
               occurred=now - timedelta(minutes=10), location="412 Oak Street", animal="dog", urgent=True,
               complainant_contact=RESIDENT, animal_description="brown pit mix, red collar",
               transcript="Resident: a brown dog bit my son at 412 oak st. my cell is 507-555-0123",
               bite=BiteDetails(victim="person", skin_broken_or_medical=True, animal_vaccinated=None,
                                owner_known="the Hansens at 500 Elm St"))
    )  # fmt: skip
    app.state.console.outbox.follow_up_filing(reference)
    _worker(app).run_once()
    [paged] = [t for t in standin.texts if t.form["To"] == ON_CALL]
    # the page ends with the link to the officer's item, on CONSOLE_PUBLIC_URL (here without the server's port)
    link = paged.form["Body"].rsplit(" ", 1)[1]
    assert link == f"http://127.0.0.1/officer/{reference}"

    page.set_default_timeout(15_000)
    page.goto(base + urlsplit(link).path)  # signed out, the sign-in comes first
    page.get_by_label("Name").fill("officer")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").tap()
    page.wait_for_url(re.compile(f"/officer/{reference}$"))
    assert "Advise the owner by" in page.locator("#owner-clock").inner_text()
    assert "brown dog bit my son" in page.locator("main").inner_text()
    _fits_a_phone(page)
    _no_resident_number(page)

    page.get_by_role("button", name="Acknowledge: I'm on call").tap()
    expect(page.locator("#dispatch-status")).to_have_text("acknowledged")

    page.get_by_role("button", name="Call the resident back").tap()
    expect(page.locator(".flash")).to_contain_text("Calling your phone now")
    [call] = standin.calls
    assert (call.form["To"], call.form["From"]) == (ON_CALL, CITY)
    assert bridged(call) == (CITY, [RESIDENT])
    _no_resident_number(page)

    page.get_by_role("button", name="On my way").tap()
    expect(page.locator("#dispatch-status")).to_have_text("on the way")
    page.get_by_role("button", name="On scene").tap()
    expect(page.locator("#dispatch-status")).to_have_text("on scene")
    _fits_a_phone(page)
    page.get_by_label("Owner advised").check()
    page.get_by_label("Note").fill("Owner home; dog confined indoors for quarantine.")
    page.get_by_role("button", name="Done", exact=True).tap()
    page.wait_for_url(re.compile(r"/officer$"))
    expect(page.locator("#nothing-now")).to_be_visible()  # the owner advised: the 58-10 D clock needs nobody

    _worker(app).run_once()
    to_resident = [t.form["Body"] for t in standin.texts if t.form["To"] == RESIDENT]
    assert len(to_resident) == 3
    assert "officer is on the way" in to_resident[0] and "officer has arrived" in to_resident[1]
    assert "the owner was advised" in to_resident[2] and "quarantine" not in to_resident[2]
    steps = [e.action for e in app.state.console.cases.audit_trail("complaint", reference)]
    assert [s for s in steps if s.startswith(("dispatch_", "officer_"))] == [
        "officer_paged", "dispatch_acknowledged", "officer_call_back", "dispatch_on_the_way",
        "dispatch_on_scene", "dispatch_done",
    ]  # fmt: skip


def test_the_clerks_complaint_page_shows_the_officer_no_complainant(console, page) -> None:
    """The officer's role reads the report, never who made it: no name, number or e-mail on the clerk's page."""
    base, app = console
    reference = app.state.console.cases.file_complaint(
        Report(jurisdiction="kellogg", type="neglect", channel="sms", source_id="SMofficerprivacy",
               received=datetime.now(timezone.utc), location="18 Birch Street", animal="dog",
               complainant_contact=RESIDENT, complainant_name="Ingrid Solheim",
               transcript="Resident: Ingrid here, a dog chained with no water at 18 birch st, text 507-555-0123",
               details={"what_happened": "chained with no water"})
    )  # fmt: skip
    page.set_default_timeout(15_000)
    page.goto(f"{base}/complaints/{reference}")
    page.get_by_label("Name").fill("officer")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").tap()
    page.wait_for_url(re.compile(f"/complaints/{reference}$"))
    expect(page.locator("#complainant")).to_contain_text("not shown to the officer's role")
    assert "a dog chained with no water at 18 birch st" in page.locator("main").inner_text()
    assert "Ingrid" not in page.content() and "Solheim" not in page.content()
    _no_resident_number(page)
