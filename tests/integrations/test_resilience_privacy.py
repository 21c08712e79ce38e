"""Reading a conversation outside a turn (the apology's language, a photo's answer) never logs the resident's
number: an SMS conversation's id is the number, and Rasa's tracker-store error line quotes the failing SQL's
parameters. The cluster test (tests/cluster/test_restarts.py, PostgreSQL killed) saw the number in the log."""

from __future__ import annotations

import logging
from types import SimpleNamespace

from rasa.core.tracker_store import FailSafeTrackerStore, InMemoryTrackerStore

from integrations.resilience import conversation_language, install_watch
from integrations.twilio_sms import resident_language

NUMBER = "+15075550123"


class _DeadStore(InMemoryTrackerStore):
    """A store whose database is gone; the error quotes the parameters, as SQLAlchemy's does."""

    async def retrieve(self, sender_id: str):
        raise ConnectionError(f"server closed the connection [parameters: {{'sender_id_1': '{sender_id}'}}]")


def _request_with_dead_store() -> SimpleNamespace:
    agent = SimpleNamespace(tracker_store=FailSafeTrackerStore(_DeadStore(None)))
    return SimpleNamespace(app=SimpleNamespace(ctx=SimpleNamespace(agent=agent)), args={})


async def test_the_apology_language_lookup_on_a_dead_store_is_english_and_logs_no_number(caplog) -> None:
    install_watch()
    caplog.set_level(logging.DEBUG)
    request = _request_with_dead_store()
    language = await conversation_language("sms", request, {"From": NUMBER}, RuntimeError("lock"))
    assert language == "en"
    assert NUMBER not in caplog.text


async def test_the_photo_answer_lookup_on_a_dead_store_is_none_and_logs_no_number(caplog) -> None:
    install_watch()
    caplog.set_level(logging.DEBUG)
    agent = _request_with_dead_store().app.ctx.agent
    assert await resident_language(agent, NUMBER) is None
    assert NUMBER not in caplog.text


async def test_a_live_store_still_gives_the_conversation_language() -> None:
    from rasa.shared.core.domain import Domain
    from rasa.shared.core.events import SlotSet

    domain = Domain.from_yaml("slots:\n  language:\n    type: text\n    mappings: [{type: custom}]\n")
    store = InMemoryTrackerStore(domain)
    tracker = await store.get_or_create_tracker(NUMBER)
    tracker.update(SlotSet("language", "es"))
    await store.save(tracker)
    agent = SimpleNamespace(tracker_store=store)
    assert await resident_language(agent, NUMBER) == "es"


def test_every_log_line_of_the_process_masks_phone_numbers(caplog) -> None:
    """Issue 35 item 8: Rasa logs conversation ids (its circuit breaker at WARNING, debug lines, SQL parameters
    in tracebacks); an SMS conversation's id is the resident's number."""
    caplog.set_level(logging.DEBUG)
    install_watch()  # after the handlers exist, as in the Rasa process (the first turn installs it)
    processor = logging.getLogger("rasa.core.processor")
    processor.warning(f"Circuit breaker tripped. Stopped predicting more actions for sender '{NUMBER}'.")
    logging.getLogger("rasa.core.tracker_store").debug("Recreating tracker for id '%s'", NUMBER)
    logging.getLogger("sanic.access").info("POST /conversations/%2B15075550123/tracker 200")
    try:
        raise ConnectionError(f"[parameters: {{'sender_id_1': '{NUMBER}'}}]")
    except ConnectionError:
        logging.getLogger("rasa.core.lock_store").exception("the lock store failed")
    assert NUMBER not in caplog.text and "15075550123" not in caplog.text
    assert "Circuit breaker tripped" in caplog.text and "+...23" in caplog.text  # the line itself stays
