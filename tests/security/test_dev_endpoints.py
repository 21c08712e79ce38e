"""`make run` (scripts/run.sh) takes the action server's port from ACTIONS_PORT; the Rasa server must call
that same port, or every action fails and the resident gets no answer at all."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rasa_calls_the_action_server_on_actions_port(monkeypatch: pytest.MonkeyPatch) -> None:
    from rasa.utils.endpoints import read_endpoint_config

    monkeypatch.setenv("ACTIONS_PORT", "6155")
    monkeypatch.setenv("ACTION_SERVER_TOKEN", "t" * 43)  # run.sh exports it too (below)
    endpoint = read_endpoint_config(str(ROOT / "endpoints.yml"), "action_endpoint")
    assert endpoint is not None
    assert endpoint.url == "http://localhost:6155/webhook"


def test_run_script_exports_actions_port_with_a_default() -> None:
    script = (ROOT / "scripts" / "run.sh").read_text()
    assert 'ACTIONS_PORT="${ACTIONS_PORT:-5055}"' in script
    assert "export RASA_PORT ACTIONS_PORT CONSOLE_PORT" in script


# ---- hands-on pass: on a shared machine, loopback is not private ----------------------------------------------
# Before, `make run` left ACTION_SERVER_TOKEN blank and endpoints.yml sent none: any user or process on the machine
# could call the action server (file a complaint as any phone number, read anyone's report status), and the
# Twilio webhooks took deliveries signed with an empty token.


def test_rasa_sends_the_action_server_token_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from rasa.utils.endpoints import read_endpoint_config

    monkeypatch.setenv("ACTIONS_PORT", "6155")
    monkeypatch.setenv("ACTION_SERVER_TOKEN", "t" * 43)
    endpoint = read_endpoint_config(str(ROOT / "endpoints.yml"), "action_endpoint")
    # in the Authorization header, never the URL: Rasa sends `token` as a query parameter, which logs keep
    assert endpoint is not None and endpoint.basic_auth["password"] == "t" * 43 and not endpoint.token
    assert "t" * 43 not in endpoint.url and "t" * 43 not in str(endpoint.combine_parameters())


def _dev_secrets_module():
    from tests.support.scripts import load_script

    return load_script("scripts/dev_secrets.py")


def test_blank_secrets_are_made_fresh_for_each_run() -> None:
    from bot.settings import Settings

    module = _dev_secrets_module()
    blank = Settings(environment="development", action_server_token="", twilio_auth_token="")
    first, second = module.dev_secrets(blank), module.dev_secrets(blank)
    assert set(first) == {"ACTION_SERVER_TOKEN", "TWILIO_AUTH_TOKEN"}
    assert all(len(value) >= 32 for value in first.values())
    assert first["ACTION_SERVER_TOKEN"] != second["ACTION_SERVER_TOKEN"]
    assert first["TWILIO_AUTH_TOKEN"] != second["TWILIO_AUTH_TOKEN"]


def test_configured_secrets_are_kept() -> None:
    from bot.settings import Settings

    module = _dev_secrets_module()
    configured = Settings(environment="development", action_server_token="a" * 40, twilio_auth_token="b" * 32)
    assert module.dev_secrets(configured) == {"ACTION_SERVER_TOKEN": "a" * 40, "TWILIO_AUTH_TOKEN": "b" * 32}


def test_run_script_exports_the_secrets_before_starting_anything(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = (ROOT / "scripts" / "run.sh").read_text()
    assert script.index("scripts/dev_secrets.py)") < script.index(".venv/bin/python deploy/supervise.py")
    env = {
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(ROOT),
        "ENVIRONMENT": "development",
        "HOME": str(tmp_path),
    }
    shell = (
        f'eval "$({sys.executable} scripts/dev_secrets.py)"; echo "$ACTION_SERVER_TOKEN $TWILIO_AUTH_TOKEN"'
    )
    out = subprocess.run(["bash", "-c", shell], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    tokens = out.stdout.split()
    assert len(tokens) == 2 and all(len(token) >= 32 for token in tokens), out.stderr
