"""Console accounts (scrypt-hashed passwords, roles) and Open311 API keys (SHA-256 of a random token)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from bot.console.models import ROLES, ApiKey, ConsoleUser

# scrypt cost: n=2**14, r=8, p=1 is the interactive-login setting (about 16 MiB and ~50 ms here).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
MIN_PASSWORD_LENGTH = 10
# Wrong passwords in a row before an account is locked, and for how long: slows guessing to a crawl
# without letting a stranger lock a clerk out for long.
MAX_FAILED_SIGN_INS = 5
LOCKOUT = timedelta(minutes=15)
API_KEY_PREFIX = "o311_"


class AccountError(ValueError):
    """An account operation that cannot be done (taken name, short password, unknown role)."""


@dataclass(frozen=True)
class StaffUser:
    id: int
    username: str
    role: str


@dataclass(frozen=True)
class ApiClient:
    id: int
    name: str
    jurisdiction: str | None  # None: every jurisdiction

    def may_see(self, jurisdiction: str) -> bool:
        return self.jurisdiction is None or self.jurisdiction == jurisdiction


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def hash_password(password: str, *, salt: bytes | None = None) -> str:
    """`scrypt$n$r$p$salt$hash`, base64 parts; the parameters travel with the hash so they can be raised."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, maxmem=64 * 1024 * 1024
    )
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


def verify_password(password: str, stored: str) -> bool:
    try:
        scheme, n, r, p, salt, expected = stored.split("$")
        if scheme != "scrypt":
            return False
        expected_bytes = base64.b64decode(expected)
        digest = hashlib.scrypt(
            password.encode("utf-8"),
            salt=base64.b64decode(salt),
            n=int(n),
            r=int(r),
            p=int(p),
            maxmem=64 * 1024 * 1024,
            dklen=len(expected_bytes),
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(digest, expected_bytes)


def hash_api_key(key: str) -> str:
    # The key is 32 random bytes, so a fast hash cannot be brute-forced; a slow one would only cost latency.
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


# A fixed hash to check against when the user does not exist, so a wrong name costs as much as a wrong password.
_DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$" + _b64(bytes(64))


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class AccountService:
    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime] = _utc_now) -> None:
        self._session_factory = session_factory
        self._clock = clock

    def create_user(self, username: str, password: str, role: str) -> StaffUser:
        username = username.strip().lower()
        if not username or len(username) > 100 or not username.replace(".", "").replace("-", "").isalnum():
            raise AccountError("a username is letters, digits, dots and hyphens")
        if role not in ROLES:
            raise AccountError(f"role must be one of {', '.join(ROLES)}")
        if len(password) < MIN_PASSWORD_LENGTH:
            raise AccountError(f"a password needs at least {MIN_PASSWORD_LENGTH} characters")
        user = ConsoleUser(
            username=username, password_hash=hash_password(password), role=role, created_at=self._clock()
        )
        try:
            with self._session_factory() as session, session.begin():
                session.add(user)
                session.flush()
                return StaffUser(user.id, user.username, user.role)
        except IntegrityError:
            raise AccountError(f"the username {username} is taken") from None

    def set_password(self, username: str, password: str) -> None:
        if len(password) < MIN_PASSWORD_LENGTH:
            raise AccountError(f"a password needs at least {MIN_PASSWORD_LENGTH} characters")
        with self._session_factory() as session, session.begin():
            user = session.execute(
                select(ConsoleUser).where(ConsoleUser.username == username.strip().lower())
            ).scalar_one_or_none()
            if user is None:
                raise AccountError(f"no user {username}")
            user.password_hash = hash_password(password)

    def authenticate(self, username: str, password: str) -> StaffUser | None:
        """The active user with this name and password, or None (same cost either way)."""
        with self._session_factory() as session, session.begin():
            user = session.execute(
                select(ConsoleUser).where(ConsoleUser.username == username.strip().lower())
            ).scalar_one_or_none()
            ok = verify_password(password, user.password_hash if user else _DUMMY_HASH)
            if user is None or not user.active:
                return None
            now = self._clock()
            if user.locked_until is not None and user.locked_until > now:
                return None  # the same answer as a wrong password: nothing tells a guesser the name exists
            if not ok:
                user.failed_sign_ins += 1
                if user.failed_sign_ins >= MAX_FAILED_SIGN_INS:
                    user.locked_until, user.failed_sign_ins = now + LOCKOUT, 0
                return None
            user.failed_sign_ins, user.locked_until, user.last_sign_in_at = 0, None, now
            return StaffUser(user.id, user.username, user.role)

    def get_user(self, user_id: int) -> StaffUser | None:
        """The active user with this id (a deactivated user's session stops working at once)."""
        with self._session_factory() as session:
            user = session.get(ConsoleUser, user_id)
            if user is None or not user.active:
                return None
            return StaffUser(user.id, user.username, user.role)

    def list_users(self) -> list[tuple[StaffUser, bool]]:
        with self._session_factory() as session:
            users = session.execute(select(ConsoleUser).order_by(ConsoleUser.username)).scalars().all()
            return [(StaffUser(u.id, u.username, u.role), u.active) for u in users]

    def set_active(self, user_id: int, active: bool) -> None:
        with self._session_factory() as session, session.begin():
            user = session.get(ConsoleUser, user_id)
            if user is None:
                raise AccountError(f"no user with id {user_id}")
            user.active = active

    def count_users(self) -> int:
        with self._session_factory() as session:
            return session.execute(select(func.count()).select_from(ConsoleUser)).scalar_one()

    def create_api_key(self, name: str, jurisdiction: str | None) -> tuple[ApiClient, str]:
        """A new key; the plain key is returned once and never stored."""
        if not name.strip():
            raise AccountError("an API key needs a name (who holds it)")
        key = API_KEY_PREFIX + secrets.token_urlsafe(32)
        with self._session_factory() as session, session.begin():
            row = ApiKey(
                name=name.strip(),
                key_hash=hash_api_key(key),
                jurisdiction=jurisdiction,
                created_at=self._clock(),
            )
            session.add(row)
            session.flush()
            return ApiClient(row.id, row.name, row.jurisdiction), key

    def api_client(self, key: str) -> ApiClient | None:
        """The holder of an unrevoked key, or None."""
        if not key or not key.startswith(API_KEY_PREFIX):
            return None
        with self._session_factory() as session:
            row = session.execute(
                select(ApiKey).where(ApiKey.key_hash == hash_api_key(key), ApiKey.revoked_at.is_(None))
            ).scalar_one_or_none()
            return None if row is None else ApiClient(row.id, row.name, row.jurisdiction)

    def list_api_keys(self) -> list[tuple[ApiClient, datetime | None]]:
        with self._session_factory() as session:
            rows = session.execute(select(ApiKey).order_by(ApiKey.id)).scalars().all()
            return [(ApiClient(r.id, r.name, r.jurisdiction), r.revoked_at) for r in rows]

    def revoke_api_key(self, key_id: int) -> None:
        with self._session_factory() as session, session.begin():
            row = session.get(ApiKey, key_id)
            if row is None:
                raise AccountError(f"no API key with id {key_id}")
            if row.revoked_at is None:
                row.revoked_at = self._clock()
