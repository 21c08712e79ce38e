"""In a real browser (Debian's chromium, headless): a Spanish conversation's complaint carries the clerk's
"ES · Spanish" marker in the queue and on its page, beside the resident's own words.
A failing test leaves a screenshot in tests/artifacts/."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest

from bot.cases.report import Report
from tests.console.browser_pages import sign_in_as_clerk
from tests.console.test_browser import CHROMIUM, console, screenshot_on_failure  # noqa: F401 (fixtures)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not __import__("pathlib").Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}"
    ),
]

WORDS = "hay un perro suelto en la calle Main enfrente de la iglesia, es cafe con collar rojo"


def _report(source_id: str, language: str, transcript: str, hours: int) -> Report:
    return Report(
        jurisdiction="freeport", type="at_large", channel="sms", source_id=source_id,
        received=datetime.now(timezone.utc) - timedelta(hours=hours), location="Main St by the church",
        transcript=f"Resident: {transcript}", animal="dog", complainant_contact="+13205550123",
        language=language,
    )  # fmt: skip


def test_the_clerk_sees_the_spanish_marker_and_the_residents_words(console, page) -> None:  # noqa: F811
    base, cases = console
    spanish = cases.file_complaint(_report("SMlang1", "es", WORDS, 1))
    english = cases.file_complaint(_report("SMlang2", "en", "a loose dog on Main by the church", 2))
    sign_in_as_clerk(page, base)

    spanish_row = page.get_by_role("row").filter(has_text=spanish)
    english_row = page.get_by_role("row").filter(has_text=english)
    marker = spanish_row.locator(".tag.language")
    assert marker.inner_text() == "ES · Spanish" and marker.is_visible()
    assert english_row.locator(".tag.language").count() == 0

    spanish_row.get_by_role("link", name=spanish).click()
    page.wait_for_url(re.compile(spanish))
    assert page.locator("#language-marker").inner_text() == "ES · Spanish"
    assert page.locator("#language").inner_text() == "ES · Spanish"
    words = page.locator("blockquote.transcript")
    assert WORDS in words.inner_text() and words.get_attribute("lang") == "es"
