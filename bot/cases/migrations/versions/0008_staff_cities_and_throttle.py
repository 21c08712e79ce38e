"""Staff belong to cities; sign-in throttled by growing delays instead of the 15-minute lock.

- `console_user_cities`: the cities (jurisdiction codes) each account may see. Existing admins get every
  city that has complaints or households; existing clerks and officers get none (fail closed) until an
  admin assigns them at /admin or with `python -m bot.console set-cities`.
- `console_sign_in_throttle`: attempts per account and per client address (bot.console.throttle).
- `console_users.failed_sign_ins` and `locked_until` (0005's lock) are dropped.

Revision ID: 0008_staff_cities_and_throttle
Revises: 0007_channel_security
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_staff_cities_and_throttle"
down_revision = "0007_channel_security"
branch_labels = None
depends_on = None

# Types as they were at this revision (a migration must not change when models change).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)  # stored UTC by bot.cases.models.UTCDateTime


def upgrade() -> None:
    # first: on SQLite the batch copy drops and recreates console_users, and with foreign keys on that would
    # cascade into console_user_cities if it already existed
    with op.batch_alter_table("console_users") as table:
        table.drop_column("locked_until")
        table.drop_column("failed_sign_ins")
    op.create_table(
        "console_user_cities",
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("jurisdiction", sa.String(40), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "jurisdiction", name="pk_console_user_cities"),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["console_users.id"],
            name="fk_console_user_cities_user_id_console_users",
            ondelete="CASCADE",
        ),
    )
    op.create_table(
        "console_sign_in_throttle",
        sa.Column("key", sa.String(160), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("not_before", Moment, nullable=True),
        sa.Column("last_attempt_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_console_sign_in_throttle"),
    )
    op.execute(
        sa.text(
            "INSERT INTO console_user_cities (user_id, jurisdiction) "
            "SELECT u.id, c.jurisdiction FROM console_users u "
            "CROSS JOIN (SELECT jurisdiction FROM complaints UNION SELECT jurisdiction FROM subjects) c "
            "WHERE u.role = 'admin'"
        )
    )


def downgrade() -> None:
    with op.batch_alter_table("console_users") as table:
        table.add_column(sa.Column("failed_sign_ins", sa.Integer(), nullable=False, server_default="0"))
        table.add_column(sa.Column("locked_until", Moment, nullable=True))
    op.drop_table("console_sign_in_throttle")
    op.drop_table("console_user_cities")
