"""The action server, closed to outsiders: rasa-sdk's Sanic app bound to an internal address, refusing every
call that does not carry the shared secret the Rasa server sends (`action_endpoint.token` in
endpoints.yml, sent as the `token` query parameter).

    python -m integrations.action_server --port 5055

Settings (bot.settings): ACTION_SERVER_TOKEN, ACTION_SERVER_HOST (default 127.0.0.1). In production a blank
or short token, or a public / wildcard address, stops start-up. In development and tests a blank token
leaves the server open (on loopback); a set token is always enforced. `/health` stays open (it says "ok"
and nothing else).
"""

from __future__ import annotations

import argparse
import hmac
import logging
import sys

from sanic import Sanic, response
from sanic.request import Request
from sanic.response import HTTPResponse

from bot.settings import Settings, get_settings, production_problems

log = logging.getLogger(__name__)

TOKEN_PARAM = "token"  # rasa.utils.endpoints.EndpointConfig's default token_name
OPEN_PATHS = frozenset({"/health"})


def token_matches(request: Request, secret: str) -> bool:
    """Constant-time comparison of the request's `token` query parameter with the secret."""
    given = request.args.get(TOKEN_PARAM) or ""
    return hmac.compare_digest(given.encode("utf-8"), secret.encode("utf-8"))


def protect(app: Sanic, secret: str) -> Sanic:
    """Refuse (401) every call but `/health` without the secret; a blank secret leaves the app open."""

    @app.on_request
    async def require_token(request: Request) -> HTTPResponse | None:
        if not secret or request.path in OPEN_PATHS:
            return None
        if token_matches(request, secret):
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
