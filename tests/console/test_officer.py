"""The officer's page over HTTP (Starlette's TestClient): who may call it, what it lists and in which order,
status in a tap with the resident's texts, and the call-back through the Twilio stand-in."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest

from bot.cases.report import BiteDetails, Report
from bot.cases.service import CaseService
from bot.notify.inbound import InboundStore
from bot.notify.sender import TwilioSender
from bot.notify.worker import OutboxWorker
from tests.console.conftest import PASSWORD, csrf_from, sign_in
from tests.notify.call_standin import TwilioCallsStandIn, bridged

RESIDENT = "+15075550123"
# the resident's number as people write it: none may reach the officer's page
RESIDENT_WRITTEN = ("+15075550123", "5075550123", "507-555-0123", "(507) 555-0123", "555-0123")
CITY, ON_CALL, BACKUP = "+15075550158", "+15075550199", "+15075550198"


@pytest.fixture
def standin() -> Iterator[TwilioCallsStandIn]:
    server = TwilioCallsStandIn().start()
    yield server
    server.stop()


@pytest.fixture
def settings(settings, standin):  # the console's settings, with Twilio's REST API at the stand-in
    return settings.copy(update={"twilio_api_base_url": standin.base_url})


@pytest.fixture
def officer(client, accounts):
    accounts.create_user("kelloggofficer", PASSWORD, "officer", ("kellogg",))
    sign_in(client, "kelloggofficer")
    return client


def _file(cases: CaseService, clock, number: int, **fields) -> str:
    base = dict(
        jurisdiction="kellogg", type="bite", channel="sms", source_id=f"SMofficer{number}",
        received=clock.now - timedelta(minutes=5), location="412 Oak Street", animal="dog", urgent=True,
        occurred=clock.now - timedelta(minutes=15), complainant_contact=RESIDENT,
        transcript="Resident: a brown dog bit my son at 412 oak st, call me back at 507-555-0123\n"
        "Assistant: Is anyone hurt?",
        bite=BiteDetails(victim="person", skin_broken_or_medical=True, animal_vaccinated=None,
                         owner_known="the Hansens at 500 Elm St"),
    )  # fmt: skip
    return cases.file_complaint(Report(**{**base, **fields}))


def _post(client, path: str, **data: str):
    return client.post(path, data={"csrf_token": csrf_from(client, "/officer"), **data})


def test_only_an_officer_or_admin_opens_it_and_a_signed_out_phone_is_sent_to_sign_in(
    client, signed_in
) -> None:
    response = client.get("/officer")
    assert response.status_code == 303 and response.headers["location"] == "/login?next=%2Fofficer"
    assert signed_in("clerk").get("/officer").status_code == 403
    assert signed_in("officer").get("/officer").status_code == 200
    assert signed_in("admin").get("/officer").status_code == 200


def test_an_officer_sees_its_cities_only(officer, cases, clock) -> None:
    kellogg = _file(cases, clock, 1)
    freeport = _file(cases, clock, 2, jurisdiction="freeport", location="125 Main Street E")
    board = officer.get("/officer").text
    assert kellogg in board and freeport not in board
    assert officer.get(f"/officer/{freeport}").status_code == 404
    assert (
        _post(officer, f"/officer/{freeport}/step", step="acknowledged", as_role="on_call").status_code == 404
    )
    assert _post(officer, f"/officer/{freeport}/call-back").status_code == 404


def test_the_board_lists_what_needs_the_officer_now_most_urgent_first(officer, cases, clock, app) -> None:
    at_large = dict(type="at_large", urgent=False, bite=None, occurred=None)
    still_there = _file(cases, clock, 1, **at_large, details={"still_there": "yes"})
    _file(
        cases,
        clock,
        2,
        **at_large,
        details={"still_there": "yes"},
        received=clock.now - timedelta(minutes=61),
    )
    _file(cases, clock, 3, **at_large, details={"still_there": "no"})
    danger = _file(cases, clock, 4, **{**at_large, "urgent": True})
    closed_clock = _file(
        cases, clock, 5
    )  # bitten 15 minutes ago: its 58-10 D clock runs after the officer is done
    bite = _file(cases, clock, 6, received=clock.now - timedelta(minutes=2))
    _file(cases, clock, 7, type="barking", urgent=False, bite=None)
    app.state.console.officer.dispatch.record_step(closed_clock, "done", by="x", outcome="not_found")

    board = officer.get("/officer").text
    listed = re.findall(r'id="item-([A-Z]+-\d+-\d+)"', board)
    assert listed == [bite, danger, closed_clock, still_there]
    assert "Advise the owner by" in board and "58-10" not in board.split(closed_clock)[0]


def test_the_item_shows_the_report_and_never_the_residents_number(officer, cases, clock) -> None:
    reference = _file(cases, clock, 1)
    page = officer.get(f"/officer/{reference}").text
    assert "a brown dog bit my son at 412 oak st" in page and "[number]" in page
    assert "geo:0,0?q=412%20OAK%20ST" in page and "maps.apple.com" in page
    assert "Advise the owner by" in page  # bitten 15 minutes ago: 58-10 D runs
    for written in RESIDENT_WRITTEN:
        assert written not in page
    assert "call-back" in page


def test_status_in_a_tap_is_recorded_and_texted_to_the_resident_in_their_language(
    officer, cases, clock, app, settings, standin
) -> None:
    reference = _file(cases, clock, 1, language="es")
    _post(officer, f"/officer/{reference}/step", step="acknowledged", as_role="on_call")
    clock.advance(60)
    response = _post(officer, f"/officer/{reference}/step", step="on_the_way")
    assert response.status_code == 303
    assert _post(officer, f"/officer/{reference}/step", step="on_the_way").status_code == 303  # double tap
    without_outcome = _post(officer, f"/officer/{reference}/step", step="done", note="x")
    assert without_outcome.status_code == 303
    assert "choose an outcome" in officer.get(f"/officer/{reference}").text
    _post(officer, f"/officer/{reference}/step", step="on_scene")
    _post(
        officer,
        f"/officer/{reference}/step",
        step="done",
        outcome="warning_given",
        note="Owner home, gate fixed",
    )

    history = [e.action for e in cases.audit_trail("complaint", reference)]
    assert [a for a in history if a.startswith("dispatch_")] == [
        "dispatch_acknowledged", "dispatch_on_the_way", "dispatch_on_scene", "dispatch_done"
    ]  # fmt: skip
    outbox = app.state.console.outbox
    texts = {m.idempotency_key: m for m in outbox.messages() if m.purpose == "status"}
    assert set(texts) == {f"dispatch:{reference}:{s}" for s in ("on_the_way", "on_scene", "done")}
    assert "el oficial va en camino" in texts[f"dispatch:{reference}:on_the_way"].body
    assert "se dio una advertencia" in texts[f"dispatch:{reference}:done"].body
    assert "gate" not in texts[f"dispatch:{reference}:done"].body  # the officer's note stays with the city
    assert {m.to_number for m in texts.values()} == {RESIDENT}

    sender = TwilioSender(
        settings.twilio_account_sid, settings.twilio_auth_token, standin.base_url, timeout=5
    )
    OutboxWorker(outbox, sender).run_once()
    assert [t.form["To"] for t in standin.texts] == [RESIDENT] * 3
    assert cases.get_complaint(reference).status == "new"  # the clerk's review is the clerk's


def test_stop_is_honoured(officer, cases, clock, app, settings, standin) -> None:
    reference = _file(cases, clock, 1)
    InboundStore(app.state.console.cases._session_factory, clock=clock).opt_out(RESIDENT)
    _post(officer, f"/officer/{reference}/step", step="on_the_way", as_role="on_call")
    sender = TwilioSender(
        settings.twilio_account_sid, settings.twilio_auth_token, standin.base_url, timeout=5
    )
    stats = OutboxWorker(app.state.console.outbox, sender).run_once()
    assert stats.suppressed == 1 and standin.texts == []


def test_no_text_where_the_resident_said_no_to_updates(officer, cases, clock, app) -> None:
    reference = _file(cases, clock, 1, details={"status_updates": "no"})
    _post(officer, f"/officer/{reference}/step", step="on_the_way", as_role="on_call")
    assert [m for m in app.state.console.outbox.messages() if m.purpose == "status"] == []


def test_call_back_rings_the_officer_then_bridges_to_the_resident_from_the_city_number(
    officer, cases, clock, standin
) -> None:
    reference = _file(cases, clock, 1)
    response = _post(officer, f"/officer/{reference}/call-back")
    assert response.status_code == 303
    [call] = standin.calls
    assert (call.form["To"], call.form["From"]) == (ON_CALL, CITY)
    assert bridged(call) == (CITY, [RESIDENT])
    assert RESIDENT not in call.path and "Url" not in call.form  # the number travels in the TwiML only
    page = officer.get(f"/officer/{reference}").text
    assert "Calling your phone now" in page and not any(w in page for w in RESIDENT_WRITTEN)
    [entry] = [e for e in cases.audit_trail("complaint", reference) if e.action == "officer_call_back"]
    assert entry.after["call_sid"].startswith("CA") and RESIDENT not in str(entry.after)


def test_the_backup_who_answered_is_the_phone_that_rings(officer, cases, clock, standin) -> None:
    reference = _file(cases, clock, 1)
    _post(officer, f"/officer/{reference}/step", step="acknowledged", as_role="backup")
    _post(officer, f"/officer/{reference}/call-back")
    assert [c.form["To"] for c in standin.calls] == [BACKUP]


def test_a_failed_call_says_so_and_no_number_leaks(officer, cases, clock, standin) -> None:
    reference = _file(cases, clock, 1)
    standin.fail_next(1, status=400, code=21215)
    _post(officer, f"/officer/{reference}/call-back")
    page = officer.get(f"/officer/{reference}").text
    assert "could not be placed (HTTP 400, Twilio error 21215)" in page
    assert not any(w in page for w in RESIDENT_WRITTEN)


def test_the_clerks_complaint_page_hides_the_number_from_an_officer(officer, cases, clock, signed_in) -> None:
    """Issue 36: "The resident's number is never shown to the officer": nor the number the resident typed into
    their own words, on the clerk's complaint page as on the officer's; the clerk still reads them whole."""
    reference = _file(cases, clock, 1, transcript="Resident: a brown dog bit my son at 412 oak st, call me "
                      "back at 507-555-0123 or (507) 555-0123, or 5075550123, or +15075550123, or 555-0123")  # fmt: skip
    page = officer.get(f"/complaints/{reference}").text
    assert not [written for written in RESIDENT_WRITTEN if written in page]
    assert "call me back at [number] or [number], or [number], or [number], or [number]" in page
    assert "412 oak st" in page  # an address is not a number to hide
    clerk_page = signed_in("clerk").get(f"/complaints/{reference}").text
    assert "call me back at 507-555-0123 or (507) 555-0123" in clerk_page and RESIDENT in clerk_page


def test_the_item_says_whether_the_resident_is_texted_and_which_reading_decided(
    officer, cases, clock, app
) -> None:
    """The pack's `dispatch.status_texts` reading in force is shown where the officer taps."""
    texted = _file(cases, clock, 1)
    said_no = _file(cases, clock, 2, details={"status_updates": "no"})
    walk_in = _file(cases, clock, 3, complainant_contact=None, channel="walk_in")

    def words(reference: str) -> str:
        return re.sub(r"\s+", " ", officer.get(f"/officer/{reference}").text)

    assert "texted each step: reporting from a phone agrees to texts about it (Kellogg" in words(texted)
    assert "by_reporting" in words(texted)
    assert "No texts to the resident: they said no updates." in words(said_no)
    assert "No texts to the resident: the report has no phone number." in words(walk_in)
    InboundStore(app.state.console.cases._session_factory, clock=clock).opt_out(RESIDENT)
    assert "No texts to the resident: they texted STOP." in words(texted)
