"""Twilio voice input channel, the after-hours line: `POST /webhooks/voice/webhook`, answering in TwiML.

Each turn is a `<Gather input="speech">` whose action URL carries the next turn number, so CallSid + turn
is the idempotency key of every webhook delivery. Silence gets one reprompt, then a goodbye; every end
is a `<Hangup/>`. During the city's office hours the caller can be put through to City Hall (`<Dial>`).
The conversation is keyed by the caller's E.164 number; every call starts a fresh session.
"""

from __future__ import annotations

import asyncio
import logging
import re
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
from bot.notify.outbox import verbal_complaint_note
from integrations.twilio_common import (
    KeepingOutputChannel,
    TwilioInputChannel,
    called_city,
    channel_state,
    converse,
    e164,
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


def turn_url(turn: int, silences: int = 0) -> str:
    return f"{WEBHOOK_PATH}?turn={turn}&silences={silences}"


def gather(reply: VoiceResponse, pack: Pack, prompt: str, turn: int, silences: int = 0) -> str:
    """Ask and listen; an empty result comes back to the webhook (one reprompt, then goodbye)."""
    listen = Gather(
        input="speech",
        action=turn_url(turn, silences),
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


async def _report_in_progress(agent: Any, caller: str) -> bool:
    if agent is None:
        return False
    tracker = await agent.tracker_store.retrieve(caller)
    return bool(tracker is not None and tracker.active_loop_name)


class VoiceOutputChannel(KeepingOutputChannel):
    channel_name = CHANNEL


class TwilioVoiceInput(TwilioInputChannel):
    """Register in credentials.yml as `integrations.twilio_voice.TwilioVoiceInput: {}`."""

    channel = CHANNEL
    described_as = "a voice"

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
        return await self.handle(params, turn, silences, on_new_message, agent)

    async def handle(
        self,
        params: dict[str, str],
        turn: int,
        silences: int,
        on_new_message: Callable[[UserMessage], Awaitable[Any]],
        agent: Any = None,
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
            reply = await self._turn(
                pack, city_number, call_sid, turn, silences, params, on_new_message, agent
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
    ) -> str:
        # a withheld caller ID has no number: the call itself is the conversation then
        caller = e164(params.get("From")) or f"call:{call_sid}"
        metadata = {"to": city_number, "call_sid": call_sid}
        if params.get("Confidence"):
            metadata["asr_confidence"] = params["Confidence"]  # a place heard unclearly is read back
        office_open = pack.is_office_open(self._clock())
        if turn == 0:
            if agent is not None:
                await self._start_fresh_session(agent, caller, metadata)
            return gather(VoiceResponse(), pack, self._greeting(pack, office_open), turn + 1)
        if turn > MAX_TURNS:
            return goodbye(TOO_LONG_GOODBYE)

        speech = (params.get("SpeechResult") or "").strip()
        if not speech:
            if silences + 1 >= MAX_SILENCES:
                return goodbye(SILENCE_GOODBYE)
            previous = await asyncio.to_thread(
                channel_state().inbound.reply_for, CHANNEL, f"{call_sid}:{turn - 1}"
            )
            prompt = last_prompt(previous) or "Please tell me what's happening, and where."
            return gather(VoiceResponse(), pack, f"{SILENCE_REPROMPT} {prompt}", turn + 1, silences + 1)

        # never transferred out of the middle of a report because of a word in an answer ("a person")
        if office_open and PERSON_PHRASES.search(speech) and not await _report_in_progress(agent, caller):
            reply = VoiceResponse()
            reply.say(f"Putting you through to {pack.office_name}.", voice=VOICE, language=LANGUAGE)
            reply.dial(pack.office_phone)
            reply.hangup()
            return str(reply)

        output = await converse(
            on_new_message, VoiceOutputChannel(), speech, caller, f"{call_sid}:{turn}", metadata
        )
        spoken = " ".join(for_the_ear(text) for text in output.texts) or "Sorry, I didn't catch that."
        if output.said("utter_filed", "utter_filed_urgent"):
            note = verbal_complaint_note(pack)
            return goodbye(f"{spoken} {note} Thank you for calling. Goodbye.".replace("  ", " "))
        if output.said(*ENDING_RESPONSES):
            return goodbye(spoken if spoken.rstrip(".").lower().endswith("goodbye") else f"{spoken} Goodbye.")
        return gather(VoiceResponse(), pack, spoken, turn + 1)

    @staticmethod
    def _greeting(pack: Pack, office_open: bool) -> str:
        greeting = f"Hello, this is the {pack.name.split(',')[0]} animal complaint line."
        if office_open:
            greeting += " City Hall is open now: to talk to a person, say City Hall."
        return f"{greeting} Tell me what's happening: a barking animal, an animal running loose, or a bite. And where?"

    @staticmethod
    async def _start_fresh_session(agent: Any, caller: str, metadata: dict[str, str]) -> None:
        """Every call starts a new session carrying `to` (the number called), as a text after a quiet
        day does; the caller's earlier texts or calls do not leak into this call."""
        processor = agent.processor
        async with agent.lock_store.lock(caller):
            tracker = await processor.get_tracker(caller)
            tracker.update(SlotSet(SESSION_START_METADATA_SLOT, metadata))
            await processor.save_tracker(tracker)
            await processor.execute_action(
                caller,
                ACTION_SESSION_START_NAME,
                VoiceOutputChannel(),
                processor.nlg,
                PolicyPrediction.for_action_name(processor.domain, ACTION_SESSION_START_NAME),
            )
