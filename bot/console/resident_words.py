"""Who reported, as a console page shows it. An officer reaches the resident through the call-back, never by
reading their number or name, so for the officer's role the complainant's name, number and e-mail are absent
from every page: the complainant's fields, a key holder's `unverified_contact` detail, and whatever of them
the resident typed into their own words ("call me at 507-555-0123", "this is Ann Lee"). A clerk sees the
complaint as it came (the clerk reviews and files it, and calls back)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.cases.report import NAME_PLACEHOLDER, RESIDENT_LINE
from bot.cases.service import ComplaintDetail
from bot.console.accounts import StaffUser
from bot.console.open311_text import without_contact_details

# a run of 7+ digits, spaces, dots, dashes or brackets with a digit at each end (an area code's bracket may
# open it): a phone number in words
PHONE_LIKE = re.compile(r"\+?\(?\d[\d\s().-]{5,}\d")
HIDDEN_NUMBER = "[number]"
COMPLAINANT_HIDING_ROLES = ("officer",)
# per-type details that say who reported: an Open311 key holder's "Ann Jogger, +15075550177"
COMPLAINANT_DETAILS = ("unverified_contact",)
SHORTEST_NAME_PART = 2  # "Al" is a name; a one-letter initial is left (it would hide every "a")


def hide_phone_numbers(text: str) -> str:
    """The words with anything shaped like a phone number hidden (it may be the resident's)."""
    return PHONE_LIKE.sub(HIDDEN_NUMBER, text)


def reads_complainant(user: StaffUser) -> bool:
    """Whether this user's role is shown who reported: the complainant's name, number and e-mail."""
    return user.role not in COMPLAINANT_HIDING_ROLES


def complainant_names(detail: ComplaintDetail) -> list[str]:
    """Every name the complaint holds for its complainant: the filed name, the name part of a key holder's
    unverified contact."""
    names = [detail.complainant_name or ""]
    contact = detail.details.get(COMPLAINANT_DETAILS[0])
    if isinstance(contact, str):
        names.append(contact.split(",")[0])
    return [name.strip() for name in names if len(name.strip()) >= SHORTEST_NAME_PART]


def hide_complainant(text: str, names: list[str]) -> str:
    """`text` without phone numbers, e-mail addresses, a self-introduction's name, or the complainant's
    `names`: a whole name in any case ("ann lee"), each of its words as capitalised in the name ("Lee"; a
    lower-case "lee" or "park" is left, it is more often a word than the name)."""
    text = without_contact_details(hide_phone_numbers(text))
    for name in names:
        text = re.sub(_whole_word(name), NAME_PLACEHOLDER, text, flags=re.IGNORECASE)
        for word in sorted(re.findall(r"[\w'’-]+", name), key=len, reverse=True):
            if len(word) >= SHORTEST_NAME_PART and not word.isdigit():
                text = re.sub(_whole_word(word), NAME_PLACEHOLDER, text)
    return text


def _whole_word(words: str) -> str:
    return rf"(?<!\w){re.escape(words)}(?!\w)"


def _details_without_complainant(details: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in details.items() if key not in COMPLAINANT_DETAILS}


def complaint_for(user: StaffUser, detail: ComplaintDetail) -> ComplaintDetail:
    """The complaint as `user` may read it: whole for a clerk; for the officer's role with no complainant's
    name, contact or e-mail in any field (a page cannot show what it is not given)."""
    if reads_complainant(user):
        return detail
    names = complainant_names(detail)
    return replace(
        detail,
        complainant_name=None,
        complainant_contact=None,
        transcript=hide_complainant(detail.transcript, names),
        details=_details_without_complainant(detail.details),
    )


def resident_lines(transcript: str) -> list[str]:
    """The resident's lines of a conversation (the assistant's left out), numbers hidden, for the officer's
    page; a transcript that is not a conversation (a walk-in's words) is one line."""
    lines = [line[len(RESIDENT_LINE) :] for line in transcript.splitlines() if line.startswith(RESIDENT_LINE)]
    return [hide_phone_numbers(line) for line in lines or [transcript]]
