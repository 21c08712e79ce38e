"""Validation of the report forms: the order of questions, and every message read for every fact still
missing (actions/fact_reading.py, one reader per kind of fact in bot.nlp.facts).

Which details a report type has, and how each is read and asked, is declared in bot.vocabulary: a new report
type plugs in by declaring its details (see docs/architecture.md "A report type"). An aside interrupts only
when it clearly is one (`is_clear_aside`): it is answered, and the question comes again in other words.
A detail not answered after one re-ask is "not known"; the place gets two re-asks (actions/giving_up.py).
"""

from __future__ import annotations

from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.forms import FormValidationAction
from rasa_sdk.types import DomainDict

from actions.conversation import answer_aside
from actions.fact_reading import name_in_report, read_details
from actions.giving_up import give_up, place_correction, wrap_up_call
from actions.place_answers import ANONYMOUS, MAX_ANSWER_CHARS, SharedAnswers, Slots
from actions.reading import is_clear_aside, latest_text
from bot.vocabulary import REPORT_TYPES

__all__ = ["ANONYMOUS", "MAX_ANSWER_CHARS", "ReportFormValidation", "Slots", "needed_slots"]
RAW_READS = ("place", "animal", "name")  # read by their own validators (actions/place_answers.py)


def needed_slots(report_type: str, tracker: Tracker) -> list[str]:
    """The slots this report still has to ask for, in order (filled ones included)."""
    slots = list(REPORT_TYPES[report_type].required_slots)
    if tracker.get_slot("still_there") != "no" and "direction" in slots:
        slots.remove("direction")  # which way it went only matters once it has gone
    if tracker.get_slot("location_unconfirmed"):
        slots.insert(slots.index("location") + 1, "location_confirmed")
    return slots


def _missing(report_type: str, tracker: Tracker) -> list[str]:
    return [d.slot for d in REPORT_TYPES[report_type].details if tracker.get_slot(d.slot) is None]


class ReportFormValidation(SharedAnswers, FormValidationAction):
    """The form of one report type (`report_type`); subclasses add what only that type reads."""

    report_type: str = ""

    def name(self) -> str:
        return f"validate_{self.report_type}_form"

    async def required_slots(
        self, domain_slots: list[str], dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[str]:
        return needed_slots(self.report_type, tracker)

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        requested = tracker.get_slot("requested_slot")
        if is_clear_aside(tracker):
            # answered; nothing in it is taken as an answer, and the form asks again, in other words
            await answer_aside(dispatcher, tracker)
            return [SlotSet(requested, None)] if requested in needed_slots(self.report_type, tracker) else []
        facts = self.read_facts(tracker)
        tracker.add_slots([SlotSet(slot, value) for slot, value in facts.items()])
        validated = await super().run(dispatcher, tracker, domain)
        events = [e for e in validated if e.get("name") != "requested_slot"]
        names_next = len(events) < len(
            validated
        )  # the SDK names the next slot when the form's list is its own
        tracker.add_slots(events)
        ending = give_up(self.report_type, tracker, dispatcher, requested)
        ending.update(wrap_up_call(self.report_type, tracker, dispatcher))
        tracker.add_slots([SlotSet(k, v) for k, v in ending.items()])
        # facts the form does not ask for are set here; an answer to the read-back is set by its validator
        needed = [*needed_slots(self.report_type, tracker), "location_confirmed"]
        optional = [SlotSet(k, v) for k, v in facts.items() if k not in needed]
        if tracker.get_slot("report_type") != self.report_type:
            optional.insert(0, SlotSet("report_type", self.report_type))
        events += [SlotSet(k, v) for k, v in ending.items()]
        if names_next:  # named again, after the give-ups
            events.append(SlotSet("requested_slot", self._following(tracker)))
        return optional + events

    def _following(self, tracker: Tracker) -> str | None:
        return next((s for s in needed_slots(self.report_type, tracker) if tracker.get_slot(s) is None), None)

    def read_facts(self, tracker: Tracker) -> Slots:
        """{slot: value} of the latest message: every missing detail its words state, a corrected place, a name
        said on the way; the requested slot keeps its raw text only for the shared validators to read."""
        requested, text = tracker.get_slot("requested_slot"), latest_text(tracker)
        # the domain maps the message's raw text into the slot asked for: only what a reader takes stays
        mapped = [slot for slot, value in tracker.slots_to_validate().items() if value == text]
        facts = read_details(self.report_type, tracker, [*_missing(self.report_type, tracker), *mapped])
        kind = REPORT_TYPES[self.report_type]
        for slot in mapped:
            detail = kind.detail(slot)
            if detail and detail.reads not in RAW_READS and slot not in facts:
                facts[slot] = None
        if requested == "location_confirmed":
            facts["location_confirmed"] = latest_text(tracker)  # "I heard 612 N 4th St. Is that right?"
        facts.update(place_correction(tracker))
        name = name_in_report(tracker)
        if name and requested != "complainant_name":
            facts["complainant_name"] = name
        return {**self.type_facts(tracker, facts), **facts}

    def type_facts(self, tracker: Tracker, facts: Slots) -> Slots:
        """What only this report type reads beside its details (subclasses)."""
        return {}

    # --- validators: a value here was read from words that say it -------------------------------------------
    def _reject(
        self, slot: str, response: str | None, dispatcher: CollectingDispatcher, tracker: Tracker
    ) -> Slots:
        """Not answered: the form asks again, in other words (actions/asking.py); nothing else is said, so no
        "didn't understand" ever takes the place of the question."""
        return {slot: None}

    @staticmethod
    def _accept(slot: str, value: Any, **more: Any) -> Slots:
        return {slot: value, **more, "failed_tries": 0.0}

    def _read_value(self, slot: str, value: Any) -> Slots:
        if value is None or (isinstance(value, str) and not value.strip()):
            return {slot: None}
        return self._accept(slot, value[:MAX_ANSWER_CHARS] if isinstance(value, str) else value)

    def validate_animal_description(self, value: Any, *args: Any) -> Slots:
        return self._read_value("animal_description", value)

    def validate_owner_known(self, value: Any, *args: Any) -> Slots:
        return self._read_value("owner_known", value)
