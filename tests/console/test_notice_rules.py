"""Notices as the ordinances make them, through the console: their dates, the bite facts an order turns on,
the designation notices, the two-hour owner notice on the board, and one proposal on every page."""

from __future__ import annotations

import html
import re
from datetime import date, datetime, timezone

import pytest

from bot.cases.report import BiteDetails
from tests.console.conftest import CHICAGO, csrf_from


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def accepted(cases, report) -> str:
    reference = cases.file_complaint(report)
    cases.accept(reference, by="setup")
    cases.confirm_household(reference, by="setup")
    return reference


def post_notice(client, reference: str, kind: str, issued_on: date, reason: str = ""):
    token = csrf_from(client, "/queue")
    data = {"csrf_token": token, "complaint": reference, "kind": kind, "issued_on": issued_on.isoformat()}
    return client.post("/notices", data={**data, "back_dated_reason": reason})


def set_today(clock, day: date) -> None:
    clock.now = datetime(day.year, day.month, day.day, 18, 0, tzinfo=timezone.utc)  # noon in Minnesota


# ---- item 5: notice dates ---------------------------------------------------------------------------------


def test_a_notice_is_dated_between_its_complaint_and_today(signed_in, cases, make_report, clock) -> None:
    """A letter dated May 1 for a complaint received June 18 printed "License by: May 11" (the defect): a
    notice answers a complaint already received, and is not dated ahead of the day it is issued."""
    reference = accepted(cases, make_report(received=datetime(2026, 6, 18, 9, tzinfo=CHICAGO)))
    set_today(clock, date(2026, 6, 22))
    client = signed_in("clerk")
    for day, words in (
        (date(2026, 5, 1), "before the complaint it answers"),
        (date(2026, 6, 23), "after today"),
    ):
        response = post_notice(client, reference, "letter", day, "entered late")
        assert response.status_code == 303 and cases.notices(reference=reference) == []
        assert words in text_of(client.get(response.headers["location"]).text)
    preview = client.get(f"/notices/preview?complaint={reference}&kind=letter&issued_on=2026-05-01")
    assert preview.status_code == 303  # no preview of a letter that cannot be issued


def test_a_back_dated_notice_needs_a_reason_recorded_with_it(signed_in, cases, make_report, clock) -> None:
    reference = accepted(cases, make_report(received=datetime(2026, 6, 18, 9, tzinfo=CHICAGO)))
    set_today(clock, date(2026, 6, 22))
    client = signed_in("clerk")
    preview = client.get(f"/notices/preview?complaint={reference}&kind=letter&issued_on=2026-06-19").text
    assert 'name="back_dated_reason"' in preview
    post_notice(client, reference, "letter", date(2026, 6, 19))
    assert cases.notices(reference=reference) == []  # refused: no reason
    post_notice(
        client, reference, "letter", date(2026, 6, 19), "signed and mailed on the 19th, typed in today"
    )
    [notice] = cases.notices(reference=reference)
    stored = cases.stored_notice(notice.id)
    assert stored.facts["back_dated_reason"] == "signed and mailed on the 19th, typed in today"
    [issued] = cases.audit_trail("notice", str(notice.id))
    assert issued.reason == "signed and mailed on the 19th, typed in today"
    post_notice(client, accepted(cases, make_report(received=datetime(2026, 6, 22, 9, tzinfo=CHICAGO))),
                "citation", date(2026, 6, 22))  # fmt: skip
    [today] = [n for n in cases.notices() if n.kind == "citation"]
    assert cases.stored_notice(today.id).facts["back_dated_reason"] is None  # dated today: none needed


def test_the_history_on_a_letter_stops_at_its_date(signed_in, cases, make_report, clock) -> None:
    """A June 2 letter listed complaints of June 10 and June 15 (the defect): it lists what was known then."""
    first = accepted(cases, make_report(received=datetime(2026, 6, 1, 9, tzinfo=CHICAGO)))
    later = [
        accepted(cases, make_report(received=datetime(2026, 6, day, 9, tzinfo=CHICAGO))) for day in (10, 15)
    ]
    set_today(clock, date(2026, 6, 16))
    client = signed_in("clerk")
    post_notice(client, first, "letter", date(2026, 6, 2), "mailed June 2")
    [notice] = cases.notices(reference=first)
    stored = cases.stored_notice(notice.id)
    assert [row["reference"] for row in stored.facts["history"]] == [first]
    assert not any(reference in stored.html for reference in later)


# ---- item 3: the facts a 58-10 order turns on, recorded and printed ---------------------------------------


def kellogg_bite(cases, make_report) -> str:
    bitten = datetime(2026, 6, 1, 9, 5, tzinfo=CHICAGO)
    return accepted(cases, make_report(type="bite", received=bitten, location="220 Walnut St",
                                       bite=BiteDetails("person", True, True, "the people at 220 Walnut St"),
                                       urgent=True))  # fmt: skip


def record_facts(client, reference: str, **fields: str):
    token = csrf_from(client, f"/complaints/{reference}")
    return client.post(f"/complaints/{reference}/bite-facts", data={"csrf_token": token, **fields})


def test_the_officer_records_proof_and_premises_and_the_order_follows_58_10(
    signed_in, cases, make_report, clock
) -> None:
    """58-10 A: the owner may keep the animal provided he/she "(1) Has shown proof that said animal is
    currently vaccinated against rabies; (2) ... separate from other animals; and (3) ... indoors"; B: a bite
    "at a location other than owner's premises" means "the animal shall be impounded". The defect dropped
    the proof and never used the premises, so every order printed "to confirm"."""
    reference = kellogg_bite(cases, make_report)
    set_today(clock, date(2026, 6, 2))
    officer = signed_in("officer")
    preview = f"/notices/preview?complaint={reference}&kind=quarantine_order"
    assert "Where: to confirm" in text_of(signed_in("clerk").get(preview).text)
    officer = signed_in("officer")
    record_facts(
        officer,
        reference,
        vaccination_proof="yes",
        on_owner_premises="yes",
        reason="tag and certificate seen",
    )
    detail = cases.get_complaint(reference)
    assert (detail.bite.vaccination_proof, detail.bite.on_owner_premises) == (True, True)
    assert cases.audit_trail("complaint", reference)[-1].action == "bite_facts_recorded"
    clerk = signed_in("clerk")
    page = text_of(clerk.get(preview).text)
    assert "at the owner's home, indoors at all times and kept separate" in page
    assert "58-10(A)(2) kept separate from other animals" in page and "58-10(A)(3) kept indoors" in page
    record_facts(
        clerk, reference, vaccination_proof="yes", on_owner_premises="no", reason="bitten in the park"
    )
    page = text_of(clerk.get(preview).text)
    assert "impounded at an animal shelter or veterinary clinic" in page and "at the owner's home" not in page


def test_a_recorded_start_of_confinement_dates_the_order(signed_in, cases, make_report, clock) -> None:
    """The order says when confinement began, as recorded, and its end follows (58-10 "minimum period of 10
    days"); an order dated June 20 for a June 1 bite never ends June 11."""
    reference = kellogg_bite(cases, make_report)
    set_today(clock, date(2026, 6, 20))
    clerk = signed_in("clerk")
    post_notice(clerk, reference, "quarantine_order", date(2026, 6, 20))
    [order] = cases.notices(reference=reference)
    assert (order.issued_on, order.quarantine_until) == (date(2026, 6, 20), date(2026, 6, 30))
    assert "June 11" not in cases.stored_notice(order.id).html
    record_facts(clerk, reference, confined_on="2026-06-25")
    assert cases.get_complaint(reference).bite.confined_on is None  # not after today


# ---- item 8: the written designation notices (Freeport 11 D, 11 G 1) --------------------------------------


def freeport_bite(cases, make_report, day: int, victim: str = "person", injury: bool = True) -> str:
    bitten = datetime(2026, 6, day, 17, 30, tzinfo=CHICAGO)
    return accepted(cases, make_report(jurisdiction="freeport", type="bite", received=bitten, occurred=bitten,
                                       location=f"{day} Main St", bite=BiteDetails(victim, injury, None, "3 Elm St"),
                                       urgent=True))  # fmt: skip


def designate(officer, reference: str, designation: str) -> None:
    token = csrf_from(officer, f"/notices/designation?complaint={reference}")
    officer.post("/notices/designation", data={"csrf_token": token, "complaint": reference,
                                               "designation": designation, "evidence": "walking past, unprovoked"})  # fmt: skip


def test_written_notices_of_the_officers_designation(signed_in, cases, make_report, clock) -> None:
    """11 D: "the City Animal Control Officer shall cause one (1) owner of the potentially dangerous animal to
    be notified in writing"; 11 G 1: "This owner shall be notified as to dates, times, places and parties
    bitten, and shall be given fourteen (14) days to appeal this order by requesting a hearing before the City
    Council". Neither notice existed."""
    reference = freeport_bite(cases, make_report, 1)
    set_today(clock, date(2026, 6, 3))
    officer = signed_in("officer")
    designate(officer, reference, "dangerous")
    clerk = signed_in("clerk")
    assert "dangerous_notice" in clerk.get(f"/notices/designation?complaint={reference}").text
    response = post_notice(clerk, reference, "dangerous_notice", date(2026, 6, 3))
    [notice] = cases.notices(reference=reference)
    assert (notice.kind, notice.hearing_request_by) == ("dangerous_notice", date(2026, 6, 17))
    page = text_of(clerk.get(response.headers["location"]).text)
    assert "June 1, 2026 at 5:30 PM CDT, at 1 Main St; bitten: a person" in page
    assert "14 days to appeal this order by requesting a hearing before the City Council" in page
    assert "City Animal Control Officer, Freeport" in page and "Clerk-Treasurer, Freeport" not in page
    assert "appeal to the City Council closes (dangerous notice)" in text_of(clerk.get("/deadlines").text)

    other = freeport_bite(cases, make_report, 2, victim="domestic_animal", injury=False)
    designate(signed_in("officer"), other, "potentially_dangerous")
    post_notice(signed_in("clerk"), other, "potentially_dangerous_notice", date(2026, 6, 3))
    [written] = cases.notices(reference=other)
    assert "notified in writing" in cases.stored_notice(written.id).html
    assert post_notice(signed_in("clerk"), other, "dangerous_notice", date(2026, 6, 3)).status_code == 303
    assert len(cases.notices(reference=other)) == 1  # no decision of "dangerous": no such notice


# ---- item 7: one proposal on the complaint page and the designation page ---------------------------------


def test_complaint_page_and_designation_page_propose_the_same(signed_in, cases, make_report, clock) -> None:
    """11 C 1 d: "Bitten one (1) or more persons on two (2) or more occasions". The complaint page used one
    bite and no earlier occasion ("potentially dangerous") while the designation page said "dangerous"."""
    first = freeport_bite(cases, make_report, 1, injury=False)
    second = freeport_bite(cases, make_report, 8, injury=False)
    animal = cases.create_animal(cases.get_complaint(first).subject_id, by="setup", species="dog")
    for reference in (first, second):
        cases.link_animal(reference, animal, by="setup")
    set_today(clock, date(2026, 6, 9))
    clerk = signed_in("clerk")
    complaint = text_of(clerk.get(f"/complaints/{second}").text)
    designation = text_of(clerk.get(f"/notices/designation?complaint={second}").text)
    assert "proposed designation: dangerous" in complaint and "11(C)(1)(d)" in complaint
    assert (
        "dangerous: has bitten one (1) or more persons on two (2) or more occasions (11(C)(1)(d))"
        in designation
    )


# ---- item 13: the two-hour owner notice at the top of the board ------------------------------------------


def test_the_two_hour_owner_notice_heads_the_board_while_it_runs(
    signed_in, cases, make_report, clock
) -> None:
    """58-10 D: "If the owner cannot be advised of the animal bite within two hours after the bite ... an
    Animal Control Officer or Sheriff shall impound said animal." The board showed only the quarantine end."""
    bitten = datetime(2026, 6, 1, 20, 26, tzinfo=CHICAGO)
    reference = cases.file_complaint(make_report(type="bite", received=bitten, occurred=bitten,
                                                 bite=BiteDetails("person", True, None, None), urgent=True))  # fmt: skip
    clock.now = datetime(2026, 6, 2, 2, 0, tzinfo=timezone.utc)  # 9:00 PM in Kellogg
    board = signed_in("officer").get("/deadlines").text
    running = text_of(board[board.index('id="running-now"') : board.index("</section>")])
    assert "the owner must be advised of the bite by June 1, 2026 at 10:26 PM CDT" in running
    assert reference in running and "Animal Control Officer on call" in running and "paged" in running
    assert board.index('id="running-now"') < board.index("<table")
    clock.now = datetime(2026, 6, 2, 4, 0, tzinfo=timezone.utc)  # 11:00 PM: the two hours have run
    assert 'id="running-now"' not in signed_in("officer").get("/deadlines").text


@pytest.mark.parametrize("city", ["kellogg", "freeport"])
def test_the_household_page_names_only_its_own_citys_readings(signed_in, cases, make_report, city) -> None:
    """Freeport Ordinance 2005-03 has no verbal/written rule: its household page listed "A text message (SMS)
    is a written complaint" beside "has no verbal/written rule"."""
    reference = accepted(cases, make_report(jurisdiction=city))
    page = text_of(signed_in("clerk").get(f"/subjects/{cases.get_complaint(reference).subject_id}").text)
    assert ("A text message (SMS)" in page) == (city == "kellogg")
    assert (
        "a letter and then a citation revoking the licence" in page
    )  # same_incident: count_each's consequence


def test_a_bite_after_the_officer_declared_the_animal_potentially_dangerous(
    signed_in, cases, make_report, clock
) -> None:
    """11 E 2: "That the animal has been declared potentially dangerous and such animal has then bitten ... a
    person or domestic animal". The defect never read the officer's recorded decision: the animal stayed
    "potentially dangerous"."""
    first = freeport_bite(cases, make_report, 1, victim="domestic_animal", injury=False)
    animal = cases.create_animal(cases.get_complaint(first).subject_id, by="setup", species="dog")
    cases.link_animal(first, animal, by="setup")
    set_today(clock, date(2026, 6, 3))
    designate(signed_in("officer"), first, "potentially_dangerous")
    again = freeport_bite(cases, make_report, 8, victim="domestic_animal", injury=False)
    cases.link_animal(again, animal, by="setup")
    set_today(clock, date(2026, 6, 9))
    clerk = signed_in("clerk")
    page = text_of(clerk.get(f"/notices/designation?complaint={again}").text)
    assert (
        "dangerous: has been found to be potentially dangerous and then bitten" in page
        and "11(C)(1)(e)" in page
    )
    assert "proposed designation: dangerous" in text_of(clerk.get(f"/complaints/{again}").text)
    assert "potentially dangerous: has bitten" in text_of(
        clerk.get(f"/notices/designation?complaint={first}").text
    )
