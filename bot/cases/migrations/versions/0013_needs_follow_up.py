"""A complaint filed without a place the city can find: `complaints.needs_follow_up`.

The assistant files a report whose place the resident never gave (after two re-asks) rather than leave a
dead end, marked for the clerk to call back; the queue filters on it. Every complaint filed before this
revision had its place, so existing rows get false.

Revision ID: 0013_needs_follow_up
Revises: 0012_session_versions
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_needs_follow_up"
down_revision = "0012_session_versions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "complaints", sa.Column("needs_follow_up", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    # a plain DROP COLUMN on both databases, as 0010 does (no index or constraint names the column)
    op.drop_column("complaints", "needs_follow_up")
