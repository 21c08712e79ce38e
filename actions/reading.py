"""Reading the latest message of a conversation: its text, intent, entities, time facts; whether it answers
the question just asked, or is clearly an aside."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from rasa_sdk import Tracker

from actions.services import conversation_pack
from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.facts.behaviour import aggressive
from bot.nlp.facts.description import look_in
from bot.nlp.facts.name import clean_name
from bot.nlp.facts.owner import owner
from bot.nlp.facts.place_words import is_findable_location
from bot.nlp.facts.times import TimeFacts, read_times
from bot.nlp.facts.vaccination import vaccinated
from bot.nlp.facts.victim import victim_kind
from bot.nlp.facts.whereabouts import direction, still_there
from bot.nlp.facts.yes_no import UNKNOWN, YES, yes_no_unknown

ASIDE_INTENTS = frozenset(
    {"request_human", "check_status", "ask_lost_pet", "ask_licensing", "ask_ordinance", "other_city_service",
     "bot_challenge"}
)  # fmt: skip


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


def entities(tracker: Tracker, *names: str) -> list[dict[str, Any]]:
    return [e for e in tracker.latest_message.get("entities") or [] if e.get("entity") in names]


def animal_mentions(tracker: Tracker) -> list[tuple[int, str]]:
    mentions = []
    for entity in entities(tracker, "animal"):
        species = normalise_animal(str(entity.get("value", "")))
        if species:
            mentions.append((int(entity.get("start") or 0), species))
    return mentions


def value_before_this_message(tracker: Tracker, slot: str) -> Any:
    """The slot's value before the latest message (the tracker already holds this message's extraction)."""
    seen_user = False
    for event in reversed(tracker.events):
        if event.get("event") == "user":
            seen_user = True
        elif seen_user and event.get("event") == "slot" and event.get("name") == slot:
            return event.get("value")
    return None


_ARTICLES = re.compile(r"^\W*(?:(?:it'?s|it\s+(?:is|was)|a|an|the|some|one)\s+)+", re.I)


def _only_an_animal(tracker: Tracker, text: str) -> bool:
    """'german shepherd', 'a pit bull': the whole answer is an animal the NLU found ('Hunter Fox' is not)."""
    phrase = _ARTICLES.sub("", text).strip(" .!,").lower()
    spans = [
        _ARTICLES.sub("", str(e.get("value") or "")).strip().lower() for e in entities(tracker, "animal")
    ]
    return bool(phrase) and phrase in spans and normalise_animal(phrase) is not None


def _says_another_fact(text: str, times: TimeFacts) -> bool:
    """A time, a yes or no, a place, where it went or is ("still there", "went north"; not "West", a surname),
    or how it behaves: words that, said for a name, are no name."""
    went = direction(text)
    return bool(
        times.says_when
        or times.frequency
        or times.time_of_day
        or yes_no_unknown(text) in (YES, UNKNOWN)
        or is_findable_location(text)
        or (went and " " in went.strip())
        or (still_there(text) and not went)
        or aggressive(text)
        or vaccinated(text)
    )


def only_a_name(tracker: Tracker, words: str) -> bool:
    """Whether `words` of the latest message, read as a name, say no other fact: no time, yes or no, place,
    whereabouts, behaviour, animal or description ('Hunter Fox' is a name; 'german shepherd' is not)."""
    times = read_times(words, message_time(tracker), conversation_pack(tracker).timezone)
    places = [str(e.get("value") or "").lower() for e in entities(tracker, "location")]
    if any(place and place in words.lower() for place in places):
        return False
    return not (_only_an_animal(tracker, words) or look_in(words) or _says_another_fact(words, times))


def fits_requested(tracker: Tracker) -> bool:
    """Whether the latest message reads as an answer to the question just asked."""
    slot, text = tracker.get_slot("requested_slot"), latest_text(tracker)
    readers: dict[str, Callable[[], Any]] = {
        "location": lambda: entities(tracker, "location") or is_findable_location(text),
        "owner_known": lambda: owner(text) or yes_no_unknown(text) or clean_name(text),
        "bite_when": lambda: message_times(tracker).says_when,
        "barking_since": lambda: message_times(tracker).says_when,
        "victim": lambda: victim_kind(text),
        "animal": lambda: animal_mentions(tracker) or normalise_animal(text),
        "location_confirmed": lambda: yes_no_unknown(text),
    }
    reader = readers.get(slot or "", lambda: yes_no_unknown(text))
    return bool(reader())


def is_clear_aside(tracker: Tracker) -> bool:
    """An aside ('can I talk to someone', 'what's the status of ...') that is not also an answer."""
    intent = tracker.latest_message.get("intent") or {}
    if intent.get("name") not in ASIDE_INTENTS:
        return False
    if float(intent.get("confidence") or 0) < conversation_pack(tracker).dialogue.aside_confidence_min:
        return False  # below the pack's aside_confidence_min an aside intent is read as an answer
    return not fits_requested(tracker)
