"""The language of the conversation a complaint came from: `complaints.language`, 'en' or 'es'.

Every complaint filed before this revision was taken in English, so existing rows get 'en'. Facts are
filed in the same fields whatever the language; the column only tells the clerk (and the outbox) which
language the resident spoke.

Revision ID: 0010_complaint_language
Revises: 0009_notice_records
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_complaint_language"
down_revision = "0009_notice_records"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "complaints", sa.Column("language", sa.String(8), nullable=False, server_default=sa.text("'en'"))
    )


def downgrade() -> None:
    # a plain ALTER TABLE ... DROP COLUMN on both databases (SQLite >= 3.35): the column is in no index or
    # constraint, and a batch copy of `complaints` would trip the foreign keys of its child tables
    op.drop_column("complaints", "language")
