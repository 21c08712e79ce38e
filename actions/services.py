"""Where actions get the case service and the conversation's jurisdiction. Built on first use."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import phonenumbers
from rasa_sdk import Tracker

from bot.cases.db import make_engine, make_session_factory
from bot.cases.service import CaseService
from bot.jurisdictions import Pack, get_pack, load_packs, pack_for_number
from bot.messages import say
from bot.messages.resident import office_hours_in
from bot.settings import get_settings

# Identity comes only from what the servers saw: the SMS channel keys a conversation by the resident's
# E.164 number, the voice channel by `call:<CallSid>` (the caller's number rides in the server-set message
# metadata), the development REST channel by `rest:<sender>`. A sender id of another shape is never
# taken for a resident, whatever `input_channel` says.
_E164 = re.compile(r"\+[1-9]\d{6,14}")
_CALL_ID = re.compile(r"call:CA[0-9a-f]{32}")


@lru_cache(maxsize=1)
def case_service() -> CaseService:
    """One service (one engine, one session per call) per action-server process."""
    engine = make_engine(get_settings().database_url)
    return CaseService(make_session_factory(engine))


def conversation_pack(tracker: Tracker) -> Pack:
    """The city of the number this message was sent to (`to`, set by the SMS/voice channel on every
    message), else the conversation's jurisdiction slot, else the default."""
    if conversation_channel(tracker) in ("sms", "voice"):
        called = pack_for_number(str((tracker.latest_message.get("metadata") or {}).get("to") or ""))
        if called is not None:
            return called
    code = tracker.get_slot("jurisdiction")
    if code not in load_packs():
        code = get_settings().default_jurisdiction
    return get_pack(code)


def anonymous_note(tracker: Tracker) -> str:
    """What this city does with a report without a name (the pack's reading `anonymous`), in the resident's
    language: said with the name question and again when a resident declines to give one."""
    reading = conversation_pack(tracker).readings.anonymous
    return say(f"anonymous.{reading}", tracker.get_slot("language"))


def anonymous_counts(tracker: Tracker) -> bool:
    """Whether this city counts a report without a name (the pack's reading `anonymous`)."""
    return conversation_pack(tracker).readings.anonymous != "exclude"


def conversation_channel(tracker: Tracker) -> str:
    """sms, voice or rest, from the shape of the conversation id and the channel the server named."""
    channel = tracker.get_latest_input_channel() or ""
    sender = tracker.sender_id or ""
    if channel == "sms" and _E164.fullmatch(sender):
        return "sms"
    if channel == "voice" and _CALL_ID.fullmatch(sender):
        return "voice"
    return "rest"


def complainant_contact(tracker: Tracker) -> str:
    """The resident's private identity: their phone number (the SMS conversation id, or the caller's number
    the voice channel puts in every message's metadata; `call:<CallSid>` for a withheld number), else the REST
    sender id, marked as such."""
    channel = conversation_channel(tracker)
    if channel == "sms":
        return tracker.sender_id
    if channel == "voice":
        caller = (tracker.latest_message.get("metadata") or {}).get("caller")
        return caller if isinstance(caller, str) and _E164.fullmatch(caller) else tracker.sender_id
    sender = tracker.sender_id or ""
    return sender if sender.startswith("rest:") else f"rest:{sender}"


def caller_verified(tracker: Tracker) -> bool:
    """May this conversation hear a resident's report status? SMS: the number texted us. Voice: only when
    the voice channel marked the message verified (full STIR/SHAKEN attestation, or a texted code)."""
    channel = conversation_channel(tracker)
    if channel == "voice":
        return bool((tracker.latest_message.get("metadata") or {}).get("caller_verified"))
    return True


def office_details(pack: Pack, language: object = "en") -> dict[str, Any]:
    """Template values for responses that point the resident at City Hall."""
    return {
        "office_name": pack.office_name,
        "office_phone": phonenumbers.format_number(
            phonenumbers.parse(pack.office_phone), phonenumbers.PhoneNumberFormat.NATIONAL
        ),
        "office_hours": office_hours_in(pack.office_hours_text(), language),
        "ordinance": pack.ordinance,
    }


def office_details_for(tracker: Tracker) -> dict[str, Any]:
    """office_details for this conversation's city, in its language."""
    return office_details(conversation_pack(tracker), tracker.get_slot("language"))
