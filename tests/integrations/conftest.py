"""The Twilio channels mounted on a real Sanic server (as Rasa mounts them, under /webhooks/<name>), with
a scripted stand-in for the assistant, a migrated SQLite database and the real request validator."""

from __future__ import annotations

import asyncio
import hashlib
import re
import socket
import threading
from collections.abc import Callable, Iterator
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

# the live line's settings, which the live modules import from here; the scripted tests sign for the same URL
from tests.support.live import LIVE_ACCOUNT_SID, LIVE_TOKEN, PUBLIC_BASE_URL  # noqa: F401

AUTH_TOKEN = "integration-test-token"
KELLOGG_LINE = "+15075550158"
FREEPORT_LINE = "+13205550158"
RESIDENT = "+15075550123"


def twilio_sid(label: str) -> str:
    """A well-formed Twilio SID (its two-letter type and 32 hex digits) standing for a short test label:
    twilio_sid("SMretry") is the same SID every time."""
    if re.fullmatch(r"[A-Z]{2}[0-9a-f]{32}", label):
        return label
    return label[:2] + hashlib.md5(label.encode()).hexdigest()


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
    client: httpx.Client

    def post(self, path: str, params: dict[str, str], signature: str | None = "sign") -> httpx.Response:
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        if signature == "sign":
            headers["X-Twilio-Signature"] = sign(path, params)
        elif signature is not None:
            headers["X-Twilio-Signature"] = signature
        return self.client.post(self.base_url + path, content=urlencode(params), headers=headers)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerThread:
    """A Sanic server on its own event loop in its own thread: the tests stay synchronous, so they do
    not depend on whatever event loop another test left running in the main thread."""

    def __init__(self, app: Sanic, port: int) -> None:
        self._app, self._port = app, port
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._server: Any = None
        self._error: BaseException | None = None

    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._server = self._loop.run_until_complete(
                self._app.create_server(
                    host="127.0.0.1", port=self._port, return_asyncio_server=True, access_log=False
                )
            )
            self._loop.run_until_complete(self._server.startup())
        except BaseException as error:  # reported by start()
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()

    def start(self) -> None:
        self._thread.start()
        if not self._ready.wait(30) or self._error is not None:
            raise RuntimeError(f"test server did not start: {self._error!r}")

    def stop(self) -> None:
        async def close() -> None:
            self._server.close()
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(timeout=30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=30)
        self._loop.close()


@pytest.fixture
def serve(twilio_env, monkeypatch) -> Iterator[Callable[..., Webhook]]:
    """serve(channel, assistant) -> Webhook: the channel's blueprint on a live Sanic server."""
    # Sanic rewrites its request handling once per app; test mode lets several apps share a process
    monkeypatch.setattr(Sanic, "test_mode", True)
    started: list[ServerThread] = []
    client = httpx.Client(timeout=30)

    def start(channel: Any, assistant: ScriptedAssistant) -> Webhook:
        app = Sanic(f"twilio_test_{len(started)}_{id(channel)}")
        app.blueprint(channel.blueprint(assistant), url_prefix=f"/webhooks/{channel.name()}")
        port = _free_port()
        server = ServerThread(app, port)
        server.start()
        started.append(server)
        return Webhook(f"http://127.0.0.1:{port}", client)

    yield start
    client.close()
    for server in started:
        server.stop()


ACCOUNT_SID = "AC" + "1" * 32


def jpeg_with_gps() -> bytes:
    """A small JPEG carrying EXIF GPS coordinates and a camera name, as a phone would send."""
    import io

    from PIL import Image

    image = Image.new("RGB", (40, 30), (200, 120, 40))
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # Make
    exif[0x8825] = {1: "N", 2: (44.0, 18.0, 0.0), 3: "W", 4: (92.0, 0.0, 0.0)}  # GPSInfo
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    return out.getvalue()


@dataclass
class MediaStandIn:
    standin: Any

    def url(self, label: str, account: str = ACCOUNT_SID, content: bytes | None = None) -> str:
        """A Twilio media URL of `account` whose bytes the stand-in serves."""
        message = "MM" + hashlib.md5(label.encode()).hexdigest()
        media = "ME" + hashlib.md5((label + "m").encode()).hexdigest()
        path = f"/2010-04-01/Accounts/{account}/Messages/{message}/Media/{media}"
        self.standin.media[path] = ("image/jpeg", content if content is not None else jpeg_with_gps())
        return "https://api.twilio.com" + path


@pytest.fixture
def media(twilio_env, monkeypatch) -> Iterator[MediaStandIn]:
    """Twilio's media API stood in locally (TWILIO_API_BASE_URL points at it)."""
    from tests.notify.standin import TwilioStandIn

    standin = TwilioStandIn().start()
    monkeypatch.setenv("TWILIO_API_BASE_URL", standin.base_url)
    get_settings.cache_clear()
    yield MediaStandIn(standin)
    standin.stop()
    get_settings.cache_clear()


@pytest.fixture(scope="module")
def live_line(live_servers):
    """The Rasa server and the guarded action server, running with the development credentials (REST +
    SMS + voice) and a Twilio stand-in (messages and media). The servers are the session's
    (tests/support/live.py); each module gets them with a freshly migrated case database and a blank
    stand-in, so that one module's queued texts never meet another's outbox worker."""
    from bot.cases.service import CaseService

    servers = live_servers.fresh()
    engine = make_engine(servers.database_url)
    factory = make_session_factory(engine)
    yield {
        "base": servers.base_url,
        "servers": servers,
        "cases": CaseService(factory),
        "factory": factory,
        "inbound": InboundStore(factory),
        "outbox": OutboxService(factory),
        "standin": live_servers.standin,
    }
    engine.dispose()
