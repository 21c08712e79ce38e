"""What the assistant (or a clerk, or the Open311 API) hands to the filing service."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from bot.nlp.facts.yes_no import YES
from bot.vocabulary import REPORT_TYPES as _VOCABULARY

REPORT_TYPES = tuple(_VOCABULARY)  # bot/vocabulary.py defines the report types once
CHANNELS = ("sms", "voice", "rest", "web", "email", "letter", "walk_in", "staff_phone")


@dataclass(frozen=True)
class BiteDetails:
    # "person" | "animal" from the assistant (or a finer kind from a clerk: "domestic_animal",
    # "other_animal"); None = the report does not say
    victim: str | None
    skin_broken_or_medical: bool | None  # None = not known
    animal_vaccinated: bool | None
    owner_known: str | None  # owner's name or address as the resident gave it (see Report.owner)


@dataclass(frozen=True)
class Report:
    """A complete report, ready to file. Times are timezone-aware."""

    jurisdiction: str  # pack code, e.g. "kellogg"
    type: str  # one of REPORT_TYPES
    channel: str  # one of CHANNELS; with the pack it gives the default form
    source_id: str  # idempotency key: message/call id, or conversation id + report number
    received: datetime
    location: str  # as the resident gave it
    transcript: str  # the conversation in order, "Resident: ..." / "Assistant: ..." lines; name as "[name]"
    animal: str | None = None  # species, normalised ("dog")
    animal_description: str | None = None  # breed, colour, size, collar, name
    occurred: datetime | None = None
    occurred_text: str | None = None  # "since 10pm", "last night" as said
    complainant_contact: str | None = None  # E.164 phone, or "rest:<sender>" in development
    complainant_name: str | None = None  # None = anonymous
    complainant_address: str | None = None  # the resident's own address, if given: never a household
    # The animal's owner as the resident named them (a name, an address, or both), any report type.
    # For a bite, `bite.owner_known` is used when this is None. It suggests the household complained
    # about (docs/rules.md "Who a complaint is against"); the clerk confirms.
    owner: str | None = None
    details: dict[str, str | int] = field(default_factory=dict)  # per-type answers, e.g. frequency, minutes
    bite: BiteDetails | None = None
    photo_urls: tuple[str, ...] = ()
    urgent: bool = False
    form: str | None = None  # override of the channel's default form ("verbal"/"written")
    # the conversation's language (bot.messages.LANGUAGES: "en", "es"); None = English. The facts above are
    # the same whatever the language: it tells the clerk, and the resident's status texts follow it
    language: str | None = "en"
    # False: file without a suggested household (no household is created): a report the line cannot vouch for
    # (an Open311 post) waits unlinked until the clerk links one
    suggest_household: bool = True
    # filed without a place the city can find: the clerk calls the resident back before it counts
    needs_follow_up: bool = False


# Answers that make a report urgent (call 911 first, page the officer on call): a bite always; an aggressive
# animal at large; a threat still going on; an animal in danger now (a hot car, no water in the heat).
URGENT_ANSWERS = {"at_large": "aggressive", "threat": "in_danger", "neglect": "in_danger"}


def is_urgent(report_type: str, answers: Mapping[str, object]) -> bool:
    """Whether a report of `report_type` with these answers ({slot: "yes" | "no" | "unknown" | ...}) is urgent."""
    if report_type == "bite":
        return True
    asked = URGENT_ANSWERS.get(report_type)
    return asked is not None and answers.get(asked) == YES


# The assistant's transcript: one line per message, each marked with who said it.
RESIDENT_LINE, ASSISTANT_LINE = "Resident: ", "Assistant: "
NAME_PLACEHOLDER = "[name]"


def first_resident_message(transcript: str) -> str:
    """The resident's first message in a transcript (the whole text when it is not a marked transcript:
    a clerk's entry or an Open311 description)."""
    for line in (transcript or "").splitlines():
        if line.startswith(RESIDENT_LINE):
            return line[len(RESIDENT_LINE) :]
    return transcript or ""
