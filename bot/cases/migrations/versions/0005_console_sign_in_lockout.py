"""Console sign-in lockout: failed attempts in a row and the time a locked account opens again.

Revision ID: 0005_console_sign_in_lockout
Revises: 0004_twilio_outbox
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_console_sign_in_lockout"
down_revision = "0004_twilio_outbox"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("console_users") as table:
        table.add_column(sa.Column("failed_sign_ins", sa.Integer(), nullable=False, server_default="0"))
        table.add_column(sa.Column("locked_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("console_users") as table:
        table.drop_column("locked_until")
        table.drop_column("failed_sign_ins")
