"""In a real browser (Debian's chromium, headless), on real pages: one complaint of each newer report type,
found in the queue, read with the section it rests on, linked to its household and counted as the pack says
(docs/rules.md "Report types"). A failing test leaves a screenshot in tests/artifacts/."""

from __future__ import annotations

import re

from bot.cases.report import Report
from tests.console.browser_pages import filed_report, sign_in_as_clerk
from tests.console.test_browser import console, screenshot_on_failure  # noqa: F401 (fixtures)
from tests.console.test_browser import pytestmark as browser_marks

pytestmark = browser_marks  # a browser, and chromium present


def report(number: int, **fields: object) -> Report:
    return filed_report(f"SMtype{number}", number, **fields)


def confirm_and_accept(page) -> str:
    page.get_by_role("button", name="Confirm household").click()
    assert "confirmed" in page.locator("#household-state").inner_text()
    page.get_by_role("button", name="Accept").click()
    assert page.locator("#status").inner_text() == "accepted"
    return page.locator("#counts-as").inner_text()


def test_an_animal_in_a_hot_car_is_urgent_neglect_under_58_11_and_counts(console, page) -> None:  # noqa: F811
    """Kellogg 58-12 "No owner shall fail to provide any animal with sufficient wholesome food and water, proper
    shelter and protection from the weather"; 58-16 B(2) "Any written complaint will be considered a first
    complaint"."""
    base, cases = console
    reference = cases.file_complaint(
        report(1, type="neglect", location="18 Birch Street", urgent=True,
               details={"what_happened": "dog locked in a hot car, windows up", "in_danger": "yes"})
    )  # fmt: skip
    sign_in_as_clerk(page, base)
    page.get_by_label("Type").select_option(label="Neglect or cruelty")
    page.get_by_role("button", name="Show").click()
    row = page.get_by_role("row").filter(has_text=reference)
    assert "Neglect or cruelty" in row.inner_text() and "urgent" in row.inner_text()
    assert page.get_by_role("row").count() == 2  # the heading and this complaint: the filter keeps one type

    row.get_by_role("link", name=reference).click()
    page.wait_for_url(re.compile(reference))
    assert (
        page.locator("#type").inner_text()
        == "Neglect or cruelty (Kellogg City Code chapter 58: 58-11, 58-12)"
    )
    assert "dog locked in a hot car, windows up" in page.locator("dl.fields").inner_text()
    assert "18 BIRCH ST" in page.locator("#household-state").inner_text()
    assert confirm_and_accept(page) == "first"


def test_a_loose_dog_that_charged_waits_for_its_owner_then_counts(console, page) -> None:  # noqa: F811
    """Freeport 11 C 2 b "chased or approached a person ... in an apparent attitude of attack"; Kellogg 58-1
    "AT LARGE. A domestic animal that is off the premises of the owner": where it was seen is not its home."""
    base, cases = console
    reference = cases.file_complaint(
        report(2, type="threat", location="77 Prairie Lane",
               details={"what_happened": "charged at me and my kid", "loose": "yes", "in_danger": "no"})
    )  # fmt: skip
    sign_in_as_clerk(page, base)
    page.goto(f"{base}/complaints/{reference}")
    assert "Threat without contact" in page.get_by_role("heading", level=1).inner_text()
    state = page.locator("#household-state").inner_text()
    assert "needs a household" in state and "not loose" in state
    page.get_by_label("New household: street address").fill("220 Walnut St")
    page.locator("#new-subject-reason").fill("the officer found the owner")
    page.get_by_role("button", name="Create and link").click()
    assert (
        "Against household" in page.locator("#household-state").inner_text()
    )  # linked by the clerk: confirmed
    assert "220 Walnut St" in page.locator("#household-state").inner_text()
    page.get_by_role("button", name="Accept").click()
    assert page.locator("#counts-as").inner_text() == "first"  # threat_complaints: count (58-5 A, B)


def test_waste_in_freeport_is_against_the_owner_named_under_7_c(console, page) -> None:  # noqa: F811
    """Freeport 7 C "The owner of any animal ... shall be responsible for cleaning up any feces of the animal";
    every accepted complaint counts."""
    base, cases = console
    reference = cases.file_complaint(
        report(3, type="waste", jurisdiction="freeport", location="5 Main St E", owner="the Hansens, 9 Maple St",
               details={"what_happened": "leaves it on the sidewalk every morning"})
    )  # fmt: skip
    sign_in_as_clerk(page, base)
    page.goto(f"{base}/complaints/{reference}")
    assert page.locator("#type").inner_text() == "Animal waste (Freeport Ordinance 2005-03: 7 C)"
    state = page.locator("#household-state").inner_text()
    assert "9 MAPLE ST" in state and "5 MAIN" not in state
    assert confirm_and_accept(page) == "complaint 1"


def test_too_many_animals_shows_how_many_under_58_4(console, page) -> None:  # noqa: F811
    """Kellogg 58-4 "No more than a total combination of three domesticated animals over six months of age are
    allowed per household"."""
    base, cases = console
    reference = cases.file_complaint(
        report(4, type="too_many", location="22 Pine Street", details={"animal_count": "12"})
    )
    sign_in_as_clerk(page, base)
    page.goto(f"{base}/complaints/{reference}")
    assert page.locator("#type").inner_text() == "Too many animals (Kellogg City Code chapter 58: 58-4)"
    fields = page.locator("dl.fields").inner_text()
    assert re.search(r"animal count\s+12", fields)
    assert "22 PINE ST" in page.locator("#household-state").inner_text()
    assert confirm_and_accept(page) == "first"


def test_damage_in_kellogg_is_recorded_and_the_household_page_says_why_it_is_uncounted(console, page) -> None:  # noqa: F811
    """No section of Kellogg chapter 58 names damage to property (Freeport 7 B does); 58-16 A counts an owner
    "found in violation of any part of this article". The pack's reading damage_complaints: not_counted."""
    base, cases = console
    reference = cases.file_complaint(
        report(5, type="damage", location="40 Cedar St", owner="31 Cedar St",
               details={"what_happened": "dug up the vegetable garden"})
    )  # fmt: skip
    sign_in_as_clerk(page, base)
    page.goto(f"{base}/complaints/{reference}")
    assert "no section of chapter 58 names damage to property" in page.locator("#type").inner_text()
    assert confirm_and_accept(page) == "not counted damage no section"
    page.locator("#subject-link").click()
    readings = page.locator("#readings").inner_text()
    assert "damage to property is recorded, and 58-16 does not count it" in readings
    assert "threat without contact" in readings


def test_a_neglect_phoned_in_to_the_clerk_carries_its_details(console, page) -> None:  # noqa: F811
    """Kellogg 58-12 "No owner shall fail to provide any animal with sufficient wholesome food and water": the
    clerk types what the assistant would have asked, and the complaint page shows it, urgent."""
    base, cases = console
    sign_in_as_clerk(page, base)
    page.goto(f"{base}/complaints/new")
    page.get_by_label("How it came in").select_option(label="phone call taken by staff")
    page.get_by_label("Type", exact=True).select_option(label="Neglect or cruelty")
    page.get_by_label("Where (street address of the household, or the place)").fill("18 Birch Street")
    page.locator("#neglect-in_danger").select_option("yes")
    page.locator("#neglect-what_happened").fill("puppies in a crate on the porch, no water")
    page.get_by_role("button", name="File complaint").click()
    page.wait_for_url(re.compile(r"/complaints/KEL-"))
    fields = page.locator("dl.fields").inner_text()
    assert "puppies in a crate on the porch, no water" in fields and "Neglect or cruelty" in fields
    assert "urgent" in page.locator("p.status").inner_text()
