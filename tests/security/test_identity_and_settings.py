"""Issue 10 findings 1 and 11, unit level: ENVIRONMENT is a closed set defaulting to production, the REST
channel is namespaced and ignores the client's channel and metadata, and actions take identity only from
what the servers saw."""

from __future__ import annotations

import os

import pytest
from pydantic import ValidationError
from rasa_sdk import Tracker

from actions.services import caller_verified, complainant_contact, conversation_channel, conversation_pack
from bot.notify.numbers import e164, require_e164
from bot.settings import Settings, get_settings, is_internal_address, production_problems
from integrations.rest_dev import DevRestInput, RestChannelRefused, namespaced
from integrations.twilio_common import TwilioConfigurationError, require_auth_token

RESIDENT = "+15075550142"
CALL = "call:CA" + "a" * 32
FREEPORT_LINE = "+13205550158"


def test_unset_environment_is_production(monkeypatch) -> None:
    """Finding 11: forgetting ENVIRONMENT gave development (Try the line on, cookies not Secure, a printed
    admin password, a blank Twilio token only warned)."""
    from bot.console import try_line

    monkeypatch.delenv("ENVIRONMENT", raising=False)
    settings = Settings(_env_file=None)
    assert settings.environment == "production" and settings.is_production
    assert try_line.enabled(settings) is False
    with pytest.raises(TwilioConfigurationError):
        require_auth_token(settings, "sms")


@pytest.mark.parametrize("typo", ["prod", "Production", "dev", ""])
def test_a_typo_in_environment_is_an_error(monkeypatch, typo) -> None:
    monkeypatch.setenv("ENVIRONMENT", typo)
    with pytest.raises(ValidationError):
        Settings(_env_file=None)


def test_a_blank_twilio_token_is_an_error_outside_development() -> None:
    for environment in ("production", "test"):
        with pytest.raises(TwilioConfigurationError):
            require_auth_token(Settings(_env_file=None, environment=environment, twilio_auth_token=""), "sms")
    require_auth_token(Settings(_env_file=None, environment="development", twilio_auth_token=""), "sms")


def test_internal_addresses() -> None:
    assert all(map(is_internal_address, ["127.0.0.1", "::1", "10.0.0.5", "192.168.1.2", "localhost"]))
    assert not any(map(is_internal_address, ["0.0.0.0", "::", "8.8.8.8", "example.org"]))


def test_production_problems_name_every_missing_piece() -> None:
    bare = Settings(_env_file=None, environment="production")
    problems = " ".join(production_problems(bare, "rasa"))
    assert "ACTION_SERVER_TOKEN" in problems and "TWILIO_AUTH_TOKEN" in problems
    assert "TWILIO_ACCOUNT_SID" in problems
    assert production_problems(Settings(_env_file=None, environment="development"), "rasa") == []


# ---- the REST channel -----------------------------------------------------------------------------


def test_rest_senders_are_namespaced_once() -> None:
    assert namespaced(RESIDENT) == f"rest:{RESIDENT}"
    assert namespaced(f"rest:{RESIDENT}") == f"rest:{RESIDENT}"
    assert namespaced(None) is None and namespaced("") is None


def test_the_rest_channel_refuses_to_load_in_production(monkeypatch) -> None:
    monkeypatch.setenv("ENVIRONMENT", "production")
    get_settings.cache_clear()
    try:
        with pytest.raises(RestChannelRefused):
            DevRestInput.from_credentials({})
    finally:
        get_settings.cache_clear()


class _Request:
    def __init__(self, body: dict) -> None:
        self.json = body


def test_the_rest_channel_ignores_the_clients_channel_and_metadata() -> None:
    channel = DevRestInput()
    request = _Request({"sender": RESIDENT, "message": "x" * 5000, "input_channel": "voice",
                        "metadata": {"to": FREEPORT_LINE, "photo_urls": ["javascript:alert(1)"],
                                     "jurisdiction": "freeport"}})  # fmt: skip
    assert channel._extract_input_channel(request) == "rest"
    assert channel.get_metadata(request) == {"jurisdiction": "freeport"}
    assert len(channel._extract_message(request)) == 1600
    assert channel.get_metadata(_Request({"metadata": {"jurisdiction": "atlantis"}})) is None


# ---- identity in the actions ---------------------------------------------------------------------


def _tracker(sender: str, channel: str, metadata: dict | None = None) -> Tracker:
    latest = {
        "intent": {"name": "check_status"},
        "entities": [],
        "text": "status",
        "metadata": metadata or {},
    }
    events = [{"event": "user", "text": "status", "input_channel": channel, "metadata": metadata or {}}]
    return Tracker(sender, {"jurisdiction": "kellogg"}, latest, events, False, None, {}, "action_listen")


@pytest.mark.parametrize(
    "sender,channel,expected",
    [
        (RESIDENT, "sms", ("sms", RESIDENT)),
        (f"rest:{RESIDENT}", "sms", ("rest", f"rest:{RESIDENT}")),  # a REST client claiming SMS
        (f"rest:{RESIDENT}", "voice", ("rest", f"rest:{RESIDENT}")),
        (RESIDENT, "voice", ("rest", f"rest:{RESIDENT}")),  # a voice message is never keyed by a phone
        (RESIDENT, "rest", ("rest", f"rest:{RESIDENT}")),
        ("somebody", "sms", ("rest", "rest:somebody")),
    ],
)
def test_channel_and_contact_come_from_the_server_seen_conversation_id(sender, channel, expected) -> None:
    tracker = _tracker(sender, channel)
    assert (conversation_channel(tracker), complainant_contact(tracker)) == expected


def test_a_call_files_under_the_callers_number_and_is_verified_only_when_the_channel_says_so() -> None:
    unverified = _tracker(CALL, "voice", {"caller": RESIDENT, "caller_verified": False})
    assert (conversation_channel(unverified), complainant_contact(unverified)) == ("voice", RESIDENT)
    assert caller_verified(unverified) is False
    assert caller_verified(_tracker(CALL, "voice", {"caller": RESIDENT, "caller_verified": True})) is True
    withheld = _tracker(CALL, "voice", {"caller": None})
    assert complainant_contact(withheld) == CALL


def test_the_city_is_the_number_this_message_was_sent_to() -> None:
    """Finding 13: a text to a second city's number within 12 hours was filed in the first city."""
    tracker = _tracker(RESIDENT, "sms", {"to": FREEPORT_LINE})
    assert conversation_pack(tracker).code == "freeport"  # the slot still says kellogg
    spoofed = _tracker(f"rest:{RESIDENT}", "sms", {"to": FREEPORT_LINE})
    assert conversation_pack(spoofed).code == "kellogg"


def test_one_e164() -> None:
    assert e164("(507) 555-0142") == RESIDENT and e164("anonymous") is None
    assert require_e164("507-555-0142") == RESIDENT
    with pytest.raises(ValueError):
        require_e164("12")
    from bot.console import try_line

    assert try_line.e164 is require_e164


def test_the_production_endpoints_send_the_action_server_token(monkeypatch) -> None:
    from rasa.utils.endpoints import read_endpoint_config

    from bot.settings import REPO_ROOT

    for name in ("TRACKER_DB_HOST", "TRACKER_DB_PORT", "TRACKER_DB_NAME", "TRACKER_DB_USER",
                 "TRACKER_DB_PASSWORD", "REDIS_HOST", "REDIS_PORT"):  # fmt: skip
        monkeypatch.setenv(name, "x")
    monkeypatch.setenv("ACTION_SERVER_TOKEN", "t" * 40)
    monkeypatch.setenv("ACTION_ENDPOINT_URL", "http://10.0.0.5:5055/webhook")
    endpoint = read_endpoint_config(str(REPO_ROOT / "deploy" / "endpoints.production.yml"), "action_endpoint")
    assert endpoint.basic_auth["password"] == "t" * 40 and endpoint.url == "http://10.0.0.5:5055/webhook"
    assert not endpoint.token and "t" * 40 not in str(endpoint.combine_parameters())  # never in the URL
    assert os.environ["ACTION_SERVER_TOKEN"] == "t" * 40


def test_an_api_token_that_starts_with_a_dash_reaches_rasa_as_the_token() -> None:
    """token_urlsafe can start with "-": passed as a separate argument, `rasa run` took it for an option and
    refused to start (seen in CI, about one start in 64)."""
    import argparse

    from rasa.__main__ import create_argument_parser

    from integrations.rasa_server import rasa_command

    token = "-" + "a" * 40
    settings = Settings(_env_file=None, environment="development", rasa_api_token=token)
    args = argparse.Namespace(model="m.tar.gz", port=5005, endpoints="e.yml", credentials="c.yml")
    parsed = create_argument_parser().parse_args(rasa_command(settings, args)[1:])
    assert parsed.auth_token == token and parsed.enable_api


def test_a_dot_env_file_is_read(tmp_path, monkeypatch) -> None:
    """README: copy `.env.example` to `.env` to override settings. Without python-dotenv installed, a `.env`
    file made every process fail at start (`ImportError: python-dotenv is not installed`)."""
    monkeypatch.delenv("ENVIRONMENT", raising=False)
    monkeypatch.delenv("CONSOLE_PORT", raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("# as .env.example says\nENVIRONMENT=development\nCONSOLE_PORT=8123\n")
    settings = Settings(_env_file=env_file)
    assert settings.environment == "development"
    assert settings.console_port == 8123
