"""The audit log is append-only: the database refuses UPDATE and DELETE, and so does the ORM."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select, text, update
from sqlalchemy.exc import DatabaseError

from bot.cases.errors import AuditLogIsAppendOnly
from bot.cases.models import AuditEntry


@pytest.fixture
def filed(service, make_report) -> str:
    return service.file_complaint(make_report())


@pytest.mark.parametrize(
    "statement",
    [
        update(AuditEntry).values(actor="someone else"),
        delete(AuditEntry),
    ],
    ids=["update", "delete"],
)
def test_the_database_refuses_changes_to_audit_rows(engine, service, filed, statement) -> None:
    with pytest.raises(DatabaseError, match="append-only"):
        with engine.begin() as connection:
            connection.execute(statement)
    (entry,) = service.audit_trail("complaint", filed)
    assert entry.actor == "assistant"


def test_postgres_refuses_truncate(engine, service, filed) -> None:
    if engine.dialect.name != "postgresql":
        pytest.skip("TRUNCATE is PostgreSQL only")
    with pytest.raises(DatabaseError, match="append-only"):
        with engine.begin() as connection:
            connection.execute(text("TRUNCATE audit_log"))
    assert len(service.audit_trail("complaint", filed)) == 1


def test_the_orm_refuses_to_change_or_delete_an_entry(session_factory, service, filed) -> None:
    with session_factory() as session:
        entry = session.execute(select(AuditEntry).where(AuditEntry.action == "filed")).scalar_one()
        entry.reason = "rewritten"
        with pytest.raises(AuditLogIsAppendOnly):
            session.flush()
        session.rollback()
        entry = session.execute(select(AuditEntry).where(AuditEntry.action == "filed")).scalar_one()
        session.delete(entry)
        with pytest.raises(AuditLogIsAppendOnly):
            session.flush()
    assert service.audit_trail("complaint", filed)[0].reason is None


def test_every_change_appends(service, filed) -> None:
    service.accept(filed, by="clerk")
    service.change_form(filed, "verbal", "taken by phone", by="clerk")
    service.reject(filed, "withdrawn by the resident", by="clerk")
    actions = [entry.action for entry in service.audit_trail("complaint", filed)]
    assert actions == ["filed", "accepted", "form_changed", "rejected"]
