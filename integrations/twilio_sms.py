"""Twilio SMS/MMS input channel: `POST /webhooks/sms/webhook`, replying in TwiML `<Message>`.

Every delivery is signature-checked against PUBLIC_BASE_URL + path and the raw posted parameters; a
delivery is recorded by MessageSid before it is processed, so Twilio's retry gets the stored reply.
STOP/START/HELP are honoured, and so are their Spanish words (see SPANISH_STOP_WORDS); a later "no updates"
text ends the status texts about the resident's open reports (bot.notify.dispatch_rules). Photos ride along
as `photo_urls` metadata (a photo alone is kept for the resident's next text). The conversation is keyed by
the resident's E.164 number; `to` in the metadata picks the city. Every reply is folded into GSM-7
(accented vowels written plain, ñ ¿ ¡ kept: bot.notify.segments), so a Spanish reply costs no more
segments than an English one.
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
from bot.messages import language_of, say
from bot.messages.resident import office_hours_in
from bot.notify.dispatch_rules import declines_updates
from bot.notify.inbound import Claim, ClaimState, OptOut, spanish_opt_out
from bot.notify.numbers import e164
from bot.notify.photos import PhotoRefused, fetch_media, is_our_media_url
from bot.notify.segments import fold_for_sms
from bot.settings import get_settings
from integrations.resilience import retrieve_quietly
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
# Twilio's default opt-out keywords (whole message, any case); Twilio blocks the number and confirms itself
STOP_WORDS = frozenset({"stop", "stopall", "unsubscribe", "cancel", "end", "quit", "revoke", "optout"})
# Spanish opt-out words. Twilio's own handling knows only the English ones: for these Twilio blocks nothing and
# confirms nothing, so the line records the opt-out (the outbox then sends this number nothing) and confirms
# it in Spanish itself. "Cancelar" is left to the conversation: at the read-back it cancels the report.
# "Alto" is also an answer ("tall"): in a report in progress it is taken as one unless said twice in a row
# (bot.notify.inbound.spanish_opt_out).
SPANISH_STOP_WORDS = frozenset({"alto", "parar", "pare", "basta"})
START_WORDS = frozenset({"start", "unstop"})  # "yes" too, but only for a number that opted out
SPANISH_START_WORDS = frozenset({"inicio", "iniciar"})
HELP_WORDS = frozenset({"help", "info"})
SPANISH_HELP_WORDS = frozenset({"ayuda"})
MAX_MEDIA = 10  # Twilio sends at most 10 media per MMS
IN_PROGRESS_WAIT_S = (
    10.0  # a retry arriving while the first delivery is processed waits this long for its reply
)

_KEYWORD_NOISE = re.compile(r"[^a-z]")


def unknown_number_text() -> str:
    """To a number no pack lists: nothing tells the resident's language yet, so both."""
    return say("sms.unknown_number", "en") + "\n" + say("sms.unknown_number", "es")


async def resident_language(agent: Any, resident: str) -> str | None:
    """The `language` slot of the resident's conversation, None when there is none yet (or no agent)."""
    if agent is None or getattr(agent, "tracker_store", None) is None:
        return None
    try:
        tracker = await retrieve_quietly(agent, resident)
    except Exception:  # a failing store: the photo answer goes out in both languages
        return None
    value = tracker.get_slot("language") if tracker is not None else None
    return language_of(value) if value else None


async def conversation_state(agent: Any, resident: str) -> tuple[bool, str | None]:
    """Whether a report is in progress in the resident's conversation, and their last message before this one
    ((False, None) without an agent or when the store fails)."""
    if agent is None or getattr(agent, "tracker_store", None) is None:
        return False, None
    try:
        tracker = await retrieve_quietly(agent, resident)
    except Exception:  # a failing store: the word does what it says (the opt-out is honoured)
        return False, None
    if tracker is None:
        return False, None
    return bool(tracker.active_loop_name), tracker.latest_message.text if tracker.latest_message else None


def photo_only_text(language: str | None = None) -> str:
    """A photo with no words: in the conversation's language when known, else in both (short)."""
    if language:
        return say("sms.photo_only", language)
    return say("sms.photo_only_short", "en") + "\n" + say("sms.photo_only_short", "es")


def keyword(body: str) -> str | None:
    """The message as a single keyword ("Stop." -> "stop"), or None when it is more than one word."""
    words = body.strip().split()
    return _KEYWORD_NOISE.sub("", words[0].lower()) if len(words) == 1 else None


def twiml(*texts: str) -> str:
    """A TwiML reply: one <Message> carrying the texts folded into GSM-7, or an empty <Response/> for none."""
    reply = MessagingResponse()
    if texts:
        reply.message(fold_for_sms("\n\n".join(texts)))
    return str(reply)


def help_text(pack: Pack, language: str = "en") -> str:
    return say(
        "sms.help", language, city=pack.name, office_name=pack.office_name,
        office_phone=office_phone_national(pack), office_hours=office_hours_in(pack.office_hours_text(), language),
    )  # fmt: skip


def start_text(pack: Pack, language: str = "en") -> str:
    return say("sms.start", language, city=pack.name)


def spanish_stop_text(pack: Pack) -> str:
    return say("sms.stopped", "es", city=pack.name)


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
        return await self.handle(params, on_new_message, getattr(request.app.ctx, "agent", None))

    async def handle(
        self,
        params: dict[str, str],
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
        agent: Any = None,
    ) -> str:
        """The TwiML reply to one signed delivery."""
        city_number, pack = called_city(params)
        if pack is None:
            log.warning("SMS to %s, a number no jurisdiction pack lists", masked(city_number))
            return twiml(unknown_number_text())
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
                pack, city_number, resident, sid, params, claim, on_new_message, agent
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
        agent: Any = None,
    ) -> tuple[str, list[int]]:
        """The reply, and the ids of waiting photos this message carried into the conversation."""
        state = channel_state()
        body = (params.get("Body") or "").strip()
        word = keyword(body)
        note = None
        if word in SPANISH_STOP_WORDS and not claim.opted_out:
            in_progress, previous = await conversation_state(agent, resident)
            if spanish_opt_out(word, in_progress, previous) is OptOut.CONFIRM:
                word, note = None, say("sms.stop_word_taken_as_answer", "es")  # an answer ("alto": tall)
        if word in STOP_WORDS or word in SPANISH_STOP_WORDS:
            await asyncio.to_thread(state.inbound.opt_out, resident)
            log.info("SMS %s: a number opted out", sid)
            if word in SPANISH_STOP_WORDS and not claim.opted_out:
                return twiml(spanish_stop_text(pack)), []  # Twilio confirms only its English keywords
            return twiml(), []  # Twilio itself confirms the opt-out to the resident
        if word in START_WORDS or word in SPANISH_START_WORDS or (word == "yes" and claim.opted_out):
            await asyncio.to_thread(state.inbound.opt_in, resident)
            log.info("SMS %s: a number opted back in", sid)
            return twiml(start_text(pack, "es" if word in SPANISH_START_WORDS else "en")), []
        if claim.opted_out:
            return twiml(), []
        if word in HELP_WORDS or word in SPANISH_HELP_WORDS:
            return twiml(help_text(pack, "es" if word in SPANISH_HELP_WORDS else "en")), []
        declined_in = declines_updates(body)
        if declined_in:  # status texts end; the line still listens (STOP ends every text)
            await asyncio.to_thread(state.dispatch.decline_updates, resident)
            log.info("SMS %s: a resident declined status texts", sid)
            return twiml(say("sms.no_updates", declined_in, city=pack.name)), []

        photos = await keep_photos(media_urls(params))
        if not body and photos:
            await asyncio.to_thread(state.inbound.keep_photos, resident, photos)
            # in the conversation's language; both languages before there is one
            return twiml(photo_only_text(await resident_language(agent, resident))), []
        pending = claim.pending_photos
        metadata = {"to": city_number, "photo_urls": [url for _, url in pending] + photos}
        output = await converse(on_new_message, SmsOutputChannel(), body, resident, sid, metadata)
        return twiml(*output.texts, *([note] if note else [])), [photo_id for photo_id, _ in pending]
