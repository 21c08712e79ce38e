"""Console accounts (staff users with scrypt password hashes and roles) and Open311 API keys.

Revision ID: 0003_console_accounts
Revises: 0002
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_console_accounts"
down_revision = "0002"
branch_labels = None
depends_on = None

# Types as they were at this revision (a migration must not change when models change).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)  # stored UTC by bot.cases.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "console_users",
        sa.Column("id", BigId, nullable=False),
        sa.Column("username", sa.String(100), nullable=False),
        sa.Column("password_hash", sa.String(300), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("last_sign_in_at", Moment, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_console_users"),
        sa.UniqueConstraint("username", name="uq_console_users_username"),
        sa.CheckConstraint("role IN ('clerk', 'officer', 'admin')", name="ck_console_users_role_allowed"),
    )
    op.create_table(
        "console_api_keys",
        sa.Column("id", BigId, nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("key_hash", sa.String(128), nullable=False),
        sa.Column("jurisdiction", sa.String(40), nullable=True),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("revoked_at", Moment, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_console_api_keys"),
        sa.UniqueConstraint("key_hash", name="uq_console_api_keys_key_hash"),
    )


def downgrade() -> None:
    op.drop_table("console_api_keys")
    op.drop_table("console_users")
