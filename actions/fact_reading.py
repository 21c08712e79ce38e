"""Every message read for every fact still missing (issue 38): one reader per kind of fact (bot.nlp.facts),
chosen by what the report type declares for each detail (bot.vocabulary.Detail.reads).

A fact is taken only from words that say it. A bare yes or no goes to the question's single yes/no part; a
bare "I don't know" answers every part asked. What each question asked is read from the conversation: the
question's bot event carries the parts it asked (`asks`, set by actions/asking.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rasa_sdk import Tracker

from actions.reading import entities, latest_text, message_times
from bot.nlp.facts.behaviour import aggressive
from bot.nlp.facts.description import describes
from bot.nlp.facts.injury import injury
from bot.nlp.facts.name import clean_name, introduced_name
from bot.nlp.facts.owner import owner
from bot.nlp.facts.place_words import is_findable_location
from bot.nlp.facts.times import TimeFacts
from bot.nlp.facts.vaccination import vaccinated
from bot.nlp.facts.victim import victim_kind
from bot.nlp.facts.whereabouts import direction, still_there
from bot.nlp.facts.yes_no import NO, NOT_KNOWN, UNKNOWN, YES, bare_yes_no, leading_yes_no, only_dont_know
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

    def alone(self, slot: str) -> bool:
        return self.asked == (slot,)


def _owner(m: Message) -> str | None:
    said = owner(m.text, m.place)
    if said or not m.alone("owner_known"):
        return said
    # asked on its own, a name or an address is the owner ("Tom Berg", "20 fir st")
    return clean_name(m.text) or (m.text.strip() if is_findable_location(m.text) else None)


READERS: dict[str, Callable[[Message, str], Any]] = {
    "description": lambda m, slot: describes(m.text, m.places),
    "still_there": lambda m, slot: still_there(m.text),
    "direction": lambda m, slot: m.went or direction(m.text),
    "aggressive": lambda m, slot: aggressive(m.text),
    "victim": lambda m, slot: victim_kind(m.text, answering="victim" in m.asked),
    "injury": lambda m, slot: injury(m.text),
    "time": lambda m, slot: m.times.words if m.times.says_when else None,
    "owner": lambda m, slot: _owner(m),
    "vaccinated": lambda m, slot: vaccinated(m.text, only_question=m.alone(slot)),
    "frequency": lambda m, slot: m.times.frequency,
    "time_of_day": lambda m, slot: m.times.time_of_day,
}


def report_events(tracker: Tracker) -> list[dict[str, Any]]:
    """The events of the report in progress, oldest first."""
    events: list[dict[str, Any]] = []
    for event in reversed(tracker.events):
        if event.get("event") == "action" and event.get("name") in _BOUNDARIES:
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


def message_of(tracker: Tracker) -> Message:
    entity_places = tuple(str(e.get("value") or "") for e in entities(tracker, *PLACE_ENTITIES))
    went = [str(e.get("value")) for e in entities(tracker, "direction") if e.get("value")]
    asked = last_asked(tracker) or (
        (tracker.get_slot("requested_slot"),) if tracker.get_slot("requested_slot") else ()
    )
    return Message(latest_text(tracker), message_times(tracker), asked, tracker.get_slot("location"),
                   entity_places, went[0] if went else None)  # fmt: skip


def _yes_no_value(detail: Detail, answer: str) -> str:
    if answer == YES and detail.yes_means:
        return detail.yes_means
    if answer == NO and detail.no_means:
        return detail.no_means
    return answer


def read_details(report_type: str, tracker: Tracker, missing: list[str]) -> dict[str, Any]:
    """{slot: value} for every `missing` detail of the report the latest message states."""
    kind, message = REPORT_TYPES[report_type], message_of(tracker)
    facts: dict[str, Any] = {}
    for detail in kind.details:
        reader = READERS.get(detail.reads)
        if detail.slot in missing and reader:
            value = reader(message, detail.slot)
            if value not in (None, ""):
                facts[detail.slot] = value[:MAX_FACT_CHARS] if isinstance(value, str) else value
    asked = [kind.detail(slot) for slot in message.asked if kind.detail(slot) and slot in missing]
    if only_dont_know(message.text):  # "I don't know" answers every part asked
        return {**{d.slot: UNKNOWN if d.yes_no else NOT_KNOWN for d in asked if d.reads != "place"}, **facts}
    yes_no_parts = [d for d in asked if d.yes_no]
    answer = bare_yes_no(message.text) or leading_yes_no(message.text)
    if len(yes_no_parts) == 1 and answer and yes_no_parts[0].slot not in facts:
        facts[yes_no_parts[0].slot] = _yes_no_value(yes_no_parts[0], answer)
    return facts


def name_in_report(tracker: Tracker) -> str | None:
    """A name the report says on its own ("This is Ruth Meyer, the dog at ..."), when none is filed yet."""
    if tracker.get_slot("complainant_name") is not None:
        return None
    return introduced_name(latest_text(tracker))
