"""Console accounts (scrypt-hashed passwords, roles) and Open311 API keys (SHA-256 of a random token)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from bot.console.models import ROLES, ApiKey, ConsoleUser, ConsoleUserCity
from bot.console.open311_limits import Open311PostCounter
from bot.console.sessions import SessionStore
from bot.console.throttle import SignInThrottleStore, account_key, client_key, device_key
from bot.jurisdictions import load_packs

# scrypt cost: n=2**14, r=8, p=1 is the interactive-login setting (about 16 MiB and ~50 ms here).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
MIN_PASSWORD_LENGTH = 10
API_KEY_PREFIX = "o311_"


class AccountError(ValueError):
    """An account operation that cannot be done (taken name, short password, unknown role)."""


@dataclass(frozen=True)
class StaffUser:
    id: int
    username: str
    role: str
    cities: frozenset[str] = frozenset()  # the jurisdictions whose complaints this account may see

    def may_see(self, jurisdiction: str) -> bool:
        return jurisdiction in self.cities


@dataclass(frozen=True)
class SignIn:
    """The outcome of a sign-in attempt: the user, or None; `retry_after` > 0 when it came too soon
    and was refused without checking the password."""

    user: StaffUser | None
    retry_after: timedelta = timedelta(0)


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


def _known_cities(cities: Iterable[str]) -> frozenset[str]:
    chosen = frozenset(code.strip().lower() for code in cities if code.strip())
    unknown = chosen - set(load_packs())
    if unknown:
        raise AccountError(f"unknown city {', '.join(sorted(unknown))}")
    return chosen


def _staff(session: Session, user: ConsoleUser) -> StaffUser:
    cities = session.execute(select(ConsoleUserCity.jurisdiction).where(ConsoleUserCity.user_id == user.id))
    return StaffUser(user.id, user.username, user.role, frozenset(cities.scalars()))


class AccountService:
    def __init__(
        self, session_factory: sessionmaker, clock: Callable[[], datetime] = _utc_now, session_hours: int = 8
    ) -> None:
        self._session_factory = session_factory
        self._clock = clock
        self.throttle = SignInThrottleStore(session_factory, clock)
        self.sessions = SessionStore(session_factory, timedelta(hours=session_hours))
        self.open311_posts = Open311PostCounter(session_factory, clock)

    def create_user(self, username: str, password: str, role: str, cities: Iterable[str] = ()) -> StaffUser:
        """A new account that sees `cities` (jurisdiction codes; none: it sees no complaint)."""
        username = username.strip().lower()
        cities = _known_cities(cities)
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
                session.add_all(
                    ConsoleUserCity(user_id=user.id, jurisdiction=code) for code in sorted(cities)
                )
                return StaffUser(user.id, user.username, user.role, cities)
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
            self.sessions.end_all(session, user.id)  # a copied cookie must not outlive the old password

    def authenticate(self, username: str, password: str) -> StaffUser | None:
        """The active user with this name and password, or None (same cost either way). Unthrottled:
        the console signs in through `sign_in`."""
        with self._session_factory() as session, session.begin():
            user = session.execute(
                select(ConsoleUser).where(ConsoleUser.username == username.strip().lower())
            ).scalar_one_or_none()
            ok = verify_password(password, user.password_hash if user else _DUMMY_HASH)
            if user is None or not user.active or not ok:
                return None
            user.last_sign_in_at = self._clock()
            return _staff(session, user)

    def sign_in(
        self, username: str, password: str, *, client: str | None, device: str | None = None
    ) -> SignIn:
        """A throttled sign-in (see `bot.console.throttle`): counted per client and per account, or, from a
        browser that has signed in to this account before (`device`: its verified known-device cookie), per
        that device only. Blocking (scrypt, database): call it in a thread."""
        keys = [device_key(device)] if device else [client_key(client), account_key(username)]
        verdict = self.throttle.attempt(keys)
        if not verdict.allowed:
            return SignIn(None, verdict.retry_after)
        user = self.authenticate(username, password)
        if user is not None:
            self.throttle.clear(keys)
            self.throttle.prune()  # keys idle a day delay nothing: forget them (a success is rare enough)
        return SignIn(user)

    def get_user(self, user_id: int) -> StaffUser | None:
        """The active user with this id."""
        with self._session_factory() as session:
            user = session.get(ConsoleUser, user_id)
            if user is None or not user.active:
                return None
            return _staff(session, user)

    def session_user(self, session_id: str) -> StaffUser | None:
        """The active user of an open session (see `bot.console.sessions`); None once it ended or expired."""
        with self._session_factory() as session:
            user = self.sessions.active_user(session, session_id)
            return None if user is None else _staff(session, user)

    def list_users(self) -> list[tuple[StaffUser, bool]]:
        with self._session_factory() as session:
            users = session.execute(select(ConsoleUser).order_by(ConsoleUser.username)).scalars().all()
            return [(_staff(session, u), u.active) for u in users]

    def set_cities(self, who: int | str, cities: Iterable[str]) -> StaffUser:
        """Replace the cities an account (id or name) sees; its open sessions see the change on their next page."""
        cities = _known_cities(cities)
        with self._session_factory() as session, session.begin():
            where = (
                ConsoleUser.id == who if isinstance(who, int) else ConsoleUser.username == who.strip().lower()
            )
            user = session.execute(select(ConsoleUser).where(where)).scalar_one_or_none()
            if user is None:
                raise AccountError(f"no user {who}")
            session.execute(delete(ConsoleUserCity).where(ConsoleUserCity.user_id == user.id))
            session.add_all(ConsoleUserCity(user_id=user.id, jurisdiction=code) for code in sorted(cities))
            return StaffUser(user.id, user.username, user.role, cities)

    def set_active(self, user_id: int, active: bool) -> None:
        with self._session_factory() as session, session.begin():
            user = session.get(ConsoleUser, user_id)
            if user is None:
                raise AccountError(f"no user with id {user_id}")
            user.active = active
            if not active:
                self.sessions.end_all(session, user.id)

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
