"""Twilio voice input channel, the after-hours line: `POST /webhooks/voice/webhook`, answering in TwiML.

Each turn is a `<Gather input="speech">` whose action URL carries the next turn number, so CallSid + turn
is the idempotency key of every webhook delivery. Silence gets one reprompt, then a goodbye; every end
is a `<Hangup/>`. During the city's office hours the caller can be put through to City Hall (`<Dial>`).
Every call is a conversation of its own, `call:<CallSid>`, so it never touches the same resident's
unfinished SMS conversation; the caller's number rides in each message's metadata (`caller`).
Caller ID can be spoofed: report status is read out only to a verified caller (`caller_verified`): full
STIR/SHAKEN attestation (StirVerstat TN-Validation-Passed-A), or a one-time code texted to the number and
said back. The verified state and the code's digest ride in the next turn's action URL, which Twilio signs.
The call's language rides there too (`lang=es`): the first prompt offers Spanish, "español" switches
the call, and after each turn the conversation's `language` slot decides it (integrations/voice_state.py);
in Spanish every Gather listens in es-MX and every Say uses the es-MX voice (integrations/voice_twiml.py).
Every fixed text the line says is in bot/messages/voice.py.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
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
from twilio.twiml.voice_response import VoiceResponse

from bot.jurisdictions import Pack
from bot.messages import DEFAULT_LANGUAGE, language_of, say
from bot.nlp.animals.taxonomy import names_an_animal
from bot.notify.inbound import ClaimState
from bot.notify.numbers import e164
from bot.notify.outbox import verbal_complaint_note
from bot.notify.status_codes import CodeLimits
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
from integrations.voice_state import (  # noqa: F401 (conversation_language, set_conversation_language: API)
    conversation_language,
    report_in_progress,
    set_conversation_language,
)
from integrations.voice_twiml import (  # noqa: F401 (for_the_ear, speech_hints, turn_url: this module's API)
    SPEECH,
    WEBHOOK_PATH,
    add_say,
    for_the_ear,
    gather,
    goodbye,
    language_pick,
    last_prompt,
    speech_hints,
    turn_url,
)

log = logging.getLogger(__name__)

CHANNEL = "voice"
MAX_SILENCES = 2  # the second silence in a row ends the call
MAX_TURNS = 40  # a hard end, whatever happens
IN_PROGRESS_WAIT_S = 10.0
VOICE = SPEECH[DEFAULT_LANGUAGE].voice  # English, before the call's language is known
LANGUAGE = SPEECH[DEFAULT_LANGUAGE].recognition
ENDING_RESPONSES = ("utter_goodbye", "utter_report_cancelled")
# Asking for City Hall in office hours puts the call through. A request said as one ("talk to", "city hall")
# always counts; a bare "somebody" or "a person" only when the words name no animal: "somebody's goats got
# out" and "a dog bit a person" are reports (both were put through to City Hall in office hours).
PERSON_REQUESTS = re.compile(
    r"\b(city hall|real person|operator|representative|talk to|speak to|speak with|oficina|operador|operadora"
    r"|hablar con|ayuntamiento|alcald[ií]a)\b",
    re.I,
)
PERSON_WORDS = re.compile(r"\b(a person|someone|somebody|human|clerk|una persona|alguien)\b", re.I)


def asks_for_a_person(speech: str) -> bool:
    """Whether the caller's words ask to be put through to a person (see PERSON_REQUESTS)."""
    if PERSON_REQUESTS.search(speech):
        return True
    return bool(PERSON_WORDS.search(speech)) and not names_an_animal(speech)


# the English wordings under their former names (bot/messages/voice.py holds every language)
_FORMER_NAMES = {
    "UNKNOWN_NUMBER_SPEECH": "voice_unknown_number",
    "SILENCE_REPROMPT": "voice_silence_reprompt",
    "SILENCE_GOODBYE": "voice_silence_goodbye",
    "TOO_LONG_GOODBYE": "voice_too_long_goodbye",
    "FAILURE_SPEECH": "voice_failure",
    "CODE_SENT_SPEECH": "voice_code_sent",
    "CODE_WITHHELD_SPEECH": "voice_code_withheld",
    "CODE_OK_SPEECH": "voice_code_ok",
    "CODE_WRONG_SPEECH": "voice_code_wrong",
}
FULL_ATTESTATION = "TN-Validation-Passed-A"  # Twilio's StirVerstat for a fully attested caller ID
CODE_DIGITS = 6


def __getattr__(name: str) -> str:
    """`CODE_SENT_SPEECH` and the other former constants: the English text, looked up on use."""
    if name in _FORMER_NAMES:
        return say(_FORMER_NAMES[name], DEFAULT_LANGUAGE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def code_digest(call_sid: str, code: str) -> str:
    """Keyed digest of a one-time code for the next turn's URL (only Twilio sees the TwiML)."""
    key = get_settings().twilio_auth_token.encode("utf-8") or b"development"
    return hmac.new(key, f"{call_sid}:{code}".encode(), hashlib.sha256).hexdigest()[:32]


def spoken_code(speech: str) -> str:
    """The digits of a spoken code: Twilio renders "one two three" as "1 2 3" or "123"."""
    return re.sub(r"\D", "", speech)[: CODE_DIGITS + 1]


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
        call_state = {
            "verified": request.args.get("verified") == "1",
            "code": request.args.get("code") or "",
            "language": language_of(request.args.get("lang")),
        }
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
        state_of_call = dict(call_state or {})
        language = language_of(state_of_call.get("language"))
        city_number, pack = called_city(params)
        if pack is None:
            log.warning("call to %s, a number no jurisdiction pack lists", masked(city_number))
            return goodbye(say("voice_unknown_number", language), language)
        call_sid = params.get("CallSid")
        if not call_sid:
            return goodbye(say("voice_failure", language), language)
        key = f"{call_sid}:{turn}"
        state = channel_state()
        claim = state.inbound.claim_request(CHANNEL, key)  # on the loop, as in the SMS channel
        if claim.state is ClaimState.DONE and claim.reply_twiml:
            return claim.reply_twiml
        if claim.state is ClaimState.IN_PROGRESS:
            stored = await wait_for_stored_reply(CHANNEL, key, IN_PROGRESS_WAIT_S)
            return stored if stored is not None else goodbye(say("voice_failure", language), language)
        try:
            if turn == 0:  # attestation is judged once, on the call's first webhook
                state_of_call["verified"] = params.get("StirVerstat") == FULL_ATTESTATION
            state_of_call["language"] = language
            reply = await self._turn(
                pack, city_number, call_sid, turn, silences, params, on_new_message, agent, state_of_call
            )
        except Exception:
            log.exception("voice turn %d of %s failed", turn, call_sid)
            reply = goodbye(say("voice_failure", language), language)
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
        language = call_state["language"]
        metadata = {"to": city_number, "call_sid": call_sid, "caller": caller, "caller_verified": verified}
        if params.get("Confidence"):
            metadata["asr_confidence"] = params["Confidence"]  # a place heard unclearly is read back
        office_open = pack.is_office_open(self._clock())
        metadata["office_open"] = office_open  # the form puts the caller through when a report cannot go on
        if turn == 0:
            if agent is not None:
                await self._start_fresh_session(agent, conversation, metadata)
            return self._opening(pack, office_open, verified, language)
        if turn > min(MAX_TURNS, pack.dialogue.max_call_turns):
            return self._too_long(pack, office_open, language)

        speech = (params.get("SpeechResult") or "").strip()
        if not speech:
            return await self._reprompt(
                pack, call_sid, turn, silences, verified, call_state.get("code") or "", language
            )
        if call_state.get("code") and caller is not None:
            verified = hmac.compare_digest(code_digest(call_sid, spoken_code(speech)), call_state["code"])
            prompt = say("voice_code_ok" if verified else "voice_code_wrong", language)
            return gather(VoiceResponse(), pack, prompt, turn + 1, 0, verified, language=language)
        picked = language_pick(speech)
        if picked is not None:
            return await self._switch(pack, agent, conversation, turn, verified, picked)
        # never transferred out of the middle of a report because of a word in an answer ("a person")
        if office_open and asks_for_a_person(speech) and not await report_in_progress(agent, conversation):
            return self._put_through(pack, language)

        output = await converse(
            on_new_message, VoiceOutputChannel(), speech, conversation, f"{call_sid}:{turn}", metadata
        )
        language = await conversation_language(agent, conversation, language, output.responses)
        return await self._answer(pack, city_number, call_sid, caller, turn, verified, output, language)

    async def _switch(
        self, pack: Pack, agent: Any, conversation: str, turn: int, verified: bool, language: str
    ) -> str:
        """The caller asked for a language ("español", "English"): the rest of the call is in it."""
        await set_conversation_language(agent, conversation, language)
        in_report = await report_in_progress(agent, conversation)
        follow = "voice_say_it_again" if in_report else "voice_opening_question"
        prompt = f"{say('voice_switched', language)} {say(follow, language)}"
        # a caller who switched by mistake hears the way back, in the other language's voice
        back = "en" if language == "es" else "es"
        offers = ((say("voice_language_offer", back), back),)
        return gather(VoiceResponse(), pack, prompt, turn + 1, 0, verified, language=language, offers=offers)

    @staticmethod
    async def _reprompt(
        pack: Pack, call_sid: str, turn: int, silences: int, verified: bool, digest: str, language: str
    ) -> str:
        """Silence: the last question once more, then goodbye."""
        if silences + 1 >= MAX_SILENCES:
            return goodbye(say("voice_silence_goodbye", language), language)
        previous = await asyncio.to_thread(
            channel_state().inbound.reply_for, CHANNEL, f"{call_sid}:{turn - 1}"
        )
        prompt = last_prompt(previous) or say("voice_default_question", language)
        return gather(
            VoiceResponse(), pack, f"{say('voice_silence_reprompt', language)} {prompt}", turn + 1,
            silences + 1, verified, digest, language=language,
        )  # fmt: skip

    async def _answer(
        self,
        pack: Pack,
        city_number: str,
        call_sid: str,
        caller: str | None,
        turn: int,
        verified: bool,
        output: KeepingOutputChannel,
        language: str,
    ) -> str:
        """The assistant's answer made sayable; a status question from an unverified caller gets a code."""
        spoken = " ".join(for_the_ear(text) for text in output.texts) or say("voice_didnt_catch", language)
        if output.filed():
            note = verbal_complaint_note(pack, language)
            ending = f"{spoken} {note} {say('voice_thanks_goodbye', language)}".replace("  ", " ")
            return goodbye(ending, language)
        if output.said(*ENDING_RESPONSES):
            farewell = say("voice_goodbye", language)
            ends = spoken.rstrip(".!").lower().endswith(farewell.rstrip(".").lower())
            return goodbye(spoken if ends else f"{spoken} {farewell}", language)
        if any((r.get("custom") or {}).get("transfer") for r in output.responses) and pack.is_office_open(
            self._clock()
        ):
            return self._put_through(pack, language)  # the place never came: a person takes the report
        if any((r.get("custom") or {}).get("verify_caller") for r in output.responses):
            if caller is None:
                prompt = say("voice_code_withheld", language)
                return gather(VoiceResponse(), pack, prompt, turn + 1, 0, verified, language=language)
            digest = await self._text_code(pack, city_number, call_sid, caller, turn, language)
            prompt = say("voice_code_sent", language)
            return gather(VoiceResponse(), pack, prompt, turn + 1, 0, verified, digest, language=language)
        return gather(VoiceResponse(), pack, spoken, turn + 1, 0, verified, language=language)

    @staticmethod
    async def _text_code(
        pack: Pack, city_number: str, call_sid: str, caller: str, turn: int, language: str
    ) -> str:
        """Queue a one-time code to the caller's number (outbox) when it may go there (bot.notify.status_codes:
        reports on file, the city's country, per call and per number limits); its digest goes in the next turn's
        URL either way, and the caller hears the same words, so a stranger learns nothing of the number."""
        code = f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
        body = say("voice_code_text", language, city=pack.name, code=code)
        settings = get_settings()
        limits = CodeLimits(settings.voice_codes_per_call, settings.voice_codes_per_number_per_day)
        sent = await asyncio.to_thread(
            channel_state().status_codes.queue, pack, call_sid=call_sid, turn=turn, caller=caller,
            from_number=city_number, body=body, limits=limits,
        )  # fmt: skip
        if not sent:
            log.info(
                "voice turn %d of %s: no status code texted (not on file, abroad or over a limit)",
                turn,
                call_sid,
            )
        return code_digest(call_sid, code)

    def _too_long(self, pack: Pack, office_open: bool, language: str) -> str:
        """The call's last turn is past: the form has filed (or put through) by now (actions/giving_up.py); in
        office hours a person takes over, else goodbye."""
        if office_open:
            return self._put_through(pack, language)
        return goodbye(say("voice_too_long_goodbye", language), language)

    @staticmethod
    def _put_through(pack: Pack, language: str) -> str:
        reply = VoiceResponse()
        add_say(reply, say("voice_put_through", language, office=pack.office_name), language)
        reply.dial(pack.office_phone)
        reply.hangup()
        return str(reply)

    def _opening(self, pack: Pack, office_open: bool, verified: bool, language: str) -> str:
        """The first prompt: the city, City Hall in office hours, the question, and the offer of Spanish."""
        prompt = self._greeting(pack, office_open, language)
        return gather(
            VoiceResponse(),
            pack,
            prompt,
            1,
            0,
            verified,
            language=language,
            offers=self._language_offer(language),
        )

    @staticmethod
    def _greeting(pack: Pack, office_open: bool, language: str) -> str:
        parts = [say("voice_greeting", language, city=pack.name.split(",")[0])]
        if office_open:
            parts.append(say("voice_office_open", language))
        parts.append(say("voice_opening_question", language))
        return " ".join(parts)

    @staticmethod
    def _language_offer(language: str) -> tuple[tuple[str, str], ...]:
        """The first prompt offers Spanish, said in Spanish by the Spanish voice."""
        return () if language == "es" else ((say("voice_language_offer", "es"), "es"),)

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
