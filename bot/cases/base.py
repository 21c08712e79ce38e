"""What every part of the case service shares: sessions, the clock, the audit log, checks on input."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import date, datetime, timezone
from typing import Any

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session, sessionmaker

from bot.cases.db import read_only_session
from bot.cases.errors import ComplaintNotFound, InvalidQuery, ReasonRequired
from bot.cases.models import AuditEntry, Complaint, Subject


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def json_value(value: object) -> object:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    return value


def require_reason(reason: str | None, operation: str) -> str:
    if reason is None or not reason.strip():
        raise ReasonRequired(operation)
    return reason.strip()


def is_aware(moment: datetime) -> bool:
    return moment.tzinfo is not None and moment.utcoffset() is not None


def require_known(field: str, values: Iterable[str], allowed: Sequence[str]) -> None:
    """A filter on a value that cannot exist is the caller's mistake, not an empty result."""
    if set(values) - set(allowed):
        raise InvalidQuery(f"{field} must be one of {', '.join(allowed)}")


def current_subject_at(jurisdiction: str, address_normalised: str) -> tuple[Any, ...]:
    """The conditions for the current subject at an address (the partial unique index allows one)."""
    return (
        Subject.jurisdiction == jurisdiction,
        Subject.address_normalised == address_normalised,
        Subject.superseded_at.is_(None),
    )


def dialect_insert(session: Session, model: type) -> Any:
    """INSERT with ON CONFLICT support for the session's database."""
    name = session.get_bind().dialect.name
    if name == "postgresql":
        return postgres_insert(model.__table__)
    if name == "sqlite":
        return sqlite_insert(model.__table__)
    raise RuntimeError(f"unsupported database dialect {name}")


class ServiceBase:
    """Sessions, clock and audit for the service's parts; each part is a mixin of `CaseService`."""

    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime] = utc_now) -> None:
        self._session_factory = session_factory
        self._clock = clock

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._session_factory() as session, session.begin():
            yield session

    def _reading(self) -> AbstractContextManager[Session]:
        return read_only_session(self._session_factory)

    @staticmethod
    def _audit(
        session: Session,
        entity: str,
        entity_id: str,
        action: str,
        by: str,
        at: datetime,
        *,
        reason: str | None = None,
        before: Mapping[str, object] | None = None,
        after: Mapping[str, object] | None = None,
    ) -> None:
        session.add(
            AuditEntry(
                entity=entity,
                entity_id=entity_id,
                action=action,
                actor=by,
                at=at,
                reason=reason,
                before=None if before is None else {k: json_value(v) for k, v in before.items()},
                after=None if after is None else {k: json_value(v) for k, v in after.items()},
            )
        )

    def _load(self, session: Session, reference: str) -> Complaint:
        complaint = session.execute(
            select(Complaint).where(Complaint.reference == reference.strip().upper())
        ).scalar_one_or_none()
        if complaint is None:
            raise ComplaintNotFound(reference)
        return complaint

    def _change(
        self,
        session: Session,
        complaint: Complaint,
        action: str,
        by: str,
        reason: str | None,
        updates: Mapping[str, object],
    ) -> None:
        now = self._clock()
        before = {field: getattr(complaint, field) for field in updates}
        for field, value in updates.items():
            setattr(complaint, field, value)
        complaint.updated_at = now
        self._audit(
            session,
            "complaint",
            complaint.reference,
            action,
            by,
            now,
            reason=reason,
            before=before,
            after=updates,
        )
