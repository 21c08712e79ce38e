"""Migration 0006 re-examines households linked by incident location, each change audited.

DESIGN.md "Who a complaint is against": at large is off the owner's premises (Kellogg 58-1, Freeport 1 E),
so "the incident location is never the household"; a bite counts against "the owner the resident named
..., never the place of the bite". Runs on SQLite and on PostgreSQL (the `database_url` fixture).
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import MetaData, select

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.service import CaseService

AT = datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc)


def _insert_old_data(engine) -> None:
    """Complaints as revision 0005 filed them: every one linked to the household at its incident address."""
    at = AT.replace(tzinfo=None) if engine.dialect.name == "sqlite" else AT
    tables = MetaData()
    tables.reflect(bind=engine, only=["subjects", "complaints", "bite_details", "audit_log"])
    subjects, complaints = tables.tables["subjects"], tables.tables["complaints"]
    with engine.begin() as connection:
        connection.execute(
            subjects.insert(),
            [
                {"id": 1, "jurisdiction": "kellogg", "address_normalised": "77 PRAIRIE LN", "created_at": at},
                {"id": 2, "jurisdiction": "kellogg", "address_normalised": "5 ELM ST", "created_at": at},
            ],
        )
        rows = [
            # reference, type, status, location, subject
            ("KEL-2026-00001", "at_large", "accepted", "77 PRAIRIE LN", 1),
            ("KEL-2026-00002", "bite", "new", "77 PRAIRIE LN", 1),
            ("KEL-2026-00003", "barking", "accepted", "77 PRAIRIE LN", 1),
            ("KEL-2026-00004", "barking", "new", "77 PRAIRIE LN", 1),
            ("KEL-2026-00005", "at_large", "accepted", "77 PRAIRIE LN", 2),  # the clerk linked it
        ]
        for number, (reference, type_, status, location, subject) in enumerate(rows, start=1):
            connection.execute(
                complaints.insert().values(
                    id=number, reference=reference, jurisdiction="kellogg", type=type_, channel="sms",
                    form="written", received=at, location_text=location, location_normalised=location,
                    transcript="", details={}, urgent=False, anonymous=True, subject_id=subject,
                    status=status, source_id=f"SM{number}", created_at=at, updated_at=at,
                )
            )  # fmt: skip
        connection.execute(
            tables.tables["bite_details"]
            .insert()
            .values(complaint_id=2, victim="animal", owner_known="the Olsens on Walnut")
        )
        connection.execute(
            tables.tables["audit_log"]
            .insert()
            .values(
                entity="complaint", entity_id="KEL-2026-00005", action="subject_linked", actor="clerk", at=at
            )
        )


def test_links_by_incident_location_are_re_examined_and_audited(database_url) -> None:
    migrate(database_url, "0005_console_sign_in_lockout")
    engine = make_engine(database_url)
    try:
        _insert_old_data(engine)
        migrate(database_url)
        cases = CaseService(make_session_factory(engine))
        household = {
            ref: (cases.get_complaint(ref).subject_id, cases.get_complaint(ref).subject_confirmed)
            for ref in (f"KEL-2026-0000{n}" for n in range(1, 6))
        }
        assert household == {
            "KEL-2026-00001": (None, False),  # at large, linked at the incident: unlinked
            "KEL-2026-00002": (None, False),  # bite, linked at the bite place: unlinked
            "KEL-2026-00003": (1, True),  # barking, accepted with that household: confirmed
            "KEL-2026-00004": (1, False),  # barking, not yet decided: a suggestion
            "KEL-2026-00005": (2, True),  # the clerk's own link stands
        }
        bite = cases.get_complaint("KEL-2026-00002")
        assert bite.owner_named == "the Olsens on Walnut" and bite.bite.victim_kind == "animal"
        actions = {
            ref: [(e.action, e.actor) for e in cases.audit_trail("complaint", ref)] for ref in household
        }
        assert actions["KEL-2026-00001"] == [("household_unlinked", "migration 0006")]
        assert actions["KEL-2026-00002"] == [("household_unlinked", "migration 0006")]
        assert actions["KEL-2026-00003"] == [("household_confirmed", "migration 0006")]
        assert actions["KEL-2026-00004"] == []  # nothing changed: no entry
        assert actions["KEL-2026-00005"][-1] == ("household_confirmed", "migration 0006")
        unlinked = cases.audit_trail("complaint", "KEL-2026-00001")[0]
        assert (unlinked.before["subject_id"], unlinked.after["subject_id"]) == (1, None)
        assert "incident location" in unlinked.reason
        # the widened victim kinds are accepted by the new CHECK
        tables = MetaData()
        tables.reflect(bind=engine, only=["bite_details"])
        with engine.begin() as connection:
            bites = tables.tables["bite_details"]
            connection.execute(bites.update().values(victim="domestic_animal"))
            assert connection.execute(select(bites.c.victim)).scalar_one() == "domestic_animal"
    finally:
        engine.dispose()
