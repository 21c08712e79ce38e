"""One typed settings object, read from the environment (and `.env` when present).

Nothing is read at import time: call `get_settings()` where a value is needed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import BaseSettings, Field

REPO_ROOT = Path(__file__).resolve().parent.parent


class Settings(BaseSettings):
    """Every setting the product reads. `.env.example` documents each one."""

    environment: str = Field("development", description="development | test | production")
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
        description="the console's public https URL (Open311 discovery is built from it); required in "
        "production, blank = http://CONSOLE_HOST:CONSOLE_PORT elsewhere",
    )
    rasa_url: str = Field(
        "http://localhost:5005", description="Rasa server the console's 'Try the line' posts to"
    )

    class Config:
        env_file = REPO_ROOT / ".env"
        env_file_encoding = "utf-8"

    @property
    def is_production(self) -> bool:
        return self.environment == "production"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read on first use."""
    return Settings()
