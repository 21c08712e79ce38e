"""One typed settings object, read from the environment (and `.env` when present).

Nothing is read at import time: call `get_settings()` where a value is needed.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseSettings, Field

REPO_ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Every setting the product reads. `.env.example` documents each one."""

    # A closed set: a typo ("prod") is an error, never development. Unset means production (fails closed);
    # `make run` and the test harness say development / test explicitly.
    environment: Literal["development", "test", "production"] = Field(
        "production", description="development | test | production"
    )
    database_url: str = Field(
        f"sqlite:///{REPO_ROOT / 'var' / 'cases.db'}",
        description="SQLAlchemy URL of the case database",
    )
    default_jurisdiction: str = Field(
        "kellogg", description="pack used when a conversation names no city (REST channel)"
    )
    log_level: str = Field("INFO")
    public_base_url: str = Field("http://localhost:5005", description="public URL Twilio signs")
    twilio_auth_token: str = Field("", description="Twilio auth token; required in production")
    twilio_account_sid: str = Field("")
    twilio_api_base_url: str = Field("", description="Twilio REST base URL; blank = Twilio's own")
    # outbox worker (bot.notify): retries with exponential backoff, then the row is kept as failed
    outbox_poll_seconds: float = Field(2.0, description="how often the worker looks for due texts")
    outbox_max_attempts: int = Field(8, description="tries per text before it is marked failed")
    outbox_backoff_base_seconds: float = Field(5.0, description="delay after the first failure; doubles")
    outbox_backoff_max_seconds: float = Field(900.0, description="longest delay between tries")
    # clerk console and Open311 API (bot.console)
    session_secret: str = Field(
        "", description="signs console session cookies; required in production, generated per process else"
    )
    console_host: str = Field("127.0.0.1", description="address the console listens on")
    console_port: int = Field(8000, description="port the console listens on")
    console_session_hours: int = Field(8, description="a console sign-in lasts this long")
    console_public_url: str = Field(
        "",
        description="the console's public https URL (Open311 discovery and the officer's page links are "
        "built from it); required in production, blank = http://CONSOLE_HOST:CONSOLE_PORT elsewhere",
    )
    console_trusted_proxies: str = Field(
        "",
        description="addresses (comma-separated) whose X-Forwarded-For the console believes: the load "
        "balancer's (127.0.0.1 behind deploy/haproxy.cfg on the same host); blank = believe no one",
    )
    open311_posts_per_hour: int = Field(20, description="Open311 POSTs one API key may file per hour")
    open311_posts_per_day: int = Field(100, description="Open311 POSTs one API key may file per day")
    rasa_url: str = Field(
        "http://localhost:5005", description="Rasa server the console's 'Try the line' posts to"
    )
    # internal services (integrations.action_server, integrations.rasa_server): never on the internet
    action_server_token: str = Field(
        "", description="shared secret the Rasa server sends the action server; required in production"
    )
    action_server_host: str = Field("127.0.0.1", description="address the action server listens on")
    rasa_host: str = Field("127.0.0.1", description="address the Rasa server listens on (behind TLS proxy)")
    rasa_api_token: str = Field(
        "", description="blank: the Rasa HTTP API is off; set: on, and every call must carry ?token="
    )
    tracker_database_url: str = Field(
        "",
        description="SQLAlchemy URL of Rasa's tracker store, pruned by `python -m bot.cases prune`; blank = "
        "built from TRACKER_DB_* (what deploy/endpoints.production.yml gives Rasa), else var/tracker.db "
        "outside production",
    )
    tracker_db_host: str = Field("", description="PostgreSQL host of Rasa's tracker store (production)")
    tracker_db_port: int = Field(5432)
    tracker_db_name: str = Field("rasa")
    tracker_db_user: str = Field("")
    tracker_db_password: str = Field("")
    # the phone line's one-time status code (integrations/twilio_voice.py)
    voice_codes_per_call: int = Field(
        2, description="status codes one call may have texted (a retry after a wrong one)"
    )
    voice_codes_per_number_per_day: int = Field(3, description="status codes one number may be texted a day")
    # limits before work (integrations)
    max_webhook_body_bytes: int = Field(65536, description="Twilio deliveries larger than this are refused")
    max_message_chars: int = Field(1600, description="a message is cut to this before NLU (Twilio's max)")

    class Config:
        env_file = REPO_ROOT / ".env"
        env_file_encoding = "utf-8"

    @property
    def is_production(self) -> bool:
        return self.environment == "production"

    @property
    def is_development(self) -> bool:
        return self.environment == "development"


MIN_SECRET_CHARS = 32
DEVELOPMENT_TRACKER_URL = f"sqlite:///{REPO_ROOT / 'var' / 'tracker.db'}"


class MissingSetting(RuntimeError):
    """A setting production cannot run without."""


def tracker_url(settings: Settings) -> str:
    """The tracker store Rasa writes to: TRACKER_DATABASE_URL, else the PostgreSQL database named by the same
    TRACKER_DB_* settings deploy/endpoints.production.yml gives Rasa, else (outside production only) the
    development store, var/tracker.db. Production without either is an error: pruning some other database
    would report success while residents' words stay."""
    if settings.tracker_database_url:
        return settings.tracker_database_url
    if settings.tracker_db_host:
        from sqlalchemy.engine import URL

        return URL.create(
            "postgresql+psycopg2",
            username=settings.tracker_db_user or None,
            password=settings.tracker_db_password or None,
            host=settings.tracker_db_host,
            port=settings.tracker_db_port,
            database=settings.tracker_db_name,
        ).render_as_string(hide_password=False)
    if settings.is_production:
        raise MissingSetting(
            "the tracker store is not configured: set TRACKER_DB_HOST (or TRACKER_DATABASE_URL)"
        )
    return DEVELOPMENT_TRACKER_URL


def is_internal_address(host: str) -> bool:
    """Loopback or a private network address: never 0.0.0.0, a public address or a host name."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return host == "localhost"
    return not address.is_unspecified and (address.is_loopback or address.is_private)


def production_problems(settings: Settings, process: str) -> list[str]:
    """Why `process` ("rasa" or "actions") must not start in production; empty when it may."""
    if not settings.is_production:
        return []
    problems = []
    if len(settings.action_server_token) < MIN_SECRET_CHARS:
        problems.append(f"ACTION_SERVER_TOKEN must be set ({MIN_SECRET_CHARS}+ random characters)")
    if process == "actions" and not is_internal_address(settings.action_server_host):
        problems.append("ACTION_SERVER_HOST must be a loopback or private address")
    if process == "rasa":
        if not settings.twilio_auth_token:
            problems.append("TWILIO_AUTH_TOKEN is required")
        if not settings.twilio_account_sid:
            problems.append(
                "TWILIO_ACCOUNT_SID is required (deliveries and photo URLs are checked against it)"
            )
        if not is_internal_address(settings.rasa_host):
            problems.append(
                "RASA_HOST must be a loopback or private address (a TLS proxy faces the internet)"
            )
        if settings.rasa_api_token and len(settings.rasa_api_token) < MIN_SECRET_CHARS:
            problems.append(f"RASA_API_TOKEN, when set, must be {MIN_SECRET_CHARS}+ characters")
    return problems


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read on first use."""
    return Settings()
