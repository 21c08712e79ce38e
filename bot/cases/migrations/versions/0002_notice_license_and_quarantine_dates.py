"""Notices: the licence deadline of a first-complaint letter and the end of a quarantine order.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notices") as batch:
        batch.add_column(sa.Column("license_by", sa.Date(), nullable=True))
        batch.add_column(sa.Column("quarantine_until", sa.Date(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notices") as batch:
        batch.drop_column("quarantine_until")
        batch.drop_column("license_by")
