"""Secrets for `make run` (scripts/run.sh): the action server's shared token and the Twilio auth token.

A development machine is often shared, and its loopback ports are open to every user and process on it.
Without a token the action server would take any call (file a complaint as any phone number, read anyone's
report status) and the Twilio webhooks would accept deliveries signed with an empty token. So each is taken
from the settings (the environment or .env) when set, else made fresh for this run; run.sh exports them
to every process it starts (Rasa expands ${ACTION_SERVER_TOKEN} in endpoints.yml; the console's Try the line
signs with the same Twilio token). Printed as `export NAME=value` lines for `eval`.

    eval "$(.venv/bin/python scripts/dev_secrets.py)"
"""

from __future__ import annotations

import secrets
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.settings import Settings, get_settings  # noqa: E402

SECRET_BYTES = 32  # token_urlsafe(32): 43 characters, above the 32 production requires


def dev_secrets(settings: Settings) -> dict[str, str]:
    """{variable: value}: the configured secret, or a new random one when it is blank."""
    return {
        "ACTION_SERVER_TOKEN": settings.action_server_token or secrets.token_urlsafe(SECRET_BYTES),
        "TWILIO_AUTH_TOKEN": settings.twilio_auth_token or secrets.token_urlsafe(SECRET_BYTES),
    }


def main() -> int:
    for name, value in dev_secrets(get_settings()).items():
        print(f"export {name}={shlex.quote(value)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
