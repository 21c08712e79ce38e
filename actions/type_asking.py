"""No dead end before a form: the report-type question, asked again at most twice, then filed without a type;
and the fallback for a message the model could not read.

A resident who cannot say what kind of report it is ("not sure", an answer the model cannot read, a message in
words it does not know) is asked the type question, then again in other words with examples, then once more
in plain words. If the type still does not come, the report is filed with what was given (the animal, the
place, the whole conversation) as type "unknown", marked for the clerk to call back (`needs_follow_up`): it
cannot be accepted, so never counts, until the clerk sets its type. On the phone in office hours the caller is
put through to City Hall instead.

Each ask is counted from the conversation: the domain's `utter_ask_report_type`, the fallback's
`utter_default` (it names every type), and the re-asks here (their bot event carries `asks: [report_type]`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, FollowupAction, SlotSet, UserUtteranceReverted
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.fact_reading import question_asks, report_events
from actions.filing import clear_report, filing_key, received_at, report_photos, report_transcript
from actions.giving_up import follow_up_place, office_open
from actions.reading import entities, latest_intent
from actions.services import (
    case_service,
    complainant_contact,
    conversation_channel,
    conversation_pack,
    office_details_for,
)
from bot.cases.models import UNKNOWN_TYPE
from bot.cases.report import Report
from bot.messages import say
from bot.nlp.facts.bite_cues import says_bitten
from bot.nlp.facts.place_words import is_findable_location

logger = logging.getLogger(__name__)

TYPE_ASKS = 3  # the first question and two re-asks
TYPE_QUESTIONS = {"utter_ask_report_type", "utter_default"}
_ASIDE_REPLIES = {"utter_offer_person"}  # said beside a question, never in its place
_REASKS = ("type.again", "type.last")


def _is_type_question(event: dict[str, Any]) -> bool:
    return (event.get("metadata") or {}).get(
        "utter_action"
    ) in TYPE_QUESTIONS or "report_type" in question_asks(event)


def type_asks(tracker: Tracker) -> int:
    """How often this report's type was asked (the conversation since the last report filed)."""
    return sum(1 for e in report_events(tracker) if e.get("event") == "bot" and _is_type_question(e))


def type_question_pending(tracker: Tracker) -> bool:
    """Whether the assistant's last question, before the latest message, asked for the report's type."""
    for event in reversed(report_events(tracker)):
        if event.get("event") != "bot":
            continue
        if (event.get("metadata") or {}).get("utter_action") in _ASIDE_REPLIES:
            continue
        return _is_type_question(event)
    return False


def untyped_report(tracker: Tracker) -> Report:
    """What the resident gave, filed without a type for the clerk to call back."""
    place = tracker.get_slot("location")
    language = tracker.get_slot("language")
    return Report(
        jurisdiction=conversation_pack(tracker).code,
        type=UNKNOWN_TYPE,
        channel=conversation_channel(tracker),
        source_id=filing_key(tracker),
        received=received_at(tracker),
        location=place
        if isinstance(place, str) and is_findable_location(place)
        else follow_up_place(language),
        transcript=report_transcript(tracker),
        animal=tracker.get_slot("animal"),
        complainant_contact=complainant_contact(tracker),
        photo_urls=report_photos(tracker),
        language=language,
        needs_follow_up=True,
    )


async def _file_untyped(dispatcher: CollectingDispatcher, tracker: Tracker) -> list[EventType]:
    report = untyped_report(tracker)
    try:
        reference = await asyncio.to_thread(case_service().file_complaint, report)
    except Exception:
        logger.exception("filing a report without a type for %s failed", report.jurisdiction)
        dispatcher.utter_message(response="utter_offer_person", **office_details_for(tracker))
        return []
    logger.info("filed %s (type not known: needs follow-up)", reference)
    dispatcher.utter_message(
        text=say("type.filed", tracker.get_slot("language"), reference=reference), filed=reference
    )
    return clear_report()


async def ask_type_again(dispatcher: CollectingDispatcher, tracker: Tracker) -> list[EventType]:
    """The type question unanswered: asked again in other words (twice at most), then the report is filed
    without its type for a call back, or, on the phone in office hours, the caller is put through."""
    asked = type_asks(tracker)
    if asked == 0:
        dispatcher.utter_message(response="utter_ask_report_type")
        return []
    if asked < TYPE_ASKS:
        wording = _REASKS[min(asked, len(_REASKS)) - 1]
        dispatcher.utter_message(text=say(wording, tracker.get_slot("language")), asks=["report_type"])
        return []
    if conversation_channel(tracker) == "voice" and office_open(tracker):
        dispatcher.utter_message(json_message={"transfer": True})
        return []
    return await _file_untyped(dispatcher, tracker)


def says_a_bite(tracker: Tracker) -> bool:
    """The latest message says an animal bit someone ("a mi hijo lo mordieron"), in words the model did not
    read as a bite: it is a bite report, urgent, and never a report filed without a type."""
    return says_bitten(tracker.latest_message.get("text") or "")


def start_bite_report(dispatcher: CollectingDispatcher) -> list[EventType]:
    """What the rule for a bite does: the 911 advice, then the bite form."""
    dispatcher.utter_message(response="utter_call_911")
    return [FollowupAction("bite_form")]


def starts_a_report(tracker: Tracker) -> bool:
    """A message in words with no type the model could read: the start of a report, not a stray answer."""
    return latest_intent(tracker) == "inform" and not entities(tracker, "reference")


class ActionNothingPending(Action):
    """A message with no form running and no report type read: an answer to the type question (asked again,
    then filed without a type), the start of a report (the type question), else "Is there anything else?"."""

    def name(self) -> str:
        return "action_nothing_pending"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        if says_a_bite(tracker):
            return start_bite_report(dispatcher)
        if type_question_pending(tracker) or starts_a_report(tracker):
            return await ask_type_again(dispatcher, tracker)
        dispatcher.utter_message(response="utter_how_can_i_help")
        return []


class ActionDefaultFallback(Action):
    """Say what the line is for; after two misses in a row, offer a person."""

    def name(self) -> str:
        return "action_default_fallback"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        if says_a_bite(tracker):  # kept: the message is the report
            return [SlotSet("failed_tries", 0.0), *start_bite_report(dispatcher)]
        tries = int(tracker.get_slot("failed_tries") or 0) + 1
        offered = any(
            e.get("event") == "bot" and (e.get("metadata") or {}).get("utter_action") == "utter_offer_person"
            for e in tracker.events
        )  # "I'm having trouble understanding" at most once a conversation, before the question
        offer = tries >= 2 and not offered
        events: list[EventType] = []
        if type_question_pending(tracker):
            # an answer to the type question that could not be read: asked again, then filed for a call back
            if offer:
                dispatcher.utter_message(response="utter_offer_person", **office_details_for(tracker))
            events = await ask_type_again(dispatcher, tracker)
        else:
            dispatcher.utter_message(response="utter_default")
            if offer:
                dispatcher.utter_message(response="utter_offer_person", **office_details_for(tracker))
        # forget the message that wasn't understood, so it doesn't steer the dialogue
        return [UserUtteranceReverted(), SlotSet("failed_tries", 0.0 if offer else float(tries)), *events]
