"""Every message read for every fact still missing: one reader per kind of fact (bot.nlp.facts),
chosen by what the report type declares for each detail (bot.vocabulary.Detail.reads).

A fact is taken only from words that say it. A bare yes or no goes to the question's single yes/no part; a
bare "I don't know" answers every part asked. What each question asked is read from the conversation: the
question's bot event carries the parts it asked (`asks`, set by actions/asking.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rasa_sdk import Tracker

from actions.reading import entities, latest_text, message_times
from bot.nlp.facts.behaviour import aggressive
from bot.nlp.facts.description import describes, look_of_animal
from bot.nlp.facts.injury import injury
from bot.nlp.facts.name import clean_name, introduced_name
from bot.nlp.facts.owner import owner
from bot.nlp.facts.place_words import is_findable_location
from bot.nlp.facts.text import clauses
from bot.nlp.facts.times import TimeFacts
from bot.nlp.facts.vaccination import vaccinated
from bot.nlp.facts.victim import victim_kind
from bot.nlp.facts.whereabouts import direction, still_there
from bot.nlp.facts.yes_no import NO, NOT_KNOWN, UNKNOWN, YES, bare_yes_no, only_dont_know, yes_no_unknown
from bot.nlp.places.normalise import spoken_place
from bot.vocabulary import REPORT_TYPES, Detail

MAX_FACT_CHARS = 300
PLACE_ENTITIES = ("location", "direction", "owner_location")
_BOUNDARIES = {"action_submit_report", "action_session_start"}


@dataclass(frozen=True)
class Message:
    """The latest message with what its readers need around it."""

    text: str
    times: TimeFacts
    asked: tuple[str, ...]  # the parts the last question asked
    place: str | None  # the report's place so far ("they live there")
    places: tuple[str, ...]  # the places the NLU found in it (never a look)
    went: str | None  # where it went, as the NLU found it
    animals: tuple[tuple[int, int], ...] = ()  # where the NLU found animals in it ("a big brown lab")
    owner_places: tuple[str, ...] = ()  # where the owner lives, as the NLU found it ("from 9 maple st")
    locations: tuple[str, ...] = ()  # where it happened, as the NLU found it (role `location` only)

    def alone(self, slot: str) -> bool:
        return self.asked == (slot,)


def _owner(m: Message) -> str | None:
    said = m.owner_places[0] if m.owner_places else owner(m.text, m.place)
    if not said and m.alone("owner_known") and not bare_yes_no(m.text):
        # asked on its own, a name or an address is the owner ("Tom Berg", "20 fir st"); "not sure" is no name
        said = clean_name(m.text) or (m.text.strip() if is_findable_location(m.text) else None)
    return spoken_place(said) if said and said != UNKNOWN else said  # "eight ten pine" -> "810 pine"


def _place(m: Message, slot: str) -> str | None:
    """Where it happened, said while answering another question ("my son, at the park on 5th"): the place the
    NLU found. Asked for, the place is read from the whole answer by its own validator instead."""
    return None if slot in m.asked else next(iter(m.locations), None)


def _said_alone(m: Message, slot: str) -> str | None:
    """An open question asked on its own ("Which way did it go?"): the answer in the resident's words, when
    it has letters and is no yes, no or don't know."""
    text = m.text.strip()
    if not m.alone(slot) or not any(c.isalpha() for c in text) or bare_yes_no(text) or only_dont_know(text):
        return None
    return text


def _look(m: Message) -> str | None:
    """What it looks like: the words around the animal ("a big brown lab with a red collar is loose") and the
    parts of the message that only describe ("its brown and big")."""
    around = [look_of_animal(m.text, start, end) for start, end in m.animals if end <= len(m.text)]
    found = [part for part in [*around, describes(m.text, m.places)] if part]
    return ", ".join(_without_repeats(found)) or None


def _without_repeats(parts: list[str]) -> list[str]:
    """Each look once: "brown lab with a red collar" read whole and around the animal ("brown lab, with a red
    collar") is said once, in the resident's own words (the fewest breaks)."""
    kept: list[tuple[str, set[str]]] = []
    for part in parts:
        words = set(re.findall(r"\w+", part.lower()))
        if any(words < seen or (words == seen and said.count(",") <= part.count(",")) for said, seen in kept):
            continue
        kept = [(said, seen) for said, seen in kept if not seen <= words] + [(part, words)]
    return [said for said, _ in kept]


READERS: dict[str, Callable[[Message, str], Any]] = {
    "description": lambda m, slot: _look(m),
    "still_there": lambda m, slot: still_there(m.text),
    "direction": lambda m, slot: m.went or direction(m.text) or _said_alone(m, slot),
    "aggressive": lambda m, slot: aggressive(m.text),
    "victim": lambda m, slot: victim_kind(m.text, answering="victim" in m.asked),
    "injury": lambda m, slot: injury(m.text),
    "time": lambda m, slot: m.times.words if m.times.says_when else None,
    "owner": lambda m, slot: _owner(m),
    "place": _place,
    "vaccinated": lambda m, slot: vaccinated(m.text, only_question=m.alone(slot)),
    "frequency": lambda m, slot: m.times.frequency,
    "time_of_day": lambda m, slot: m.times.time_of_day,
    # a report type's own questions: a yes or no asked on its own, or words asked for on their own
    "yes_no": lambda m, slot: yes_no_unknown(m.text) if m.alone(slot) else None,
    "text": _said_alone,
}


def report_events(tracker: Tracker) -> list[dict[str, Any]]:
    """The events of the report in progress, oldest first: since the last report was filed (or the
    conversation started). A report filed without its type ends with the bot's reply marked `filed`."""
    events: list[dict[str, Any]] = []
    for event in reversed(tracker.events):
        if event.get("event") == "action" and event.get("name") in _BOUNDARIES:
            break
        if event.get("event") == "bot" and (event.get("metadata") or {}).get("filed"):
            break
        events.append(event)
    return list(reversed(events))


def question_asks(event: dict[str, Any]) -> tuple[str, ...]:
    return tuple((event.get("metadata") or {}).get("asks") or ())


def last_asked(tracker: Tracker) -> tuple[str, ...]:
    """The parts the last question of this report asked (empty before the first)."""
    for event in reversed(report_events(tracker)):
        if event.get("event") == "bot" and question_asks(event):
            return question_asks(event)
    return ()


def times_asked(tracker: Tracker, slot: str) -> int:
    """How many questions of this report asked for `slot` (alone or with other parts)."""
    return sum(slot in question_asks(e) for e in report_events(tracker) if e.get("event") == "bot")


def said_in_conversation(tracker: Tracker, response: str) -> bool:
    """Whether the assistant said `response` (a domain response name) earlier in this conversation."""
    return any(
        e.get("event") == "bot" and (e.get("metadata") or {}).get("utter_action") == response
        for e in tracker.events
    )


def _group_of(report_type: str, tracker: Tracker, slot: str | None) -> tuple[str, ...]:
    """The parts the question for `slot` asks with it (a conversation whose questions carry no `asks`)."""
    detail = REPORT_TYPES[report_type].detail(slot or "")
    if detail is None:
        return ()
    group = [d.slot for d in REPORT_TYPES[report_type].details if detail.group and d.group == detail.group]
    return tuple(dict.fromkeys([detail.slot, *(s for s in group if tracker.get_slot(s) is None)]))


def message_of(report_type: str, tracker: Tracker) -> Message:
    entity_places = tuple(str(e.get("value") or "") for e in entities(tracker, *PLACE_ENTITIES))
    went = [str(e.get("value")) for e in entities(tracker, "direction") if e.get("value")]
    asked = last_asked(tracker) or _group_of(report_type, tracker, tracker.get_slot("requested_slot"))
    if "still_there" in asked:
        asked = tuple(s for s in asked if s != "direction")  # "or which way did it go" is part of still there
    spans = tuple(
        (int(e["start"]), int(e["end"])) for e in entities(tracker, "animal")
        if isinstance(e.get("start"), int) and isinstance(e.get("end"), int)
    )  # fmt: skip
    owners = tuple(str(e.get("value")) for e in entities(tracker, "owner_location") if e.get("value"))
    locations = tuple(str(e.get("value")) for e in entities(tracker, "location") if e.get("value"))
    return Message(latest_text(tracker), message_times(tracker), asked, tracker.get_slot("location"),
                   entity_places, went[0] if went else None, spans, owners, locations)  # fmt: skip


def _dont_know(detail: Detail) -> str:
    """A detail the resident does not know: "unknown" where its reader has that answer, else "not known"."""
    return UNKNOWN if detail.yes_no or detail.reads == "owner" else NOT_KNOWN


def _yes_no_value(detail: Detail, answer: str) -> str:
    if answer == YES and detail.yes_means:
        return detail.yes_means
    if answer == NO and detail.no_means:
        return detail.no_means
    return answer


def read_details(report_type: str, tracker: Tracker, missing: list[str]) -> dict[str, Any]:
    """{slot: value} for every `missing` detail of the report the latest message states."""
    kind, message = REPORT_TYPES[report_type], message_of(report_type, tracker)
    facts: dict[str, Any] = {}
    for detail in kind.details:
        reader = READERS.get(detail.reads)
        if detail.slot in missing and reader:
            value = reader(message, detail.slot)
            if value not in (None, ""):
                facts[detail.slot] = value[:MAX_FACT_CHARS] if isinstance(value, str) else value
    asked = [kind.detail(slot) for slot in message.asked if kind.detail(slot) and slot in missing]
    if only_dont_know(message.text):  # "I don't know" answers every part asked
        return {**{d.slot: _dont_know(d) for d in asked if d.reads != "place"}, **facts}
    bare = [answer for answer in map(bare_yes_no, clauses(message.text)) if answer]
    if UNKNOWN in bare:  # "big black dog, i don't know, not sure": the parts it does not answer are unknown
        return {
            **{d.slot: _dont_know(d) for d in asked if d.reads != "place" and d.slot not in facts},
            **facts,
        }
    yes_no_parts = [d for d in asked if d.yes_no]
    if len(yes_no_parts) == 1 and bare and yes_no_parts[0].slot not in facts:
        facts[yes_no_parts[0].slot] = _yes_no_value(yes_no_parts[0], bare[0])
    return facts


def name_in_report(tracker: Tracker) -> str | None:
    """A name the report says on its own ("This is Ruth Meyer, the dog at ..."), when none is filed yet."""
    if tracker.get_slot("complainant_name") is not None:
        return None
    return introduced_name(latest_text(tracker))
