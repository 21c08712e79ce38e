"""Session start, status look-ups and short answers to asides (the fallback: actions/type_asking.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from rasa_sdk import Action, Tracker
from rasa_sdk.events import ActionExecuted, EventType, SessionStarted, SlotSet
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.services import (
    caller_verified,
    case_service,
    complainant_contact,
    conversation_pack,
    office_details,
    office_details_for,
)
from bot.jurisdictions import load_packs, pack_for_number
from bot.messages import language_of, say
from bot.nlp.facts.corrections import asks_status
from bot.settings import get_settings
from bot.vocabulary import REPORT_TYPES

_STATUSES = ("new", "accepted", "rejected", "duplicate")  # worded as "status.<status>" in bot/messages
_MONTHS_ES = ("ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic")


def unverified_status_text(language: object = "en") -> str:
    return say("status.unverified", language)


# intent -> response; each takes the City Hall details as template values
_ASIDES = {
    "request_human": "utter_human",
    "ask_lost_pet": "utter_lost_pet",
    "ask_licensing": "utter_licensing",
    "ask_ordinance": "utter_ordinance",
    "other_city_service": "utter_other_service",
    "report_dead_animal": "utter_dead_animal",  # a referral, never filed (data/rules/referrals.yml)
    "bot_challenge": "utter_iamabot",
    "chitchat": "utter_chitchat",
    "out_of_scope": "utter_out_of_scope",
}


def session_jurisdiction(metadata: dict[str, Any] | None) -> str:
    """The pack for this conversation: the number texted (`to`), an explicit code, or the default."""
    metadata = metadata or {}
    if metadata.get("to"):
        pack = pack_for_number(str(metadata["to"]))
        if pack:
            return pack.code
    if metadata.get("jurisdiction") in load_packs():
        return str(metadata["jurisdiction"])
    return get_settings().default_jurisdiction


class ActionSessionStart(Action):
    def name(self) -> str:
        return "action_session_start"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        code = session_jurisdiction(tracker.get_slot("session_started_metadata"))
        return [SessionStarted(), SlotSet("jurisdiction", code), ActionExecuted("action_listen")]


def describe_complaint(summary: Any, language: object = "en") -> str:
    """One line on one of the resident's reports: its reference, type, date and status, in `language`."""
    if language_of(language) == "es":
        received = f"{summary.received.day} de {_MONTHS_ES[summary.received.month - 1]}"
    else:
        received = summary.received.strftime("%b %d").replace(" 0", " ")
    status = say(f"status.{summary.status}", language) if summary.status in _STATUSES else summary.status
    kind = (
        REPORT_TYPES[summary.type].spoken_in(language)
        if summary.type in REPORT_TYPES
        else say("status.untyped", language)
    )
    return say("status.line", language, reference=summary.reference, kind=kind, date=received, status=status)


async def answer_aside(dispatcher: CollectingDispatcher, tracker: Tracker) -> None:
    """The short answer to an aside: a status look-up, or a pointer to the right office."""
    intent = (tracker.latest_message.get("intent") or {}).get("name")
    if intent == "check_status":
        await status_answer(dispatcher, tracker)
        return
    response = _ASIDES.get(intent, "utter_out_of_scope")
    dispatcher.utter_message(response=response, **office_details_for(tracker))


async def status_answer(dispatcher: CollectingDispatcher, tracker: Tracker) -> None:
    """This resident's own reports only. 'I want to make a complaint' is not a status question."""
    text = tracker.latest_message.get("text") or ""
    if not asks_status(text) and not next(tracker.get_latest_entity_values("reference"), None):
        dispatcher.utter_message(response="utter_greet")
        return
    await _status_lookup(dispatcher, tracker)


class ActionCheckStatus(Action):
    """Answers for this resident's own reports only."""

    def name(self) -> str:
        return "action_check_status"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        await status_answer(dispatcher, tracker)
        return []


async def _status_lookup(dispatcher: CollectingDispatcher, tracker: Tracker) -> None:
    if not caller_verified(tracker):
        # caller ID can be spoofed: the voice channel asks for a texted code
        dispatcher.utter_message(
            text=unverified_status_text(tracker.get_slot("language")), json_message={"verify_caller": True}
        )
        return
    pack = conversation_pack(tracker)
    language = tracker.get_slot("language")
    contact = complainant_contact(tracker)
    service = case_service()
    reference = next(tracker.get_latest_entity_values("reference"), None)
    if reference:
        found = await asyncio.to_thread(service.find_for_contact, pack.code, contact, reference.upper())
        if found is None:
            dispatcher.utter_message(response="utter_status_not_found", **office_details(pack, language))
        else:
            dispatcher.utter_message(text=describe_complaint(found, language))
        return
    mine = await asyncio.to_thread(service.complaints_for_contact, pack.code, contact, 3)
    if not mine:
        dispatcher.utter_message(response="utter_status_none")
    else:
        dispatcher.utter_message(text=" ".join(describe_complaint(c, language) for c in mine))


class ActionAnswerAside(Action):
    """A short answer that points to the right office; a form in progress then resumes."""

    def name(self) -> str:
        return "action_answer_aside"

    async def run(
        self, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> list[EventType]:
        await answer_aside(dispatcher, tracker)
        return []
