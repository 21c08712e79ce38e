"""'Try the line': text the assistant as a resident would, through the real Twilio SMS webhook.

The console signs the form exactly as Twilio does (`RequestValidator.compute_signature` over
PUBLIC_BASE_URL + path and every posted field) and posts it to the Rasa server, so the message
takes the same path as a real text: signature check, jurisdiction from `To`, filing. No Twilio
account is involved; the reply is the TwiML the webhook returns.
"""

from __future__ import annotations

import secrets
import uuid
import xml.etree.ElementTree as ET

import httpx
from fastapi import Request
from twilio.request_validator import RequestValidator

from bot.jurisdictions import Pack, pack_for_number
from bot.notify.numbers import require_e164 as e164  # noqa: F401  the one E.164 function (try_line.e164)
from bot.settings import Settings

WEBHOOK_PATH = "/webhooks/sms/webhook"
DEFAULT_FROM = "+15075550123"  # a 555 number: never a real resident
TIMEOUT_S = 60.0  # the first message of a conversation can wait on the action server
MAX_CONVERSATIONS = 200


class LineError(Exception):
    """The webhook could not be reached or refused the message; the text says which, for the clerk."""


def fictional(number: str) -> bool:
    """A North American number in 555-0100..555-0199, the range set aside for fiction: no real resident
    holds one, so Try the line can never read a real resident's reports, file under their number or send
    STOP for them."""
    return len(number) == 12 and number.startswith("+1") and number[5:10] == "55501"


def enabled(settings: Settings) -> bool:
    # in production a test message would file a real complaint and text a real officer
    return not settings.is_production


def webhook_url(settings: Settings) -> str:
    return settings.rasa_url.rstrip("/") + WEBHOOK_PATH


def signed_url(settings: Settings) -> str:
    """The URL Twilio would sign: the public address the webhook checks signatures against."""
    return settings.public_base_url.rstrip("/") + WEBHOOK_PATH


def pack_for(number: str) -> Pack | None:
    return pack_for_number(number)


def twilio_form(settings: Settings, sender: str, to: str, body: str, media_urls: list[str]) -> dict[str, str]:
    """The fields Twilio posts for an incoming SMS/MMS (blank ones included: Twilio signs them too)."""
    account = settings.twilio_account_sid or "AC" + "0" * 32
    params = {
        "ToCountry": "US",
        "ToState": "MN",
        "SmsMessageSid": "",
        "NumMedia": str(len(media_urls)),
        "ToCity": "",
        "FromZip": "",
        "SmsSid": "",
        "FromState": "",
        "SmsStatus": "received",
        "FromCity": "",
        "Body": body,
        "FromCountry": "US",
        "To": to,
        "ToZip": "",
        "NumSegments": "1",
        "MessageSid": "",
        "AccountSid": account,
        "From": sender,
        "ApiVersion": "2010-04-01",
    }
    sid = ("MM" if media_urls else "SM") + uuid.uuid4().hex
    params["SmsMessageSid"] = params["SmsSid"] = params["MessageSid"] = sid
    for index, url in enumerate(media_urls):
        params[f"MediaUrl{index}"] = url
        params[f"MediaContentType{index}"] = "image/jpeg"
    return params


def signature(settings: Settings, params: dict[str, str]) -> str:
    return RequestValidator(settings.twilio_auth_token).compute_signature(signed_url(settings), params)


def replies_from_twiml(twiml: str) -> list[str]:
    """The texts of every <Message> in a TwiML <Response>."""
    try:
        root = ET.fromstring(twiml)
    except ET.ParseError:
        raise LineError("the webhook answered with something that is not TwiML") from None
    texts = []
    for message in root.iter("Message"):
        body = message.find("Body")
        text = "".join((body if body is not None else message).itertext()).strip()
        if text:
            texts.append(text)
    return texts


async def send(settings: Settings, sender: str, to: str, body: str, media_urls: list[str]) -> list[str]:
    """Post one signed message to the SMS webhook; the assistant's replies, in order."""
    params = twilio_form(settings, sender, to, body, media_urls)
    headers = {"X-Twilio-Signature": signature(settings, params)}
    try:
        async with httpx.AsyncClient(timeout=TIMEOUT_S) as client:
            response = await client.post(webhook_url(settings), data=params, headers=headers)
    except httpx.HTTPError:
        raise LineError(
            f"Could not reach the assistant at {webhook_url(settings)}: is the Rasa server running (make run)?"
        ) from None
    if response.status_code == 403:
        raise LineError("The webhook refused the signature: PUBLIC_BASE_URL or TWILIO_AUTH_TOKEN differ.")
    if response.status_code == 404:
        raise LineError("The Rasa server has no SMS webhook: is the Twilio channel in credentials.yml?")
    if response.status_code >= 400:
        raise LineError(f"The webhook answered {response.status_code}.")
    return replies_from_twiml(response.text)


def conversation(request: Request) -> dict:
    """This browser session's test conversation, kept in memory (too big for the session cookie)."""
    store: dict[str, dict] = request.app.state.try_line_conversations
    key = request.session.get("try_line_id")
    if not key or key not in store:
        key = secrets.token_urlsafe(16)
        request.session["try_line_id"] = key
        if len(store) >= MAX_CONVERSATIONS:
            store.pop(next(iter(store)))
        store[key] = {}
    return store[key]
