"""No dead end: what the form does when a question is not answered.

- An optional detail (Detail.optional: what it looks like, which way, aggressive, whose, vaccinated, how
  often, time of day) not answered after one re-ask is "not known" (a yes/no detail: "unknown"; the name:
  anonymous); any other detail after two re-asks.
- The place gets two re-asks, with examples. Then the report is filed with what was given, marked for the
  clerk to call back ("needs follow-up": the place reads `say("followup.place")`), or, on the phone in
  office hours, the caller is put through to City Hall.
- A call ends within the pack's `dialogue.max_call_turns`: two turns before, whatever is missing is given up
  the same way, so the read-back and the YES still fit.
- "I'm having trouble understanding" is said at most once per conversation, before the question, never
  in its place.
"""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher

from actions.fact_reading import said_in_conversation, times_asked
from actions.reading import entities, latest_text
from actions.services import conversation_channel, conversation_pack, office_details_for
from bot.messages import say
from bot.nlp.facts.corrections import corrects_place
from bot.nlp.facts.place_words import clean_location, is_findable_location
from bot.nlp.facts.yes_no import NOT_KNOWN, UNKNOWN
from bot.vocabulary import REPORT_TYPES

PLACE_ASKS = 3  # the first question and two re-asks
DETAIL_ASKS = 3  # a detail the report needs (who was bitten, when): the same
OPTIONAL_ASKS = 2  # an optional detail (what it looks like, whose it is): the first question and one re-ask
OFFER_PERSON = "utter_offer_person"
_AFTER_CORRECTION = re.compile(
    r"^.*?\b(?:it'?s|it is|the address is|is at|at|es|esta en|en)\s+(?=\S*\d|the corner|la esquina)", re.I
)


def follow_up_place(language: object) -> str:
    return say("followup.place", language)


def needs_follow_up(location: object) -> bool:
    """Whether the report's place is the one filed when the resident never gave one."""
    return isinstance(location, str) and location in {say("followup.place", lang) for lang in ("en", "es")}


def place_correction(tracker: Tracker) -> dict[str, Any]:
    """ "sorry, wrong address, it's 414 oak st": the new place, as said, without the words that correct."""
    text = latest_text(tracker)
    if not corrects_place(text):
        return {}
    said = [str(e.get("value")) for e in entities(tracker, "location") if e.get("value")]
    place = said[-1] if said else clean_location(_AFTER_CORRECTION.sub("", text))
    return {"location": place} if place and is_findable_location(place) else {}


def _not_known(report_type: str, slot: str) -> Any:
    detail = REPORT_TYPES[report_type].detail(slot)
    return UNKNOWN if detail is not None and (detail.yes_no or detail.reads == "owner") else NOT_KNOWN


def office_open(tracker: Tracker) -> bool:
    """Whether City Hall is open now, as the voice channel set it on the message."""
    return bool((tracker.latest_message.get("metadata") or {}).get("office_open"))


def _place_given_up(tracker: Tracker, dispatcher: CollectingDispatcher) -> dict[str, Any]:
    """The place never came: a transfer on the phone in office hours, else filed for a call back."""
    if conversation_channel(tracker) == "voice" and office_open(tracker):
        dispatcher.utter_message(json_message={"transfer": True})
        return {}
    dispatcher.utter_message(text=say("followup.noted", tracker.get_slot("language")))
    return {"location": follow_up_place(tracker.get_slot("language")), "location_unconfirmed": None,
            "location_confirmed": None, "location_suggested": None}  # fmt: skip


def give_up(
    report_type: str, tracker: Tracker, dispatcher: CollectingDispatcher, requested: str | None
) -> dict[str, Any]:
    """The requested detail, still unanswered after its last ask: not known, or the place given up."""
    if not requested or tracker.get_slot(requested) is not None or requested == "location_confirmed":
        return {}
    asked = times_asked(tracker, requested)
    if requested == "location":
        if asked >= PLACE_ASKS:
            return _place_given_up(tracker, dispatcher)
        if asked == PLACE_ASKS - 1 and not said_in_conversation(tracker, OFFER_PERSON):
            dispatcher.utter_message(response=OFFER_PERSON, **office_details_for(tracker))
        return {}
    detail = REPORT_TYPES[report_type].detail(requested)
    optional = detail is not None and detail.optional
    return (
        {requested: _not_known(report_type, requested)}
        if asked >= (OPTIONAL_ASKS if optional else DETAIL_ASKS)
        else {}
    )


def _user_turns(tracker: Tracker) -> int:
    return sum(1 for event in tracker.events if event.get("event") == "user")


def wrap_up_call(report_type: str, tracker: Tracker, dispatcher: CollectingDispatcher) -> dict[str, Any]:
    """Two turns before the call's last: everything still missing is given up, so the read-back and the
    YES fit in the turns left (a call only)."""
    if conversation_channel(tracker) != "voice":
        return {}
    limit = conversation_pack(tracker).dialogue.max_call_turns
    if _user_turns(tracker) < limit - 2:
        return {}
    ending: dict[str, Any] = {}
    for slot in REPORT_TYPES[report_type].required_slots:
        if tracker.get_slot(slot) is not None:
            continue
        if slot == "location":
            ending.update(_place_given_up(tracker, dispatcher))
        else:
            ending[slot] = _not_known(report_type, slot)
    return ending


def call_ending(tracker: Tracker) -> bool:
    """A call at its last two turns: the read-back's answer is taken as a YES unless it cancels."""
    if conversation_channel(tracker) != "voice":
        return False
    return _user_turns(tracker) >= conversation_pack(tracker).dialogue.max_call_turns - 1
