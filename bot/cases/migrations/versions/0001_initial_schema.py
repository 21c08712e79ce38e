"""Initial schema: complainants, subjects, animals, complaints and their parts, counters, audit log.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

# Types as they were at this revision (a migration must not change when models.py does).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)  # stored UTC by bot.cases.models.UTCDateTime
JSONDocument = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")

SQLITE_AUDIT_TRIGGERS = (
    """CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
       BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END""",
    """CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
       BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END""",
)
POSTGRES_AUDIT_TRIGGERS = (
    """CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$""",
    """CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
       FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()""",
    """CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
       FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()""",
)


def _id() -> sa.Column:
    return sa.Column("id", BigId, nullable=False)


def upgrade() -> None:
    op.create_table(
        "complainants",
        _id(),
        sa.Column("contact_key", sa.String(128), nullable=False),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("address", sa.String(300), nullable=True),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_complainants"),
        sa.UniqueConstraint("contact_key", name="uq_complainants_contact_key"),
    )
    op.create_table(
        "subjects",
        _id(),
        sa.Column("jurisdiction", sa.String(40), nullable=False),
        sa.Column("address_normalised", sa.String(300), nullable=True),
        sa.Column("address_text", sa.String(300), nullable=True),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("superseded_at", Moment, nullable=True),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_subjects"),
    )
    op.create_index(
        "uq_subjects_current_address",
        "subjects",
        ["jurisdiction", "address_normalised"],
        unique=True,
        postgresql_where=sa.text("superseded_at IS NULL"),
        sqlite_where=sa.text("superseded_at IS NULL"),
    )
    op.create_table(
        "animals",
        _id(),
        sa.Column("subject_id", BigId, nullable=True),
        sa.Column("species", sa.String(40), nullable=True),
        sa.Column("breed", sa.String(100), nullable=True),
        sa.Column("colour", sa.String(100), nullable=True),
        sa.Column("name", sa.String(100), nullable=True),
        sa.Column("licensed", sa.Boolean(), nullable=True),
        sa.Column("vaccinated", sa.Boolean(), nullable=True),
        sa.Column("created_at", Moment, nullable=False),
        sa.ForeignKeyConstraint(["subject_id"], ["subjects.id"], name="fk_animals_subject_id_subjects"),
        sa.PrimaryKeyConstraint("id", name="pk_animals"),
    )
    op.create_index("ix_animals_subject_id", "animals", ["subject_id"])
    op.create_table(
        "complaints",
        _id(),
        sa.Column("reference", sa.String(32), nullable=False),
        sa.Column("jurisdiction", sa.String(40), nullable=False),
        sa.Column("type", sa.String(20), nullable=False),
        sa.Column("channel", sa.String(20), nullable=False),
        sa.Column("form", sa.String(10), nullable=False),
        sa.Column("received", Moment, nullable=False),
        sa.Column("occurred", Moment, nullable=True),
        sa.Column("occurred_text", sa.String(200), nullable=True),
        sa.Column("location_text", sa.String(500), nullable=False),
        sa.Column("location_normalised", sa.String(300), nullable=True),
        sa.Column("animal_species", sa.String(40), nullable=True),
        sa.Column("animal_description", sa.String(500), nullable=True),
        sa.Column("animal_id", BigId, nullable=True),
        sa.Column("transcript", sa.Text(), nullable=False),
        sa.Column("details", JSONDocument, nullable=False),
        sa.Column("urgent", sa.Boolean(), nullable=False),
        sa.Column("complainant_id", BigId, nullable=True),
        sa.Column("anonymous", sa.Boolean(), nullable=False),
        sa.Column("subject_id", BigId, nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("status_reason", sa.Text(), nullable=True),
        sa.Column("duplicate_of_id", BigId, nullable=True),
        sa.Column("source_id", sa.String(200), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("updated_at", Moment, nullable=False),
        sa.CheckConstraint("type IN ('barking', 'at_large', 'bite')", name="ck_complaints_type_allowed"),
        sa.CheckConstraint("form IN ('verbal', 'written')", name="ck_complaints_form_allowed"),
        sa.CheckConstraint(
            "status IN ('new', 'accepted', 'rejected', 'duplicate')", name="ck_complaints_status_allowed"
        ),
        sa.ForeignKeyConstraint(["animal_id"], ["animals.id"], name="fk_complaints_animal_id_animals"),
        sa.ForeignKeyConstraint(
            ["complainant_id"], ["complainants.id"], name="fk_complaints_complainant_id_complainants"
        ),
        sa.ForeignKeyConstraint(
            ["duplicate_of_id"], ["complaints.id"], name="fk_complaints_duplicate_of_id_complaints"
        ),
        sa.ForeignKeyConstraint(["subject_id"], ["subjects.id"], name="fk_complaints_subject_id_subjects"),
        sa.PrimaryKeyConstraint("id", name="pk_complaints"),
        sa.UniqueConstraint("jurisdiction", "source_id", name="uq_complaints_jurisdiction_source_id"),
        sa.UniqueConstraint("reference", name="uq_complaints_reference"),
    )
    op.create_index("ix_complaints_queue", "complaints", ["jurisdiction", "status", "received", "id"])
    op.create_index(
        "ix_complaints_queue_type", "complaints", ["jurisdiction", "type", "status", "received", "id"]
    )
    op.create_index("ix_complaints_queue_all", "complaints", ["status", "received", "id"])
    op.create_index("ix_complaints_received", "complaints", ["received", "id"])
    op.create_index("ix_complaints_subject_received", "complaints", ["subject_id", "received", "id"])
    op.create_index("ix_complaints_complainant", "complaints", ["complainant_id"])
    op.create_index(
        "ix_complaints_location", "complaints", ["jurisdiction", "location_normalised", "received"]
    )
    op.create_table(
        "photos",
        _id(),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(1000), nullable=False),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_photos_complaint_id_complaints"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_photos"),
    )
    op.create_index("ix_photos_complaint_id", "photos", ["complaint_id"])
    op.create_table(
        "bite_details",
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("victim", sa.String(10), nullable=False),
        sa.Column("skin_broken_or_medical", sa.Boolean(), nullable=True),
        sa.Column("animal_vaccinated", sa.Boolean(), nullable=True),
        sa.Column("owner_known", sa.String(300), nullable=True),
        sa.CheckConstraint("victim IN ('person', 'animal')", name="ck_bite_details_victim_allowed"),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_bite_details_complaint_id_complaints"
        ),
        sa.PrimaryKeyConstraint("complaint_id", name="pk_bite_details"),
    )
    op.create_table(
        "notices",
        _id(),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("subject_id", BigId, nullable=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("issued_on", sa.Date(), nullable=False),
        sa.Column("hearing_request_by", sa.Date(), nullable=True),
        sa.Column("comply_by", sa.Date(), nullable=True),
        sa.Column("fee_cents", sa.Integer(), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("created_by", sa.String(100), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.CheckConstraint(
            "kind IN ('letter', 'citation', 'referral', 'quarantine_order')", name="ck_notices_kind_allowed"
        ),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_notices_complaint_id_complaints"
        ),
        sa.ForeignKeyConstraint(["subject_id"], ["subjects.id"], name="fk_notices_subject_id_subjects"),
        sa.PrimaryKeyConstraint("id", name="pk_notices"),
    )
    op.create_index("ix_notices_complaint_id", "notices", ["complaint_id"])
    op.create_index("ix_notices_subject_id", "notices", ["subject_id"])
    op.create_table(
        "duplicate_suggestions",
        _id(),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("candidate_id", BigId, nullable=False),
        sa.Column("basis", sa.String(20), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_duplicate_suggestions_complaint_id_complaints"
        ),
        sa.ForeignKeyConstraint(
            ["candidate_id"], ["complaints.id"], name="fk_duplicate_suggestions_candidate_id_complaints"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_duplicate_suggestions"),
        sa.UniqueConstraint(
            "complaint_id", "candidate_id", name="uq_duplicate_suggestions_complaint_id_candidate_id"
        ),
    )
    op.create_index("ix_duplicate_suggestions_candidate_id", "duplicate_suggestions", ["candidate_id"])
    op.create_table(
        "reference_counters",
        sa.Column("jurisdiction", sa.String(40), nullable=False),
        sa.Column("year", sa.Integer(), nullable=False),
        sa.Column("last_value", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("jurisdiction", "year", name="pk_reference_counters"),
    )
    op.create_table(
        "audit_log",
        _id(),
        sa.Column("entity", sa.String(40), nullable=False),
        sa.Column("entity_id", sa.String(64), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("at", Moment, nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("before", JSONDocument, nullable=True),
        sa.Column("after", JSONDocument, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
    )
    op.create_index("ix_audit_log_entity", "audit_log", ["entity", "entity_id", "id"])
    dialect = op.get_bind().dialect.name
    triggers = {"sqlite": SQLITE_AUDIT_TRIGGERS, "postgresql": POSTGRES_AUDIT_TRIGGERS}.get(dialect, ())
    for statement in triggers:
        op.execute(statement)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP TABLE audit_log")  # drops its triggers too
        op.execute("DROP FUNCTION audit_log_refuse_change()")
    else:
        op.drop_table("audit_log")
    for table in (
        "reference_counters",
        "duplicate_suggestions",
        "notices",
        "bite_details",
        "photos",
        "complaints",
        "animals",
        "subjects",
        "complainants",
    ):
        op.drop_table(table)
