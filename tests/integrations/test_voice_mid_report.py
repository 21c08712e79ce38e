"""Issue 9: a word in an answer never transfers a call out of a report; a place heard with low confidence
carries Twilio's Confidence to the assistant (which reads the place back)."""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from datetime import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from integrations.twilio_voice import TwilioVoiceInput
from tests.integrations.conftest import KELLOGG_LINE, RESIDENT, ScriptedAssistant

TUESDAY_MORNING = datetime(2026, 3, 3, 10, 0, tzinfo=ZoneInfo("America/Chicago"))  # City Hall is open


class FakeTrackerStore:
    def __init__(self, active_loop: str | None) -> None:
        self.active_loop = active_loop

    async def retrieve(self, sender_id: str) -> SimpleNamespace:
        return SimpleNamespace(active_loop_name=self.active_loop, get_slot=lambda name: None)


def _turn(
    active_loop: str | None, speech: str, confidence: str = "0.92"
) -> tuple[ET.Element, ScriptedAssistant]:
    assistant = ScriptedAssistant(replies=[[{"text": "Did it break the skin?"}]])
    agent = SimpleNamespace(tracker_store=FakeTrackerStore(active_loop))
    params = {"CallSid": f"CA{abs(hash((active_loop, speech))):030d}"[:34], "From": RESIDENT, "To": KELLOGG_LINE,
              "CallStatus": "in-progress", "SpeechResult": speech, "Confidence": confidence}  # fmt: skip
    channel = TwilioVoiceInput(clock=lambda: TUESDAY_MORNING)
    reply = asyncio.run(channel.handle(params, 3, 0, assistant, agent))
    return ET.fromstring(reply), assistant


def test_a_person_as_the_answer_to_who_was_bitten_is_not_a_transfer(twilio_env) -> None:
    root, assistant = _turn("bite_form", "a person")
    assert root.find("Dial") is None
    assert [m.text for m in assistant.messages] == ["a person"]


def test_outside_a_report_city_hall_still_puts_the_caller_through(twilio_env) -> None:
    root, assistant = _turn(None, "can I talk to a person at city hall")
    assert root.find("Dial") is not None and assistant.messages == []


def test_twilio_confidence_reaches_the_assistant(twilio_env) -> None:
    _, assistant = _turn("barking_form", "six twelve north fourth street", confidence="0.41")
    assert assistant.messages[0].metadata["asr_confidence"] == "0.41"


SUNDAY_NIGHT = datetime(2026, 3, 1, 22, 0, tzinfo=ZoneInfo("America/Chicago"))  # City Hall is closed


def _call_turn(turn: int, replies: list, clock: datetime) -> ET.Element:
    assistant = ScriptedAssistant(replies=[replies])
    params = {"CallSid": f"CA{turn:032d}", "From": RESIDENT, "To": KELLOGG_LINE, "CallStatus": "in-progress",
              "SpeechResult": "around here"}  # fmt: skip
    channel = TwilioVoiceInput(clock=lambda: clock)
    agent = SimpleNamespace(tracker_store=FakeTrackerStore("barking_form"))
    return ET.fromstring(asyncio.run(channel.handle(params, turn, 0, assistant, agent)))


def test_a_place_never_given_puts_the_caller_through_in_office_hours(twilio_env) -> None:
    # the form asks for the transfer (actions/giving_up.py); the channel dials City Hall when open
    transfer = [{"custom": {"transfer": True}}]
    assert _call_turn(5, transfer, TUESDAY_MORNING).find("Dial") is not None
    after_hours = _call_turn(6, transfer, SUNDAY_NIGHT)
    assert after_hours.find("Dial") is None and after_hours.find("Gather") is not None


def test_a_call_ends_within_the_packs_turns_in_a_transfer_or_a_goodbye(twilio_env) -> None:
    # Kellogg's pack leaves dialogue.max_call_turns at its default, 12 (bot/jurisdictions/dialogue.py)
    asked = [{"text": "Where is this?"}]
    assert _call_turn(12, asked, SUNDAY_NIGHT).find("Gather") is not None
    assert _call_turn(13, asked, TUESDAY_MORNING).find("Dial") is not None
    ended = _call_turn(14, asked, SUNDAY_NIGHT)
    assert ended.find("Gather") is None and ended.find("Hangup") is not None
