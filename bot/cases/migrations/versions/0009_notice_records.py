"""Notices are records (HTML, PDF, facts, hash; voiding; a citation's receipt); designation decisions.

Revision ID: 0009_notice_records
Revises: 0008_staff_cities_and_throttle
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_notice_records"
down_revision = "0008_staff_cities_and_throttle"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "notice_documents",
        sa.Column("notice_id", BigId, nullable=False),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("pdf", sa.LargeBinary(), nullable=False),
        sa.Column("facts", sa.Text(), nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("pdf_sha256", sa.String(64), nullable=False),
        sa.Column("voided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("voided_by", sa.String(100), nullable=True),
        sa.Column("void_reason", sa.Text(), nullable=True),
        sa.Column("replaced_by", BigId, nullable=True),
        sa.Column("replaces", BigId, nullable=True),
        sa.Column("served_how", sa.String(40), nullable=True),
        sa.Column("received_on", sa.Date(), nullable=True),
        sa.ForeignKeyConstraint(["notice_id"], ["notices.id"], name="fk_notice_documents_notice_id_notices"),
        sa.ForeignKeyConstraint(
            ["replaced_by"], ["notices.id"], name="fk_notice_documents_replaced_by_notices"
        ),
        sa.ForeignKeyConstraint(["replaces"], ["notices.id"], name="fk_notice_documents_replaces_notices"),
        sa.PrimaryKeyConstraint("notice_id", name="pk_notice_documents"),
    )

    op.create_table(
        "designation_decisions",
        sa.Column("id", BigId, nullable=False),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("animal_id", BigId, nullable=True),
        sa.Column("proposed", sa.String(30), nullable=False),
        sa.Column("proposed_clause", sa.String(20), nullable=True),
        sa.Column("designation", sa.String(30), nullable=False),
        sa.Column("clause", sa.String(20), nullable=True),
        sa.Column("unprovoked_evidence", sa.Text(), nullable=False),
        sa.Column("notified_on", sa.Date(), nullable=True),
        sa.Column("appeal_by", sa.Date(), nullable=True),
        sa.Column("decided_by", sa.String(100), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_designation_decisions_complaint_id_complaints"
        ),
        sa.ForeignKeyConstraint(
            ["animal_id"], ["animals.id"], name="fk_designation_decisions_animal_id_animals"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_designation_decisions"),
    )
    op.create_index("ix_designation_decisions_complaint_id", "designation_decisions", ["complaint_id"])


def downgrade() -> None:
    op.drop_index("ix_designation_decisions_complaint_id", table_name="designation_decisions")
    op.drop_table("designation_decisions")
    op.drop_table("notice_documents")
