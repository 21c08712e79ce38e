"""The form questions: one action per slot (`action_ask_<slot>`), worded from bot.vocabulary, asking
together the parts of a question that are still missing ("How long has it been barking without a break,
and is it every night?")."""

from __future__ import annotations

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.forms import needed_slots
from actions.services import conversation_pack
from bot.messages import say
from bot.vocabulary import REPORT_TYPES, question


def report_type_of(tracker: Tracker) -> str:
    code = tracker.get_slot("report_type")
    if code in REPORT_TYPES:
        return str(code)
    loop = (tracker.active_loop or {}).get("name") or ""
    return loop.removesuffix("_form") if loop.removesuffix("_form") in REPORT_TYPES else "barking"


def question_for(slot: str, tracker: Tracker) -> str:
    """What to ask for `slot` now, given what the report already has."""
    language = tracker.get_slot("language")
    if slot == "location_confirmed":
        return say("ask.location_confirmed", language, location=tracker.get_slot("location"))
    report_type = report_type_of(tracker)
    optional = [d.slot for d in REPORT_TYPES[report_type].details if not d.required and d.ask]
    missing = [s for s in needed_slots(report_type, tracker) + optional if tracker.get_slot(s) is None]
    asked = question(report_type, slot, missing, language)
    if slot == "complainant_name":  # what the city does with an anonymous report (its reading `anonymous`)
        asked += " " + say(f"anonymous.{conversation_pack(tracker).readings.anonymous}", language)
    return asked


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
        dispatcher.utter_message(text=question_for(self.slot, tracker))
        return []


def asked_slots() -> list[str]:
    """Every slot a report form asks for, once each, plus the read-back of a place heard unclearly."""
    slots = [slot for kind in REPORT_TYPES.values() for slot in kind.required_slots]
    return list(dict.fromkeys([*slots, "location_confirmed"]))


ASK_ACTIONS = {
    slot: type(f"ActionAsk_{slot}", (ActionAskSlot,), {"slot": slot, "__module__": __name__})
    for slot in asked_slots()
}
