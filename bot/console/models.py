"""Console accounts, their cities, the sign-in throttle and Open311 API keys, on the case database's metadata.

Created by migrations 0003 (accounts, keys), 0008 (cities, throttle) and 0012 (sessions, Open311 POST counts).
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, CheckConstraint, Column, ForeignKey, Integer, String

from bot.cases.models import Base, UTCDateTime

ROLES = ("clerk", "officer", "admin")
# Written out literally, like bot.cases.models' checks; tests compare it with ROLES.
ROLE_CHECK = "role IN ('clerk', 'officer', 'admin')"
BigId = BigInteger().with_variant(Integer(), "sqlite")


class ConsoleUser(Base):
    """A member of staff who signs in to the console. Passwords are stored only as scrypt hashes."""

    __tablename__ = "console_users"
    __table_args__ = (CheckConstraint(ROLE_CHECK, name="role_allowed"),)

    id = Column(BigId, primary_key=True)
    username = Column(String(100), nullable=False, unique=True)
    password_hash = Column(String(300), nullable=False)
    role = Column(String(20), nullable=False)
    active = Column(Boolean, nullable=False, default=True)
    created_at = Column(UTCDateTime, nullable=False)
    last_sign_in_at = Column(UTCDateTime, nullable=True)


class ConsoleUserCity(Base):
    """A city (jurisdiction code) whose complaints a member of staff may see. None: sees nothing."""

    __tablename__ = "console_user_cities"

    user_id = Column(BigId, ForeignKey("console_users.id", ondelete="CASCADE"), primary_key=True)
    jurisdiction = Column(String(40), primary_key=True)


class SignInThrottle(Base):
    """Sign-in attempts counted per key ("account:NAME" or "client:ADDRESS") since the last success.

    `not_before`: no attempt under this key is checked before then (the growing delay).
    """

    __tablename__ = "console_sign_in_throttle"

    key = Column(String(160), primary_key=True)
    attempts = Column(Integer, nullable=False, default=0, server_default="0")
    not_before = Column(UTCDateTime, nullable=True)
    last_attempt_at = Column(UTCDateTime, nullable=False)


class ApiKey(Base):
    """An Open311 API key (a dispatcher, say). Only a hash of the key is stored; it is shown once."""

    __tablename__ = "console_api_keys"

    id = Column(BigId, primary_key=True)
    name = Column(String(100), nullable=False)
    key_hash = Column(String(128), nullable=False, unique=True)
    jurisdiction = Column(String(40), nullable=True)  # None: every jurisdiction
    created_at = Column(UTCDateTime, nullable=False)
    revoked_at = Column(UTCDateTime, nullable=True)


class ConsoleSession(Base):
    """A signed-in browser. The cookie carries a random session id; this row holds only its digest, so a
    copied cookie stops working the moment the row is ended: at sign-out (that session), at a password change
    or deactivation (every session of the account), or after CONSOLE_SESSION_HOURS."""

    __tablename__ = "console_sessions"

    id_digest = Column(String(64), primary_key=True)
    user_id = Column(BigId, ForeignKey("console_users.id", ondelete="CASCADE"), nullable=False, index=True)
    created_at = Column(UTCDateTime, nullable=False)
    ended_at = Column(UTCDateTime, nullable=True)


class ApiKeyPosts(Base):
    """Open311 POSTs counted per API key and window (an hour, a day), for the per-key limits."""

    __tablename__ = "console_api_key_posts"

    api_key_id = Column(BigId, ForeignKey("console_api_keys.id", ondelete="CASCADE"), primary_key=True)
    period = Column(String(8), primary_key=True)  # "hour" | "day"
    starts_at = Column(UTCDateTime, primary_key=True)
    posts = Column(Integer, nullable=False)
