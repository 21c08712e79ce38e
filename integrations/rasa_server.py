"""Starts the Rasa server with the checks production needs, then hands the process over to `rasa run`.

    python -m integrations.rasa_server --port 5005

Production (ENVIRONMENT=production, the default) refuses to start without TWILIO_AUTH_TOKEN,
TWILIO_ACCOUNT_SID and ACTION_SERVER_TOKEN, with RASA_HOST not loopback or private, or with a credentials
file that lists the REST channel. In every environment it refuses an endpoints file whose action endpoint
sends its secret as `token` (a query parameter, which request logs keep): `basic_auth` sends it in the
Authorization header (integrations/action_server.py). The Rasa HTTP API is off unless RASA_API_TOKEN is set; then it is on and
every call must carry `?token=`. The server binds RASA_HOST (default 127.0.0.1); a TLS proxy in front
forwards only `/webhooks/sms/` and `/webhooks/voice/`.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import yaml

from bot.settings import REPO_ROOT, Settings, get_settings, production_problems

PRODUCTION_CREDENTIALS = REPO_ROOT / "deploy" / "credentials.production.yml"
PRODUCTION_ENDPOINTS = REPO_ROOT / "deploy" / "endpoints.production.yml"
DEV_CREDENTIALS = REPO_ROOT / "credentials.yml"
DEV_ENDPOINTS = REPO_ROOT / "endpoints.yml"
# every channel that may run in production; anything else (REST, socket.io, ...) stops start-up
PRODUCTION_CHANNELS = frozenset(
    {"integrations.twilio_sms.TwilioSmsInput", "integrations.twilio_voice.TwilioVoiceInput"}
)


def channels_in(credentials: Path) -> set[str]:
    loaded = yaml.safe_load(credentials.read_text()) or {}
    return set(loaded) if isinstance(loaded, dict) else set()


def endpoint_problems(endpoints: Path) -> list[str]:
    """Why an endpoints file must not be used: an action endpoint that would put its secret in the URL."""
    loaded = yaml.safe_load(endpoints.read_text()) if endpoints.exists() else None
    action = loaded.get("action_endpoint") if isinstance(loaded, dict) else None
    if isinstance(action, dict) and ("token" in action or "?" in str(action.get("url") or "")):
        return [
            f"{endpoints.name}: the action endpoint sends its secret in the URL (token or a query string); "
            "use basic_auth (password: ${ACTION_SERVER_TOKEN})"
        ]
    return []


def start_problems(settings: Settings, credentials: Path, endpoints: Path | None = None) -> list[str]:
    problems = production_problems(settings, "rasa")
    if endpoints is not None:
        problems += endpoint_problems(endpoints)
    if settings.is_production:
        extra = sorted(channels_in(credentials) - PRODUCTION_CHANNELS)
        if extra:
            problems.append(
                f"{credentials.name} lists channels not allowed in production: {', '.join(extra)}"
            )
    return problems


def rasa_command(settings: Settings, args: argparse.Namespace) -> list[str]:
    """The `rasa run` command line: bound to RASA_HOST; the HTTP API only with a token."""
    rasa = str(Path(sys.executable).parent / "rasa")
    command = [rasa, "run", "--model", args.model, "--port", str(args.port), "-i", settings.rasa_host,
               "--endpoints", str(args.endpoints), "--credentials", str(args.credentials)]  # fmt: skip
    if settings.rasa_api_token:
        # one argument "--auth-token=T": a token that starts with "-" (token_urlsafe) is not read as an option
        command += ["--enable-api", f"--auth-token={settings.rasa_api_token}"]
    return command


def main(argv: list[str] | None = None) -> int:
    settings = get_settings()
    production = settings.is_production
    parser = argparse.ArgumentParser(prog="python -m integrations.rasa_server")
    parser.add_argument("--port", type=int, default=5005)
    parser.add_argument("--model", default=str(REPO_ROOT / "models" / "intake.tar.gz"))
    parser.add_argument(
        "--credentials", type=Path, default=PRODUCTION_CREDENTIALS if production else DEV_CREDENTIALS
    )
    parser.add_argument(
        "--endpoints", type=Path, default=PRODUCTION_ENDPOINTS if production else DEV_ENDPOINTS
    )
    args = parser.parse_args(argv)
    problems = start_problems(settings, args.credentials, args.endpoints)
    if problems:
        for problem in problems:
            print(f"Rasa server not started: {problem}", file=sys.stderr)
        return 2
    command = rasa_command(settings, args)
    os.execv(command[0], command)  # the token stays out of `ps` only if the API is off; see README
    return 0  # pragma: no cover


if __name__ == "__main__":
    sys.exit(main())
