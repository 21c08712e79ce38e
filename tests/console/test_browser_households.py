"""In a real browser (Debian's chromium, headless), on real pages: an at-large complaint waiting for a
household, and a bite linked to the owner the resident named (docs/rules.md "Who a complaint is against").
A failing test leaves a screenshot in tests/artifacts/."""

from __future__ import annotations

import re

from bot.cases.report import BiteDetails, Report
from tests.console.browser_pages import filed_report, sign_in_as_clerk
from tests.console.test_browser import console, screenshot_on_failure  # noqa: F401 (fixtures)
from tests.console.test_browser import pytestmark as browser_marks

pytestmark = browser_marks  # a browser, and chromium present


def report(number: int, **fields: object) -> Report:
    return filed_report(f"SMhouse{number}", number, **fields)


def test_an_at_large_complaint_waits_for_a_household(console, page) -> None:  # noqa: F811
    base, cases = console
    reference = cases.file_complaint(
        report(1, type="at_large", location="my yard at 77 Prairie Lane", transcript="loose dog in my yard")
    )
    sign_in_as_clerk(page, base)
    page.get_by_label("Needs a household").check()
    page.get_by_role("button", name="Show").click()
    row = page.get_by_role("row").filter(has_text=reference)
    assert "needs a household" in row.inner_text()

    row.get_by_role("link", name=reference).click()
    page.wait_for_url(re.compile(reference))
    state = page.locator("#household-state").inner_text()
    assert "needs a household" in state and "never the household" in state
    assert page.locator("#subject-link").count() == 0

    page.get_by_role("button", name="Accept").click()
    assert page.locator("#status").inner_text() == "accepted"
    assert page.locator("#counts-as").count() == 0  # accepted, yet counted against no one
    assert "needs a household" in page.locator("#household-state").inner_text()


def test_a_bite_is_linked_to_the_owner_the_resident_named(console, page) -> None:  # noqa: F811
    base, cases = console
    reference = cases.file_complaint(
        report(
            2,
            type="bite",
            location="412 Oak Street",
            transcript="a dog bit my son at 412 oak st, it belongs to the Olsens at 220 Walnut St",
            bite=BiteDetails("person", True, None, "the Olsens at 220 Walnut St"),
            urgent=True,
        )
    )
    sign_in_as_clerk(page, base)
    page.goto(f"{base}/complaints/{reference}")
    assert page.locator("#owner-named").inner_text() == "the Olsens at 220 Walnut St"
    state = page.locator("#household-state").inner_text()
    assert "suggested" in state and "220 WALNUT ST" in state and "412 OAK" not in state

    page.get_by_role("button", name="Confirm household").click()
    assert "confirmed" in page.locator("#household-state").inner_text()
    page.get_by_text("Record a new animal of this household").click()
    page.get_by_label("Name", exact=True).fill("Rex")
    page.get_by_label("Rabies vaccination").select_option("no")
    page.get_by_role("button", name="Record and link").click()
    assert "Rex" in page.locator("#animal-state").inner_text()

    page.locator("#subject-link").click()
    assert "220 WALNUT ST" in page.get_by_role("heading", level=1).inner_text()
    animals = page.locator("#animal-list").inner_text()
    assert "Rex" in animals and "dog" in animals
    assert reference in page.locator("main").inner_text()
