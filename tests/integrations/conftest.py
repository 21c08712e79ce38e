"""The Twilio channels mounted on a real Sanic server (as Rasa mounts them, under /webhooks/<name>), with
a scripted stand-in for the assistant, a migrated SQLite database and the real request validator."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from sanic import Sanic
from twilio.request_validator import RequestValidator

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.notify.inbound import InboundStore
from bot.notify.outbox import OutboxService
from bot.settings import get_settings
from integrations import twilio_common

AUTH_TOKEN = "integration-test-token"
PUBLIC_BASE_URL = "https://intake.example.org"
KELLOGG_LINE = "+15075550158"
FREEPORT_LINE = "+13205550158"
RESIDENT = "+15075550123"


@pytest.fixture
def twilio_env(monkeypatch, tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    for name, value in {
        "ENVIRONMENT": "test",
        "DATABASE_URL": url,
        "PUBLIC_BASE_URL": PUBLIC_BASE_URL,
        "TWILIO_AUTH_TOKEN": AUTH_TOKEN,
    }.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()
    twilio_common.channel_state.cache_clear()
    yield url
    get_settings.cache_clear()
    twilio_common.channel_state.cache_clear()


@pytest.fixture
def stores(twilio_env: str) -> tuple[InboundStore, OutboxService]:
    factory = make_session_factory(make_engine(twilio_env))
    return InboundStore(factory), OutboxService(factory)


@dataclass
class ScriptedAssistant:
    """Stands in for Rasa's on_new_message: records messages, answers with the next scripted replies."""

    replies: list[list[dict[str, Any]]] = field(default_factory=list)
    messages: list[Any] = field(default_factory=list)
    delay_s: float = 0.0  # thinking time, so a second delivery can arrive meanwhile

    async def __call__(self, message: Any) -> None:
        self.messages.append(message)
        await asyncio.sleep(self.delay_s)
        for reply in self.replies.pop(0) if self.replies else [{"text": "What is happening, and where?"}]:
            await message.output_channel.send_response(message.sender_id, dict(reply))


def sign(path: str, params: dict[str, str], token: str = AUTH_TOKEN, base: str = PUBLIC_BASE_URL) -> str:
    return RequestValidator(token).compute_signature(base + path, params)


@dataclass
class Webhook:
    base_url: str
    client: httpx.AsyncClient

    async def post(
        self, path: str, params: dict[str, str], signature: str | None | Callable[[], str] = "sign"
    ) -> httpx.Response:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if signature == "sign":
            headers["X-Twilio-Signature"] = sign(path, params)
        elif signature is not None:
            headers["X-Twilio-Signature"] = str(signature)
        return await self.client.post(self.base_url + path, content=urlencode(params), headers=headers)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
async def serve(twilio_env, monkeypatch) -> AsyncIterator[Callable[..., Any]]:
    """serve(channel, assistant) -> Webhook: the channel's blueprint on a live Sanic server."""
    # Sanic rewrites its request handling once per app; test mode lets several apps share a process
    monkeypatch.setattr(Sanic, "test_mode", True)
    started: list[Any] = []
    client = httpx.AsyncClient(timeout=30)

    async def start(channel: Any, assistant: ScriptedAssistant) -> Webhook:
        app = Sanic(f"twilio_test_{len(started)}_{id(channel)}")
        app.blueprint(channel.blueprint(assistant), url_prefix=f"/webhooks/{channel.name()}")
        port = _free_port()
        server = await app.create_server(
            host="127.0.0.1", port=port, return_asyncio_server=True, access_log=False
        )
        await server.startup()
        started.append(server)
        return Webhook(f"http://127.0.0.1:{port}", client)

    yield start
    await client.aclose()
    for server in started:
        server.close()
        await server.wait_closed()
