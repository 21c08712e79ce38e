"""Console sessions, held server-side: the signed cookie carries a random session id, the database the
digest of it (`console_sessions`), so ending a session ends every copy of the cookie.

- sign-in starts one (`start`); sign-out ends that one (`end`);
- a password change or a deactivation ends every session of the account (`end_all`, in the same transaction);
- a session older than CONSOLE_SESSION_HOURS is over whatever the cookie says.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

from sqlalchemy import delete, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from bot.console.models import ConsoleSession, ConsoleUser

KEEP_ENDED = timedelta(days=7)  # ended or expired rows are deleted after this (they open nothing)


def digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("utf-8")).hexdigest()


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class SessionStore:
    """`clock` is wall-clock time, like the cookie's own max-age (itsdangerous), never the console's business
    clock, which tests and the ordinance's dates may move."""

    def __init__(
        self, session_factory: sessionmaker, lifetime: timedelta, clock: Callable[[], datetime] = _utc_now
    ) -> None:
        self._session_factory = session_factory
        self.clock = clock
        self.lifetime = lifetime

    def start(self, user_id: int) -> str:
        """A new session for the user; returns its id (for the cookie; only its digest is stored)."""
        session_id = secrets.token_urlsafe(32)
        now = self.clock()
        with self._session_factory() as session, session.begin():
            session.add(ConsoleSession(id_digest=digest(session_id), user_id=user_id, created_at=now))
            session.execute(
                delete(ConsoleSession).where(
                    ConsoleSession.user_id == user_id,
                    or_(
                        ConsoleSession.ended_at < now - KEEP_ENDED,
                        ConsoleSession.created_at < now - self.lifetime - KEEP_ENDED,
                    ),
                )
            )
        return session_id

    def active_user(self, session: Session, session_id: str) -> ConsoleUser | None:
        """The active account of a session that has not ended nor expired, in `session`; else None."""
        return session.execute(
            select(ConsoleUser)
            .join(ConsoleSession, ConsoleSession.user_id == ConsoleUser.id)
            .where(
                ConsoleSession.id_digest == digest(session_id),
                ConsoleSession.ended_at.is_(None),
                ConsoleSession.created_at > self.clock() - self.lifetime,
                ConsoleUser.active.is_(True),
            )
        ).scalar_one_or_none()

    def end(self, session_id: str) -> bool:
        """Sign-out: this session ends (every copy of its cookie). True if it was open."""
        with self._session_factory() as session, session.begin():
            return bool(
                session.execute(
                    update(ConsoleSession)
                    .where(ConsoleSession.id_digest == digest(session_id), ConsoleSession.ended_at.is_(None))
                    .values(ended_at=self.clock())
                ).rowcount
            )

    def end_all(self, session: Session, user_id: int) -> int:
        """Every open session of the account ends, in the caller's transaction; the number ended."""
        return session.execute(
            update(ConsoleSession)
            .where(ConsoleSession.user_id == user_id, ConsoleSession.ended_at.is_(None))
            .values(ended_at=self.clock())
        ).rowcount
