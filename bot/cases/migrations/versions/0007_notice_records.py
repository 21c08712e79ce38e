"""Notices are records: the issued HTML and PDF, the facts, their hash; voiding; receipt of a citation.

Revision ID: 0007_notice_records
Revises: 0005_console_sign_in_lockout
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_notice_records"
down_revision = "0005_console_sign_in_lockout"
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


def downgrade() -> None:
    op.drop_table("notice_documents")
