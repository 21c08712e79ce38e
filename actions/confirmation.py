"""Read the report back before filing; YES files it, anything else is a correction."""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.forms import FormValidationAction
from rasa_sdk.types import DomainDict

from actions.forms import ANONYMOUS
from actions.giving_up import call_ending
from actions.reading import latest_intent, latest_text, message_times, only_a_name
from actions.report_forms import REPORT_FORMS
from actions.services import anonymous_counts, anonymous_note
from bot.messages import say
from bot.nlp.facts.corrections import parse_correction
from bot.nlp.facts.name import leading_name, name_at_readback
from bot.nlp.facts.yes_no import NO, YES, is_cancel, yes_no_unknown
from bot.vocabulary import REPORT_TYPES, animal_word, value_word

CONFIRMED, CANCELLED = "yes", "cancelled"
# The name question says "Reply SKIP to stay anonymous": at the read-back the same words mean the same thing.
_STAY_ANONYMOUS = re.compile(
    r"^\W*(?:skip|anonymous|anon|stay anonymous|no name|(?:leave|take|keep) my name (?:off|out)"
    r"|(?:remove|drop|delete) my name|(?:don'?t|do not) (?:use|put|include) my name|without my name"
    r"|an[oó]nimo|an[oó]nima|sin (?:mi )?nombre|omitir|saltar)\W*$",
    re.IGNORECASE,
)
# "my name is ...": a name even where the NLU reads the message as a yes
_NAMED_RE = re.compile(
    r"^\W*(?:(?:yes|yeah|ok|s[ií])\W+)?(?:my name is|my name's|name is|i'?m|me llamo|mi nombre es|soy)\s",
    re.I,
)


def report_summary(tracker: Tracker) -> str:
    """One SMS-sized read-back of the report in the slots, in the conversation's language."""
    language = tracker.get_slot("language")
    kind = REPORT_TYPES[tracker.get_slot("report_type") or "barking"]
    animal = animal_word(tracker.get_slot("animal"), language) or say("readback.animal", language)
    title = kind.title_in(language)
    parts = [
        say("readback.head", language, title=title, animal=animal, location=tracker.get_slot("location"))
    ]
    for slot, label in kind.readback(language):
        value = tracker.get_slot(slot)
        if value:
            parts.append(f"{label}: {value_word(value, language)}")
    name = tracker.get_slot("complainant_name")
    if name == ANONYMOUS:
        parts.append(say("readback.anonymous", language))
    elif name is not None:
        parts.append(say("readback.name", language, name=name))
    return "; ".join(parts) + "."


def asks_name(tracker: Tracker) -> bool:
    """The read-back asks for the name while none is given or declined: a name sent to it is its YES."""
    return tracker.get_slot("complainant_name") is None


def readback_prompt(tracker: Tracker) -> str:
    language = tracker.get_slot("language")
    if not asks_name(tracker):
        return say("readback.prompt", language)
    prompt = say("readback.prompt_name", language)
    # a city that does not count a report without a name says so before the resident chooses (reading
    # `anonymous: exclude`); where it counts the same, the read-back stays within two texts
    return prompt if anonymous_counts(tracker) else f"{prompt} {anonymous_note(tracker)}"


def correctable_slots(report_type: str) -> set[str]:
    return {"location", "animal", "complainant_name"} | {
        slot for slot, _ in REPORT_TYPES[report_type].readback()
    }


class ActionAskReportConfirmed(Action):
    def name(self) -> str:
        return "action_ask_report_confirmed"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        if tracker.get_slot("change_requested"):
            # validation has just asked "what should I change?"; wait for the answer
            return [SlotSet("change_requested", None)]
        dispatcher.utter_message(text=f"{report_summary(tracker)} {readback_prompt(tracker)}")
        return []


class ValidateConfirmForm(FormValidationAction):
    def name(self) -> str:
        return "validate_confirm_form"

    async def validate_report_confirmed(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> dict[str, Any]:
        text, intent = latest_text(tracker), latest_intent(tracker)
        report_type = tracker.get_slot("report_type") or "barking"
        if is_cancel(text):
            return {"report_confirmed": CANCELLED}
        if _STAY_ANONYMOUS.match(text):
            if asks_name(tracker):  # "SKIP" to the read-back that asks for the name: sent without one
                return {"complainant_name": ANONYMOUS, "report_confirmed": CONFIRMED}
            return self._stay_anonymous(dispatcher, tracker)
        if asks_name(tracker):
            named = await self._named(text, report_type, dispatcher, tracker, domain)
            if named:
                return named

        changes = await self._corrections(text, report_type, dispatcher, tracker, domain)
        if changes is not None:
            return {**changes, "report_confirmed": None} if changes else {"report_confirmed": None}
        if yes_no_unknown(text, intent) == YES or call_ending(tracker):
            return {"report_confirmed": CONFIRMED}  # at a call's last turns, anything but a cancel sends it
        if intent == "deny" or yes_no_unknown(text, intent) == NO:
            dispatcher.utter_message(response="utter_what_to_change")
            return {"report_confirmed": None, "change_requested": True}
        dispatcher.utter_message(response="utter_change_unclear")
        return {"report_confirmed": None, "change_requested": True}

    @staticmethod
    def _stay_anonymous(dispatcher: CollectingDispatcher, tracker: Tracker) -> dict[str, Any]:
        """'skip' at the read-back: the name is dropped and the report read back again, now anonymous, with
        the warning; when it is anonymous already, nothing changes and the resident is told how to send it."""
        if tracker.get_slot("complainant_name") == ANONYMOUS:
            dispatcher.utter_message(response="utter_already_anonymous")
            return {"report_confirmed": None, "change_requested": True}
        dispatcher.utter_message(response="utter_anonymous_ok", anonymous_note=anonymous_note(tracker))
        return {"complainant_name": ANONYMOUS, "report_confirmed": None}

    async def _named(
        self,
        text: str,
        report_type: str,
        dispatcher: CollectingDispatcher,
        tracker: Tracker,
        domain: DomainDict,
    ) -> dict[str, Any] | None:
        """A name sent to the read-back that asks for it: 'Jane Doe' sends the report; 'Jane Doe, it's 414 oak
        st' takes the name and the change, and reads the report back again. None when no name is said."""
        if latest_intent(tracker) != "affirm" or _NAMED_RE.match(text):
            name = name_at_readback(text)
            if name and only_a_name(tracker, name):
                return {"complainant_name": name, "report_confirmed": CONFIRMED}
        opening = leading_name(text)  # "Jane Doe, it's 414 oak st"
        if not opening or not only_a_name(tracker, opening[1]):
            return None
        name, words = opening
        rest = text[text.index(words) + len(words) :].lstrip(" ,;-")
        changes = await self._corrections(rest, report_type, dispatcher, tracker, domain, after=len(words))
        if changes is None and yes_no_unknown(rest) == NO:  # "Jane Doe, no the address is wrong"
            dispatcher.utter_message(response="utter_what_to_change")
            return {"complainant_name": name, "report_confirmed": None, "change_requested": True}
        if changes is None:
            return {"complainant_name": name, "report_confirmed": CONFIRMED}
        return {**changes, "complainant_name": name, "report_confirmed": None}

    async def _corrections(
        self,
        text: str,
        report_type: str,
        dispatcher: CollectingDispatcher,
        tracker: Tracker,
        domain: DomainDict,
        after: int = 0,
    ) -> dict[str, Any] | None:
        """Slot changes the message asks for (its entities from character `after` on); None when it asks for
        none. A rejected value leaves the slot as it was (the validator has said why)."""
        requested = _requested_changes(text, report_type, tracker, after)
        if not requested:
            return None
        validator = REPORT_FORMS[report_type]()
        accepted: dict[str, Any] = {}
        for slot, raw in requested.items():
            validate = getattr(validator, f"validate_{slot}", None)
            result = validate(raw, dispatcher, tracker, domain) if validate else {slot: raw}
            if result.get(slot) is None:
                return {"change_requested": True}
            if result.get("location_suggested") or result.get("location_unconfirmed"):
                # the read-back that follows shows the place; no "Did you mean ...?" inside the read-back
                result.update(location_suggested=None, location_unconfirmed=None, location_confirmed=None)
            accepted.update(result)
        return accepted


def _requested_changes(text: str, report_type: str, tracker: Tracker, after: int) -> dict[str, Any]:
    """{slot: raw value} the message at the read-back changes or adds: a named field ("the address is ..."),
    a place or animal the NLU found, a run of barking ("it was about 40 minutes"), how often and when ("every
    night", which the form asks only with the run)."""
    requested: dict[str, Any] = {}
    correction = parse_correction(text, correctable_slots(report_type))
    if correction:
        requested[correction.slot] = correction.value
    for entity in tracker.latest_message.get("entities") or []:
        if int(entity.get("start") or 0) < after:
            continue  # a word of the name ("Hunter Fox") is no animal
        if entity.get("entity") in ("location", "animal") and entity["entity"] not in requested:
            requested[entity["entity"]] = entity.get("value")
    if requested:
        return requested
    times = message_times(tracker)
    if report_type == "barking" and times.minutes_stated:
        requested["barking_minutes"] = text  # "no, it was about 40 minutes": the run corrects the minutes
    said = {"frequency": times.frequency, "time_of_day": times.time_of_day}
    for detail in REPORT_TYPES[report_type].details:
        if said.get(detail.reads) and tracker.get_slot(detail.slot) is None:  # added; a change is named
            requested[detail.slot] = said[detail.reads]
    return requested
