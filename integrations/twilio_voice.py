"""Twilio voice input channel, the after-hours line: `POST /webhooks/voice/webhook`, answering in TwiML.

Each turn is a `<Gather input="speech">` whose action URL carries the next turn number, so CallSid + turn
is the idempotency key of every webhook delivery. Silence gets one reprompt, then a goodbye; every end
is a `<Hangup/>`. During the city's office hours the caller can be put through to City Hall (`<Dial>`).
Every call is a conversation of its own, `call:<CallSid>`, so it never touches the same resident's
unfinished SMS conversation; the caller's number rides in each message's metadata (`caller`).
Caller ID can be spoofed: report status is read out only to a verified caller (`caller_verified`): full
STIR/SHAKEN attestation (StirVerstat TN-Validation-Passed-A), or a one-time code texted to the number and
said back. The verified state and the code's digest ride in the next turn's action URL, which Twilio signs.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
import xml.etree.ElementTree as ET
from collections.abc import Awaitable, Callable
from datetime import datetime, timezone
from typing import Any

from rasa.core.channels.channel import UserMessage
from rasa.core.policies.policy import PolicyPrediction
from rasa.shared.core.constants import ACTION_SESSION_START_NAME, SESSION_START_METADATA_SLOT
from rasa.shared.core.events import SlotSet
from sanic import response
from sanic.request import Request
from sanic.response import HTTPResponse
from twilio.twiml.voice_response import Gather, VoiceResponse

from bot.jurisdictions import Pack
from bot.nlp.gazetteer import NAMED_LANDMARKS, STREETS
from bot.notify.inbound import ClaimState
from bot.notify.numbers import e164
from bot.notify.outbox import verbal_complaint_note
from bot.settings import get_settings
from integrations.twilio_common import (
    CALL_SID,
    KeepingOutputChannel,
    TwilioInputChannel,
    called_city,
    channel_state,
    converse,
    masked,
    wait_for_stored_reply,
)

log = logging.getLogger(__name__)

CHANNEL = "voice"
WEBHOOK_PATH = "/webhooks/voice/webhook"
MAX_SILENCES = 2  # the second silence in a row ends the call
MAX_TURNS = 40  # a hard end, whatever happens
IN_PROGRESS_WAIT_S = 10.0
VOICE = "Polly.Joanna"
LANGUAGE = "en-US"
ENDING_RESPONSES = ("utter_goodbye", "utter_report_cancelled")
ANIMAL_HINTS = (
    "dog", "cat", "puppy", "pit bull", "German shepherd", "lab", "husky", "rottweiler", "horse", "cow",
    "pig", "goat", "sheep", "chicken", "rooster", "duck", "raccoon", "skunk", "bat", "snake", "fox",
    "coyote", "barking", "bit", "bite", "loose", "running loose", "at large",
)  # fmt: skip
PERSON_PHRASES = re.compile(
    r"\b(city hall|a person|real person|someone|somebody|operator|representative|human|clerk|talk to)\b", re.I
)
UNKNOWN_NUMBER_SPEECH = (
    "Sorry, this number isn't set up for a city's animal complaint line. Please call your city hall. Goodbye."
)
SILENCE_REPROMPT = "Sorry, I didn't hear anything."
SILENCE_GOODBYE = "I still can't hear you, so I'll hang up now. Call back any time. Goodbye."
TOO_LONG_GOODBYE = "Let's stop here. Please call your city hall during office hours. Goodbye."
FAILURE_SPEECH = "Sorry, something went wrong on our side. Please call again in a few minutes. Goodbye."
FULL_ATTESTATION = "TN-Validation-Passed-A"  # Twilio's StirVerstat for a fully attested caller ID
CODE_DIGITS = 6
CODE_SENT_SPEECH = (
    "For your privacy, I've texted a six digit code to the number you're calling from. Please say the code."
)
CODE_WITHHELD_SPEECH = "For your privacy, I can read out reports only to a caller whose number I can see."
CODE_OK_SPEECH = "Thank you, that's the right code. Now ask me again about your report."
CODE_WRONG_SPEECH = "Sorry, that code doesn't match. You can ask about your report again for a new code."
_REFERENCE = re.compile(r"\b([A-Z]{2,5})-(\d{4})-(\d{3,6})\b")
_FOR_THE_EAR = (
    (re.compile(r"\bReply YES\b", re.I), "Say yes"),
    (re.compile(r"\bReply SKIP\b", re.I), "Say skip"),
    (re.compile(r"\btext again\b", re.I), "call again"),
)


def for_the_ear(text: str) -> str:
    """SMS wording made sayable: 'Reply YES' -> 'Say yes'; references spelled out character by character."""
    for pattern, spoken in _FOR_THE_EAR:
        text = pattern.sub(spoken, text)
    return _REFERENCE.sub(lambda m: ", ".join((" ".join(m[1]), " ".join(m[2]), " ".join(m[3]))), text)


def speech_hints(pack: Pack) -> str:
    """Street names and landmarks of the city (bot.nlp gazetteer) and animal words, for recognition."""
    hints: list[str] = list(ANIMAL_HINTS)
    hints += [f"{name.title()} Street" for name in STREETS.get(pack.code, ())]
    hints += [name.title() for name in NAMED_LANDMARKS.get(pack.code, ())]
    return ", ".join(dict.fromkeys(hints[:450]))


def turn_url(turn: int, silences: int = 0, verified: bool = False, code_digest: str = "") -> str:
    url = f"{WEBHOOK_PATH}?turn={turn}&silences={silences}"
    if verified:
        url += "&verified=1"
    if code_digest:
        url += f"&code={code_digest}"
    return url


def code_digest(call_sid: str, code: str) -> str:
    """Keyed digest of a one-time code for the next turn's URL (only Twilio sees the TwiML)."""
    key = get_settings().twilio_auth_token.encode("utf-8") or b"development"
    return hmac.new(key, f"{call_sid}:{code}".encode(), hashlib.sha256).hexdigest()[:32]


def spoken_code(speech: str) -> str:
    """The digits of a spoken code: Twilio renders "one two three" as "1 2 3" or "123"."""
    return re.sub(r"\D", "", speech)[: CODE_DIGITS + 1]


def gather(
    reply: VoiceResponse,
    pack: Pack,
    prompt: str,
    turn: int,
    silences: int = 0,
    verified: bool = False,
    digest: str = "",
) -> str:
    """Ask and listen; an empty result comes back to the webhook (one reprompt, then goodbye)."""
    listen = Gather(
        input="speech",
        action=turn_url(turn, silences, verified, digest),
        method="POST",
        speech_timeout="auto",
        timeout=6,
        language=LANGUAGE,
        speech_model="phone_call",  # tuned for phone audio
        hints=speech_hints(pack),
        action_on_empty_result=True,
    )
    listen.say(prompt, voice=VOICE, language=LANGUAGE)
    reply.append(listen)
    # only reached if Twilio could not call the action: end rather than loop
    reply.say("Goodbye.", voice=VOICE, language=LANGUAGE)
    reply.hangup()
    return str(reply)


def goodbye(text: str) -> str:
    reply = VoiceResponse()
    reply.say(text, voice=VOICE, language=LANGUAGE)
    reply.hangup()
    return str(reply)


def last_prompt(twiml: str | None) -> str | None:
    """The question asked in an earlier turn's reply, for the reprompt."""
    if not twiml:
        return None
    try:
        root = ET.fromstring(twiml)
    except ET.ParseError:
        return None
    said = root.find("./Gather/Say")
    return said.text if said is not None else None


async def _report_in_progress(agent: Any, conversation: str) -> bool:
    if agent is None:
        return False
    tracker = await agent.tracker_store.retrieve(conversation)
    return bool(tracker is not None and tracker.active_loop_name)


class VoiceOutputChannel(KeepingOutputChannel):
    channel_name = CHANNEL


class TwilioVoiceInput(TwilioInputChannel):
    """Register in credentials.yml as `integrations.twilio_voice.TwilioVoiceInput: {}`."""

    channel = CHANNEL
    described_as = "a voice"
    sid_field = "CallSid"
    sid_format = CALL_SID

    def __init__(self, clock: Callable[[], datetime] | None = None) -> None:
        self._clock = clock or (lambda: datetime.now(timezone.utc))

    async def reply(
        self,
        request: Request,
        params: dict[str, str],
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
    ) -> str | HTTPResponse:
        try:
            turn = int(request.args.get("turn", 0))
            silences = int(request.args.get("silences", 0))
        except ValueError:
            return response.text("bad turn", status=400)
        agent = getattr(request.app.ctx, "agent", None)
        # the query is part of the signed URL: only Twilio, following our own TwiML, can carry these
        call_state = {"verified": request.args.get("verified") == "1", "code": request.args.get("code") or ""}
        return await self.handle(params, turn, silences, on_new_message, agent, call_state)

    async def handle(
        self,
        params: dict[str, str],
        turn: int,
        silences: int,
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
        agent: Any = None,
        call_state: dict[str, Any] | None = None,
    ) -> str:
        city_number, pack = called_city(params)
        if pack is None:
            log.warning("call to %s, a number no jurisdiction pack lists", masked(city_number))
            return goodbye(UNKNOWN_NUMBER_SPEECH)
        call_sid = params.get("CallSid")
        if not call_sid:
            return goodbye(FAILURE_SPEECH)
        key = f"{call_sid}:{turn}"
        state = channel_state()
        claim = state.inbound.claim_request(CHANNEL, key)  # on the loop, as in the SMS channel
        if claim.state is ClaimState.DONE and claim.reply_twiml:
            return claim.reply_twiml
        if claim.state is ClaimState.IN_PROGRESS:
            stored = await wait_for_stored_reply(CHANNEL, key, IN_PROGRESS_WAIT_S)
            return stored if stored is not None else goodbye(FAILURE_SPEECH)
        try:
            state_of_call = dict(call_state or {})
            if turn == 0:  # attestation is judged once, on the call's first webhook
                state_of_call["verified"] = params.get("StirVerstat") == FULL_ATTESTATION
            reply = await self._turn(
                pack, city_number, call_sid, turn, silences, params, on_new_message, agent, state_of_call
            )
        except Exception:
            log.exception("voice turn %d of %s failed", turn, call_sid)
            reply = goodbye(FAILURE_SPEECH)
        state.inbound.complete_request(CHANNEL, key, reply)
        return reply

    async def _turn(
        self,
        pack: Pack,
        city_number: str,
        call_sid: str,
        turn: int,
        silences: int,
        params: dict[str, str],
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
        agent: Any,
        call_state: dict[str, Any],
    ) -> str:
        conversation = f"call:{call_sid}"  # never the caller's number: an SMS conversation stays untouched
        caller = e164(params.get("From"))  # None for a withheld caller ID
        verified = bool(call_state.get("verified")) and caller is not None
        metadata = {"to": city_number, "call_sid": call_sid, "caller": caller, "caller_verified": verified}
        if params.get("Confidence"):
            metadata["asr_confidence"] = params["Confidence"]  # a place heard unclearly is read back
        office_open = pack.is_office_open(self._clock())
        if turn == 0:
            if agent is not None:
                await self._start_fresh_session(agent, conversation, metadata)
            return gather(VoiceResponse(), pack, self._greeting(pack, office_open), turn + 1, 0, verified)
        if turn > MAX_TURNS:
            return goodbye(TOO_LONG_GOODBYE)

        speech = (params.get("SpeechResult") or "").strip()
        if not speech:
            return await self._reprompt(
                pack, call_sid, turn, silences, verified, call_state.get("code") or ""
            )
        if call_state.get("code") and caller is not None:
            verified = hmac.compare_digest(code_digest(call_sid, spoken_code(speech)), call_state["code"])
            return gather(VoiceResponse(), pack, CODE_OK_SPEECH if verified else CODE_WRONG_SPEECH, turn + 1,
                          0, verified)  # fmt: skip

        # never transferred out of the middle of a report because of a word in an answer ("a person")
        if (
            office_open
            and PERSON_PHRASES.search(speech)
            and not await _report_in_progress(agent, conversation)
        ):
            reply = VoiceResponse()
            reply.say(f"Putting you through to {pack.office_name}.", voice=VOICE, language=LANGUAGE)
            reply.dial(pack.office_phone)
            reply.hangup()
            return str(reply)

        output = await converse(
            on_new_message, VoiceOutputChannel(), speech, conversation, f"{call_sid}:{turn}", metadata
        )
        return await self._answer(pack, city_number, call_sid, caller, turn, verified, output)

    @staticmethod
    async def _reprompt(
        pack: Pack, call_sid: str, turn: int, silences: int, verified: bool, digest: str
    ) -> str:
        """Silence: the last question once more, then goodbye."""
        if silences + 1 >= MAX_SILENCES:
            return goodbye(SILENCE_GOODBYE)
        previous = await asyncio.to_thread(
            channel_state().inbound.reply_for, CHANNEL, f"{call_sid}:{turn - 1}"
        )
        prompt = last_prompt(previous) or "Please tell me what's happening, and where."
        return gather(
            VoiceResponse(), pack, f"{SILENCE_REPROMPT} {prompt}", turn + 1, silences + 1, verified, digest
        )

    async def _answer(
        self,
        pack: Pack,
        city_number: str,
        call_sid: str,
        caller: str | None,
        turn: int,
        verified: bool,
        output: KeepingOutputChannel,
    ) -> str:
        """The assistant's answer made sayable; a status question from an unverified caller gets a code."""
        spoken = " ".join(for_the_ear(text) for text in output.texts) or "Sorry, I didn't catch that."
        if output.said("utter_filed", "utter_filed_urgent"):
            note = verbal_complaint_note(pack)
            return goodbye(f"{spoken} {note} Thank you for calling. Goodbye.".replace("  ", " "))
        if output.said(*ENDING_RESPONSES):
            return goodbye(spoken if spoken.rstrip(".").lower().endswith("goodbye") else f"{spoken} Goodbye.")
        if any((r.get("custom") or {}).get("verify_caller") for r in output.responses):
            if caller is None:
                return gather(VoiceResponse(), pack, CODE_WITHHELD_SPEECH, turn + 1, 0, verified)
            digest = await self._text_code(pack, city_number, call_sid, caller, turn)
            return gather(VoiceResponse(), pack, CODE_SENT_SPEECH, turn + 1, 0, verified, digest)
        return gather(VoiceResponse(), pack, spoken, turn + 1, 0, verified)

    @staticmethod
    async def _text_code(pack: Pack, city_number: str, call_sid: str, caller: str, turn: int) -> str:
        """Queue a one-time code to the caller's number (outbox); its digest goes in the next turn's URL."""
        code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
        body = f"{pack.name} animal line: your code is {code}. Say it on the call to hear your reports."
        await asyncio.to_thread(
            channel_state().outbox.enqueue,
            key=f"voice_code:{call_sid}:{turn}",
            purpose="voice_code",
            jurisdiction=pack.code,
            to_number=caller,
            from_number=city_number,
            body=body,
        )
        return code_digest(call_sid, code)

    @staticmethod
    def _greeting(pack: Pack, office_open: bool) -> str:
        greeting = f"Hello, this is the {pack.name.split(',')[0]} animal complaint line."
        if office_open:
            greeting += " City Hall is open now: to talk to a person, say City Hall."
        return f"{greeting} Tell me what's happening: a barking animal, an animal running loose, or a bite. And where?"

    @staticmethod
    async def _start_fresh_session(agent: Any, conversation: str, metadata: dict[str, Any]) -> None:
        """Every call is a new conversation whose session carries `to` (the number called); the caller's
        earlier texts or calls do not leak into this call, and this call does not end them."""
        processor = agent.processor
        async with agent.lock_store.lock(conversation):
            tracker = await processor.get_tracker(conversation)
            tracker.update(SlotSet(SESSION_START_METADATA_SLOT, metadata))
            await processor.save_tracker(tracker)
            await processor.execute_action(
                conversation,
                ACTION_SESSION_START_NAME,
                VoiceOutputChannel(),
                processor.nlg,
                PolicyPrediction.for_action_name(processor.domain, ACTION_SESSION_START_NAME),
            )
