"""What the Twilio SMS and voice channels share: signature checks on the raw body, E.164 numbers,
the channel state in the case database, and an output channel that keeps whole bot messages.

Nothing here runs at import time; the stores are built on first use.
"""

from __future__ import annotations

import asyncio
import logging
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qsl

import phonenumbers
from rasa.core.channels.channel import CollectingOutputChannel
from sanic.request import Request
from sqlalchemy.engine import make_url
from sqlalchemy.pool import SingletonThreadPool
from twilio.request_validator import RequestValidator

from bot.cases.db import make_engine, make_session_factory
from bot.notify.inbound import InboundStore
from bot.notify.outbox import OutboxService
from bot.settings import Settings, get_settings

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Twilio-Signature"
FILED_RESPONSES = frozenset({"utter_filed", "utter_filed_urgent"})
DEFAULT_REGION = "US"  # numbers Twilio hands us are E.164 already; this only guards odd input


class TwilioConfigurationError(RuntimeError):
    """The channel cannot run safely with the current settings."""


def require_auth_token(settings: Settings, channel: str) -> None:
    """Outside development the channels refuse to start without the auth token."""
    if not settings.twilio_auth_token:
        if settings.environment != "development":
            raise TwilioConfigurationError(
                f"the Twilio {channel} channel needs TWILIO_AUTH_TOKEN (ENVIRONMENT={settings.environment})"
            )
        log.warning("TWILIO_AUTH_TOKEN is blank: %s webhooks are checked against an empty token", channel)


def posted_params(request: Request) -> dict[str, str]:
    """Every posted parameter, blank ones included (Sanic's `request.form` drops them, Twilio signs them)."""
    body = (request.body or b"").decode("utf-8", errors="replace")
    return dict(parse_qsl(body, keep_blank_values=True))


def public_url(request: Request, settings: Settings) -> str:
    """The URL Twilio requested, as the public sees it (behind a proxy the host differs)."""
    url = settings.public_base_url.rstrip("/") + request.path
    return f"{url}?{request.query_string}" if request.query_string else url


def is_signed(request: Request, params: dict[str, str], settings: Settings) -> bool:
    signature = request.headers.get(SIGNATURE_HEADER)
    if not signature:
        return False
    validator = RequestValidator(settings.twilio_auth_token)
    return validator.validate(public_url(request, settings), params, signature)


def e164(number: str | None) -> str | None:
    """The number in E.164 form, or None when it is not a valid phone number (withheld caller ID...)."""
    if not number:
        return None
    try:
        parsed = phonenumbers.parse(number.strip(), DEFAULT_REGION)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(parsed):
        return None
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def masked(number: str | None) -> str:
    """Enough of a number for a log line about the city's own numbers; never used for residents'."""
    return f"...{number[-4:]}" if number and len(number) >= 4 else "(none)"


class ChannelState:
    """The channels' database-backed state, one per Rasa server process."""

    def __init__(self, database_url: str) -> None:
        options = {}
        if make_url(database_url).get_backend_name() == "sqlite":
            # SQLAlchemy 1.4 opens a new SQLite connection per transaction (NullPool); one per thread,
            # kept, halves the cost of the two transactions each delivery needs
            options["poolclass"] = SingletonThreadPool
        factory = make_session_factory(make_engine(database_url, **options))
        self.inbound = InboundStore(factory)
        self.outbox = OutboxService(factory)


@lru_cache(maxsize=1)
def channel_state() -> ChannelState:
    return ChannelState(get_settings().database_url)


async def queue_follow_ups(state: ChannelState, responses: list[dict[str, Any]]) -> None:
    """Right after a filing: queue the page (urgent) and the caller's text. The worker's sweep queues any
    that a crash here loses; the idempotency keys keep it to one text each."""
    for response in responses:
        if response.get("utter_action") in FILED_RESPONSES and response.get("reference"):
            try:
                await asyncio.to_thread(state.outbox.follow_up_filing, str(response["reference"]))
            except Exception:
                log.exception(
                    "queueing follow-ups of %s failed; the worker's sweep will", response["reference"]
                )


class KeepingOutputChannel(CollectingOutputChannel):
    """Collects whole bot messages (text plus `utter_action`, `reference`) for a TwiML reply."""

    channel_name = "collector"

    def __init__(self) -> None:
        super().__init__()
        self.responses: list[dict[str, Any]] = []

    @classmethod
    def name(cls) -> str:
        return cls.channel_name

    async def send_response(self, recipient_id: str, message: dict[str, Any]) -> None:
        self.responses.append(dict(message))

    @property
    def texts(self) -> list[str]:
        return [str(r["text"]).strip() for r in self.responses if r.get("text") and str(r["text"]).strip()]

    def said(self, *utter_actions: str) -> bool:
        return any(r.get("utter_action") in utter_actions for r in self.responses)
