"""What the console's browser tests share: a complaint filed as the assistant would file it, and the clerk's
sign-in."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from bot.cases.report import Report
from tests.console.conftest import PASSWORD


def filed_report(source_id: str, hours_ago: int, **fields: object) -> Report:
    """A Kellogg SMS report about a dog, received `hours_ago`, with `fields` over those."""
    base = {
        "jurisdiction": "kellogg",
        "channel": "sms",
        "source_id": source_id,
        "received": datetime.now(timezone.utc) - timedelta(hours=hours_ago),
        "animal": "dog",
        "complainant_contact": "+15075550123",
        "transcript": "Resident: a report",
    }
    return Report(**{**base, **fields})


def sign_in_as_clerk(page, base: str) -> None:
    page.set_default_timeout(10_000)
    page.goto(base + "/")
    page.get_by_label("Name").fill("clerk")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_label("Password").press("Enter")
    page.wait_for_url(re.compile(r"/queue"))
