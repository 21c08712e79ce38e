"""Notices: computed deadlines from the pack's law, the chapter enclosed with the letter, issuing records it."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone

import pytest

from bot.cases.report import BiteDetails
from bot.jurisdictions import PACKS_DIR, get_pack
from tests.console.conftest import CHICAGO, csrf_from

KELLOGG = get_pack("kellogg")


def long_day(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def span(page: str, element_id: str) -> str:
    match = re.search(rf'id="{element_id}">([^<]+)<', page)
    assert match, element_id
    return match.group(1)


def accepted(cases, report) -> str:
    reference = cases.file_complaint(report)
    cases.accept(reference, by="setup")
    cases.confirm_household(reference, by="setup")  # only confirmed households count (docs/rules.md)
    return reference


@pytest.fixture(autouse=True)
def on_march_5(clock) -> None:
    """The console's today: notices of March 2-4 are back-dated (with a reason), none is dated ahead."""
    clock.now = datetime(2026, 3, 5, 18, 0, tzinfo=timezone.utc)


def issue(client, reference: str, kind: str, issued_on: date):
    token = csrf_from(client, "/queue")
    return client.post(
        "/notices",
        data={"csrf_token": token, "complaint": reference, "kind": kind, "issued_on": issued_on.isoformat(),
              "back_dated_reason": "typed in from the signed paper copy"},
    )  # fmt: skip


def test_first_complaint_letter_has_the_licence_deadline_and_chapter_58(
    signed_in, cases, make_report
) -> None:
    reference = accepted(cases, make_report())
    client = signed_in("clerk")
    issued_on = date(2026, 3, 3)
    page = client.get(f"/notices/preview?complaint={reference}&kind=letter&issued_on={issued_on}").text
    license_by = issued_on + timedelta(days=KELLOGG.law.first_license_days)
    assert span(page, "license-by") == long_day(license_by)
    assert f"${KELLOGG.law.first_late_license_fee_cents // 100}" in page
    chapter = (PACKS_DIR / KELLOGG.extra["ordinance_text"]).read_text(encoding="utf-8")
    assert "58-16" in chapter and chapter.splitlines()[0] in page
    assert cases.notices(reference=reference) == []  # a preview records nothing

    response = issue(client, reference, "letter", issued_on)
    assert response.status_code == 303
    [notice] = cases.notices(reference=reference)
    assert (notice.kind, notice.issued_on, notice.license_by, notice.created_by) == (
        "letter",
        issued_on,
        license_by,
        "clerk",
    )
    printable = client.get(response.headers["location"]).text
    assert span(printable, "license-by") == long_day(license_by) and "Issued" in printable
    subject_page = client.get(f"/subjects/{notice.subject_id}").text
    assert "letter issued" in subject_page
    assert long_day(license_by) in client.get("/deadlines").text
    history = client.get(f"/complaints/{reference}").text
    assert f"issued letter (notice {notice.id})" in history  # the notice shows in the complaint's history


def test_citation_deadlines_run_from_receipt_and_the_board_awaits_it(signed_in, cases, make_report) -> None:
    """58-16 B(3): "The owner can have a hearing on the matter before the City Council if the owner contacts
    the Clerk/Treasurer's office within 10 days after receiving the citation" - counted from receipt, not
    from the day it was issued (the defect dated it from issue)."""
    accepted(cases, make_report())
    second = accepted(cases, make_report(received=datetime(2026, 3, 2, 12, tzinfo=CHICAGO)))
    client = signed_in("clerk")
    issued_on = date(2026, 3, 2)
    assert (
        issue(client, second, "letter", issued_on).status_code == 303
    )  # refused: a second calls for a citation
    assert cases.notices(reference=second) == []
    response = issue(client, second, "citation", issued_on)
    [notice] = cases.notices(reference=second)
    law = KELLOGG.law
    assert (notice.hearing_request_by, notice.comply_by) == (None, None)
    assert notice.fee_cents == law.second_reissue_fee_cents
    page = client.get(response.headers["location"]).text
    assert "within 10 days after receiving the citation" in page
    assert "before the City Council" in page and "prosecution could occur" in page
    assert "awaiting receipt" in page and "awaiting receipt" in client.get("/deadlines").text

    token = csrf_from(client, f"/notices/{notice.id}")
    received = date(2026, 3, 6)
    done = client.post(f"/notices/{notice.id}/receipt",
                       data={"csrf_token": token, "received_on": received.isoformat(), "served_how": "certified_mail"})  # fmt: skip
    assert done.status_code == 303
    [notice] = cases.notices(reference=second)
    assert notice.hearing_request_by == received + timedelta(days=law.second_hearing_request_days)
    assert notice.comply_by == received + timedelta(days=law.second_comply_days)
    board = client.get("/deadlines").text
    assert "awaiting receipt" not in board and long_day(notice.hearing_request_by) in board
    assert "certified mail" in client.get(f"/notices/{notice.id}").text
    audit = cases.audit_trail("notice", str(notice.id))
    assert [(e.action, e.actor) for e in audit] == [("issued", "clerk"), ("receipt_recorded", "clerk")]


def test_an_issued_notice_is_shown_from_its_stored_copy_after_later_complaints(
    signed_in, cases, make_report
) -> None:
    """Notices are records: the issued letter stays as issued when an earlier complaint is accepted later
    (the defect re-drafted it from today's data and answered with a server error)."""
    reference = accepted(cases, make_report(received=datetime(2026, 3, 2, 12, tzinfo=CHICAGO)))
    client = signed_in("clerk")
    response = issue(client, reference, "letter", date(2026, 3, 3))
    notice_path = response.headers["location"]
    before = client.get(notice_path)
    [notice] = cases.notices(reference=reference)
    stored = cases.stored_notice(notice.id)
    assert stored.intact and stored.pdf.startswith(b"%PDF") and len(stored.sha256) == 64
    chapter = (PACKS_DIR / KELLOGG.extra["ordinance_text"]).read_text(encoding="utf-8")
    assert chapter.splitlines()[0] in stored.html  # 58-16 B(2): "along with a copy of this article"
    assert stored.facts["counted"]["counts_as"] == "first"

    accepted(cases, make_report(received=datetime(2026, 2, 20, 12, tzinfo=CHICAGO)))  # earlier: now the first
    after = client.get(notice_path)
    assert after.status_code == 200
    assert span(after.text, "license-by") == span(before.text, "license-by")
    assert cases.stored_notice(notice.id).html == stored.html
    pdf = client.get(f"{notice_path}/pdf")
    assert pdf.headers["content-type"] == "application/pdf" and pdf.content == stored.pdf


def test_void_with_a_reason_and_reissue_are_both_audited(signed_in, cases, make_report) -> None:
    reference = accepted(cases, make_report())
    client = signed_in("clerk")
    first_path = issue(client, reference, "letter", date(2026, 3, 3)).headers["location"]
    old_id = int(first_path.rsplit("/", 1)[1])
    token = csrf_from(client, first_path)
    assert client.post(f"{first_path}/void", data={"csrf_token": token, "reason": ""}).status_code == 303
    assert cases.stored_notice(old_id).voided_at is None  # a reason is required
    done = client.post(f"{first_path}/void", data={"csrf_token": token, "reason": "wrong issue date"})
    assert f"replaces={old_id}" in done.headers["location"]
    token = csrf_from(client, done.headers["location"])
    new = client.post("/notices", data={"csrf_token": token, "complaint": reference, "kind": "letter",
                                        "issued_on": "2026-03-04", "replaces": str(old_id),
                                        "back_dated_reason": "the corrected letter went out on the 4th"})  # fmt: skip
    new_id = int(new.headers["location"].rsplit("/", 1)[1])
    old = cases.stored_notice(old_id)
    assert (old.void_reason, old.replaced_by, cases.stored_notice(new_id).replaces) == (
        "wrong issue date",
        new_id,
        old_id,
    )
    assert "VOID" in client.get(first_path).text
    assert [e.action for e in cases.audit_trail("notice", str(old_id))] == ["issued", "voided"]
    assert [e.action for e in cases.audit_trail("notice", str(new_id))] == ["issued"]
    board = client.get("/deadlines").text
    assert long_day(date(2026, 3, 13)) not in board and long_day(date(2026, 3, 14)) in board


def test_freeport_quarantine_order_only_when_5b_requires_it(signed_in, cases, make_report) -> None:
    """Freeport 5 B: an order only for a person bitten with the skin punctured or a doctor needed; never
    "confined for at least None days"."""
    client = signed_in("clerk")
    bitten = datetime(2026, 3, 1, 17, 30, tzinfo=CHICAGO)
    no_puncture = cases.file_complaint(make_report(jurisdiction="freeport", type="bite", received=bitten,
                                                   bite=BiteDetails("person", False, None, None), urgent=True))  # fmt: skip
    assert "quarantine_order" not in client.get(f"/complaints/{no_puncture}").text
    punctured = cases.file_complaint(make_report(jurisdiction="freeport", type="bite", received=bitten,
                                                 bite=BiteDetails("person", True, None, None), urgent=True))  # fmt: skip
    page = client.get(f"/notices/preview?complaint={punctured}&kind=quarantine_order").text
    assert "None" not in page
    assert "not less than 10 days" in page and "Stearns County" in page and "At whose expense" in page
    assert "Where: to confirm" in page  # no veterinarian's certificate recorded yet


def test_a_complaint_not_yet_accepted_calls_for_no_letter(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    client = signed_in("clerk")
    response = client.get(f"/notices/preview?complaint={reference}&kind=letter")
    assert response.status_code == 303
    assert issue(client, reference, "letter", date(2026, 3, 2)).status_code == 303
    assert cases.notices(reference=reference) == []


def test_bite_quarantine_shows_on_the_deadlines_board_until_an_order_is_issued(
    signed_in, cases, make_report
) -> None:
    """58-10: "such animal shall immediately be quarantined. The quarantine period shall be for a minimum
    period of 10 days": until an order is issued the board shows the confinement due; the order's period
    runs from its own date (reading quarantine_from: confinement)."""
    bitten = datetime(2026, 3, 1, 17, 30, tzinfo=CHICAGO)
    reference = cases.file_complaint(
        make_report(
            type="bite", received=bitten, bite=BiteDetails("person", True, None, "412 Oak St"), urgent=True
        )
    )
    cases.confirm_household(reference, by="setup")  # an order goes to the owner's confirmed household
    client = signed_in("clerk")
    board = client.get("/deadlines").text
    assert reference in board and "no order recorded" in board and "from the day confinement begins" in board
    page = client.get(f"/complaints/{reference}").text
    assert "58-10(D)" in page  # owner must be advised within two hours
    issue(client, reference, "quarantine_order", date(2026, 3, 2))
    [order] = cases.notices(reference=reference)
    assert order.quarantine_until == date(2026, 3, 2) + timedelta(days=KELLOGG.law.quarantine_min_days)
    board = client.get("/deadlines").text
    assert "no order recorded" not in board and "confinement ends (quarantine order)" in board
    assert "58-10 / 5(B)" not in board and "<td>58-10</td>" in board  # the sections the order cites


def test_officer_records_a_designation_and_the_14_day_appeal_goes_on_the_board(
    signed_in, cases, make_report
) -> None:
    """Freeport 11 D, E: the officer designates on evidence that the bite was unprovoked; 11 G 1: the owner
    "shall be given fourteen (14) days to appeal this order". The engine proposes, the record keeps both."""
    bitten = datetime(2026, 3, 1, 17, 30, tzinfo=CHICAGO)
    reference = cases.file_complaint(make_report(jurisdiction="freeport", type="bite", received=bitten,
                                                 bite=BiteDetails("person", True, None, "3 Main St"), urgent=True))  # fmt: skip
    cases.confirm_household(reference, by="setup")  # the owner the resident named, confirmed by the clerk
    cases.accept(reference, by="setup")
    officer = signed_in("officer")
    page = officer.get(f"/notices/designation?complaint={reference}").text
    assert "dangerous: has caused bodily injury or disfigurement to any person (11(C)(1)(a))" in page
    token = csrf_from(officer, f"/notices/designation?complaint={reference}")
    form = {
        "csrf_token": token,
        "complaint": reference,
        "designation": "dangerous",
        "notified_on": "2026-03-03",
    }
    officer.post("/notices/designation", data={**form, "evidence": ""})
    assert cases.designations(reference=reference) == []  # the evidence it was unprovoked is required
    officer.post(
        "/notices/designation", data={**form, "evidence": "walking past on the sidewalk, not provoked"}
    )
    [decision] = cases.designations(reference=reference)
    assert (decision.proposed, decision.proposed_clause, decision.designation) == (
        "dangerous",
        "11(C)(1)(a)",
        "dangerous",
    )
    assert decision.appeal_by == date(2026, 3, 17) and decision.decided_by == "officer"
    board = officer.get("/deadlines").text
    assert long_day(date(2026, 3, 17)) in board and "appeal of the dangerous designation" in board
    assert [e.action for e in cases.audit_trail("complaint", reference)][-1] == "designation_decided"
