"""Console sessions held server-side, and Open311 POSTs counted per API key.

- `console_sessions`: one row per signed-in browser (the digest of the random id its cookie carries). Sign-out
  ends its row; a password change or deactivation ends every row of the account. Before this revision the
  signed cookie was the whole session: a copy kept working after sign-out and after a password change. Cookies
  issued before it carry no session id and are asked to sign in again.
- `console_api_key_posts`: POSTs per key per hour and per day (OPEN311_POSTS_PER_HOUR / _PER_DAY).

Revision ID: 0012_session_versions
Revises: 0011_notice_dates_and_bite_facts
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_session_versions"
down_revision = "0011_notice_dates_and_bite_facts"
branch_labels = None
depends_on = None

# Types as they are at this revision (a migration must not change when models change).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)  # stored UTC by bot.cases.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "console_sessions",
        sa.Column("id_digest", sa.String(64), nullable=False),
        sa.Column("user_id", BigId, nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("ended_at", Moment, nullable=True),
        sa.PrimaryKeyConstraint("id_digest", name="pk_console_sessions"),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["console_users.id"],
            name="fk_console_sessions_user_id_console_users",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_console_sessions_user_id", "console_sessions", ["user_id"])
    op.create_table(
        "console_api_key_posts",
        sa.Column("api_key_id", BigId, nullable=False),
        sa.Column("period", sa.String(8), nullable=False),
        sa.Column("starts_at", Moment, nullable=False),
        sa.Column("posts", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("api_key_id", "period", "starts_at", name="pk_console_api_key_posts"),
        sa.ForeignKeyConstraint(
            ["api_key_id"],
            ["console_api_keys.id"],
            name="fk_console_api_key_posts_api_key_id_console_api_keys",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("console_api_key_posts")
    op.drop_index("ix_console_sessions_user_id", table_name="console_sessions")
    op.drop_table("console_sessions")
