"""File the confirmed report through bot.cases, then clear the report from the conversation."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timezone

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.confirmation import CANCELLED, CONFIRMED
from actions.forms import ANONYMOUS
from actions.services import (
    case_service,
    complainant_contact,
    conversation_channel,
    conversation_pack,
    office_details,
)
from bot.cases.report import BiteDetails, Report
from bot.nlp.answers import NO, UNKNOWN, YES

logger = logging.getLogger(__name__)

REPORT_SLOTS = (
    "report_type",
    "location",
    "animal",
    "animal_description",
    "barking_since",
    "barking_frequency",
    "barking_time_of_day",
    "still_there",
    "direction",
    "aggressive",
    "victim",
    "injury",
    "bite_when",
    "owner_known",
    "vaccinated",
    "report_confirmed",
    "change_requested",
)
_DETAIL_SLOTS = {
    "barking": ("barking_since", "barking_frequency", "barking_time_of_day"),
    "at_large": ("still_there", "direction", "aggressive"),
    "bite": ("bite_when",),
}
# Actions after which earlier messages belong to another report.
_REPORT_BOUNDARIES = {"action_submit_report", "action_session_start"}


def _tristate(value: str | None) -> bool | None:
    return {YES: True, NO: False, UNKNOWN: None}.get(value or UNKNOWN)


def _report_messages(tracker: Tracker) -> list[dict]:
    """The resident's messages for this report, oldest first."""
    messages: list[dict] = []
    for event in reversed(tracker.events):
        if event.get("event") == "action" and event.get("name") in _REPORT_BOUNDARIES:
            break
        if event.get("event") == "user":
            messages.append(event)
    return list(reversed(messages))


def report_transcript(tracker: Tracker) -> str:
    """The resident's own words for this report, oldest first."""
    return "\n".join(m["text"] for m in _report_messages(tracker) if m.get("text"))


def report_photos(tracker: Tracker) -> tuple[str, ...]:
    """Photo URLs sent with any message of this report (MMS), in order, once each."""
    urls: dict[str, None] = {}
    for message in _report_messages(tracker):
        for url in (message.get("metadata") or {}).get("photo_urls") or ():
            urls[str(url)] = None
    return tuple(urls)


def _received(tracker: Tracker) -> datetime:
    for event in reversed(tracker.events):
        if event.get("event") == "user" and event.get("timestamp"):
            return datetime.fromtimestamp(float(event["timestamp"]), tz=timezone.utc)
    return datetime.now(timezone.utc)


def build_report(tracker: Tracker) -> Report:
    """The Report the filing service takes, from the confirmed conversation."""
    report_type = tracker.get_slot("report_type")
    slot = tracker.get_slot
    name = slot("complainant_name")
    message_id = tracker.latest_message.get("message_id") or f"{_received(tracker).timestamp():.6f}"
    bite = None
    owner = slot("owner_known")  # the owner the resident named suggests the household (bot.cases.households)
    owner = None if owner in (None, UNKNOWN) else owner
    if report_type == "bite":
        bite = BiteDetails(
            victim=slot("victim") or "person",
            skin_broken_or_medical=_tristate(slot("injury")),
            animal_vaccinated=_tristate(slot("vaccinated")),
            owner_known=owner,
        )
    urgent = report_type == "bite" or slot("aggressive") == YES
    return Report(
        jurisdiction=conversation_pack(tracker).code,
        type=report_type,
        channel=conversation_channel(tracker),
        # the confirming message's id: a retried delivery of the same YES files nothing new
        source_id=f"{tracker.sender_id}:{message_id}",
        received=_received(tracker),
        location=slot("location"),
        transcript=report_transcript(tracker),
        animal=slot("animal"),
        animal_description=slot("animal_description"),
        occurred_text=slot("bite_when") or slot("barking_since"),
        complainant_contact=complainant_contact(tracker),
        complainant_name=None if name in (None, ANONYMOUS) else name,
        details={key: slot(key) for key in _DETAIL_SLOTS.get(report_type, ()) if slot(key)},
        bite=bite,
        owner=owner,
        photo_urls=report_photos(tracker),
        urgent=urgent,
    )


def _clear_report() -> list[EventType]:
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
            return _clear_report()
        if confirmed != CONFIRMED or not tracker.get_slot("report_type"):
            return []
        report = build_report(tracker)
        try:
            reference = await asyncio.to_thread(case_service().file_complaint, report)
        except Exception:
            # no resident data in the log: the type and jurisdiction say enough to find it
            logger.exception("filing a %s report for %s failed", report.type, report.jurisdiction)
            dispatcher.utter_message(
                response="utter_filing_failed", **office_details(conversation_pack(tracker))
            )
            return [SlotSet("report_confirmed", None), FollowupAction("confirm_form")]
        logger.info("filed %s (%s)", reference, report.type)
        dispatcher.utter_message(
            response="utter_filed_urgent" if report.urgent else "utter_filed", reference=reference
        )
        return _clear_report()
