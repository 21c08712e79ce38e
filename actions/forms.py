"""Validation of the three report forms: ask only for what is missing, re-ask what a clerk can't use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.forms import FormValidationAction
from rasa_sdk.types import DomainDict

from actions.services import conversation_pack, office_details
from bot.nlp import answers
from bot.nlp.taxonomy import normalise_animal

MAX_ANSWER_CHARS = 300
ANONYMOUS = "anonymous"

Slots = dict[str, Any]


def latest_intent(tracker: Tracker) -> str | None:
    return (tracker.latest_message.get("intent") or {}).get("name")


def latest_text(tracker: Tracker) -> str:
    return tracker.latest_message.get("text") or ""


def _animal_mentions(tracker: Tracker) -> list[tuple[int, str]]:
    mentions = []
    for entity in tracker.latest_message.get("entities") or []:
        if entity.get("entity") == "animal":
            species = normalise_animal(str(entity.get("value", "")))
            if species:
                mentions.append((int(entity.get("start") or 0), species))
    return mentions


def free_text_answer(slot: str) -> Callable[..., Slots]:
    """A `validate_<slot>` method for a free-text answer (since when, which way it went, ...)."""

    def validate(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._free_text(slot, value, dispatcher, tracker)

    validate.__name__ = f"validate_{slot}"
    return validate


def yes_no_answer(slot: str) -> Callable[..., Slots]:
    """A `validate_<slot>` method for a yes / no / don't know answer."""

    def validate(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._yes_no(slot, value, dispatcher, tracker)

    validate.__name__ = f"validate_{slot}"
    return validate


class ReportFormValidation(FormValidationAction):
    """Shared slot validators. Subclasses name the form and the report type."""

    report_type: str = ""

    def name(self) -> str:
        return f"validate_{self.report_type}_form"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        events = await super().run(dispatcher, tracker, domain)
        if tracker.get_slot("report_type") != self.report_type:
            events.insert(0, SlotSet("report_type", self.report_type))
        return events

    # --- failure handling -------------------------------------------------------------------------------
    def _reject(self, slot: str, response: str, dispatcher: CollectingDispatcher, tracker: Tracker) -> Slots:
        """Re-ask; after two failed tries also offer a person at City Hall."""
        tries = int(tracker.get_slot("failed_tries") or 0) + 1
        dispatcher.utter_message(response=response)
        if tries >= 2:
            dispatcher.utter_message(
                response="utter_offer_person", **office_details(conversation_pack(tracker))
            )
            tries = 0
        return {slot: None, "failed_tries": float(tries)}

    @staticmethod
    def _accept(slot: str, value: Any) -> Slots:
        return {slot: value, "failed_tries": 0.0}

    def _free_text(self, slot: str, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker) -> Slots:
        text = str(value or "").strip()
        if not any(ch.isalnum() for ch in text):
            return self._reject(slot, "utter_answer_unclear", dispatcher, tracker)
        return self._accept(slot, text[:MAX_ANSWER_CHARS])

    def _yes_no(self, slot: str, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker) -> Slots:
        answer = answers.yes_no_unknown(str(value or ""), latest_intent(tracker))
        if answer is None:
            return self._reject(slot, "utter_yes_no_unclear", dispatcher, tracker)
        return self._accept(slot, answer)

    # --- shared slots -----------------------------------------------------------------------------------
    def validate_location(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        place = answers.clean_location(str(value or ""))[:MAX_ANSWER_CHARS]
        if not answers.is_findable_location(place):
            return self._reject("location", "utter_location_unclear", dispatcher, tracker)
        return self._accept("location", place)

    def validate_animal(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        mentions = _animal_mentions(tracker)
        if len(mentions) > 1 and self.report_type == "bite":
            species = answers.choose_biting_animal(latest_text(tracker), mentions)
        else:
            species = normalise_animal(str(value or "")) or (mentions[0][1] if mentions else None)
        if not species:
            return self._reject("animal", "utter_animal_unclear", dispatcher, tracker)
        return self._accept("animal", species)

    def validate_animal_description(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._free_text("animal_description", value, dispatcher, tracker)

    def validate_complainant_name(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        text = str(value or "")
        if text == ANONYMOUS or answers.declines_name(text, latest_intent(tracker)):
            if text != ANONYMOUS:
                dispatcher.utter_message(response="utter_anonymous_ok")
            return self._accept("complainant_name", ANONYMOUS)
        name = answers.clean_name(text)
        if not name:
            return self._reject("complainant_name", "utter_ask_complainant_name", dispatcher, tracker)
        return self._accept("complainant_name", name)


class ValidateBarkingForm(ReportFormValidation):
    report_type = "barking"

    validate_barking_since = free_text_answer("barking_since")
    validate_barking_frequency = free_text_answer("barking_frequency")
    validate_barking_time_of_day = free_text_answer("barking_time_of_day")


class ValidateAtLargeForm(ReportFormValidation):
    report_type = "at_large"

    async def required_slots(
        self, domain_slots: list[str], dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[str]:
        # Which way it went only matters once it has gone.
        if tracker.get_slot("still_there") == answers.YES:
            return [slot for slot in domain_slots if slot != "direction"]
        return domain_slots

    validate_still_there = yes_no_answer("still_there")
    validate_direction = free_text_answer("direction")

    def validate_aggressive(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        result = self._yes_no("aggressive", value, dispatcher, tracker)
        if result["aggressive"] == answers.YES:
            dispatcher.utter_message(response="utter_call_911")
        return result


class ValidateBiteForm(ReportFormValidation):
    report_type = "bite"

    async def extract_victim(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        """'a dog bit my son' already says who was bitten: don't ask again."""
        if tracker.get_slot("victim") is None and latest_intent(tracker) == "report_bite":
            kind = answers.victim_kind(latest_text(tracker))
            if kind:
                return {"victim": kind}
        return {}

    async def extract_injury(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        if tracker.get_slot("injury") is None and latest_intent(tracker) == "report_bite":
            if answers.mentions_injury(latest_text(tracker)):
                return {"injury": answers.YES}
        return {}

    def validate_victim(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        kind = value if value in ("person", "animal") else answers.victim_kind(str(value or ""))
        if not kind:
            return self._reject("victim", "utter_victim_unclear", dispatcher, tracker)
        return self._accept("victim", kind)

    def validate_injury(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        if value == answers.YES or answers.mentions_injury(str(value or "")):
            return self._accept("injury", answers.YES)
        return self._yes_no("injury", value, dispatcher, tracker)

    validate_bite_when = free_text_answer("bite_when")

    def validate_owner_known(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        text = str(value or "").strip()
        if answers.yes_no_unknown(text, latest_intent(tracker)) in (answers.NO, answers.UNKNOWN):
            return self._accept("owner_known", answers.UNKNOWN)
        return self._free_text("owner_known", text, dispatcher, tracker)

    validate_vaccinated = yes_no_answer("vaccinated")


REPORT_FORMS: dict[str, type[ReportFormValidation]] = {
    form.report_type: form for form in (ValidateBarkingForm, ValidateAtLargeForm, ValidateBiteForm)
}
