"""The three report forms' own readers and validators (barking, at large, bite); the shared ones are in
actions/forms.py."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.forms import MAX_ANSWER_CHARS, ReportFormValidation, Slots, owner_in
from actions.reading import entities, latest_text, message_time, message_times
from actions.services import conversation_pack
from actions.type_forms import TYPE_FORMS
from bot.nlp import answers, replies
from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.times import TimeFacts, read_times

DIRECTION_ENTITIES = ("direction",)  # the NLU's entity for where it went, beside the place
# a death of the bitten animal (or person) is an injury: "two are dead", "it killed one", "se murieron dos"
_DEATH_RE = re.compile(
    r"\b(dead|died|killed|passed away|didn'?t make it|muert[oa]s?|muri[a-z]*|mataron|mato)\b", re.I
)
_NO_DEATH_RE = re.compile(r"\b(no|not|nobody|no one|none|nothing|nadie|ninguno|ninguna|ni)\b[^,.;]*$", re.I)
# a short reply that is only "don't know" answers every unknown part of a combined question at once
DONT_KNOW_PARTS = ("owner_known", "vaccinated")
MAX_DONT_KNOW_WORDS = 4


def free_text_answer(slot: str) -> Callable[..., Slots]:
    """A `validate_<slot>` method for a free-text answer (a correction of how often, say)."""

    def validate(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._free_text(slot, value, dispatcher, tracker)

    validate.__name__ = f"validate_{slot}"
    return validate


class ValidateBarkingForm(ReportFormValidation):
    report_type = "barking"

    def read_facts(self, tracker: Tracker) -> Slots:
        facts: Slots = {}
        times = message_times(tracker)
        if "barking_since" in self._empty(tracker, "barking_since") and times.says_when:
            facts["barking_since"] = times.words
        facts.update(self._time_details(tracker, times))
        return facts

    @staticmethod
    def _time_details(tracker: Tracker, times: TimeFacts) -> Slots:
        found = {"barking_minutes": times.minutes, "barking_frequency": times.frequency,
                 "barking_time_of_day": times.time_of_day}  # fmt: skip
        # a run the resident states ("about 40 minutes") replaces one computed from when it started
        stated = {"barking_minutes"} if times.minutes_stated else set()
        return {
            k: v for k, v in found.items() if v is not None and (tracker.get_slot(k) is None or k in stated)
        }

    validate_barking_frequency = free_text_answer("barking_frequency")
    validate_barking_time_of_day = free_text_answer("barking_time_of_day")

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
        if not times.says_when:
            return self._reject("barking_since", None, dispatcher, tracker)
        return self._accept(
            "barking_since", times.words, **self._time_details(tracker, times), **_occurred(times)
        )


class ValidateAtLargeForm(ReportFormValidation):
    report_type = "at_large"
    _SEEN = ("animal_description", "still_there", "direction", "aggressive")

    def read_facts(self, tracker: Tracker) -> Slots:
        text, facts = latest_text(tracker), {}
        empty = self._empty(tracker, "still_there", "direction", "aggressive", "owner_known")
        readers = {"still_there": replies.still_there, "aggressive": replies.aggressive}
        for slot, read in readers.items():
            if slot in empty and read(text):
                facts[slot] = read(text)
        went = [e.get("value") for e in entities(tracker, *DIRECTION_ENTITIES)] or [replies.direction(text)]
        if "direction" in empty and went[0]:
            facts["direction"] = str(went[0])
            facts.setdefault("still_there", answers.NO) if "still_there" in empty else None
        owner = owner_in(tracker, text)
        if "owner_known" in empty and owner and owner != answers.UNKNOWN:
            facts["owner_known"] = owner
        return {**self._look(tracker, text), **facts}

    def validate_still_there(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = replies.still_there(str(value or "")) if value not in (answers.YES, answers.NO) else value
        return self._yes_no("still_there", said or value, dispatcher, tracker)

    def validate_direction(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._free_text("direction", replies.direction(str(value or "")) or value, dispatcher, tracker)

    def validate_aggressive(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = replies.aggressive(str(value or "")) if value not in (answers.YES, answers.NO) else value
        result = self._yes_no("aggressive", said or value, dispatcher, tracker)
        if result["aggressive"] == answers.YES:
            dispatcher.utter_message(response="utter_call_911")
        return result


def mentions_death(text: str) -> bool:
    """Whether the answer says the bitten animal (or person) died, and not that nobody did."""
    folded = answers.fold(text)
    match = _DEATH_RE.search(folded)
    return bool(match) and not _NO_DEATH_RE.search(folded[: match.start()])


def _occurred(times: TimeFacts) -> Slots:
    """When it happened, as an ISO time in the city's zone (58-10 D counts two hours from a bite)."""
    return {"occurred": times.started.isoformat()} if times.started else {}


class ValidateBiteForm(ReportFormValidation):
    report_type = "bite"

    def read_facts(self, tracker: Tracker) -> Slots:
        text, facts = latest_text(tracker), {}
        requested = tracker.get_slot("requested_slot")
        empty = self._empty(tracker, "victim", "injury", "bite_when", "owner_known", "vaccinated")
        victim = answers.victim_kind(text, answering=requested == "victim")
        if "victim" in empty and victim:
            facts["victim"] = victim
        if "injury" in empty and (answers.mentions_injury(text) or mentions_death(text)):
            facts["injury"] = answers.YES
        times = message_times(tracker)
        if "bite_when" in empty and times.says_when:
            facts["bite_when"] = times.words
        owner = owner_in(tracker, text)
        if "owner_known" in empty and owner:
            facts["owner_known"] = owner
        shots = replies.vaccinated(text)
        if "vaccinated" in empty and shots:
            facts["vaccinated"] = shots
        facts.update(self._look(tracker, text))
        if requested in ("animal", "owner_known", "vaccinated") and "animal_description" in self._empty(
            tracker, "animal_description"
        ):
            described = ", ".join(
                part for part in replies.clauses(self.description_part(text))
                if not (len(part.split()) <= 2 and normalise_animal(part))  # "a dog" is the animal, not a look
            )  # fmt: skip
            if described:
                facts["animal_description"] = described[:MAX_ANSWER_CHARS]
        facts.update(self._dont_know_to_all(tracker, text, empty, owner, shots))
        return facts

    def _dont_know_to_all(
        self, tracker: Tracker, text: str, empty: list[str], owner: str | None, shots: str | None
    ) -> Slots:
        """ "don't know" / "no sé" to "Whose is it, and is it vaccinated?": both are unknown."""
        if shots or (owner and owner != answers.UNKNOWN):
            return {}
        only_dont_know = (
            len(text.split()) <= MAX_DONT_KNOW_WORDS and answers.yes_no_unknown(text) == answers.UNKNOWN
        )
        if not (only_dont_know or owner == answers.UNKNOWN):  # "not sure who owns it" says it as well
            return {}
        parts = self.asked_parts(tracker)
        return {slot: answers.UNKNOWN for slot in DONT_KNOW_PARTS if slot in parts and slot in empty}

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
        said = str(value or "")
        if value == answers.YES or answers.mentions_injury(said) or mentions_death(said):
            return self._accept("injury", answers.YES)  # bleeding, stitches, or dead: an injury
        return self._yes_no("injury", value, dispatcher, tracker)

    def validate_bite_when(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        times = message_times(tracker)
        if not times.says_when:
            # "yes it broke the skin" does not say when: what it does say is kept, and the question comes again
            return self._reject("bite_when", None, dispatcher, tracker)
        return self._accept("bite_when", times.words, **_occurred(times))

    def validate_vaccinated(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = value if value in (answers.YES, answers.NO, answers.UNKNOWN) else None
        said = said or replies.vaccinated(str(value or ""), only_question=True)
        return self._yes_no("vaccinated", said or value, dispatcher, tracker)


REPORT_FORMS: dict[str, type[ReportFormValidation]] = {
    form.report_type: form
    for form in (ValidateBarkingForm, ValidateAtLargeForm, ValidateBiteForm, *TYPE_FORMS.values())
}
