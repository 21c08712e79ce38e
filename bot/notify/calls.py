"""Calling a resident back without showing their number: the city's Twilio number calls the officer's phone,
and when the officer answers, Twilio bridges the call to the resident with the city number as caller ID
(TwiML `<Dial callerId=...>`). The resident's number goes to Twilio in that TwiML and nowhere else: not to
the officer's page, not to a URL, not to a log. Same real `twilio` client and base-URL stand-in as the texts
(bot.notify.sender)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from twilio.base.exceptions import TwilioRestException
from twilio.rest import Client
from twilio.twiml.voice_response import VoiceResponse

from bot.notify.sender import BaseUrlHttpClient

log = logging.getLogger(__name__)
DIAL_TIMEOUT_S = 30  # how long the resident's phone rings before the officer hears it was not answered


@dataclass(frozen=True)
class CallResult:
    ok: bool
    call_sid: str | None = None
    error: str | None = None  # HTTP status and Twilio code only: no numbers


def bridge_twiml(city_number: str, resident: str, reference: str) -> str:
    """What the officer hears on answering, then the dial to the resident shown as the city's number."""
    response = VoiceResponse()
    spoken = " ".join(reference.replace("-", " "))  # read letter by letter, digit by digit
    response.say(f"Calling back the resident of report {spoken}. Please hold.")
    dial = response.dial(caller_id=city_number, timeout=DIAL_TIMEOUT_S, answer_on_bridge=True)
    dial.number(resident)
    response.say("The resident did not answer.")
    return str(response)


class CallBridge:
    """`bridge(officer, city_number, resident, reference)`; reports API and network failures, never raises."""

    def __init__(self, account_sid: str, auth_token: str, base_url: str | None = None, timeout: float = 10.0):
        self._client = Client(
            account_sid or "AC00000000000000000000000000000000",
            auth_token,
            http_client=BaseUrlHttpClient(base_url or None, timeout=timeout),
        )

    def bridge(self, officer: str, city_number: str, resident: str, reference: str) -> CallResult:
        twiml = bridge_twiml(city_number, resident, reference)
        try:
            call = self._client.calls.create(to=officer, from_=city_number, twiml=twiml)
        except TwilioRestException as error:
            code = error.code if isinstance(error.code, int) else None
            described = f"HTTP {error.status}" + (f", Twilio error {code}" if code else "")
            log.warning("call-back for %s refused: %s", reference, described)
            return CallResult(False, error=described)
        except Exception as error:  # connection refused, timeout
            log.warning("call-back for %s failed: %s", reference, error.__class__.__name__)
            return CallResult(False, error=error.__class__.__name__)
        return CallResult(True, call_sid=call.sid)
