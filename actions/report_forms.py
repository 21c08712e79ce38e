"""The three report forms' own validators (barking, at large, bite); what they share, and the reading of every
fact, is in actions/forms.py and actions/fact_reading.py. A value reaching a validator was read from words that
say it (or is "not known"); each validator adds what follows from it (when it happened, the 911 advice)."""

from __future__ import annotations

from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.forms import ReportFormValidation, Slots
from actions.reading import message_time, message_times
from actions.services import conversation_pack
from actions.type_forms import TYPE_FORMS
from bot.nlp.facts.times import TimeFacts, read_times
from bot.nlp.facts.yes_no import NO, YES


def _occurred(times: TimeFacts) -> Slots:
    """When it happened, as an ISO time in the city's zone (58-10 D counts two hours from a bite)."""
    return {"occurred": times.started.isoformat()} if times.started else {}


class ValidateBarkingForm(ReportFormValidation):
    report_type = "barking"

    def type_facts(self, tracker: Tracker, facts: Slots) -> Slots:
        times = message_times(tracker)
        return {**self._time_details(tracker, times), **self._exact_start(tracker, times)}

    @staticmethod
    def _exact_start(tracker: Tracker, times: TimeFacts) -> Slots:
        """ "since 10pm" said after "all night": a start replaces a since that had none, and the run follows from
        it (only while no run was filed: one the resident stated stays)."""
        since_without_start = tracker.get_slot("barking_since") and tracker.get_slot("occurred") is None
        no_run = tracker.get_slot("barking_minutes") is None
        return {"barking_since": times.words} if since_without_start and no_run and times.started else {}

    @staticmethod
    def _time_details(tracker: Tracker, times: TimeFacts) -> Slots:
        found = {"barking_minutes": times.minutes, "barking_frequency": times.frequency,
                 "barking_time_of_day": times.time_of_day}  # fmt: skip
        # a run the resident states ("about 40 minutes") replaces one computed from when it started
        stated = {"barking_minutes"} if times.minutes_stated else set()
        return {
            k: v for k, v in found.items() if v is not None and (tracker.get_slot(k) is None or k in stated)
        }

    def validate_barking_frequency(self, value: Any, *args: Any) -> Slots:
        return self._read_value("barking_frequency", value)

    def validate_barking_time_of_day(self, value: Any, *args: Any) -> Slots:
        return self._read_value("barking_time_of_day", value)

    def validate_barking_minutes(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        minutes = read_times(f"for {value} minutes" if str(value).strip().isdigit() else str(value or ""),
                             message_time(tracker), conversation_pack(tracker).timezone).minutes  # fmt: skip
        if minutes is None:
            return self._reject("barking_minutes", "utter_answer_unclear", dispatcher, tracker)
        return self._accept("barking_minutes", minutes)

    def validate_barking_since(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        times = message_times(tracker)
        if value is None or not times.says_when:
            return self._read_value("barking_since", value)
        return self._accept("barking_since", value, **self._time_details(tracker, times), **_occurred(times))


class ValidateAtLargeForm(ReportFormValidation):
    report_type = "at_large"

    def type_facts(self, tracker: Tracker, facts: Slots) -> Slots:
        if facts.get("direction") and tracker.get_slot("still_there") is None and "still_there" not in facts:
            return {"still_there": NO}  # it went somewhere: it is not there any more
        return {}

    def validate_still_there(self, value: Any, *args: Any) -> Slots:
        return self._read_value("still_there", value)

    def validate_direction(self, value: Any, *args: Any) -> Slots:
        return self._read_value("direction", value)

    def validate_aggressive(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        if value == YES:
            dispatcher.utter_message(response="utter_call_911")
        return self._read_value("aggressive", value)


class ValidateBiteForm(ReportFormValidation):
    report_type = "bite"

    def validate_victim(self, value: Any, *args: Any) -> Slots:
        return self._read_value("victim", value)

    def validate_injury(self, value: Any, *args: Any) -> Slots:
        return self._read_value("injury", value)

    def validate_vaccinated(self, value: Any, *args: Any) -> Slots:
        return self._read_value("vaccinated", value)

    def validate_bite_when(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        times = message_times(tracker)
        if value is None or not times.says_when:
            return self._read_value("bite_when", value)
        return self._accept("bite_when", value, **_occurred(times))


REPORT_FORMS: dict[str, type[ReportFormValidation]] = {
    form.report_type: form
    for form in (ValidateBarkingForm, ValidateAtLargeForm, ValidateBiteForm, *TYPE_FORMS.values())
}
