"""Validation of the three report forms: every fact from every message, ask only for what is missing.

Each message is read first as the answer to the question just asked, and then for every other fact of the
report it states (bot.nlp.answers, bot.nlp.times). A fact a message does not state is never filled. An
aside interrupts only when it clearly is one (see `is_clear_aside`): it is answered and the question asked
again. Which slots each report type needs, and the questions, are in bot.vocabulary.
"""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.events import EventType, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.forms import FormValidationAction
from rasa_sdk.types import DomainDict

from actions.conversation import answer_aside
from actions.reading import (
    animal_mentions,
    entities,
    is_clear_aside,
    latest_intent,
    latest_text,
    message_time,
    message_times,
    not_a_name,
    said_again_at_this_prompt,
    value_before_this_message,
)
from actions.services import conversation_pack, office_details_for
from bot.nlp import answers, looks, replies
from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.places.gazetteer import city_streets
from bot.nlp.places.normalise import spoken_place
from bot.nlp.places.streets import names_a_city_place, street_in_place
from bot.nlp.times import read_times
from bot.vocabulary import REPORT_TYPES

MAX_ANSWER_CHARS = 300
ANONYMOUS = "anonymous"

OWNER_PLACE_ENTITIES = ("owner_location",)  # the NLU's entity for where the owner lives, beside the place

Slots = dict[str, Any]


_PLACE_BEFORE_RE = re.compile(
    r"\b(?:on|at|near|by|behind|along|in front of|outside)\s+(?P<place>[^,.;!?]+)$", re.I
)


def _not_where_it_went(place: str, text: str) -> str:
    """'two dogs running loose on linden street heading towards the park': the park is where they went,
    Linden Street is where they are. A place inside the direction phrase gives way to the place before it."""
    went = replies.direction(text)
    if not went or not place or place.lower() not in went.lower():
        return place
    before = _PLACE_BEFORE_RE.search(text[: text.lower().index(went.lower())].strip(" ,"))
    return answers.clean_location(before.group("place")) if before else ""


def _asr_confidence(tracker: Tracker) -> float:
    metadata = tracker.latest_message.get("metadata") or {}
    try:
        return float(metadata.get("asr_confidence", 1.0))
    except (TypeError, ValueError):
        return 1.0


def _questioned_already(tracker: Tracker, words: str) -> bool:
    """The loop guard of "Did you mean ...?": after a "no" the next place is taken as said, and the same
    words are never questioned twice."""
    suggested = tracker.get_slot("location_suggested") or {}
    return bool(suggested.get("as_said")) or suggested.get("words") == words


def owner_in(tracker: Tracker, text: str) -> str | None:
    places = [str(e.get("value")) for e in entities(tracker, *OWNER_PLACE_ENTITIES)]
    owner = places[0] if places else replies.owner(text)
    return spoken_place(owner) if owner and owner != answers.UNKNOWN else owner


def _filled_before_this_message(tracker: Tracker, slot: str) -> bool:
    if value_before_this_message(tracker, slot) is not None:
        return True
    return tracker.get_slot(slot) is not None and slot not in tracker.slots_to_validate()


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
        facts = {**self.read_facts(tracker), **self.combined_answers(tracker)}
        if tracker.get_slot("requested_slot") == "location_confirmed":
            facts["location_confirmed"] = latest_text(tracker)  # "I heard 612 N 4th St. Is that right?"
        tracker.add_slots([SlotSet(slot, value) for slot, value in facts.items()])
        events = await super().run(dispatcher, tracker, domain)
        # facts the form does not ask for are set here; an answer to the read-back is set by its validator
        needed = [*needed_slots(self.report_type, tracker), "location_confirmed"]
        optional = [SlotSet(k, v) for k, v in facts.items() if k not in needed]
        if tracker.get_slot("report_type") != self.report_type:
            optional.insert(0, SlotSet("report_type", self.report_type))
        return optional + events

    # --- facts a message states, whatever was asked ---------------------------------------------------------
    def read_facts(self, tracker: Tracker) -> Slots:
        """Slots still empty that the latest message fills (the requested slot is left to its mapping)."""
        return {}

    def combined_answers(self, tracker: Tracker) -> Slots:
        """{slot: clause} for a reply to a question that asked several things at once; each clause then goes
        through its slot's validator."""
        parts = self.asked_parts(tracker)
        if len(parts) < 2:
            return {}
        readers = {
            "location": answers.is_findable_location,
            "animal": lambda c: len(c.split()) <= 3 and normalise_animal(c),
            "bite_when": lambda c: (
                read_times(c, message_time(tracker), conversation_pack(tracker).timezone).says_when
            ),
            "barking_since": lambda c: read_times(c, message_time(tracker), "UTC").says_when,
        }
        return dict(replies.assign_clauses(latest_text(tracker), parts, readers))

    def asked_parts(self, tracker: Tracker) -> list[str]:
        """The slots the last question asked for, in order (bot.vocabulary groups them)."""
        kind = REPORT_TYPES[self.report_type]
        asked = kind.detail(tracker.get_slot("requested_slot") or "")
        if asked is None or not asked.group:
            return []
        needed = needed_slots(self.report_type, tracker)
        parts = [
            d.slot for d in kind.details
            if d.group == asked.group and d.slot in needed
            and (d.slot == asked.slot or not _filled_before_this_message(tracker, d.slot))
        ]  # fmt: skip
        if "still_there" in parts:
            parts = [p for p in parts if p != "direction"]  # "or which way did it go" is part of still there
        return parts

    @staticmethod
    def _empty(tracker: Tracker, *slots: str) -> list[str]:
        requested = tracker.get_slot("requested_slot")
        return [s for s in slots if tracker.get_slot(s) is None and s != requested]

    # --- failure handling -------------------------------------------------------------------------------
    def _reject(
        self, slot: str, response: str | None, dispatcher: CollectingDispatcher, tracker: Tracker
    ) -> Slots:
        """Ask again (the form repeats the question); after two failed tries offer a person instead.

        The offer ("I'm having trouble understanding. You can also reach ...") takes the place of the
        "didn't understand" line: with the question asked again after it, the whole reply stays within two
        SMS segments (tests/actions/test_sms_replies.py)."""
        if is_clear_aside(tracker):
            return {slot: None}
        tries = int(tracker.get_slot("failed_tries") or 0) + 1
        if tries >= 2:
            dispatcher.utter_message(response="utter_offer_person", **office_details_for(tracker))
            tries = 0
        elif response:
            dispatcher.utter_message(response=response)
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
        place = spoken_place(_not_where_it_went(place, latest_text(tracker)))[:MAX_ANSWER_CHARS]
        code = conversation_pack(tracker).code
        if not (answers.is_findable_location(place) or names_a_city_place(place, code)):
            return self._reject("location", "utter_location_unclear", dispatcher, tracker)
        street = street_in_place(place, city_streets(code))
        if street and not street.match.uncertain:
            place = street.corrected  # "sand prarie" -> "Sand Prairie": sure enough to take without asking
        elif street and not _questioned_already(tracker, street.words):
            # "Did you mean Belvidere Street?" (asked by action_ask_location_confirmed); the place as said till then
            suggested = {
                "place": street.corrected[:MAX_ANSWER_CHARS],
                "street": street.street,
                "words": street.words,
            }
            return self._accept("location", place, location_unconfirmed=True, location_confirmed=None,
                                location_suggested=suggested)  # fmt: skip
        extra = {"location_suggested": None} if tracker.get_slot("location_suggested") else {}
        if _asr_confidence(tracker) < conversation_pack(tracker).dialogue.asr_confidence_min:  # read back
            return self._accept(
                "location", place, location_unconfirmed=True, location_confirmed=None, **extra
            )
        return self._accept("location", place, **extra)

    def validate_location_confirmed(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        answer = answers.yes_no_unknown(str(value or ""), latest_intent(tracker))
        suggested = tracker.get_slot("location_suggested") or {}
        if answer == answers.YES:
            place = {"location": suggested["place"]} if suggested.get("place") else {}
            return self._accept("location_confirmed", True, location_unconfirmed=None, location_suggested=None,
                                **place)  # fmt: skip
        if suggested.get("place") and (answer is not None or not entities(tracker, "location")):
            if answer != answers.NO:  # anything else is read as the place
                return self._read_as_place(str(value or ""), dispatcher, tracker, domain)
        elif answer is None and not entities(tracker, "location"):
            return self._reject("location_confirmed", None, dispatcher, tracker)
        # "no" (perhaps with the right place): ask for the place again, or take the one given
        retry = {"location": None, "location_confirmed": None, "location_unconfirmed": None}
        if suggested.get("place"):
            retry["location_suggested"] = {"as_said": True}  # the next answer is taken as said
        place = entities(tracker, "location")
        if place:
            retry.update(self.validate_location(place[0].get("value"), dispatcher, tracker, domain))
            retry.update(location_unconfirmed=None, location_confirmed=None, location_suggested=None)
        return retry

    def _look(self, tracker: Tracker, text: str) -> Slots:
        """What it looks like, when the message says it and nobody has yet (bot.nlp.looks): "a big brown lab",
        "its brown and big"."""
        if "animal_description" not in self._empty(tracker, "animal_description"):
            return {}
        places = [
            str(e.get("value") or "")
            for e in entities(tracker, "location", "direction", *OWNER_PLACE_ENTITIES)
        ]
        around = [
            looks.look_of_animal(text, int(e["start"]), int(e["end"]))
            for e in entities(tracker, "animal")
            if isinstance(e.get("start"), int) and isinstance(e.get("end"), int) and e["end"] <= len(text)
        ]
        look = ", ".join(part for part in [*around, looks.look_in(text, places)] if part)
        return {"animal_description": look[:MAX_ANSWER_CHARS]} if look else {}

    def _read_as_place(
        self, text: str, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        """An answer to "Did you mean ...?" that is neither yes nor no: the place it names, or asked again."""
        result = {"location_confirmed": None, "location_unconfirmed": None, "location_suggested": None}
        result.update(self.validate_location(text, dispatcher, tracker, domain))
        return result

    def validate_animal(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        before = value_before_this_message(tracker, "animal")
        asked = tracker.get_slot("requested_slot") in ("animal", "report_confirmed")
        if before and not asked and not answers.corrects(latest_text(tracker)):
            # a description that mentions a dog does not replace the raccoon the resident reported
            return {"animal": before}
        mentions = animal_mentions(tracker)
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
            if not text:  # a bare "yes" answered another part: say which part is still wanted
                return self._reject("animal_description", "utter_look_unclear", dispatcher, tracker)
        return self._free_text("animal_description", text, dispatcher, tracker)

    @staticmethod
    def description_part(text: str) -> str:
        """The clauses of a combined reply that are not another answer (still there, aggressive, ...)."""
        kept = []
        for clause in replies.clauses(text):
            other = (replies.still_there(clause) or replies.aggressive(clause) or replies.owner(clause)
                     or replies.vaccinated(clause) or answers.yes_no_unknown(clause))  # fmt: skip
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
        instead = not_a_name(tracker) if text == latest_text(tracker) else None
        if instead and not said_again_at_this_prompt(tracker):
            # "every night" at the name prompt: its facts are read (read_facts), and the name asked again, after
            # saying that the fact was heard (a bare "yes" has none to acknowledge)
            noted = None if instead == "yes_no" else "utter_noted_ask_name_again"
            return self._reject("complainant_name", noted, dispatcher, tracker)
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
            text = owner_in(tracker, text) or answers.clean_name(text) or text
        return self._free_text("owner_known", spoken_place(text), dispatcher, tracker)
