"""Issue 35 item 2: the console's idea of a visitor's address. uvicorn believes X-Forwarded-For from 127.0.0.1 by
default, and HAProxy passed on whatever a client sent, so anyone could name their own address and skip the
sign-in throttle. Now the console believes the header only from CONSOLE_TRUSTED_PROXIES (blank: no one), and
HAProxy drops the client's header and adds the real address (tested through a cluster in
tests/cluster/test_layout_security.py)."""

from __future__ import annotations

import asyncio

import uvicorn

from bot.console.__main__ import proxy_options
from bot.settings import Settings


def seen_client(trusted: str, peer: str, forwarded_for: str) -> str:
    """The client address an app behind uvicorn's configuration for `trusted` sees."""
    seen: list[str] = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["client"][0])
        await send({"type": "http.response.start", "status": 204, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    settings = Settings(_env_file=None, environment="test", console_trusted_proxies=trusted)
    config = uvicorn.Config(app, **proxy_options(settings))
    config.load()
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
             "path": "/login", "raw_path": b"/login", "query_string": b"", "scheme": "http",
             "headers": [(b"x-forwarded-for", forwarded_for.encode())], "client": (peer, 50000),
             "server": ("127.0.0.1", 8000)}  # fmt: skip

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message) -> None:
        return None

    asyncio.run(config.loaded_app(scope, receive, send))
    return seen[0]


def test_without_trusted_proxies_no_one_names_their_own_address() -> None:
    assert seen_client("", "127.0.0.1", "203.0.113.9") == "127.0.0.1"
    assert seen_client("", "198.51.100.4", "203.0.113.9") == "198.51.100.4"


def test_behind_the_load_balancer_the_address_it_added_is_believed_and_nothing_a_client_added() -> None:
    # HAProxy drops the client's header and adds the connection's address: one value
    assert seen_client("127.0.0.1", "127.0.0.1", "198.51.100.4") == "198.51.100.4"
    # were a client's value still there, the rightmost address not a trusted proxy's is the one believed
    assert seen_client("127.0.0.1", "127.0.0.1", "203.0.113.9, 198.51.100.4") == "198.51.100.4"
    # and anyone else's header is ignored
    assert seen_client("127.0.0.1", "198.51.100.4", "203.0.113.9") == "198.51.100.4"
