"""Validation of the three report forms: every fact from every message, ask only for what is missing.

Each message is read first as the answer to the question just asked, and then for every other fact of the
report it states (bot.nlp.answers, bot.nlp.times). A fact a message does not state is never filled. An
aside interrupts only when it clearly is one (see `is_clear_aside`): it is answered and the question asked
again. Which slots each report type needs, and the questions, are in bot.vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.forms import FormValidationAction
from rasa_sdk.types import DomainDict

from actions.conversation import answer_aside
from actions.services import conversation_pack, office_details
from bot.nlp import answers
from bot.nlp.address import spoken_place
from bot.nlp.taxonomy import normalise_animal
from bot.nlp.times import TimeFacts, read_times
from bot.vocabulary import REPORT_TYPES

MAX_ANSWER_CHARS = 300
ANONYMOUS = "anonymous"
ASIDE_CONFIDENCE = 0.8  # an aside intent below this is read as an answer
LOW_ASR_CONFIDENCE = 0.5  # a place heard with less (Twilio's Confidence) is read back to the caller
ASIDE_INTENTS = frozenset(
    {"request_human", "check_status", "ask_lost_pet", "ask_licensing", "ask_ordinance", "other_city_service",
     "bot_challenge"}
)  # fmt: skip
# entity names the NLU gives a second place in one message
OWNER_PLACE_ENTITIES = ("owner_location",)
DIRECTION_ENTITIES = ("direction",)

Slots = dict[str, Any]


def latest_intent(tracker: Tracker) -> str | None:
    return (tracker.latest_message.get("intent") or {}).get("name")


def latest_text(tracker: Tracker) -> str:
    return tracker.latest_message.get("text") or ""


def message_time(tracker: Tracker) -> datetime:
    for event in reversed(tracker.events):
        if event.get("event") == "user" and event.get("timestamp"):
            return datetime.fromtimestamp(float(event["timestamp"]), tz=timezone.utc)
    return datetime.now(timezone.utc)


def message_times(tracker: Tracker) -> TimeFacts:
    return read_times(latest_text(tracker), message_time(tracker), conversation_pack(tracker).timezone)


def _entities(tracker: Tracker, *names: str) -> list[dict[str, Any]]:
    return [e for e in tracker.latest_message.get("entities") or [] if e.get("entity") in names]


def _animal_mentions(tracker: Tracker) -> list[tuple[int, str]]:
    mentions = []
    for entity in _entities(tracker, "animal"):
        species = normalise_animal(str(entity.get("value", "")))
        if species:
            mentions.append((int(entity.get("start") or 0), species))
    return mentions


def _value_before_this_message(tracker: Tracker, slot: str) -> Any:
    """The slot's value before the latest message (the tracker already holds this message's extraction)."""
    seen_user = False
    for event in reversed(tracker.events):
        if event.get("event") == "user":
            seen_user = True
        elif seen_user and event.get("event") == "slot" and event.get("name") == slot:
            return event.get("value")
    return None


def fits_requested(tracker: Tracker) -> bool:
    """Whether the latest message reads as an answer to the question just asked."""
    slot, text = tracker.get_slot("requested_slot"), latest_text(tracker)
    readers: dict[str, Callable[[], Any]] = {
        "location": lambda: _entities(tracker, "location") or answers.is_findable_location(text),
        "complainant_name": lambda: answers.clean_name(text) or answers.declines_name(text),
        "owner_known": lambda: (
            answers.owner(text) or answers.yes_no_unknown(text) or answers.clean_name(text)
        ),
        "bite_when": lambda: message_times(tracker).says_when,
        "barking_since": lambda: message_times(tracker).says_when,
        "victim": lambda: answers.victim_kind(text),
        "animal": lambda: _animal_mentions(tracker) or normalise_animal(text),
        "location_confirmed": lambda: answers.yes_no_unknown(text),
    }
    reader = readers.get(slot or "", lambda: answers.yes_no_unknown(text))
    return bool(reader())


def is_clear_aside(tracker: Tracker) -> bool:
    """An aside ('can I talk to someone', 'what's the status of ...') that is not also an answer."""
    intent = tracker.latest_message.get("intent") or {}
    if intent.get("name") not in ASIDE_INTENTS or float(intent.get("confidence") or 0) < ASIDE_CONFIDENCE:
        return False
    return not fits_requested(tracker)


def needed_slots(report_type: str, tracker: Tracker) -> list[str]:
    """The slots this report still has to ask for, in order (filled ones included)."""
    slots = list(REPORT_TYPES[report_type].required_slots)
    if tracker.get_slot("still_there") != answers.NO and "direction" in slots:
        slots.remove("direction")  # which way it went only matters once it has gone
    if tracker.get_slot("location_unconfirmed"):
        slots.insert(slots.index("location") + 1, "location_confirmed")
    return slots


class ReportFormValidation(FormValidationAction):
    """Shared slot readers and validators. Subclasses name the form and the report type."""

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
        if is_clear_aside(tracker):
            # answered; nothing in it is taken as an answer, and the form asks its question again
            await answer_aside(dispatcher, tracker)
            needed = needed_slots(self.report_type, tracker)
            return [SlotSet(slot, None) for slot in tracker.slots_to_validate() if slot in needed]
        facts = self.read_facts(tracker)
        tracker.add_slots([SlotSet(slot, value) for slot, value in facts.items()])
        events = await super().run(dispatcher, tracker, domain)
        optional = [
            SlotSet(k, v) for k, v in facts.items() if k not in needed_slots(self.report_type, tracker)
        ]
        if tracker.get_slot("report_type") != self.report_type:
            optional.insert(0, SlotSet("report_type", self.report_type))
        return optional + events

    # --- facts a message states, whatever was asked ---------------------------------------------------------
    def read_facts(self, tracker: Tracker) -> Slots:
        """Slots still empty that the latest message fills (the requested slot is left to its mapping)."""
        return {}

    @staticmethod
    def _empty(tracker: Tracker, *slots: str) -> list[str]:
        requested = tracker.get_slot("requested_slot")
        return [s for s in slots if tracker.get_slot(s) is None and s != requested]

    # --- failure handling -------------------------------------------------------------------------------
    def _reject(
        self, slot: str, response: str | None, dispatcher: CollectingDispatcher, tracker: Tracker
    ) -> Slots:
        """Ask again (the form repeats the question); after two failed tries also offer a person."""
        if is_clear_aside(tracker):
            return {slot: None}
        tries = int(tracker.get_slot("failed_tries") or 0) + 1
        if response:
            dispatcher.utter_message(response=response)
        if tries >= 2:
            dispatcher.utter_message(
                response="utter_offer_person", **office_details(conversation_pack(tracker))
            )
            tries = 0
        return {slot: None, "failed_tries": float(tries)}

    @staticmethod
    def _accept(slot: str, value: Any, **more: Any) -> Slots:
        return {slot: value, **more, "failed_tries": 0.0}

    def _free_text(self, slot: str, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker) -> Slots:
        text = str(value or "").strip()
        if not any(ch.isalnum() for ch in text):
            return self._reject(slot, "utter_answer_unclear", dispatcher, tracker)
        return self._accept(slot, text[:MAX_ANSWER_CHARS])

    def _yes_no(self, slot: str, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker) -> Slots:
        if value in (answers.YES, answers.NO, answers.UNKNOWN):
            return self._accept(slot, value)
        answer = answers.yes_no_unknown(str(value or ""), latest_intent(tracker))
        if answer is None:
            return self._reject(slot, "utter_yes_no_unclear", dispatcher, tracker)
        return self._accept(slot, answer)

    # --- shared slots -----------------------------------------------------------------------------------
    def validate_location(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        place = answers.clean_location(str(value or ""))
        said = message_times(tracker).started_words
        if said and said in place and tracker.get_slot("requested_slot") == "location":
            place = answers.clean_location(place.replace(said, " ").replace("  ", " ").strip(" ,"))
        place = spoken_place(place)[:MAX_ANSWER_CHARS]
        if not answers.is_findable_location(place):
            return self._reject("location", "utter_location_unclear", dispatcher, tracker)
        metadata = tracker.latest_message.get("metadata") or {}
        try:
            confidence = float(metadata.get("asr_confidence", 1.0))
        except (TypeError, ValueError):
            confidence = 1.0
        if confidence < LOW_ASR_CONFIDENCE:
            return self._accept("location", place, location_unconfirmed=True, location_confirmed=None)
        return self._accept("location", place)

    def validate_location_confirmed(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        answer = answers.yes_no_unknown(str(value or ""), latest_intent(tracker))
        if answer == answers.YES:
            return self._accept("location_confirmed", True, location_unconfirmed=None)
        if answer is None and not _entities(tracker, "location"):
            return self._reject("location_confirmed", None, dispatcher, tracker)
        # "no" (perhaps with the right place): ask for the place again, or take the one given
        retry = {"location": None, "location_confirmed": None, "location_unconfirmed": None}
        place = _entities(tracker, "location")
        if place:
            retry.update(self.validate_location(place[0].get("value"), dispatcher, tracker, domain))
            retry.update(location_unconfirmed=None, location_confirmed=None)
        return retry

    def validate_animal(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        before = _value_before_this_message(tracker, "animal")
        asked = tracker.get_slot("requested_slot") in ("animal", "report_confirmed")
        if before and not asked and not answers.corrects(latest_text(tracker)):
            # a description that mentions a dog does not replace the raccoon the resident reported
            return {"animal": before}
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
        text = str(value or "")
        if text == latest_text(tracker):
            if answers.yes_no_unknown(text) == answers.UNKNOWN and len(text.split()) <= 4:
                return self._accept("animal_description", "not known")
            text = self.description_part(text)
            if not text:
                return self._reject("animal_description", None, dispatcher, tracker)
        return self._free_text("animal_description", text, dispatcher, tracker)

    @staticmethod
    def description_part(text: str) -> str:
        """The clauses of a combined reply that are not another answer (still there, aggressive, ...)."""
        kept = []
        for clause in answers.clauses(text):
            other = (answers.still_there(clause) or answers.aggressive(clause) or answers.owner(clause)
                     or answers.vaccinated(clause) or answers.yes_no_unknown(clause))  # fmt: skip
            if not other:
                kept.append(clause)
        return ", ".join(kept)

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
            return self._reject("complainant_name", None, dispatcher, tracker)
        return self._accept("complainant_name", name)

    def validate_owner_known(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        text = str(value or "").strip()
        if text == answers.UNKNOWN or answers.yes_no_unknown(text, latest_intent(tracker)) in (
            answers.NO,
            answers.UNKNOWN,
        ):
            return self._accept("owner_known", answers.UNKNOWN)
        if text == latest_text(tracker):
            text = _owner_in(tracker, text) or answers.clean_name(text) or text
        return self._free_text("owner_known", spoken_place(text), dispatcher, tracker)


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
        return {k: v for k, v in found.items() if v is not None and tracker.get_slot(k) is None}

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
        readers = {"still_there": answers.still_there, "aggressive": answers.aggressive}
        for slot, read in readers.items():
            if slot in empty and read(text):
                facts[slot] = read(text)
        went = [e.get("value") for e in _entities(tracker, *DIRECTION_ENTITIES)] or [answers.direction(text)]
        if "direction" in empty and went[0]:
            facts["direction"] = str(went[0])
            facts.setdefault("still_there", answers.NO) if "still_there" in empty else None
        owner = _owner_in(tracker, text)
        if "owner_known" in empty and owner and owner != answers.UNKNOWN:
            facts["owner_known"] = owner
        return facts

    def validate_still_there(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = answers.still_there(str(value or "")) if value not in (answers.YES, answers.NO) else value
        return self._yes_no("still_there", said or value, dispatcher, tracker)

    def validate_direction(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._free_text("direction", answers.direction(str(value or "")) or value, dispatcher, tracker)

    def validate_aggressive(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = answers.aggressive(str(value or "")) if value not in (answers.YES, answers.NO) else value
        result = self._yes_no("aggressive", said or value, dispatcher, tracker)
        if result["aggressive"] == answers.YES:
            dispatcher.utter_message(response="utter_call_911")
        return result


def _occurred(times: TimeFacts) -> Slots:
    """When it happened, as an ISO time in the city's zone (58-10 D counts two hours from a bite)."""
    return {"occurred": times.started.isoformat()} if times.started else {}


def _owner_in(tracker: Tracker, text: str) -> str | None:
    places = [str(e.get("value")) for e in _entities(tracker, *OWNER_PLACE_ENTITIES)]
    owner = places[0] if places else answers.owner(text)
    return spoken_place(owner) if owner and owner != answers.UNKNOWN else owner


class ValidateBiteForm(ReportFormValidation):
    report_type = "bite"

    def read_facts(self, tracker: Tracker) -> Slots:
        text, facts = latest_text(tracker), {}
        requested = tracker.get_slot("requested_slot")
        empty = self._empty(tracker, "victim", "injury", "bite_when", "owner_known", "vaccinated")
        victim = answers.victim_kind(text, answering=requested == "victim")
        if "victim" in empty and victim:
            facts["victim"] = victim
        if "injury" in empty and answers.mentions_injury(text):
            facts["injury"] = answers.YES
        times = message_times(tracker)
        if "bite_when" in empty and times.says_when:
            facts["bite_when"] = times.words
        owner = _owner_in(tracker, text)
        if "owner_known" in empty and owner:
            facts["owner_known"] = owner
        shots = answers.vaccinated(text)
        if "vaccinated" in empty and shots:
            facts["vaccinated"] = shots
        if requested in ("animal", "owner_known", "vaccinated") and "animal_description" in self._empty(
            tracker, "animal_description"
        ):
            described = ", ".join(
                part for part in answers.clauses(self.description_part(text))
                if not (len(part.split()) <= 2 and normalise_animal(part))  # "a dog" is the animal, not a look
            )  # fmt: skip
            if described:
                facts["animal_description"] = described[:MAX_ANSWER_CHARS]
        if requested == "owner_known" and "vaccinated" in empty and owner == answers.UNKNOWN and not shots:
            facts["vaccinated"] = answers.UNKNOWN  # "don't know" to "whose is it, and is it vaccinated?"
        return facts

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
        said = said or answers.vaccinated(str(value or ""), only_question=True)
        return self._yes_no("vaccinated", said or value, dispatcher, tracker)


REPORT_FORMS: dict[str, type[ReportFormValidation]] = {
    form.report_type: form for form in (ValidateBarkingForm, ValidateAtLargeForm, ValidateBiteForm)
}
