"""Households apart from incident locations; animals as records; the victim's kind on bites.

A complaint's household (subject) is no longer the incident location (DESIGN.md "Who a complaint is
against"): it is a suggestion until the clerk confirms it. Until now filing linked every complaint to
the household at the incident address, so this migration re-examines those links, each change
written to the audit log (actor "migration 0006"):

- a link the clerk made (an audited "subject_linked") is kept and marked confirmed;
- an at-large or bite complaint linked to the household at its incident address is unlinked: at large
  is off the owner's premises (Kellogg 58-1, Freeport 1 E), and a bite counts against the animal's
  owner, never the place of the bite;
- a barking complaint linked at its incident address keeps the link: confirmed if the clerk accepted
  it (the clerk accepted it with that household on the page, and any notice was issued to it),
  otherwise left as a suggestion for the clerk to confirm (no audit entry: nothing changed).

A bite's `owner_known` is copied to the complaint's `owner_named`. Downgrading drops the new columns
but does not restore unlinked households (the audit log says which they were).

Revision ID: 0006_households_and_animals
Revises: 0005_console_sign_in_lockout
Create Date: 2026-12-01
"""

from __future__ import annotations

from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0006_households_and_animals"
down_revision = "0005_console_sign_in_lockout"
branch_labels = None
depends_on = None

ACTOR = "migration 0006"
OLD_VICTIM_CHECK = "victim IN ('person', 'animal')"
NEW_VICTIM_CHECK = "victim IN ('person', 'domestic_animal', 'other_animal', 'animal', 'unknown')"
VICTIM_CHECK_NAME = "ck_bite_details_victim_allowed"

# Types as they are at this revision (a migration must not change when models.py does).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
JSONDocument = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")

_complaints = sa.table(
    "complaints",
    sa.column("id", BigId),
    sa.column("reference", sa.String),
    sa.column("type", sa.String),
    sa.column("status", sa.String),
    sa.column("location_normalised", sa.String),
    sa.column("subject_id", BigId),
    sa.column("subject_confirmed", sa.Boolean),
    sa.column("owner_named", sa.String),
)
_subjects = sa.table("subjects", sa.column("id", BigId), sa.column("address_normalised", sa.String))
_bites = sa.table("bite_details", sa.column("complaint_id", BigId), sa.column("owner_known", sa.String))
_audit = sa.table(
    "audit_log",
    sa.column("entity", sa.String),
    sa.column("entity_id", sa.String),
    sa.column("action", sa.String),
    sa.column("actor", sa.String),
    sa.column("at", sa.DateTime(timezone=True)),
    sa.column("reason", sa.Text),
    sa.column("before", JSONDocument),
    sa.column("after", JSONDocument),
)


def _bite_details_table(victim_check: str, victim_length: int) -> sa.Table:
    """bite_details as SQLite's batch mode recreates it (batch mode does not reflect CHECKs)."""
    return sa.Table(
        "bite_details",
        sa.MetaData(),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("victim", sa.String(victim_length), nullable=False),
        sa.Column("skin_broken_or_medical", sa.Boolean(), nullable=True),
        sa.Column("animal_vaccinated", sa.Boolean(), nullable=True),
        sa.Column("owner_known", sa.String(300), nullable=True),
        sa.CheckConstraint(victim_check, name=VICTIM_CHECK_NAME),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_bite_details_complaint_id_complaints"
        ),
        sa.PrimaryKeyConstraint("complaint_id", name="pk_bite_details"),
    )


def _set_victim_check(check: str, length: int) -> None:
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table(
            "bite_details", copy_from=_bite_details_table(check, length), recreate="always"
        ):
            pass
        return
    op.drop_constraint(VICTIM_CHECK_NAME, "bite_details", type_="check")
    op.alter_column("bite_details", "victim", type_=sa.String(length), existing_nullable=False)
    op.create_check_constraint(VICTIM_CHECK_NAME, "bite_details", check)


def upgrade() -> None:
    with op.batch_alter_table("complaints") as batch:
        # a literal default ('0' is false on both databases) lets SQLite add the column in place:
        # an expression would make batch mode rebuild `complaints`, which other tables reference
        batch.add_column(sa.Column("subject_confirmed", sa.Boolean(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("owner_named", sa.String(300), nullable=True))
    with op.batch_alter_table("animals") as batch:
        batch.add_column(sa.Column("description", sa.String(500), nullable=True))
        batch.add_column(sa.Column("license_number", sa.String(50), nullable=True))
    _set_victim_check(NEW_VICTIM_CHECK, 20)
    connection = op.get_bind()
    owner_known = (
        sa.select(_bites.c.owner_known).where(_bites.c.complaint_id == _complaints.c.id).scalar_subquery()
    )
    connection.execute(_complaints.update().values(owner_named=owner_known))
    _reexamine_links(connection)


def _clerk_linked(connection: sa.engine.Connection) -> set[str]:
    """References of complaints the clerk linked to a household (their audited "subject_linked")."""
    rows = connection.execute(
        sa.select(_audit.c.entity_id).where(
            _audit.c.entity == "complaint", _audit.c.action == "subject_linked", _audit.c.actor != ACTOR
        )
    )
    return {entity_id for (entity_id,) in rows}


def _reexamine_links(connection: sa.engine.Connection) -> None:
    clerk_linked = _clerk_linked(connection)
    rows = connection.execute(
        sa.select(
            _complaints.c.id,
            _complaints.c.reference,
            _complaints.c.type,
            _complaints.c.status,
            _complaints.c.subject_id,
            _complaints.c.location_normalised == _subjects.c.address_normalised,
        )
        .join(_subjects, _subjects.c.id == _complaints.c.subject_id)
        .order_by(_complaints.c.id)
    ).all()
    for complaint_id, reference, type_, status, subject_id, at_incident in rows:
        if reference in clerk_linked:
            change = ("household_confirmed", "linked by the clerk before households were confirmed")
        elif type_ in ("at_large", "bite") and at_incident:
            change = ("household_unlinked", f"{type_} complaint linked by its incident location")
        elif type_ == "barking" and status == "accepted":
            change = (
                "household_confirmed",
                "accepted by the clerk with the household at the incident address",
            )
        else:
            continue
        _apply(connection, complaint_id, reference, subject_id, *change)


def _apply(
    connection: sa.engine.Connection,
    complaint_id: int,
    reference: str,
    subject_id: int,
    action: str,
    why: str,
) -> None:
    if action == "household_unlinked":
        values, after = {"subject_id": None, "subject_confirmed": False}, {"subject_id": None}
    else:
        values, after = {"subject_confirmed": True}, {"subject_id": subject_id, "subject_confirmed": True}
    connection.execute(_complaints.update().where(_complaints.c.id == complaint_id).values(**values))
    now = datetime.now(timezone.utc)
    connection.execute(
        _audit.insert().values(
            entity="complaint",
            entity_id=reference,
            action=action,
            actor=ACTOR,
            # SQLite keeps no offset: the case database stores UTC without one there
            at=now.replace(tzinfo=None) if connection.dialect.name == "sqlite" else now,
            reason=f"migration 0006: {why}",
            before={"subject_id": subject_id, "subject_confirmed": False},
            after=after,
        )
    )


def downgrade() -> None:
    connection = op.get_bind()
    unknown = connection.execute(
        sa.text("SELECT COUNT(*) FROM bite_details WHERE victim = 'unknown'")
    ).scalar_one()
    if unknown:
        raise RuntimeError(
            "bites with an unknown victim cannot be stored before 0006; record the victim first"
        )
    connection.execute(
        sa.text(
            "UPDATE bite_details SET victim = 'animal' WHERE victim IN ('domestic_animal', 'other_animal')"
        )
    )
    _set_victim_check(OLD_VICTIM_CHECK, 10)
    with op.batch_alter_table("animals") as batch:
        batch.drop_column("license_number")
        batch.drop_column("description")
    with op.batch_alter_table("complaints") as batch:
        batch.drop_column("owner_named")
        batch.drop_column("subject_confirmed")
