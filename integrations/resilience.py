"""A failure behind the assistant gets the resident a polite answer, never silence or an error page.

Rasa swallows two failures and carries on as if nothing happened:
- an action call that fails (the action server is down or restarting): `rasa.core.processor` logs
  "Encountered an exception while running action ..." and continues without the action's events, predicting
  again until its circuit breaker trips after ten actions, which logs the conversation id (an SMS
  conversation's id is the resident's number) at WARNING;
- the tracker store failing (PostgreSQL down): `FailSafeTrackerStore` logs the error and falls back to
  an empty, in-memory conversation on that one replica.
The watch stops the turn at the first of either, right there (it raises from the log call, in Rasa's own
except block): nothing of the turn is saved, neither a half-done turn nor an empty conversation over the real
one, and no further action is tried. Others raise: the Redis lock store (`LockError`), the case database (the
channel's delivery claim).

The apology is in the conversation's language when it is known (bot/messages/voice.py, `trouble`): on a call,
the `lang` of the signed turn URL; on SMS, the conversation's `language` slot when the tracker store answers
within a second (not after a tracker-store failure); English otherwise.

`watching_turn()` (around the hand-over to Rasa in integrations.twilio_common.converse) notices the
swallowed ones from Rasa's log records, which are written in the turn's own task (a context variable
ties them to it), and raises `TurnFailed`. The webhook then answers with `apology(...)`: "we're having
trouble, please text again in a few minutes or call <the city office>". The turn was never saved, so the
conversation continues where it was when the resident writes again, and the delivery claim is released so a
retry of it is processed afresh. Every failure is logged (error level, with the MessageSid, never the
resident's number or words), and every log line of the process passes `RedactNumbers`, which masks any phone
number a library's line carries.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from twilio.twiml.messaging_response import MessagingResponse

from bot.messages import DEFAULT_LANGUAGE, language_of, say

log = logging.getLogger(__name__)

LANGUAGE_LOOKUP_S = 1.0  # how long the apology waits for the conversation's language
ACTION_FAILED = "Encountered an exception while running action"
TRACKER_FAILED = (
    "conversation tracker"  # FailSafeTrackerStore: "... trying to save/retrieve conversation tracker"
)
WATCHED_LOGGERS = ("rasa.core.processor", "rasa.core.tracker_store")


class TurnFailed(RuntimeError):
    """A part behind the assistant failed during the turn; `parts` says which."""

    def __init__(self, parts: list[str], sender_id: str | None = None) -> None:
        super().__init__(f"the turn failed: {', '.join(parts)}")
        self.parts = parts
        self.sender_id = sender_id


@dataclass
class Turn:
    failures: list[str] = field(default_factory=list)

    def raise_if_failed(self, sender_id: str) -> None:
        if self.failures:
            raise TurnFailed(sorted(set(self.failures)), sender_id)


_current_turn: ContextVar[Turn | None] = ContextVar("current_turn", default=None)


class _FailureWatch(logging.Handler):
    """Flags the turn in progress when Rasa logs a failure it then swallows."""

    def emit(self, record: logging.LogRecord) -> None:
        turn = _current_turn.get()
        if turn is None:
            return
        message = str(record.msg)
        if record.name == "rasa.core.processor" and message.startswith(ACTION_FAILED):
            # stop here: carrying on predicts up to ten more actions against a dead action server, then the
            # circuit breaker logs the conversation id (the resident's number)
            turn.failures.append("action server")
            raise TurnFailed(["action server"])
        if record.name == "rasa.core.tracker_store" and TRACKER_FAILED in message:
            # carrying on would run the message against an empty conversation and could save that over the
            # real one when the database is back
            turn.failures.append("tracker store")
            raise TurnFailed(["tracker store"])


_watch = _FailureWatch(level=logging.ERROR)

# a phone number in E.164, as it is or URL-encoded ("%2B1507..."): an SMS conversation's id
_PHONE_NUMBER = re.compile(r"(?:\+|%2[bB])\d{7,15}")


def redact_numbers(text: str) -> str:
    """`text` with every E.164 phone number masked to its last two digits."""
    return _PHONE_NUMBER.sub(lambda match: "+..." + match.group(0)[-2:], text)


class RedactNumbers(logging.Filter):
    """Masks phone numbers in a record's message and traceback before any handler writes it. Rasa logs
    conversation ids in places (the circuit breaker's WARNING, debug lines, SQL parameters in errors), and an SMS
    conversation's id is the resident's number."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact_numbers(message)
        if redacted != message:
            record.msg, record.args = redacted, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_numbers(record.exc_text)
        return True


_redaction = RedactNumbers()


def install_watch() -> None:
    """Attach the watch to Rasa's loggers, and the redaction to every handler the process has (Rasa and Sanic
    configure theirs at start-up, before the first turn; new handlers get it at the next turn)."""
    for name in WATCHED_LOGGERS:
        logger = logging.getLogger(name)
        if _watch not in logger.handlers:
            logger.addHandler(_watch)
    loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
    for logger in loggers:
        for handler in getattr(logger, "handlers", ()):
            if handler is not _watch and _redaction not in handler.filters:
                handler.addFilter(_redaction)


@contextmanager
def watching_turn() -> Iterator[Turn]:
    """Collects the failures Rasa swallows while the block runs (in this task and the ones it awaits)."""
    install_watch()
    turn = Turn()
    token = _current_turn.set(turn)
    try:
        yield turn
    finally:
        _current_turn.reset(token)


def __getattr__(name: str) -> str:
    """Former constants: `TROUBLE_TEXT` (the English template) and `NO_OFFICE`, looked up on use."""
    if name == "TROUBLE_TEXT":
        return say("trouble", DEFAULT_LANGUAGE)
    if name == "NO_OFFICE":
        return say("trouble_no_office", DEFAULT_LANGUAGE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def trouble_text(params: dict[str, str], language: object = DEFAULT_LANGUAGE) -> str:
    """The apology in `language`, with the called city's office number when the number is known."""
    from integrations.twilio_common import called_city, office_phone_national

    try:
        _, pack = called_city(params)
        office = (
            say("trouble_office", language, office=pack.office_name, phone=office_phone_national(pack))
            if pack
            else say("trouble_no_office", language)
        )
    except Exception:  # the apology must not fail in its turn
        office = say("trouble_no_office", language)
    return say("trouble", language, office=office)


def apology_twiml(channel: str, params: dict[str, str], language: object = DEFAULT_LANGUAGE) -> str:
    """The TwiML apology for an SMS (a text) or a call (spoken in the call's voice, then hang up)."""
    text = trouble_text(params, language)
    if channel == "voice":
        from integrations.voice_twiml import goodbye

        return goodbye(text, language_of(language))
    reply = MessagingResponse()
    reply.message(text)
    return str(reply)


async def conversation_language(channel: str, request: Any, params: dict[str, str], error: Exception) -> str:
    """The language the resident was spoken to in, when it is known; English otherwise."""
    if channel == "voice":  # the signed turn URL carries it
        args = getattr(request, "args", None)
        return language_of(args.get("lang") if args is not None else None)
    from bot.notify.numbers import e164

    agent = getattr(getattr(getattr(request, "app", None), "ctx", None), "agent", None)
    # an SMS conversation is keyed by the resident's number (integrations/twilio_sms.py)
    sender = (error.sender_id if isinstance(error, TurnFailed) else None) or e164(params.get("From"))
    if agent is None or not sender or (isinstance(error, TurnFailed) and "tracker store" in error.parts):
        return DEFAULT_LANGUAGE
    try:
        tracker = await asyncio.wait_for(retrieve_quietly(agent, sender), LANGUAGE_LOOKUP_S)
    except Exception:  # a store that fails or is slow: the apology goes out in English
        return DEFAULT_LANGUAGE
    return language_of(tracker.get_slot("language") if tracker is not None else None)


async def retrieve_quietly(agent: Any, sender_id: str) -> Any:
    """The conversation's tracker, read outside a turn. A store failure raises TurnFailed from the watch,
    inside Rasa's own except block, before Rasa's error line goes out: that line quotes the SQL parameters,
    and an SMS conversation's id is the resident's number."""
    token = _current_turn.set(Turn())
    try:
        return await agent.tracker_store.retrieve(sender_id)
    finally:
        _current_turn.reset(token)


async def apology(channel: str, request: Any, params: dict[str, str], error: Exception) -> str:
    """Log the failure and return the apology's TwiML (the failed turn was never saved: nothing to undo)."""
    sid = params.get("MessageSid") or params.get("CallSid") or "(none)"
    parts = error.parts if isinstance(error, TurnFailed) else [type(error).__name__]
    log.error("%s delivery %s not answered: %s failed; apologised", channel, sid, ", ".join(parts))
    # the exception's text can quote SQL parameters (a resident's number): only at debug level
    log.debug("%s delivery %s: the failure", channel, sid, exc_info=error)
    return apology_twiml(channel, params, await conversation_language(channel, request, params, error))
