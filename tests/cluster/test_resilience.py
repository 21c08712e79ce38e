"""A failure behind the assistant gets a polite reply with the city office's number, is logged, and loses
nothing: the delivery can be processed afresh, and a half-done turn is rewound (integrations/resilience.py).

The channel runs on a real Sanic server with a stand-in for Rasa that fails the way Rasa does: it logs
and swallows an action-server or tracker-store failure, or raises a lock-store one."""

from __future__ import annotations

import asyncio
import logging
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from rasa.core.lock_store import InMemoryLockStore, LockError
from rasa.core.tracker_store import InMemoryTrackerStore
from rasa.shared.core.domain import Domain
from rasa.shared.core.events import ActionExecuted, UserUttered

from integrations.resilience import TROUBLE_TEXT, TurnFailed, apology, rewind
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


def test_rewinding_a_half_done_turn_puts_the_conversation_back_where_it_was() -> None:
    async def scenario() -> tuple[str, str]:
        domain = Domain.empty()
        agent = SimpleNamespace(lock_store=InMemoryLockStore(), tracker_store=InMemoryTrackerStore(domain))
        tracker = await agent.tracker_store.get_or_create_tracker(RESIDENT)
        tracker.update(UserUttered("dog barking at 412 oak st"))
        tracker.update(ActionExecuted("action_listen"))
        tracker.update(UserUttered("since 10pm"))  # the failed turn: the action ran without its events
        tracker.update(ActionExecuted("report_form"))
        await agent.tracker_store.save(tracker)
        await rewind(agent, RESIDENT)
        restored = await agent.tracker_store.retrieve(RESIDENT)
        return restored.latest_message.text, restored.events[-1].type_name

    latest, last_event = asyncio.run(scenario())
    assert latest == "dog barking at 412 oak st"
    assert last_event == "rewind", "the message stays in the event log, followed by the rewind"
