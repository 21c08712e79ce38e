"""The form questions: one action per slot (`action_ask_<slot>`), worded from bot.vocabulary.

The first time, the parts of a group never asked yet are asked together ("How long has it been barking
without a break, and is it every night?"). A part asked before is asked again alone, in other words, with
examples (Detail.reasks): never the same words twice in a row. Each question's bot event carries
the parts it asked (`asks`), which is how the form knows what a reply answers and how often a part was asked.
"""

from __future__ import annotations

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.fact_reading import report_events, times_asked
from actions.forms import needed_slots
from bot.messages import say
from bot.vocabulary import REPORT_TYPES, question


def report_type_of(tracker: Tracker) -> str:
    code = tracker.get_slot("report_type")
    if code in REPORT_TYPES:
        return str(code)
    loop = (tracker.active_loop or {}).get("name") or ""
    return loop.removesuffix("_form") if loop.removesuffix("_form") in REPORT_TYPES else "barking"


def _last_question(tracker: Tracker) -> str:
    """The words of the report's last question (an offer of a person or an aside's answer may follow it)."""
    for event in reversed(report_events(tracker)):
        if event.get("event") == "bot" and (event.get("metadata") or {}).get("asks") and event.get("text"):
            return str(event["text"]).strip()
    return ""


def question_for(slot: str, tracker: Tracker) -> tuple[str, list[str]]:
    """What to ask for `slot` now, and the parts it asks."""
    language = tracker.get_slot("language")
    if slot == "location_confirmed":
        return say("ask.location_confirmed", language, location=tracker.get_slot("location")), [slot]
    report_type = report_type_of(tracker)
    kind = REPORT_TYPES[report_type]
    detail = kind.detail(slot)
    if detail is None:
        return "", []
    if times_asked(tracker, slot):
        text = detail.reasks(language)
        if text == _last_question(tracker):
            text = question(report_type, slot, [], language)
        return text, [slot]
    optional = [d.slot for d in kind.details if not d.required and d.ask]
    never_asked = [
        s for s in needed_slots(report_type, tracker) + optional
        if tracker.get_slot(s) is None and not times_asked(tracker, s)
    ]  # fmt: skip
    text = question(report_type, slot, never_asked, language)
    parts = [d.slot for d in kind.details if d.slot in never_asked and d.group and d.group == detail.group]
    if "still_there" in parts:
        parts = [p for p in parts if p != "direction"]  # "or which way did it go" is part of still there
    return text, list(dict.fromkeys([slot, *parts]))


class ActionAskSlot(Action):
    """Asks for `slot`; subclasses (below) name the slot."""

    slot = ""

    def name(self) -> str:
        return f"action_ask_{self.slot}" if self.slot else "action_ask_slot_base"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        suggested = tracker.get_slot("location_suggested") or {}
        if self.slot == "location_confirmed" and suggested.get("street"):
            # a street spelt otherwise than the city spells it (bot.nlp.places.streets.street_in_place)
            dispatcher.utter_message(response="utter_did_you_mean", street=suggested["street"])
            return []
        text, parts = question_for(self.slot, tracker)
        dispatcher.utter_message(text=text, asks=parts)
        return []


def asked_slots() -> list[str]:
    """Every slot a report form asks for, once each, plus the read-back of a place heard unclearly."""
    slots = [slot for kind in REPORT_TYPES.values() for slot in kind.required_slots]
    return list(dict.fromkeys([*slots, "location_confirmed"]))


ASK_ACTIONS = {
    slot: type(f"ActionAsk_{slot}", (ActionAskSlot,), {"slot": slot, "__module__": __name__})
    for slot in asked_slots()
}
