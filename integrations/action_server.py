"""The action server, closed to outsiders: rasa-sdk's Sanic app bound to an internal address, refusing every
call that does not carry the shared secret the Rasa server sends in its Authorization header
(`action_endpoint.basic_auth` in endpoints.yml: any user name, the secret as the password).

The secret never travels in a URL: request lines are logged (HAProxy's log, proxies, Sanic's access log), so
a call that carries `?token=` (Rasa's `action_endpoint.token`) is refused even when the token is right, and
`python -m integrations.rasa_server` refuses an endpoints file that would send one.

    python -m integrations.action_server --port 5055

Settings (bot.settings): ACTION_SERVER_TOKEN, ACTION_SERVER_HOST (default 127.0.0.1). In production a blank
or short token, or a public / wildcard address, stops start-up. In development and tests a blank token
leaves the server open (on loopback); a set token is always enforced. `/health` stays open (it says "ok"
and nothing else).
"""

from __future__ import annotations

import argparse
import base64
import binascii
import hmac
import logging
import sys

from sanic import Sanic, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.settings import Settings, get_settings, production_problems

log = logging.getLogger(__name__)

TOKEN_PARAM = "token"  # rasa.utils.endpoints.EndpointConfig's default token_name: never accepted
OPEN_PATHS = frozenset({"/health"})


def header_secret(request: Request) -> str:
    """The password of the request's `Authorization: Basic` header ("" without one)."""
    scheme, _, encoded = (request.headers.get("authorization") or "").partition(" ")
    if scheme.lower() != "basic":
        return ""
    try:
        decoded = base64.b64decode(encoded.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return ""
    return decoded.partition(":")[2]


def token_matches(request: Request, secret: str) -> bool:
    """Constant-time comparison of the Authorization header's secret with ours."""
    return hmac.compare_digest(header_secret(request).encode("utf-8"), secret.encode("utf-8"))


def protect(app: Sanic, secret: str) -> Sanic:
    """Refuse (401) every call but `/health` without the secret in its header, and every call with a secret
    in its URL; a blank secret leaves the app open (development only: production refuses to start)."""

    @app.on_request
    async def require_token(request: Request) -> HTTPResponse | None:
        if request.path in OPEN_PATHS:
            return None
        if TOKEN_PARAM in request.args:
            log.warning("refused an action-server call with a secret in its URL (use basic_auth)")
            return response.json({"error": "the secret goes in the Authorization header"}, status=401)
        if not secret or token_matches(request, secret):
            return None
        log.warning("refused an action-server call without the shared secret")
        return response.json({"error": "unauthorised"}, status=401)

    return app


def build_app(settings: Settings, actions_package: str = "actions") -> Sanic:
    """rasa-sdk's app, with CORS closed (no browser calls it) and the token check in front."""
    from rasa_sdk.endpoint import create_app

    return protect(create_app(actions_package, cors_origins=""), settings.action_server_token)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m integrations.action_server")
    parser.add_argument("--port", type=int, default=5055)
    parser.add_argument("--actions", default="actions", help="package holding the actions")
    args = parser.parse_args(argv)
    settings = get_settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    problems = production_problems(settings, "actions")
    if problems:
        for problem in problems:
            print(f"action server not started: {problem}", file=sys.stderr)
        return 2
    if not settings.action_server_token:
        log.warning("ACTION_SERVER_TOKEN is blank: the action server takes calls without a secret")
    app = build_app(settings, args.actions)
    log.info("action server on %s:%d", settings.action_server_host, args.port)
    app.run(settings.action_server_host, args.port, workers=1, access_log=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
