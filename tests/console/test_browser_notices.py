"""In a real browser: an issued notice stays as issued after later complaints; a voided and reissued notice.

Notices are records (docs/rules.md "Notices are records"). A failing test leaves a screenshot in
tests/artifacts/.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from bot.cases.report import Report
from tests.console.conftest import PASSWORD
from tests.console.test_browser import console, pytestmark, screenshot_on_failure  # noqa: F401

__all__ = ["pytestmark"]


def file_accepted(cases, source_id: str, received: datetime, location: str = "27 Birch Street") -> str:
    reference = cases.file_complaint(
        Report(jurisdiction="kellogg", type="barking", channel="sms", source_id=source_id, received=received,
               location=location, transcript="the dog at 27 birch st barks all night", animal="dog",
               complainant_contact="+15075550124")
    )  # fmt: skip
    cases.confirm_household(reference, by="setup")  # only a confirmed household counts
    cases.accept(reference, by="setup")
    return reference


def sign_in(page, base: str) -> None:
    page.set_default_timeout(30_000)  # issuing makes the PDF (WeasyPrint)
    page.goto(base + "/login")
    page.get_by_label("Name").fill("clerk")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    page.wait_for_url(re.compile(r"/queue"))


def test_an_issued_letter_is_unchanged_after_an_earlier_complaint_is_accepted(console, page) -> None:  # noqa: F811
    base, cases = console
    now = datetime.now(timezone.utc)
    reference = file_accepted(cases, "SMstored1", now - timedelta(hours=2))
    sign_in(page, base)
    page.goto(f"{base}/notices/preview?complaint={reference}&kind=letter")
    page.get_by_role("button", name="Issue first-complaint letter").click()
    page.wait_for_url(re.compile(r"/notices/\d+$"))
    notice_url = page.url
    before = page.locator("#document").inner_text()
    sha = page.locator("#sha256").inner_text()
    assert "first complaint" in before and "58-16(B)(2)" in before

    # an earlier complaint about the same household is accepted later: it is now the first complaint
    file_accepted(cases, "SMstored0", now - timedelta(days=3))
    page.goto(notice_url)
    assert page.locator("#document").inner_text() == before
    assert page.locator("#sha256").inner_text() == sha
    assert "Issued" in page.locator("#issued-banner").inner_text()
    with page.expect_download() as download:
        page.get_by_role("link", name="Download PDF").click()
    assert download.value.suggested_filename.endswith(".pdf")


def test_a_notice_is_voided_with_a_reason_and_reissued(console, page) -> None:  # noqa: F811
    base, cases = console
    reference = file_accepted(
        cases, "SMvoid1", datetime.now(timezone.utc) - timedelta(hours=1), "8 Cedar Street"
    )
    sign_in(page, base)
    page.goto(f"{base}/notices/preview?complaint={reference}&kind=letter")
    page.get_by_role("button", name="Issue first-complaint letter").click()
    page.wait_for_url(re.compile(r"/notices/\d+$"))
    old_url = page.url
    old_id = old_url.rsplit("/", 1)[1]

    page.get_by_label("Reason to void").fill("addressed to the wrong household")
    page.get_by_role("button", name="Void and prepare a new notice").click()
    page.wait_for_url(re.compile(rf"replaces={old_id}"))
    assert f"Replaces void notice {old_id}" in page.locator("main").inner_text()
    page.get_by_role("button", name="Issue first-complaint letter").click()
    page.wait_for_url(re.compile(r"/notices/\d+$"))
    new_id = page.url.rsplit("/", 1)[1]
    assert new_id != old_id
    assert f"Replaces void notice {old_id}" in page.locator("#issued-banner").inner_text()

    page.goto(old_url)
    banner = page.locator("#issued-banner").inner_text()
    assert "VOID" in banner and "addressed to the wrong household" in banner and f"notice {new_id}" in banner
    actions = [entry.action for entry in cases.audit_trail("notice", old_id)]
    assert actions == ["issued", "voided"]
    assert [entry.action for entry in cases.audit_trail("notice", new_id)] == ["issued"]


def test_the_clerk_records_the_bite_facts_and_issues_the_order_dated_today(console, page) -> None:  # noqa: F811
    """58-10 A(1) proof of vaccination and B the owner's premises, recorded on the complaint page, decide where
    the animal is quarantined; the order's 10 days run from its own date (reading quarantine_from)."""
    from zoneinfo import ZoneInfo

    from bot.cases.report import BiteDetails

    base, cases = console
    bitten = datetime.now(timezone.utc) - timedelta(hours=1)
    reference = cases.file_complaint(
        Report(jurisdiction="kellogg", type="bite", channel="sms", source_id="SMbite1", received=bitten,
               location="27 Birch Street", transcript="their dog bit my son", animal="dog",
               complainant_contact="+15075550124", bite=BiteDetails("person", True, None, "27 Birch Street"),
               urgent=True)
    )  # fmt: skip
    cases.confirm_household(reference, by="setup")
    sign_in(page, base)
    page.goto(f"{base}/complaints/{reference}")
    page.get_by_label("Proof of vaccination against rabies shown").select_option("yes")
    page.get_by_label("Bite on the owner's premises").select_option("yes")
    page.get_by_label("Source (who confirmed)").fill("certificate seen by the officer")
    page.get_by_role("button", name="Record bite facts").click()
    page.goto(f"{base}/notices/preview?complaint={reference}&kind=quarantine_order")
    document = page.locator("#document").inner_text()
    assert "at the owner's home, indoors at all times" in document and "58-10(A)(3) kept indoors" in document
    page.get_by_role("button", name="Issue quarantine order").click()
    page.wait_for_url(re.compile(r"/notices/\d+$"))
    today = datetime.now(ZoneInfo("America/Chicago")).date()
    until = today + timedelta(days=10)
    assert page.locator("#quarantine-until").inner_text() == f"{until:%B} {until.day}, {until.year}"
