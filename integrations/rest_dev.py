"""The REST channel for development and tests only: `POST /webhooks/rest/webhook`.

It can never stand in for a resident: every sender is namespaced (`rest:<sender>`), the input channel is
always `rest` whatever the client posts, and of the client's metadata only a known jurisdiction code is
kept (no `to`, no photos, no call ids). It refuses to load in production.
"""

from __future__ import annotations

from typing import Any

from rasa.core.channels.channel import InputChannel
from rasa.core.channels.rest import RestInput
from sanic.request import Request

from bot.jurisdictions import load_packs
from bot.settings import get_settings

SENDER_PREFIX = "rest:"
MAX_SENDER_CHARS = 64


class RestChannelRefused(RuntimeError):
    """The REST channel was listed in credentials outside development and tests."""


def namespaced(sender: Any) -> str | None:
    """`rest:<sender>` (once), or None for a missing sender."""
    if sender is None or str(sender) == "":
        return None
    sender = str(sender)[:MAX_SENDER_CHARS]
    return sender if sender.startswith(SENDER_PREFIX) else SENDER_PREFIX + sender


class DevRestInput(RestInput):
    """Register in credentials.yml as `integrations.rest_dev.DevRestInput: {}` (development only)."""

    @classmethod
    def name(cls) -> str:
        return "rest"

    @classmethod
    def from_credentials(cls, credentials: dict[str, Any] | None) -> InputChannel:
        environment = get_settings().environment
        if environment not in ("development", "test"):
            raise RestChannelRefused(
                f"the REST channel is for development and tests (ENVIRONMENT={environment})"
            )
        return cls()

    async def _extract_sender(self, req: Request) -> str | None:
        return namespaced((req.json or {}).get("sender"))

    def _extract_message(self, req: Request) -> str | None:
        text = (req.json or {}).get("message")
        return None if text is None else str(text)[: get_settings().max_message_chars]

    def _extract_input_channel(self, req: Request) -> str:
        return self.name()  # never the client's `input_channel`

    def get_metadata(self, request: Request) -> dict[str, Any] | None:
        given = (request.json or {}).get("metadata")
        code = given.get("jurisdiction") if isinstance(given, dict) else None
        return {"jurisdiction": code} if code in load_packs() else None
