"""What the Twilio SMS and voice channels share: the signature-checked webhook (an input channel base
class), E.164 numbers, the channel state in the case database, waiting for a retried delivery's stored
reply, and an output channel that keeps whole bot messages.

Nothing here runs at import time; the stores are built on first use.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from functools import lru_cache
from typing import Any, ClassVar
from urllib.parse import parse_qsl

import phonenumbers
from rasa.core.channels.channel import CollectingOutputChannel, InputChannel, UserMessage
from sanic import Blueprint, response
from sanic.request import Request
from sanic.response import HTTPResponse
from sqlalchemy.engine import make_url
from sqlalchemy.pool import SingletonThreadPool
from twilio.request_validator import RequestValidator

from bot.cases.db import make_engine, make_session_factory
from bot.cases.dispatch import DispatchService
from bot.jurisdictions import Pack, pack_for_number
from bot.notify.inbound import InboundStore
from bot.notify.numbers import e164
from bot.notify.outbox import OutboxService
from bot.notify.photos import PhotoStore
from bot.notify.status_codes import StatusCodes
from bot.settings import Settings, get_settings
from integrations import speedups
from integrations.resilience import apology, watching_turn

log = logging.getLogger(__name__)

SIGNATURE_HEADER = "X-Twilio-Signature"
FILED_RESPONSES = frozenset({"utter_filed", "utter_filed_urgent"})
# Twilio's identifier formats: a two-letter type and 32 hex digits. Checking them also stops a replay that
# moves one parameter into another's value: the signature covers names and values run together, so
# MessageSid="SM...NumMedia0" without NumMedia signs the same, but is no message SID.
ACCOUNT_SID = re.compile(r"AC[0-9a-f]{32}")
MESSAGE_SID = re.compile(r"(SM|MM)[0-9a-f]{32}")
CALL_SID = re.compile(r"CA[0-9a-f]{32}")


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


def parse_params(body: bytes) -> dict[str, str]:
    """Every posted parameter, blank ones included (Sanic's `request.form` drops them, Twilio signs them)."""
    return dict(parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True))


class BodyTooLarge(Exception):
    pass


async def read_body(request: Request, limit: int) -> bytes:
    """The posted body, read from the stream and refused (BodyTooLarge) as soon as it passes `limit`: by its
    Content-Length before a byte is read, else while streaming. Nothing is parsed before this."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise BodyTooLarge
    body = bytearray()
    while True:
        chunk = await request.stream.read()
        if chunk is None:
            return bytes(body)
        body += chunk
        if len(body) > limit:
            raise BodyTooLarge


def account_problem(params: dict[str, str], settings: Settings) -> str | None:
    """Why a signed delivery's AccountSid is not ours, or None. Production always knows ours (the Rasa
    launcher refuses to start without it); elsewhere a missing AccountSid is let through."""
    given = params.get("AccountSid")
    if given is None and not settings.twilio_account_sid:
        return None
    if not ACCOUNT_SID.fullmatch(given or ""):
        return "a malformed or missing AccountSid"
    if settings.twilio_account_sid and given != settings.twilio_account_sid:
        return "another account's AccountSid"
    return None


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


def called_city(params: dict[str, str]) -> tuple[str | None, Pack | None]:
    """The number the resident texted or called (E.164) and the city whose pack lists it, if any."""
    city_number = e164(params.get("To"))
    return city_number, pack_for_number(city_number) if city_number else None


def office_phone_national(pack: Pack) -> str:
    """The city office's number as people write and say it: (507) 555-0100."""
    return phonenumbers.format_number(
        phonenumbers.parse(pack.office_phone), phonenumbers.PhoneNumberFormat.NATIONAL
    )


def masked(number: str | None) -> str:
    """Enough of a number for a log line about the city's own numbers; never used for residents'."""
    return f"...{number[-4:]}" if number and len(number) >= 4 else "(none)"


class ChannelState:
    """The channels' database-backed state, one per Rasa server process."""

    def __init__(self, database_url: str, console_url: str = "") -> None:
        options = {}
        if make_url(database_url).get_backend_name() == "sqlite":
            # SQLAlchemy 1.4 opens a new SQLite connection per transaction (NullPool); one per thread,
            # kept, halves the cost of the two transactions each delivery needs
            options["poolclass"] = SingletonThreadPool
        factory = make_session_factory(make_engine(database_url, **options))
        self.inbound = InboundStore(factory)
        self.outbox = OutboxService(factory, console_url=console_url)  # pages link the officer's item page
        self.photos = PhotoStore(factory)
        self.dispatch = DispatchService(factory)  # a resident's later "no updates" text is recorded here
        self.status_codes = StatusCodes(factory, self.outbox)


@lru_cache(maxsize=1)
def channel_state() -> ChannelState:
    settings = get_settings()
    return ChannelState(settings.database_url, settings.console_public_url)


async def wait_for_stored_reply(channel: str, key: str, timeout_s: float) -> str | None:
    """A retry that arrives while the first delivery is still being answered gets that answer, or None
    when it is not stored within `timeout_s` (never process a delivery twice)."""
    state = channel_state()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while loop.time() < deadline:
        await asyncio.sleep(0.2)
        stored = await asyncio.to_thread(state.inbound.reply_for, channel, key)
        if stored is not None:
            return stored
    return None


async def queue_follow_ups(state: ChannelState, responses: list[dict[str, Any]]) -> None:
    """Right after a filing: queue the page (urgent) and the caller's text. The worker's sweep queues any
    that a crash here loses; the idempotency keys keep it to one text each."""
    for message in responses:
        reference = filed_reference(message)
        if reference:
            try:
                await asyncio.to_thread(state.outbox.follow_up_filing, reference)
            except Exception:
                log.exception("queueing follow-ups of %s failed; the worker's sweep will", reference)


def filed_reference(message: dict[str, Any]) -> str | None:
    """The reference a bot message reports filed: a confirmed report's, or one filed without its type for a
    call back (actions/type_asking.py marks that reply `filed`)."""
    if message.get("utter_action") in FILED_RESPONSES and message.get("reference"):
        return str(message["reference"])
    return str(message["filed"]) if message.get("filed") else None


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

    def filed(self) -> bool:
        """Whether this turn filed a report (its reference was just given)."""
        return any(filed_reference(r) for r in self.responses)


async def converse(
    on_new_message: Callable[[UserMessage], Awaitable[Any]],
    output: KeepingOutputChannel,
    text: str,
    sender_id: str,
    message_id: str,
    metadata: dict[str, Any],
) -> KeepingOutputChannel:
    """Hands one message to the assistant, then queues the follow-ups of a filing it answered with."""
    with watching_turn() as turn:  # a failure Rasa swallows (action server, tracker store) raises here
        await on_new_message(
            UserMessage(
                text[: get_settings().max_message_chars],  # Twilio's maximum; nothing longer reaches NLU
                output,
                sender_id,
                input_channel=output.name(),
                message_id=message_id,
                metadata=metadata,
            )
        )
    turn.raise_if_failed(sender_id)
    await queue_follow_ups(channel_state(), output.responses)
    return output


class TwilioInputChannel(InputChannel):
    """A Twilio webhook: `GET /` answers a health check; `POST /webhook` refuses (403) a delivery whose
    signature does not match the raw posted parameters, and answers the rest with `reply(...)`'s TwiML.
    Secrets come from the environment (bot.settings), never from credentials.yml."""

    channel: ClassVar[str]  # the Rasa channel name, also the input_channel of every message
    described_as: ClassVar[str]  # for the refusal's log line: "an SMS", "a voice"
    sid_field: ClassVar[str]  # the delivery's own identifier: MessageSid, CallSid
    sid_format: ClassVar[re.Pattern]

    @classmethod
    def name(cls) -> str:
        return cls.channel

    @classmethod
    def from_credentials(cls, credentials: dict[str, Any] | None) -> InputChannel:
        require_auth_token(get_settings(), cls.channel)
        speedups.install()  # at server start: the largest share of a message's time, cut (speedups.py)
        return cls()

    def blueprint(self, on_new_message: Callable[[UserMessage], Awaitable[Any]]) -> Blueprint:
        module = type(self).__module__
        webhook = Blueprint(f"twilio_{self.channel}_webhook", module)
        channel_log = logging.getLogger(module)

        @webhook.route("/", methods=["GET"])
        async def health(_: Request) -> HTTPResponse:
            return response.json({"status": "ok"})

        @webhook.route("/webhook", methods=["POST"], stream=True)
        async def receive(request: Request) -> HTTPResponse:
            settings = get_settings()
            try:
                body = await read_body(request, settings.max_webhook_body_bytes)
            except BodyTooLarge:
                channel_log.warning("refused %s webhook larger than the limit", self.described_as)
                return response.text("too large", status=413)
            params = parse_params(body)
            if not is_signed(request, params, settings):
                channel_log.warning("refused %s webhook with a missing or wrong signature", self.described_as)
                return response.text("invalid signature", status=403)
            problem = account_problem(params, settings)
            if problem is None and not self.sid_format.fullmatch(params.get(self.sid_field) or ""):
                problem = f"a malformed or missing {self.sid_field}"
            if problem:
                channel_log.warning("refused %s webhook with %s", self.described_as, problem)
                return response.text("malformed delivery", status=400)
            try:
                reply = await self.reply(request, params, on_new_message)
            except Exception as error:  # never silence or an error page: a polite reply (resilience.py)
                return response.text(
                    await apology(self.channel, request, params, error), content_type="text/xml"
                )
            if isinstance(reply, HTTPResponse):
                return reply
            return response.text(reply, content_type="text/xml")

        return webhook

    async def reply(
        self,
        request: Request,
        params: dict[str, str],
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
    ) -> str | HTTPResponse:
        """The TwiML answer to one signed delivery (or a whole response, for a malformed one)."""
        raise NotImplementedError
