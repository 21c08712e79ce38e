"""Issue 10 findings 1, 2, 3, 11 and 12: the production profile, started as production starts it
(`python -m integrations.action_server`, `python -m integrations.rasa_server` with
deploy/credentials.production.yml), refuses outsiders; a missing secret stops start-up.

Before: one credentials.yml (with REST) served production too, `--enable-api` listened on every interface
without a token, the action server took any caller, and an unset ENVIRONMENT meant development.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import socket
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest
from twilio.request_validator import RequestValidator

from bot.cases.db import migrate
from tests.support.prestart import prestartable, running
from tests.support.servers import MODEL, ROOT, Launch, free_port, launch

TWILIO_TOKEN = "production-profile-twilio-token"
ACCOUNT_SID = "AC" + "3" * 32
PUBLIC_BASE_URL = "https://intake.example.org"
KELLOGG_LINE = "+15075550158"
RESIDENT = "+15075550142"


def _base_env(work: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "ENVIRONMENT"}  # unset: production is the default
    env.update(
        DATABASE_URL=f"sqlite:///{work / 'cases.db'}",
        PYTHONPATH=str(ROOT),
        RASA_TELEMETRY_ENABLED="false",
        TWILIO_AUTH_TOKEN=TWILIO_TOKEN,
        TWILIO_ACCOUNT_SID=ACCOUNT_SID,
        PUBLIC_BASE_URL=PUBLIC_BASE_URL,
        ACTION_SERVER_TOKEN=secrets.token_urlsafe(32),
        RASA_API_TOKEN=secrets.token_urlsafe(32),
    )
    return env


def _call(url: str, method: str = "GET", data: bytes | None = None, headers: dict | None = None):
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _external_address() -> str | None:
    """An address of this machine other than loopback, if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent for UDP connect
            address = probe.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


@dataclass
class StartingProduction:
    launch: Launch
    info: dict

    def wait(self) -> dict:
        self.launch.wait()
        return self.info

    def stop(self) -> None:
        self.launch.stop()


@prestartable("production")  # starts when collection ends, while the tests before this module run
def start_production(work: Path) -> StartingProduction:
    env = _base_env(work)
    migrate(env["DATABASE_URL"])
    rasa_port, actions_port = free_port(), free_port()
    endpoints = work / "endpoints.yml"  # production's, with SQLite in place of PostgreSQL and Redis
    endpoints.write_text(
        f'action_endpoint:\n  url: "http://127.0.0.1:{actions_port}/webhook"\n'
        "  basic_auth:\n    username: rasa\n    password: ${ACTION_SERVER_TOKEN}\n"
        f"tracker_store:\n  type: SQL\n  dialect: sqlite\n  db: {work / 'tracker.db'}\n"
    )
    commands = [
        [sys.executable, "-m", "integrations.action_server", "--port", str(actions_port)],
        [sys.executable, "-m", "integrations.rasa_server", "--port", str(rasa_port), "--model", str(MODEL),
         "--endpoints", str(endpoints)],
    ]  # fmt: skip
    ready = [f"http://127.0.0.1:{actions_port}/health", f"http://127.0.0.1:{rasa_port}/webhooks/sms/"]
    info = {"rasa": f"http://127.0.0.1:{rasa_port}", "actions": f"http://127.0.0.1:{actions_port}",
            "rasa_port": rasa_port, "env": env, "tracker_db": work / "tracker.db"}  # fmt: skip
    return StartingProduction(launch(commands, env, work / "servers.log", ready), info)


@pytest.fixture(scope="module")
def production(tmp_path_factory):
    yield from running("production", tmp_path_factory)


def test_the_rest_channel_is_absent(production) -> None:
    body = json.dumps(
        {"sender": RESIDENT, "message": "whats the status of my complaint", "input_channel": "sms"}
    )
    status, _ = _call(production["rasa"] + "/webhooks/rest/webhook", "POST", body.encode(),
                      {"Content-Type": "application/json"})  # fmt: skip
    assert status == 404


def test_the_rasa_api_refuses_outsiders_and_their_gets_create_no_tracker(production) -> None:
    rasa = production["rasa"]
    for method, path in (("GET", f"/conversations/{RESIDENT}/tracker"), ("GET", "/status"),
                         ("DELETE", "/model"), ("POST", f"/conversations/{RESIDENT}/tracker/events")):  # fmt: skip
        data = b"[]" if method == "POST" else None
        assert _call(rasa + path, method, data)[0] == 401, path
        assert _call(rasa + path + "?token=wrong", method, data)[0] == 401, path
    # insiders with the token still can (the model is still loaded: DELETE was refused)
    status, body = _call(rasa + "/status?token=" + production["env"]["RASA_API_TOKEN"])
    assert status == 200 and json.loads(body)["model_id"]
    with sqlite3.connect(production["tracker_db"]) as db:
        rows = db.execute("SELECT count(*) FROM events WHERE sender_id = ?", (RESIDENT,)).fetchone()[0]
    assert rows == 0


def test_the_action_server_refuses_calls_without_the_shared_secret(production) -> None:
    call = json.dumps({"next_action": "action_check_status", "sender_id": RESIDENT, "version": "3.6.21",
                       "tracker": {"sender_id": RESIDENT, "slots": {}, "events": [], "latest_message": {}},
                       "domain": {}}).encode()  # fmt: skip
    headers = {"Content-Type": "application/json"}
    assert _call(production["actions"] + "/webhook", "POST", call, headers)[0] == 401
    assert _call(production["actions"] + "/webhook?token=wrong", "POST", call, headers)[0] == 401
    assert _call(production["actions"] + "/webhook", "POST", call, {**headers, **_basic("wrong")})[0] == 401
    assert _call(production["actions"] + "/actions")[0] == 401
    assert _call(production["actions"] + "/health")[0] == 200


def _basic(secret: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"rasa:{secret}".encode()).decode()}


def test_the_action_server_takes_its_secret_only_in_the_authorization_header(production) -> None:
    """Issue 35 item 1: Rasa sent the secret as `?token=`, and HAProxy's log kept every request line. The right
    secret in the URL is refused; in the header it is taken."""
    secret = production["env"]["ACTION_SERVER_TOKEN"]
    status, body = _call(production["actions"] + "/actions?token=" + secret)
    assert status == 401 and "Authorization header" in body
    status, body = _call(production["actions"] + "/actions", headers=_basic(secret))
    assert status == 200 and "action_check_status" in body


def test_a_signed_text_is_answered_through_the_token_protected_action_server(production) -> None:
    params = {"MessageSid": "SM" + secrets.token_hex(16), "AccountSid": ACCOUNT_SID, "From": RESIDENT,
              "To": KELLOGG_LINE, "Body": "whats the status of my complaint", "NumMedia": "0"}  # fmt: skip
    path = "/webhooks/sms/webhook"
    signature = RequestValidator(TWILIO_TOKEN).compute_signature(PUBLIC_BASE_URL + path, params)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature}
    status, twiml = _call(production["rasa"] + path, "POST", urlencode(params).encode(), headers)
    assert status == 200 and "<Message>" in twiml  # action_check_status ran: the token reached it
    other = {**params, "MessageSid": "SM" + secrets.token_hex(16), "AccountSid": "AC" + "4" * 32}
    signature = RequestValidator(TWILIO_TOKEN).compute_signature(PUBLIC_BASE_URL + path, other)
    headers["X-Twilio-Signature"] = signature
    assert _call(production["rasa"] + path, "POST", urlencode(other).encode(), headers)[0] == 400


def test_the_rasa_server_listens_on_loopback_only(production) -> None:
    address = _external_address()
    if address is None:
        pytest.skip("this machine has no address but loopback")
    with socket.socket() as probe:
        probe.settimeout(2)
        assert probe.connect_ex((address, production["rasa_port"])) != 0


# ---- start-up refusals (no model needed: they stop before loading anything) ------------------------


def _start(module: str, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", module, "--port", str(free_port()), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


@pytest.mark.parametrize("module", ["integrations.action_server", "integrations.rasa_server"])
def test_a_missing_shared_secret_stops_start_up(tmp_path, module) -> None:
    env = {**_base_env(tmp_path), "ACTION_SERVER_TOKEN": ""}
    result = _start(module, env)
    assert result.returncode == 2 and "ACTION_SERVER_TOKEN" in result.stderr


def test_a_missing_twilio_token_or_account_stops_the_rasa_server(tmp_path) -> None:
    result = _start("integrations.rasa_server", {**_base_env(tmp_path), "TWILIO_AUTH_TOKEN": ""})
    assert result.returncode == 2 and "TWILIO_AUTH_TOKEN" in result.stderr
    result = _start("integrations.rasa_server", {**_base_env(tmp_path), "TWILIO_ACCOUNT_SID": ""})
    assert result.returncode == 2 and "TWILIO_ACCOUNT_SID" in result.stderr


def test_public_bindings_stop_start_up(tmp_path) -> None:
    result = _start("integrations.action_server", {**_base_env(tmp_path), "ACTION_SERVER_HOST": "0.0.0.0"})
    assert result.returncode == 2 and "ACTION_SERVER_HOST" in result.stderr
    result = _start("integrations.rasa_server", {**_base_env(tmp_path), "RASA_HOST": "0.0.0.0"})
    assert result.returncode == 2 and "RASA_HOST" in result.stderr


def test_the_development_credentials_with_rest_stop_production(tmp_path) -> None:
    result = _start(
        "integrations.rasa_server", _base_env(tmp_path), "--credentials", str(ROOT / "credentials.yml")
    )
    assert result.returncode == 2 and "DevRestInput" in result.stderr


def test_a_typo_in_environment_is_an_error_not_development(tmp_path) -> None:
    result = _start("integrations.action_server", {**_base_env(tmp_path), "ENVIRONMENT": "prod",
                                                    "ACTION_SERVER_TOKEN": ""})  # fmt: skip
    assert result.returncode != 0 and "environment" in result.stderr.lower()
    assert "unexpected value" in result.stderr or "permitted" in result.stderr


def test_an_endpoints_file_that_puts_the_secret_in_the_url_stops_the_rasa_server(tmp_path) -> None:
    """Issue 35 item 1: `token:` made Rasa send the secret as a query parameter, into HAProxy's log."""
    endpoints = tmp_path / "endpoints.yml"
    endpoints.write_text(
        "action_endpoint:\n  url: http://127.0.0.1:5055/webhook\n  token: ${ACTION_SERVER_TOKEN}\n"
    )
    env = _base_env(tmp_path)
    result = _start("integrations.rasa_server", env, "--endpoints", str(endpoints))
    assert result.returncode == 2 and "basic_auth" in result.stderr
    assert env["ACTION_SERVER_TOKEN"] not in result.stderr + result.stdout
