"""The resident's own words as a console page shows them. Residents type their phone number into their words
("call me at 507-555-0123"); an officer reaches them through the call-back, never by reading the number, so
for the officer's role anything shaped like a phone number is hidden: on the officer's page and on the
clerk's complaint page alike. A clerk sees the words as they came (the clerk reviews and files them)."""

from __future__ import annotations

import re

from bot.cases.report import RESIDENT_LINE
from bot.console.accounts import StaffUser

# a run of 7+ digits, spaces, dots, dashes or brackets with a digit at each end (an area code's bracket may
# open it): a phone number in words
PHONE_LIKE = re.compile(r"\+?\(?\d[\d\s().-]{5,}\d")
HIDDEN_NUMBER = "[number]"
NUMBER_HIDING_ROLES = ("officer",)


def hide_phone_numbers(text: str) -> str:
    """The words with anything shaped like a phone number hidden (it may be the resident's)."""
    return PHONE_LIKE.sub(HIDDEN_NUMBER, text)


def reads_resident_numbers(user: StaffUser) -> bool:
    """Whether this user's role is shown the resident's number (and numbers in the resident's words)."""
    return user.role not in NUMBER_HIDING_ROLES


def transcript_for(user: StaffUser, transcript: str) -> str:
    """The whole transcript for the complaint page, numbers hidden from a role that does not read them."""
    return transcript if reads_resident_numbers(user) else hide_phone_numbers(transcript)


def resident_lines(transcript: str) -> list[str]:
    """The resident's lines of a conversation (the assistant's left out), numbers hidden, for the officer's
    page; a transcript that is not a conversation (a walk-in's words) is one line."""
    lines = [line[len(RESIDENT_LINE) :] for line in transcript.splitlines() if line.startswith(RESIDENT_LINE)]
    return [hide_phone_numbers(line) for line in lines or [transcript]]
