"""Where actions get the case service and the conversation's jurisdiction. Built on first use."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import phonenumbers
from rasa_sdk import Tracker

from bot.cases.db import make_engine, make_session_factory
from bot.cases.service import CaseService
from bot.jurisdictions import Pack, get_pack, load_packs
from bot.settings import get_settings

# Rasa input channel name -> the channel recorded on a complaint.
_CHANNELS = {"twilio_sms": "sms", "sms": "sms", "twilio_voice": "voice", "voice": "voice"}


@lru_cache(maxsize=1)
def case_service() -> CaseService:
    """One service (one engine, one session per call) per action-server process."""
    engine = make_engine(get_settings().database_url)
    return CaseService(make_session_factory(engine))


def conversation_pack(tracker: Tracker) -> Pack:
    code = tracker.get_slot("jurisdiction")
    if code not in load_packs():
        code = get_settings().default_jurisdiction
    return get_pack(code)


def conversation_channel(tracker: Tracker) -> str:
    return _CHANNELS.get(tracker.get_latest_input_channel() or "", "rest")


def complainant_contact(tracker: Tracker) -> str:
    """The resident's private identity: their phone number on SMS/voice (the integrations put the
    E.164 number in sender_id), else the REST sender id, marked as such."""
    channel = conversation_channel(tracker)
    return tracker.sender_id if channel in ("sms", "voice") else f"rest:{tracker.sender_id}"


def office_details(pack: Pack) -> dict[str, Any]:
    """Template values for responses that point the resident at City Hall."""
    return {
        "office_name": pack.office_name,
        "office_phone": phonenumbers.format_number(
            phonenumbers.parse(pack.office_phone), phonenumbers.PhoneNumberFormat.NATIONAL
        ),
        "office_hours": pack.office_hours_text(),
        "ordinance": pack.ordinance,
    }
