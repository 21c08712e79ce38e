"""Sign-in throttling: growing delays per account and per client address, never a lock.

Every attempt is counted under two keys, the account's name and the client's address (an IPv6 client by
its /64, which one machine usually holds whole). The first `FREE_ATTEMPTS` attempts under a key pass
at once; after that each attempt that is checked sets a wait of 1 s, 2 s, 4 s ... up to `MAX_DELAY`
before the next is checked. An attempt that comes sooner is refused unchecked (it is still counted).
A successful sign-in clears both keys.

The count is atomic in the database: each attempt first runs `UPDATE ... SET attempts = attempts + 1`,
which takes the row's write lock (PostgreSQL) or the database's (SQLite, `BEGIN IMMEDIATE`), then reads
the row back in the same transaction and, when it lets the attempt through, moves `not_before` before
committing. Parallel guesses on any number of workers are therefore each counted, and only one of them
gets each slot.

A browser that has signed in to the account before carries a signed "known device" cookie
(`bot.console.devices`); its attempts are counted under that device's own key only, never the account's nor
the client address's, so a stranger's guesses cannot keep the account's owner out (the OWASP "device cookie"
scheme), not even from behind the same address (an office NAT, or every visitor when a proxy in front does not
pass the real address on).
"""

from __future__ import annotations

import hashlib
import ipaddress
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session, sessionmaker

from bot.console.models import SignInThrottle

FREE_ATTEMPTS = 3
MAX_DELAY = timedelta(seconds=60)
KEEP_IDLE = timedelta(days=1)  # rows idle this long are pruned (they no longer delay anything)


def delay_after(attempts: int) -> timedelta:
    """The wait after the `attempts`-th attempt in a row under one key: none, then 1 s, 2 s, 4 s ... capped."""
    if attempts < FREE_ATTEMPTS:
        return timedelta(0)
    return min(timedelta(seconds=2 ** min(attempts - FREE_ATTEMPTS, 16)), MAX_DELAY)


def account_key(username: str) -> str:
    return "account:" + username.strip().lower()[:100]


def device_key(cookie: str) -> str:
    """A known device's key: a digest of its cookie (the cookie itself is a credential, never stored)."""
    return "device:" + hashlib.sha256(cookie.encode("utf-8")).hexdigest()[:40]


def client_key(address: str | None) -> str:
    """The client's key: an IPv4 address as is, an IPv6 address by its /64 network."""
    if not address:
        return "client:unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return "client:" + address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return "client:" + str(ip.ipv4_mapped)
        return "client:" + str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return "client:" + str(ip)


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    retry_after: timedelta = timedelta(0)  # when refused: how long until the next attempt is checked


class SignInThrottleStore:
    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime]) -> None:
        self._session_factory = session_factory
        self._clock = clock

    def attempt(self, keys: Sequence[str]) -> Verdict:
        """Count one attempt under every key; let it through only if no key is waiting."""
        now = self._clock()
        ordered = sorted(set(keys))  # one lock order for every worker: no deadlock between two attempts
        with self._session_factory() as session, session.begin():
            rows = [self._count(session, key, now) for key in ordered]
            waits = [
                row.not_before - now for row in rows if row.not_before is not None and row.not_before > now
            ]
            if waits:
                return Verdict(False, max(waits))
            for row in rows:
                # reserve the slot as if this attempt fails; a success clears it
                row.not_before = now + delay_after(row.attempts) if delay_after(row.attempts) else None
            return Verdict(True)

    def _count(self, session: Session, key: str, now: datetime) -> SignInThrottle:
        insert = postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert
        session.execute(
            insert(SignInThrottle.__table__)
            .values(key=key, attempts=0, last_attempt_at=now)
            .on_conflict_do_nothing(index_elements=["key"])
        )
        session.execute(
            update(SignInThrottle)
            .where(SignInThrottle.key == key)
            .values(attempts=SignInThrottle.attempts + 1, last_attempt_at=now)
            .execution_options(synchronize_session=False)
        )
        return session.execute(
            select(SignInThrottle).where(SignInThrottle.key == key).execution_options(populate_existing=True)
        ).scalar_one()

    def clear(self, keys: Sequence[str]) -> None:
        """A successful sign-in: these keys start again from nothing."""
        with self._session_factory() as session, session.begin():
            session.execute(delete(SignInThrottle).where(SignInThrottle.key.in_(sorted(set(keys)))))

    def attempts(self, key: str) -> int:
        """Attempts counted under `key` since its last success (0 when none)."""
        with self._session_factory() as session:
            row = session.get(SignInThrottle, key)
            return 0 if row is None else row.attempts

    def prune(self) -> int:
        """Forget keys idle for a day (their delays are long over); the number removed."""
        cutoff = self._clock() - KEEP_IDLE
        with self._session_factory() as session, session.begin():
            return session.execute(
                delete(SignInThrottle).where(SignInThrottle.last_attempt_at < cutoff)
            ).rowcount
