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
        return SimpleNamespace(active_loop_name=self.active_loop)


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
