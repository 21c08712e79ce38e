"""A failure behind the assistant gets a polite reply with the city office's number, is logged, and loses
nothing: the delivery can be processed afresh, and the failed turn is never saved (integrations/resilience.py).

The channel runs on a real Sanic server with a stand-in for Rasa that fails the way Rasa does: it logs
and swallows an action-server or tracker-store failure, or raises a lock-store one."""

from __future__ import annotations

import asyncio
import logging
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from rasa.core.lock_store import LockError

from integrations.resilience import TROUBLE_TEXT, TurnFailed, apology
from integrations.twilio_sms import TwilioSmsInput
from tests.integrations.conftest import KELLOGG_LINE, RESIDENT, ScriptedAssistant, serve, twilio_env  # noqa: F401

PATH = "/webhooks/sms/webhook"
SID = "SM" + "1" * 32
KELLOGG_OFFICE = "(507) 555-0100"


def sms(body: str, sid: str) -> dict[str, str]:
    return {"MessageSid": sid, "From": RESIDENT, "To": KELLOGG_LINE, "Body": body, "NumMedia": "0"}


def texts(response) -> list[str]:
    assert response.status_code == 200, response.text
    return [m.text or "" for m in ET.fromstring(response.text).iter("Message")]


class FailingAssistant(ScriptedAssistant):
    """Fails the first `failures` messages the way Rasa does, then answers like the scripted one."""

    def __init__(self, failure: str, failures: int = 1) -> None:
        super().__init__()
        self.failure, self.failures = failure, failures

    async def __call__(self, message) -> None:
        if self.failures > 0:
            self.failures -= 1
            self.messages.append(message)
            if self.failure == "action":
                logging.getLogger("rasa.core.processor").error(
                    "Encountered an exception while running action 'validate_report_form'."
                )
                return
            if self.failure == "tracker":
                logging.getLogger("rasa.core.tracker_store").error(
                    "Error happened when trying to retrieve conversation tracker from 'SQLTrackerStore'."
                )
                return
            if self.failure == "database":  # SQLAlchemy quotes the statement's parameters in its message
                raise RuntimeError(f"server closed the connection [parameters: {{'phone_1': '{RESIDENT}'}}]")
            raise LockError("Error while acquiring lock. Error:\nConnection refused")
        await super().__call__(message)


@pytest.mark.parametrize("failure", ["action", "tracker", "lock", "database"])
def test_a_failure_behind_the_assistant_gets_a_polite_reply_and_the_text_is_processed_on_retry(
    serve,  # noqa: F811
    failure,
    caplog,
) -> None:
    assistant = FailingAssistant(failure)
    webhook = serve(TwilioSmsInput(), assistant)
    with caplog.at_level(logging.INFO):
        reply = texts(webhook.post(PATH, sms("dog barking at 412 oak st", SID)))
    assert not [r for r in caplog.records if RESIDENT in r.getMessage() or (r.exc_text or "").count(RESIDENT)]
    assert len(reply) == 1 and "having trouble" in reply[0] and "555-0100" in reply[0]
    logged = [r.getMessage() for r in caplog.records if r.name == "integrations.resilience"]
    assert logged and SID in logged[0] and RESIDENT not in logged[0] and "412 oak" not in logged[0]
    # nothing was filed or kept as answered: the same delivery again is processed, not answered from store
    again = texts(webhook.post(PATH, sms("dog barking at 412 oak st", SID)))
    assert again == ["What is happening, and where?"]
    assert len(assistant.messages) == 2


def test_without_a_known_city_the_apology_names_city_hall() -> None:
    params = {"MessageSid": "SM9", "From": RESIDENT, "To": "+15550000000"}
    request = SimpleNamespace(app=SimpleNamespace(ctx=SimpleNamespace()))
    twiml = asyncio.run(apology("sms", request, params, TurnFailed(["action server"], RESIDENT)))
    assert TROUBLE_TEXT.format(office="your city hall") in twiml


def test_a_call_gets_the_apology_spoken_then_the_line_hangs_up() -> None:
    params = {"CallSid": "CA1", "From": RESIDENT, "To": KELLOGG_LINE}
    request = SimpleNamespace(app=SimpleNamespace(ctx=SimpleNamespace()))
    twiml = asyncio.run(apology("voice", request, params, LockError("down")))
    root = ET.fromstring(twiml)
    assert [child.tag for child in root] == ["Say", "Hangup"] and "having trouble" in root[0].text


class CircuitBreakingAssistant(ScriptedAssistant):
    """Fails the way Rasa 3.6 does with the action server down: each action call fails and is logged and
    swallowed, the next action is predicted, and after ten the circuit breaker logs the sender id."""

    def __init__(self) -> None:
        super().__init__()
        self.action_calls = 0

    async def __call__(self, message) -> None:
        processor = logging.getLogger("rasa.core.processor")
        for _ in range(10):
            self.action_calls += 1
            try:
                raise ConnectionError("Cannot connect to host 127.0.0.1:5054")
            except ConnectionError:
                processor.exception("Encountered an exception while running action 'action_check_status'.")
        processor.warning(
            f"Circuit breaker tripped. Stopped predicting more actions for sender '{message.sender_id}'."
        )


def test_the_turn_stops_at_the_first_failed_action_and_the_circuit_breaker_never_logs_the_number(
    serve,  # noqa: F811
    caplog,
) -> None:
    """Issue 35 item 8: with the action server down, ten failed fallbacks tripped Rasa's circuit breaker, which
    logged the resident's number at WARNING."""
    assistant = CircuitBreakingAssistant()
    webhook = serve(TwilioSmsInput(), assistant)
    with caplog.at_level(logging.DEBUG):
        reply = texts(webhook.post(PATH, sms("whats the status of my complaint", "SM" + "8" * 32)))
    assert len(reply) == 1 and "having trouble" in reply[0]
    assert assistant.action_calls == 1, "the turn went on after the action failed"
    assert not [r for r in caplog.records if "Circuit breaker" in r.getMessage()]
    assert RESIDENT not in caplog.text
