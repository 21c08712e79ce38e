"""The outbox and its worker against a local stand-in of Twilio's Messages API."""

from __future__ import annotations

import base64
import logging
import threading
from datetime import timedelta

from bot.cases.models import Complaint
from bot.cases.report import BiteDetails
from bot.notify.outbox import Backoff, OutboxService
from bot.notify.pages import PAGE_LIMIT, page_text
from bot.notify.sender import TwilioSender
from bot.notify.worker import OutboxWorker
from tests.notify.conftest import ACCOUNT_SID, AUTH_TOKEN

RESIDENT = "+15075550123"
CITY_NUMBER = "+15075550158"


def _enqueue(outbox, key: str, to: str = RESIDENT, body: str = "hello") -> bool:
    return outbox.enqueue(
        key=key, purpose="status", jurisdiction="kellogg", to_number=to, from_number=CITY_NUMBER, body=body
    )


def test_a_key_is_queued_once(outbox) -> None:
    assert _enqueue(outbox, "status:KEL-2026-00001") is True
    assert _enqueue(outbox, "status:KEL-2026-00001", body="something else") is False
    rows = outbox.messages()
    assert [(r.idempotency_key, r.body, r.status) for r in rows] == [
        ("status:KEL-2026-00001", "hello", "pending")
    ]


def test_worker_sends_through_the_twilio_client_to_the_configured_base_url(outbox, sender, standin) -> None:
    _enqueue(outbox, "k1", body="Your report KEL-2026-00001 was received.")
    stats = OutboxWorker(outbox, sender).run_once()
    assert stats.sent == 1
    [request] = standin.accepted
    assert request.path == f"/2010-04-01/Accounts/{ACCOUNT_SID}/Messages.json"
    assert (request.form["To"], request.form["From"], request.form["Body"]) == (
        RESIDENT,
        CITY_NUMBER,
        "Your report KEL-2026-00001 was received.",
    )
    expected_auth = "Basic " + base64.b64encode(f"{ACCOUNT_SID}:{AUTH_TOKEN}".encode()).decode()
    assert request.authorization == expected_auth
    [row] = outbox.messages()
    assert row.status == "sent" and row.provider_sid.startswith("SM") and row.attempts == 1


def test_a_failing_api_is_retried_with_backoff_and_recovers_without_a_second_text(
    outbox, sender, standin, clock
) -> None:
    _enqueue(outbox, "k1")
    standin.fail_next(2, status=503)
    worker = OutboxWorker(outbox, sender)

    assert worker.run_once().retried == 1
    [row] = outbox.messages()
    assert row.status == "pending" and row.next_attempt_at == clock.now + timedelta(seconds=5)
    assert row.last_error == "HTTP 503, Twilio error 20500"

    clock.advance(4)  # not due yet: nothing is tried
    assert worker.run_once().retried == 0 and len(standin.requests) == 1
    clock.advance(1)
    assert worker.run_once().retried == 1
    [row] = outbox.messages()
    assert row.next_attempt_at == clock.now + timedelta(seconds=10)  # the delay doubled

    clock.advance(10)
    assert worker.run_once().sent == 1
    assert len(standin.requests) == 3 and len(standin.accepted) == 1
    clock.advance(3600)
    assert worker.run_once().sent == 0 and len(standin.accepted) == 1
    [row] = outbox.messages()
    assert (row.status, row.attempts, row.last_error) == ("sent", 3, None)


def test_an_unreachable_api_is_retried_and_the_text_kept(outbox, clock) -> None:
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{s.getsockname()[1]}"
    _enqueue(outbox, "k1")
    stats = OutboxWorker(outbox, TwilioSender(ACCOUNT_SID, AUTH_TOKEN, closed, timeout=2)).run_once()
    assert stats.retried == 1
    [row] = outbox.messages()
    assert row.status == "pending" and row.attempts == 1 and "ConnectionError" in row.last_error


def test_after_max_attempts_the_text_is_kept_as_failed(outbox, sender, standin, clock) -> None:
    _enqueue(outbox, "k1")
    standin.fail_next(10, status=500)
    worker = OutboxWorker(outbox, sender)
    for _ in range(10):
        worker.run_once()
        clock.advance(3600)
    [row] = outbox.messages()
    assert (row.status, row.attempts) == ("failed", outbox.backoff.max_attempts)
    assert len(standin.requests) == outbox.backoff.max_attempts


def test_a_permanent_error_is_not_retried_and_an_unsubscribed_number_is_suppressed(
    outbox, sender, standin
) -> None:
    _enqueue(outbox, "bad-number")
    standin.fail_next(1, status=400, code=21211)
    _enqueue(outbox, "unsubscribed")
    standin.fail_next(1, status=400, code=21610)
    stats = OutboxWorker(outbox, sender).run_once()
    assert (stats.failed, stats.suppressed, stats.retried) == (1, 1, 0)
    statuses = {r.idempotency_key: r.status for r in outbox.messages()}
    assert statuses == {"bad-number": "failed", "unsubscribed": "suppressed"}


def test_an_opted_out_number_gets_nothing(outbox, inbound, sender, standin) -> None:
    inbound.opt_out(RESIDENT)
    _enqueue(outbox, "k1")
    assert OutboxWorker(outbox, sender).run_once().suppressed == 1
    assert standin.requests == []
    assert outbox.messages()[0].status == "suppressed"


def test_two_workers_at_once_send_each_text_exactly_once(outbox, sender, standin) -> None:
    for n in range(30):
        _enqueue(outbox, f"k{n}", body=f"text {n}")
    standin.fail_next(5, status=500)  # some first tries fail; their retries are not yet due
    workers = [OutboxWorker(outbox, sender, batch_size=3) for _ in range(2)]
    threads = [threading.Thread(target=w.run_once) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    bodies = [r.form["Body"] for r in standin.accepted]
    assert len(bodies) == len(set(bodies)) == 25
    statuses = [r.status for r in outbox.messages()]
    assert statuses.count("sent") == 25 and statuses.count("pending") == 5


def test_a_lost_lease_is_taken_over_and_the_late_worker_cannot_settle(outbox, clock) -> None:
    _enqueue(outbox, "k1")
    [first] = outbox.claim_due()
    assert outbox.claim_due() == []  # leased
    clock.advance(6 * 60)  # the first worker died; its lease ran out
    [second] = outbox.claim_due()
    assert second.attempt == 2
    assert outbox.mark_sent(first, "SMlate") is False
    assert outbox.mark_sent(second, "SMok") is True
    assert outbox.messages()[0].provider_sid == "SMok"


def test_backoff_doubles_and_is_capped() -> None:
    backoff = Backoff(base_seconds=5, max_seconds=60, max_attempts=8)
    assert [backoff.delay(n).total_seconds() for n in range(1, 7)] == [5, 10, 20, 40, 60, 60]


def test_worker_logs_carry_no_phone_numbers_or_texts(outbox, sender, standin, caplog) -> None:
    _enqueue(outbox, "k1", body="the dog at 412 Oak St")
    standin.fail_next(1, status=500)
    _enqueue(outbox, "k2", body="the dog at 412 Oak St")
    with caplog.at_level(logging.DEBUG):
        OutboxWorker(outbox, sender).run_once()
    assert "k1" in caplog.text or "k2" in caplog.text
    assert RESIDENT not in caplog.text and "412 Oak" not in caplog.text


def _file(cases, make, **overrides):
    return cases.file_complaint(make(**overrides))


def test_an_urgent_filing_pages_the_officer_and_a_call_is_confirmed_by_text(
    outbox, cases, make_report, sender, standin
) -> None:
    bite = _file(
        cases,
        make_report,
        type="bite",
        urgent=True,
        channel="voice",
        bite=BiteDetails(
            victim="person", skin_broken_or_medical=True, animal_vaccinated=None, owner_known=None
        ),
    )
    barking = _file(cases, make_report)  # SMS, not urgent: the webhook reply already confirmed it
    assert outbox.follow_up_filing(bite) == 2
    assert outbox.follow_up_filing(bite) == 0  # a repeat queues nothing
    assert outbox.follow_up_filing(barking) == 0
    rows = {r.idempotency_key: r for r in outbox.messages()}
    assert set(rows) == {f"page:{bite}", f"confirm:{bite}"}
    page = rows[f"page:{bite}"]
    assert page.to_number == "+15075550199" and page.purpose == "page_on_call"  # Kellogg's on-call officer
    assert bite in page.body and "412 OAK ST" in page.body and RESIDENT not in page.body
    confirm = rows[f"confirm:{bite}"]
    assert confirm.to_number == RESIDENT and bite in confirm.body
    assert (
        "give this reference" in confirm.body and "text this" not in confirm.body.lower()
    )  # a text is a new complaint
    OutboxWorker(outbox, sender).run_once()
    assert sorted(r.form["To"] for r in standin.accepted) == sorted([RESIDENT, "+15075550199"])


def test_the_sweep_queues_follow_ups_a_crashed_channel_never_queued(outbox, cases, make_report) -> None:
    first = _file(cases, make_report, type="at_large", urgent=True)
    second = _file(
        cases, make_report, type="at_large", urgent=True, jurisdiction="freeport", location="3rd and Elm"
    )
    outbox.follow_up_filing(first)
    assert outbox.sweep_follow_ups() == 1
    assert outbox.sweep_follow_ups() == 0
    pages = {r.complaint_reference: r.to_number for r in outbox.messages()}
    assert pages == {first: "+15075550199", second: "+13205550199"}


def test_a_status_text_goes_once_per_status_and_only_to_a_phone(outbox, cases, make_report) -> None:
    by_text = _file(cases, make_report)
    by_rest = _file(cases, make_report, channel="rest", complainant_contact="rest:dev-sender")
    assert outbox.queue_status_text(by_text) is True
    assert outbox.queue_status_text(by_text) is False
    assert outbox.queue_status_text(by_rest) is False
    cases.accept(by_text, by="clerk1")
    assert outbox.queue_status_text(by_text) is True
    bodies = [(r.to_number, r.body) for r in outbox.messages()]
    assert [to for to, _ in bodies] == [RESIDENT, RESIDENT]
    assert "waiting for the clerk" in bodies[0][1] and "accepted by the clerk" in bodies[1][1]


def test_the_page_carries_the_normalised_address_and_the_reference_never_the_raw_words(
    outbox, cases, make_report
) -> None:
    """Issue 10 finding 13: the officer's page repeated the resident's raw location text."""
    raw = "412 oak st, behind Jane Doe's garage, call me at 507-555-0123"
    bite = _file(
        cases,
        make_report,
        type="bite",
        urgent=True,
        location=raw,
        bite=BiteDetails(
            victim="person", skin_broken_or_medical=True, animal_vaccinated=None, owner_known=None
        ),
    )
    outbox.follow_up_filing(bite)
    [page] = [r for r in outbox.messages() if r.purpose == "page_on_call"]
    assert bite in page.body
    assert "Jane" not in page.body and "555-0123" not in page.body and "garage" not in page.body
    assert cases.get_complaint(bite).location_normalised in page.body


def test_the_first_page_links_the_officers_item_page_and_names_no_resident(
    session_factory, clock, cases, make_report
) -> None:
    """Issue 36: the officer is paged "with a text, and then has nothing to work from"; the first page, queued
    at filing, links the officer's item page (CONSOLE_PUBLIC_URL/officer/REF) as the escalation pages do."""
    outbox = OutboxService(session_factory, clock=clock, console_url="https://console.example/")
    bite = _file(
        cases, make_report, type="bite", urgent=True, complainant_name="Jane Doe",
        transcript="Jane Doe here, I live at 77 Birch Lane, call me at 507-555-0123. A dog bit me.",
        bite=BiteDetails(victim="person", skin_broken_or_medical=True, animal_vaccinated=None,
                         owner_known="the Hansens at 500 Elm St"),
    )  # fmt: skip
    outbox.follow_up_filing(bite)
    [page] = [r for r in outbox.messages() if r.purpose == "page_on_call"]
    assert page.body.endswith(f" https://console.example/officer/{bite}")
    assert "412 OAK ST" in page.body and "Details in the console" not in page.body
    for resident_data in (RESIDENT, "507-555-0123", "555-0123", "Jane", "Doe", "Birch", "Hansen", "Elm"):
        assert resident_data not in page.body


def test_a_long_place_and_note_shorten_the_page_never_its_link() -> None:
    complaint = Complaint(reference="KEL-2026-00042", type="bite", animal_species="dog",
                          location_normalised="412 OAK ST " + "X" * 400)  # fmt: skip
    page = page_text(complaint, "https://console.example/", note="Not acknowledged in 10 min.")
    assert len(page) == PAGE_LIMIT and page.startswith(
        "Not acknowledged in 10 min. URGENT bite: dog at 412 OAK ST"
    )
    assert page.endswith("XXX https://console.example/officer/KEL-2026-00042")


def test_without_a_public_console_url_the_page_says_where_the_details_are(outbox, cases, make_report) -> None:
    bite = _file(cases, make_report, type="at_large", urgent=True)
    outbox.follow_up_filing(bite)
    [page] = [r for r in outbox.messages() if r.purpose == "page_on_call"]
    assert page.body.endswith("Details in the console.") and "/officer/" not in page.body
