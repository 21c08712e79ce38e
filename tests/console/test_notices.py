"""Notices: computed deadlines from the pack's law, the chapter enclosed with the letter, issuing records it."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

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
    cases.confirm_household(reference, by="setup")  # only confirmed households count (DESIGN.md)
    return reference


def issue(client, reference: str, kind: str, issued_on: date):
    token = csrf_from(client, "/queue")
    return client.post(
        "/notices",
        data={"csrf_token": token, "complaint": reference, "kind": kind, "issued_on": issued_on.isoformat()},
    )


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


def test_citation_for_a_second_complaint_has_hearing_and_compliance_deadlines(
    signed_in, cases, make_report
) -> None:
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
    assert notice.hearing_request_by == issued_on + timedelta(days=law.second_hearing_request_days)
    assert notice.comply_by == issued_on + timedelta(days=law.second_comply_days)
    assert notice.fee_cents == law.second_reissue_fee_cents
    page = client.get(response.headers["location"]).text
    assert span(page, "hearing-by") == long_day(notice.hearing_request_by)
    assert span(page, "comply-by") == long_day(notice.comply_by)
    audit = cases.audit_trail("notice", str(notice.id))
    assert [(e.action, e.actor) for e in audit] == [("issued", "clerk")]


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
    bitten = datetime(2026, 3, 1, 17, 30, tzinfo=CHICAGO)
    reference = cases.file_complaint(
        make_report(
            type="bite", received=bitten, bite=BiteDetails("person", True, None, "412 Oak St"), urgent=True
        )
    )
    cases.confirm_household(reference, by="setup")  # an order goes to the owner's confirmed household
    client = signed_in("clerk")
    ends = bitten.date() + timedelta(days=KELLOGG.law.quarantine_min_days)
    board = client.get("/deadlines").text
    assert reference in board and long_day(ends) in board and "no order recorded" in board
    page = client.get(f"/complaints/{reference}").text
    assert "58-10(D)" in page  # owner must be advised within two hours
    issue(client, reference, "quarantine_order", date(2026, 3, 2))
    [order] = cases.notices(reference=reference)
    assert order.quarantine_until == ends
    board = client.get("/deadlines").text
    assert "no order recorded" not in board and "quarantine ends (quarantine_order)" in board
