"""Twilio SMS/MMS input channel: `POST /webhooks/sms/webhook`, replying in TwiML `<Message>`.

Every delivery is signature-checked against PUBLIC_BASE_URL + path and the raw posted parameters; a
delivery is recorded by MessageSid before it is processed, so Twilio's retry gets the stored reply.
STOP/START/HELP are honoured; photos ride along as `photo_urls` metadata (a photo alone is kept for the
resident's next text). The conversation is keyed by the resident's E.164 number; `to` in the metadata
picks the city.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from rasa.core.channels.channel import UserMessage
from sanic.request import Request
from twilio.twiml.messaging_response import MessagingResponse

from bot.jurisdictions import Pack
from bot.notify.inbound import Claim, ClaimState
from bot.notify.numbers import e164
from bot.notify.photos import PhotoRefused, fetch_media, is_our_media_url
from bot.settings import get_settings
from integrations.twilio_common import (
    MESSAGE_SID,
    KeepingOutputChannel,
    TwilioInputChannel,
    called_city,
    channel_state,
    converse,
    masked,
    office_phone_national,
    wait_for_stored_reply,
)

log = logging.getLogger(__name__)

CHANNEL = "sms"
# Twilio's default opt-out keywords (whole message, any case)
STOP_WORDS = frozenset({"stop", "stopall", "unsubscribe", "cancel", "end", "quit"})
START_WORDS = frozenset({"start", "unstop"})  # "yes" too, but only for a number that opted out
HELP_WORDS = frozenset({"help", "info"})
MAX_MEDIA = 10  # Twilio sends at most 10 media per MMS
IN_PROGRESS_WAIT_S = (
    10.0  # a retry arriving while the first delivery is processed waits this long for its reply
)

UNKNOWN_NUMBER_TEXT = (
    "Sorry, this number isn't set up for a city's animal complaint line yet. Please call your city hall."
)
PHOTO_ONLY_TEXT = (
    "Thanks, I've got your photo and it will go with your report. "
    "Now tell me in words: what's happening (barking, a loose animal, or a bite) and where?"
)
_KEYWORD_NOISE = re.compile(r"[^a-z]")


def keyword(body: str) -> str | None:
    """The message as a single keyword ("Stop." -> "stop"), or None when it is more than one word."""
    words = body.strip().split()
    return _KEYWORD_NOISE.sub("", words[0].lower()) if len(words) == 1 else None


def twiml(*texts: str) -> str:
    """A TwiML reply: one <Message> carrying the texts, or an empty <Response/> for none."""
    reply = MessagingResponse()
    if texts:
        reply.message("\n\n".join(texts))
    return str(reply)


def help_text(pack: Pack) -> str:
    office = office_phone_national(pack)
    return (
        f"{pack.name} animal complaint line: text what's happening (barking, a loose animal, a bite) and where. "
        f"{pack.office_name}: {office} ({pack.office_hours_text()}). Emergencies: 911. Reply STOP to opt out."
    )


def start_text(pack: Pack) -> str:
    return f"You'll get texts from the {pack.name} animal complaint line again. Tell me what's happening and where."


def media_urls(params: dict[str, str]) -> list[str]:
    try:
        count = min(int(params.get("NumMedia") or 0), MAX_MEDIA)
    except ValueError:
        count = 0
    return [params[f"MediaUrl{i}"] for i in range(count) if params.get(f"MediaUrl{i}")]


async def keep_photos(urls: list[str]) -> list[str]:
    """Our own EXIF-stripped copies (`/photos/<token>`) of the Twilio media of our account; anything else
    (another account, an off-site or `javascript:` URL, a file that is no image) is dropped."""
    settings = get_settings()
    kept = []
    for url in urls:
        if not is_our_media_url(url, settings.twilio_account_sid):
            log.warning("dropped a media URL that is not our Twilio account's")
            continue
        try:
            data = await asyncio.to_thread(
                fetch_media, url, settings.twilio_account_sid, settings.twilio_auth_token,
                settings.twilio_api_base_url,
            )  # fmt: skip
            kept.append(await asyncio.to_thread(channel_state().photos.keep, data))
        except PhotoRefused as error:
            log.warning("dropped a photo: %s", error)
    return kept


class SmsOutputChannel(KeepingOutputChannel):
    channel_name = CHANNEL


class TwilioSmsInput(TwilioInputChannel):
    """Register in credentials.yml as `integrations.twilio_sms.TwilioSmsInput: {}`; secrets come from the
    environment (bot.settings), never from that file."""

    channel = CHANNEL
    described_as = "an SMS"
    sid_field = "MessageSid"
    sid_format = MESSAGE_SID

    async def reply(
        self,
        request: Request,
        params: dict[str, str],
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
    ) -> str:
        return await self.handle(params, on_new_message)

    async def handle(
        self, params: dict[str, str], on_new_message: Callable[[UserMessage], Awaitable[Any]]
    ) -> str:
        """The TwiML reply to one signed delivery."""
        city_number, pack = called_city(params)
        if pack is None:
            log.warning("SMS to %s, a number no jurisdiction pack lists", masked(city_number))
            return twiml(UNKNOWN_NUMBER_TEXT)
        sid = params.get("MessageSid")  # its format was checked with the signature
        resident = e164(params.get("From"))
        if not sid or not resident:
            log.warning("SMS without a MessageSid or a valid sender number; nothing processed")
            return twiml()

        state = channel_state()
        # Called on the event loop, not in a thread: the claim is one indexed insert (~1 ms), while a hop
        # to a thread and back waits behind other conversations' model inference on a busy server
        # (bench/sms_bench.py, paced: p50 157 -> 132 ms). Rasa's SQL tracker store blocks the same way.
        claim = state.inbound.claim_request(CHANNEL, sid, resident)
        if claim.state is ClaimState.DONE:
            return claim.reply_twiml or twiml()
        if claim.state is ClaimState.IN_PROGRESS:
            stored = await wait_for_stored_reply(CHANNEL, sid, IN_PROGRESS_WAIT_S)
            # the first delivery's answer goes out with it; never process twice
            return stored if stored is not None else twiml()
        try:
            reply, delivered_photos = await self._process(
                pack, city_number, resident, sid, params, claim, on_new_message
            )
        except Exception:
            await asyncio.to_thread(state.inbound.abandon_request, CHANNEL, sid)
            raise
        state.inbound.complete_request(CHANNEL, sid, reply, delivered_photos)
        return reply

    async def _process(
        self,
        pack: Pack,
        city_number: str,
        resident: str,
        sid: str,
        params: dict[str, str],
        claim: Claim,
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
    ) -> tuple[str, list[int]]:
        """The reply, and the ids of waiting photos this message carried into the conversation."""
        state = channel_state()
        body = (params.get("Body") or "").strip()
        word = keyword(body)
        if word in STOP_WORDS:
            await asyncio.to_thread(state.inbound.opt_out, resident)
            log.info("SMS %s: a number opted out", sid)
            return twiml(), []  # Twilio itself confirms the opt-out to the resident
        if word in START_WORDS or (word == "yes" and claim.opted_out):
            await asyncio.to_thread(state.inbound.opt_in, resident)
            log.info("SMS %s: a number opted back in", sid)
            return twiml(start_text(pack)), []
        if claim.opted_out:
            return twiml(), []
        if word in HELP_WORDS:
            return twiml(help_text(pack)), []

        photos = await keep_photos(media_urls(params))
        if not body and photos:
            await asyncio.to_thread(state.inbound.keep_photos, resident, photos)
            return twiml(PHOTO_ONLY_TEXT), []
        pending = claim.pending_photos
        metadata = {"to": city_number, "photo_urls": [url for _, url in pending] + photos}
        output = await converse(on_new_message, SmsOutputChannel(), body, resident, sid, metadata)
        return twiml(*output.texts), [photo_id for photo_id, _ in pending]
