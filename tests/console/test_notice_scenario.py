"""A dated history in each city, every notice kind issued through the console on its day, and every date on
every notice checked against the section that sets it."""

from __future__ import annotations

import html
import re
from datetime import date, datetime, timedelta, timezone

from bot.cases.report import BiteDetails
from tests.console.conftest import CHICAGO, csrf_from


def on(clock, day: date, hour: int = 12) -> None:
    clock.now = datetime(day.year, day.month, day.day, hour, 0, tzinfo=CHICAGO).astimezone(timezone.utc)


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def long_day(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def accepted(cases, report) -> str:
    reference = cases.file_complaint(report)
    cases.accept(reference, by="setup")
    cases.confirm_household(reference, by="setup")
    return reference


def issue(client, reference: str, kind: str, day: date):
    """Issue a notice dated `day` (the console's today): returns the stored notice."""
    token = csrf_from(client, "/queue")
    response = client.post("/notices", data={"csrf_token": token, "complaint": reference, "kind": kind,
                                             "issued_on": day.isoformat()})  # fmt: skip
    assert response.headers["location"].startswith("/notices/"), text_of(
        client.get(response.headers["location"]).text
    )
    return int(response.headers["location"].rsplit("/", 1)[1])


def test_every_kellogg_notice_on_its_day(signed_in, cases, make_report, clock) -> None:
    client = signed_in("clerk")
    received = lambda month, day: datetime(2026, month, day, 9, 0, tzinfo=CHICAGO)  # noqa: E731

    first = accepted(cases, make_report(received=received(3, 2)))
    on(clock, date(2026, 3, 3))
    letter = cases.stored_notice(issue(client, first, "letter", date(2026, 3, 3)))
    # 58-16 B(2): "the owner will have 10 days to license it at the regular fee"
    assert letter.facts["terms"]["license_by"] == "2026-03-13"
    assert letter.issued_on >= date(2026, 3, 2)  # on or after the complaint it answers

    second = accepted(cases, make_report(received=received(3, 20)))
    on(clock, date(2026, 3, 21))
    citation_id = issue(client, second, "citation", date(2026, 3, 21))
    # B(3): "within 10 days after receiving the citation"; "30 days to comply": from receipt, not from issue
    [citation] = cases.notices(reference=second)
    assert (citation.hearing_request_by, citation.comply_by) == (None, None)
    on(clock, date(2026, 3, 24))
    token = csrf_from(client, f"/notices/{citation_id}")
    client.post(f"/notices/{citation_id}/receipt",
                data={"csrf_token": token, "received_on": "2026-03-24", "served_how": "in_person"})  # fmt: skip
    [citation] = cases.notices(reference=second)
    assert (citation.hearing_request_by, citation.comply_by) == (date(2026, 4, 3), date(2026, 4, 23))

    third = accepted(cases, make_report(received=received(6, 1)))
    later = accepted(cases, make_report(received=received(6, 5)))
    on(clock, date(2026, 6, 6))
    referral_id = _issue_back_dated(client, third, "referral", date(2026, 6, 2), "handed over on June 2")
    referral = cases.stored_notice(referral_id)
    # B(4): "within one year after the first violation" (March 2, 2027 the last day); to the City Attorney
    assert referral.facts["counted"]["counts_as"] == "third"
    assert 'id="addressee">To the City Attorney' in referral.html
    assert [row["reference"] for row in referral.facts["history"]] == [first, second, third]
    assert later not in referral.html  # received June 5: not known on June 2

    bitten = datetime(2026, 6, 10, 9, 5, tzinfo=CHICAGO)
    bite = accepted(cases, make_report(type="bite", received=bitten, occurred=bitten, location="412 Oak Street",
                                       bite=BiteDetails("person", True, None, "412 Oak St"), urgent=True))  # fmt: skip
    on(clock, date(2026, 6, 12))
    order = cases.stored_notice(issue(client, bite, "quarantine_order", date(2026, 6, 12)))
    # 58-10: "immediately be quarantined ... a minimum period of 10 days", from the confinement the order begins
    assert order.facts["terms"]["confinement_starts"] == "2026-06-12"
    assert order.facts["terms"]["quarantine_until"] == "2026-06-22"
    # 58-10 D: "within two hours after the bite"
    assert "by June 10, 2026 at 11:05 AM CDT" in text_of(order.html)
    for notice in (letter, cases.stored_notice(citation_id), referral, order):
        assert notice.issued_on <= clock().astimezone(CHICAGO).date() and notice.intact


def _issue_back_dated(client, reference: str, kind: str, day: date, reason: str) -> int:
    token = csrf_from(client, "/queue")
    response = client.post("/notices", data={"csrf_token": token, "complaint": reference, "kind": kind,
                                             "issued_on": day.isoformat(), "back_dated_reason": reason})  # fmt: skip
    return int(response.headers["location"].rsplit("/", 1)[1])


def test_every_freeport_notice_on_its_day(signed_in, cases, make_report, clock) -> None:
    bitten = datetime(2026, 7, 1, 18, 15, tzinfo=CHICAGO)
    bite = accepted(cases, make_report(jurisdiction="freeport", type="bite", received=bitten, occurred=bitten,
                                       location="Main St and 2nd Ave", bite=BiteDetails("person", True, None, "3 Elm St"),
                                       urgent=True))  # fmt: skip
    on(clock, date(2026, 7, 2))
    officer = signed_in("officer")
    token = csrf_from(officer, f"/complaints/{bite}")
    officer.post(f"/complaints/{bite}/bite-facts",
                 data={"csrf_token": token, "vaccination_proof": "no", "reason": "no certificate"})  # fmt: skip
    token = csrf_from(officer, f"/notices/designation?complaint={bite}")
    officer.post("/notices/designation", data={"csrf_token": token, "complaint": bite, "designation": "dangerous",
                                               "evidence": "walking on the sidewalk, unprovoked"})  # fmt: skip
    clerk = signed_in("clerk")
    order = cases.stored_notice(issue(clerk, bite, "quarantine_order", date(2026, 7, 2)))
    # 5 B: "confined in the Animal Shelter ... for a period of not less than ten days"
    assert (order.facts["terms"]["confinement_starts"], order.facts["terms"]["quarantine_until"]) == (
        "2026-07-02",
        "2026-07-12",
    )
    assert "City Animal Control Officer, Freeport" in text_of(order.html)  # 5 B "by the officer"
    dangerous = cases.stored_notice(issue(clerk, bite, "dangerous_notice", date(2026, 7, 2)))
    # 11 G 1: "fourteen (14) days to appeal this order", and "dates, times, places and parties bitten"
    assert (
        dangerous.facts["terms"]["hearing_request_by"] == (date(2026, 7, 2) + timedelta(days=14)).isoformat()
    )
    assert "July 1, 2026 at 6:15 PM CDT, at Main St and 2nd Ave; bitten: a person" in text_of(dangerous.html)

    nipped = datetime(2026, 7, 3, 8, 0, tzinfo=CHICAGO)
    dog_bite = accepted(cases, make_report(jurisdiction="freeport", type="bite", received=nipped, occurred=nipped,
                                           location="9 Pine St", bite=BiteDetails("domestic_animal", False, None, "3 Elm St"),
                                           urgent=True))  # fmt: skip
    on(clock, date(2026, 7, 6))
    officer = signed_in("officer")
    token = csrf_from(officer, f"/notices/designation?complaint={dog_bite}")
    officer.post("/notices/designation",
                              data={"csrf_token": token, "complaint": dog_bite, "designation": "potentially_dangerous",
                                    "evidence": "the cat was in its own yard"})  # fmt: skip
    clerk = signed_in("clerk")
    written = cases.stored_notice(issue(clerk, dog_bite, "potentially_dangerous_notice", date(2026, 7, 6)))
    # 11 D: "notified in writing that such animal is potentially dangerous"; 11 I: fourteen days' notice
    assert "notified in writing" in written.html and "at least fourteen (14) days before" in written.html
    assert written.issued_on == date(2026, 7, 6) and written.facts["terms"]["hearing_request_by"] is None
