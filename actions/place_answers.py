"""The answers every report type shares: the place (findable, spelt as the city spells it, read back when
heard unclearly), the animal, and the resident's name. Mixed into actions/forms.py's form validation."""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.reading import (
    animal_mentions,
    entities,
    latest_intent,
    latest_text,
    message_times,
    value_before_this_message,
)
from actions.services import anonymous_note, conversation_pack
from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.facts.corrections import corrects
from bot.nlp.facts.name import clean_name, declines_name
from bot.nlp.facts.place_words import clean_location, is_findable_location
from bot.nlp.facts.victim import choose_biting_animal
from bot.nlp.facts.whereabouts import direction
from bot.nlp.facts.yes_no import NO, YES, yes_no_unknown
from bot.nlp.places.gazetteer import city_streets
from bot.nlp.places.normalise import spoken_place
from bot.nlp.places.streets import names_a_city_place, street_in_place

MAX_ANSWER_CHARS = 300
ANONYMOUS = "anonymous"
Slots = dict[str, Any]

_PLACE_BEFORE_RE = re.compile(
    r"\b(?:on|at|near|by|behind|along|in front of|outside)\s+(?P<place>[^,.;!?]+)$", re.I
)


def _not_where_it_went(place: str, text: str) -> str:
    """'two dogs running loose on linden street heading towards the park': the park is where they went,
    Linden Street is where they are. A place inside the direction phrase gives way to the place before it."""
    went = direction(text)
    if not went or not place or place.lower() not in went.lower():
        return place
    before = _PLACE_BEFORE_RE.search(text[: text.lower().index(went.lower())].strip(" ,"))
    return clean_location(before.group("place")) if before else ""


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


class SharedAnswers:
    """Validators of the place, the animal and the name (needs `_reject`, `_accept`, `report_type`)."""

    report_type: str = ""

    def validate_location(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        place = clean_location(str(value or ""))
        said = message_times(tracker).started_words
        if said and said in place and tracker.get_slot("requested_slot") == "location":
            place = clean_location(place.replace(said, " ").replace("  ", " ").strip(" ,"))
        place = spoken_place(_not_where_it_went(place, latest_text(tracker)))[:MAX_ANSWER_CHARS]
        code = conversation_pack(tracker).code
        if not (is_findable_location(place) or names_a_city_place(place, code)):
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
        answer = yes_no_unknown(str(value or ""), latest_intent(tracker))
        suggested = tracker.get_slot("location_suggested") or {}
        if answer == YES:
            place = {"location": suggested["place"]} if suggested.get("place") else {}
            return self._accept("location_confirmed", True, location_unconfirmed=None, location_suggested=None,
                                **place)  # fmt: skip
        if suggested.get("place") and (answer is not None or not entities(tracker, "location")):
            if answer != NO:  # anything else is read as the place
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
        if before and not asked and not corrects(latest_text(tracker)):
            # a description that mentions a dog does not replace the raccoon the resident reported
            return {"animal": before}
        mentions = animal_mentions(tracker)
        if len(mentions) > 1 and self.report_type == "bite":
            species = choose_biting_animal(latest_text(tracker), mentions)
        else:
            species = normalise_animal(str(value or "")) or (mentions[0][1] if mentions else None)
        if not species:
            return self._reject("animal", "utter_animal_unclear", dispatcher, tracker)
        return self._accept("animal", species)

    def validate_complainant_name(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        text = str(value or "")
        if text == ANONYMOUS or declines_name(text, latest_intent(tracker)):
            if text != ANONYMOUS:
                dispatcher.utter_message(
                    response="utter_anonymous_ok", anonymous_note=anonymous_note(tracker)
                )
            return self._accept("complainant_name", ANONYMOUS)
        name = clean_name(text)
        if not name:
            return self._reject("complainant_name", None, dispatcher, tracker)
        return self._accept("complainant_name", name)
