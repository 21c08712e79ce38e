"""Sends one SMS through the Twilio REST API with the real `twilio` library, at a configurable base URL
(tests and the bench point it at a local stand-in of the Messages API)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from twilio.base.exceptions import TwilioRestException
from twilio.http.http_client import TwilioHttpClient
from twilio.http.response import Response
from twilio.rest import Client

log = logging.getLogger(__name__)

# Twilio error codes meaning "this number will not take texts from us": stop, do not retry.
UNSUBSCRIBED_CODES = frozenset({21610})
# 4xx that will fail the same way on every retry (bad number, not a mobile number, ...).
PERMANENT_STATUSES = frozenset({400, 401, 403, 404})


class BaseUrlHttpClient(TwilioHttpClient):
    """Sends every request to `base_url` instead of https://api.twilio.com, keeping path and query.

    The library's own request logging prints bodies (phone numbers, texts) at info level: replaced by a
    debug line with the method and path only.
    """

    def __init__(self, base_url: str | None, timeout: float = 10.0) -> None:
        super().__init__(timeout=timeout, logger=log)
        self._base = urlsplit(base_url.rstrip("/")) if base_url else None

    def request(self, method: str, url: str, *args: Any, **kwargs: Any) -> Response:
        if self._base is not None:
            parts = urlsplit(url)
            url = urlunsplit(
                (self._base.scheme, self._base.netloc, self._base.path + parts.path, parts.query, "")
            )
        return super().request(method, url, *args, **kwargs)

    def log_request(self, kwargs: dict[str, Any]) -> None:
        log.debug("Twilio API %s %s", kwargs["method"], urlsplit(kwargs["url"]).path)

    def log_response(self, status_code: int, response: Any) -> None:
        log.debug("Twilio API answered %s", status_code)


@dataclass(frozen=True)
class SendResult:
    ok: bool
    provider_sid: str | None = None
    error: str | None = None  # status and Twilio code only: no resident data
    permanent: bool = False  # retrying will not help
    unsubscribed: bool = False  # the recipient opted out at Twilio


class TwilioSender:
    """`send(to, from_, body)`; never raises for API or network failures, it reports them."""

    def __init__(self, account_sid: str, auth_token: str, base_url: str | None = None, timeout: float = 10.0):
        self._client = Client(
            account_sid or "AC00000000000000000000000000000000",
            auth_token,
            http_client=BaseUrlHttpClient(base_url or None, timeout=timeout),
        )

    def send(self, to: str, from_: str, body: str) -> SendResult:
        try:
            message = self._client.messages.create(to=to, from_=from_, body=body)
        except TwilioRestException as error:
            code = error.code if isinstance(error.code, int) else None
            described = f"HTTP {error.status}" + (f", Twilio error {code}" if code else "")
            if code in UNSUBSCRIBED_CODES:
                return SendResult(False, error=described, permanent=True, unsubscribed=True)
            return SendResult(False, error=described, permanent=error.status in PERMANENT_STATUSES)
        except Exception as error:  # connection refused, timeout, bad gateway body: all worth a retry
            return SendResult(False, error=f"{error.__class__.__name__}")
        return SendResult(True, provider_sid=message.sid)
