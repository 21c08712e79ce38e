"""What a page to the officer on call says: the type, the animal, the normalised place, the reference and
the link to the officer's item page, never the resident's words, name or number. The first page (queued at
filing, bot.notify.outbox) and the escalation's (bot.notify.escalation) are both written here."""

from __future__ import annotations

from bot.cases.models import Complaint
from bot.vocabulary import REPORT_TYPES

PAGE_LIMIT = 320  # characters in one page to the officer


def officer_link(console_url: str, reference: str) -> str:
    """The officer's item page for a complaint (sign-in comes first); blank without the console's URL."""
    base = console_url.strip().rstrip("/")
    return f"{base}/officer/{reference}" if base else ""


def page_text(complaint: Complaint, console_url: str = "", note: str = "") -> str:
    """What the officer on call reads: the normalised address, the reference and the link to the officer's
    item page only, never the resident's raw words (which can carry names and phone numbers); a place the
    parser could not key says so. `note` (an escalation's reason) comes first; the link is never cut."""
    kind = REPORT_TYPES.get(complaint.type)  # "animal neglect or cruelty", "bite", ...
    what = kind.spoken if kind is not None else complaint.type
    animal = complaint.animal_species or "animal"
    where = complaint.location_normalised or "a place described in the report"
    link = officer_link(console_url, complaint.reference)
    ending = f" {link}" if link else " Details in the console."
    text = f"{note} " if note else ""
    text += f"URGENT {what}: {animal} at {where}. Ref {complaint.reference}."
    return text[: PAGE_LIMIT - len(ending)] + ending
