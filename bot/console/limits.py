"""A limit on request bodies, before any route reads one.

Every POST of the console parses its form before it checks anything (the CSRF check reads the form; Open311's
POST reads it before the api_key), so without a limit anyone could make the console read and hold a body of
any size. No console form is more than a few kilobytes (there are no uploads), so a body over MAX_BODY_BYTES is
refused with 413: by its Content-Length before a byte is read, else as soon as the stream passes the limit.
"""

from __future__ import annotations

from starlette.responses import PlainTextResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bot.console.open311_format import error_response

MAX_BODY_BYTES = 256 * 1024
OPEN311_PREFIX = "/open311/v2"


class _TooLarge(Exception):
    pass


def _too_large(path: str) -> Response:
    if path.startswith(OPEN311_PREFIX):
        return error_response(413, "the request body is too large", path)
    return PlainTextResponse("That request was too large.", status_code=413)


class BodyLimit:
    """ASGI middleware: 413 for a body larger than `limit` bytes, declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(scope["path"])(scope, receive, send)
            return
        seen, started = 0, False

        async def counted_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, watched_send)
        except _TooLarge:
            if not started:
                await _too_large(scope["path"])(scope, receive, send)
