"""File the confirmed report through bot.cases, then clear the report from the conversation."""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from datetime import datetime, timezone

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.confirmation import CANCELLED, CONFIRMED
from actions.fact_reading import report_events
from actions.forms import ANONYMOUS
from actions.giving_up import needs_follow_up
from actions.services import (
    case_service,
    complainant_contact,
    conversation_channel,
    conversation_pack,
    office_details_for,
)
from bot.cases.report import ASSISTANT_LINE, NAME_PLACEHOLDER, RESIDENT_LINE, BiteDetails, Report, is_urgent
from bot.nlp.facts.yes_no import NO, NOT_KNOWN, UNKNOWN, YES
from bot.vocabulary import REPORT_TYPES

logger = logging.getLogger(__name__)

REPORT_SLOTS = tuple(
    dict.fromkeys(
        ["report_type", "occurred", "location_confirmed", "location_unconfirmed", "location_suggested",
         "report_confirmed", "change_requested"]
        + [slot for kind in REPORT_TYPES.values() for slot in kind.slots if slot != "complainant_name"]
    )
)  # fmt: skip


def _known(value: object) -> object:
    """A slot's value, None when the resident did not know it ("not known" is no fact)."""
    return None if value in (NOT_KNOWN, UNKNOWN) else value


def _known_slot(tracker: Tracker, name: str) -> object:
    return _known(tracker.get_slot(name))


def _tristate(value: str | None) -> bool | None:
    return {YES: True, NO: False, UNKNOWN: None}.get(value or UNKNOWN)


def _report_messages(tracker: Tracker) -> list[dict]:
    """The resident's messages for this report, oldest first."""
    return [event for event in report_events(tracker) if event.get("event") == "user"]


def report_transcript(tracker: Tracker) -> str:
    """The conversation of this report, the assistant's questions beside the resident's answers. The
    resident's name is kept out: the message that gave it, and the name wherever it appears, read "[name]"
    (the name goes to the complainant record only)."""
    name = tracker.get_slot("complainant_name")
    name = None if name in (None, ANONYMOUS) else str(name)
    lines: list[str] = []
    gave_name_at = None
    for event in report_events(tracker):
        if event.get("event") == "user" and event.get("text"):
            lines.append(RESIDENT_LINE + str(event["text"]))
            gave_name_at = None
        elif event.get("event") == "bot" and event.get("text"):
            lines.append(ASSISTANT_LINE + str(event["text"]))
        elif event.get("event") == "slot" and event.get("name") == "complainant_name" and name:
            if event.get("value") == name and lines and lines[-1].startswith(RESIDENT_LINE):
                gave_name_at = len(lines) - 1
        if gave_name_at is not None:
            lines[gave_name_at] = RESIDENT_LINE + NAME_PLACEHOLDER
            gave_name_at = None
    if name:
        pattern = re.compile(re.escape(name), re.I)
        lines = [pattern.sub(NAME_PLACEHOLDER, line) for line in lines]
    return "\n".join(lines)


def report_photos(tracker: Tracker) -> tuple[str, ...]:
    """Photo URLs sent with any message of this report (MMS), in order, once each."""
    urls: dict[str, None] = {}
    for message in _report_messages(tracker):
        for url in (message.get("metadata") or {}).get("photo_urls") or ():
            urls[str(url)] = None
    return tuple(urls)


def received_at(tracker: Tracker) -> datetime:
    for event in reversed(tracker.events):
        if event.get("event") == "user" and event.get("timestamp"):
            return datetime.fromtimestamp(float(event["timestamp"]), tz=timezone.utc)
    return datetime.now(timezone.utc)


def filing_key(tracker: Tracker) -> str:
    """The idempotency key of a filing: the filing message's id, so a retried delivery files nothing new."""
    message_id = tracker.latest_message.get("message_id") or f"{received_at(tracker).timestamp():.6f}"
    return f"{tracker.sender_id}:{message_id}"


def build_report(tracker: Tracker) -> Report:
    """The Report the filing service takes, from the confirmed conversation."""
    report_type = tracker.get_slot("report_type")

    slot = functools.partial(_known_slot, tracker)
    name = slot("complainant_name")
    bite = None
    owner = slot("owner_known")  # the owner the resident named suggests the household (bot.cases.households)
    if report_type == "bite":
        bite = BiteDetails(
            victim=slot("victim"),  # None when not said: filed as "unknown", never invented
            skin_broken_or_medical=_tristate(tracker.get_slot("injury")),
            animal_vaccinated=_tristate(tracker.get_slot("vaccinated")),
            owner_known=owner,
        )
    urgent = is_urgent(report_type, {name: slot(name) for name in ("aggressive", "in_danger")})
    return Report(
        jurisdiction=conversation_pack(tracker).code,
        type=report_type,
        channel=conversation_channel(tracker),
        # the confirming message's id: a retried delivery of the same YES files nothing new
        source_id=filing_key(tracker),
        received=received_at(tracker),
        location=slot("location"),
        transcript=report_transcript(tracker),
        animal=slot("animal"),
        animal_description=slot("animal_description"),
        occurred=_occurred(slot("occurred")),
        occurred_text=slot("bite_when") or slot("barking_since"),
        complainant_contact=complainant_contact(tracker),
        complainant_name=None if name in (None, ANONYMOUS) else name,
        details=_details(tracker, report_type),
        bite=bite,
        owner=owner,
        photo_urls=report_photos(tracker),
        urgent=urgent,
        language=slot("language"),
        needs_follow_up=needs_follow_up(tracker.get_slot("location")),
    )


def _occurred(value: str | None) -> datetime | None:
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


def _details(tracker: Tracker, report_type: str) -> dict[str, str | int]:
    details: dict[str, str | int] = {}
    for key in REPORT_TYPES[report_type].filed_details:
        value = _known(tracker.get_slot(key))
        if value is not None and value != "":
            details[key] = int(value) if key == "barking_minutes" else value
    return details


def clear_report() -> list[EventType]:
    return [SlotSet(name, None) for name in REPORT_SLOTS] + [SlotSet("failed_tries", 0.0)]


class ActionSubmitReport(Action):
    def name(self) -> str:
        return "action_submit_report"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        confirmed = tracker.get_slot("report_confirmed")
        if confirmed == CANCELLED:
            dispatcher.utter_message(response="utter_report_cancelled")
            return clear_report()
        if confirmed != CONFIRMED or not tracker.get_slot("report_type"):
            return []
        report = build_report(tracker)
        try:
            reference = await asyncio.to_thread(case_service().file_complaint, report)
        except Exception:
            # no resident data in the log: the type and jurisdiction say enough to find it
            logger.exception("filing a %s report for %s failed", report.type, report.jurisdiction)
            dispatcher.utter_message(response="utter_filing_failed", **office_details_for(tracker))
            return [SlotSet("report_confirmed", None), FollowupAction("confirm_form")]
        logger.info("filed %s (%s)", reference, report.type)
        dispatcher.utter_message(
            response="utter_filed_urgent" if report.urgent else "utter_filed", reference=reference
        )
        return clear_report()
