"""Issue 35 item 6: a clerk could mark another city's notice as replaced (`replaces=` any notice id). Only a voided
notice of the same complaint that no notice has replaced yet may be replaced."""

from __future__ import annotations

from datetime import date, datetime

from bot.cases.report import BiteDetails
from tests.console.conftest import CHICAGO, csrf_from, sign_in
from tests.console.test_notices import accepted, issue, on_march_5  # noqa: F401 (the console's today)


def _issue_replacing(client, reference: str, replaces: int):
    token = csrf_from(client, "/queue")
    return client.post("/notices", data={"csrf_token": token, "complaint": reference, "kind": "letter",
                                         "issued_on": "2026-03-04", "replaces": str(replaces),
                                         "back_dated_reason": "typed in from the signed paper copy"})  # fmt: skip


def _void(client, notice_id: int) -> None:
    path = f"/notices/{notice_id}"
    client.post(f"{path}/void", data={"csrf_token": csrf_from(client, path), "reason": "wrong date"})


def _issued_id(response) -> int:
    return int(response.headers["location"].rsplit("/", 1)[1])


def test_a_notice_of_another_complaint_or_city_cannot_be_marked_replaced(
    app, client, accounts, cases, make_report
) -> None:
    accounts.create_user("fre-clerk", "correct horse battery", "clerk", ["freeport"])
    accounts.create_user("kel-clerk", "correct horse battery", "clerk", ["kellogg"])
    bitten = datetime(2026, 3, 1, 17, 30, tzinfo=CHICAGO)
    freeport = cases.file_complaint(make_report(jurisdiction="freeport", type="bite", received=bitten,
                                                bite=BiteDetails("person", True, None, None), urgent=True))  # fmt: skip
    kellogg = accepted(cases, make_report(source_id="kel-1"))
    sign_in(client, "fre-clerk")
    theirs = _issued_id(issue(client, freeport, "quarantine_order", date(2026, 3, 2)))
    _void(client, theirs)
    client.post("/logout", data={"csrf_token": csrf_from(client, "/queue")})
    sign_in(client, "kel-clerk")
    refused = _issue_replacing(client, kellogg, theirs)
    assert refused.headers["location"] == f"/complaints/{kellogg}"  # not issued
    assert "not a voided notice of" in client.get(refused.headers["location"]).text
    assert cases.stored_notice(theirs).replaced_by is None
    assert cases.notices(reference=kellogg) == []


def test_only_a_voided_notice_not_yet_replaced_may_be_replaced(signed_in, cases, make_report) -> None:
    reference = accepted(cases, make_report())
    client = signed_in("clerk")
    first = _issued_id(issue(client, reference, "letter", date(2026, 3, 3)))
    assert (
        _issue_replacing(client, reference, first).headers["location"] == f"/complaints/{reference}"
    )  # not void
    _void(client, first)
    second = _issued_id(_issue_replacing(client, reference, first))
    assert cases.stored_notice(first).replaced_by == second
    again = _issue_replacing(client, reference, first)  # replaced already: a second replacement would hide it
    assert again.headers["location"] == f"/complaints/{reference}"
    assert cases.stored_notice(first).replaced_by == second
    assert len(cases.notices(reference=reference)) == 2
