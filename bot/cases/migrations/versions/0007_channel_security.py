"""Channel security: one-time voice codes go through the outbox; photos are kept as our own
EXIF-stripped copies, served only to signed-in staff.

Revision ID: 0007_channel_security
Revises: 0006_households_and_animals
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_channel_security"
down_revision = "0006_households_and_animals"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)
OLD_PURPOSES = "purpose IN ('confirmation', 'status', 'page_on_call')"
NEW_PURPOSES = "purpose IN ('confirmation', 'status', 'page_on_call', 'voice_code')"


# 0004 named it through the naming convention twice; the name in the database is this one
OLD_NAME = "ck_outbox_messages_ck_outbox_messages_purpose_allowed"
NEW_NAME = "ck_outbox_messages_purpose_allowed"


def _purposes(old_name: str, new_name: str, check: str) -> None:
    with op.batch_alter_table("outbox_messages") as table:
        table.drop_constraint(op.f(old_name), type_="check")
        table.create_check_constraint(op.f(new_name), check)


def upgrade() -> None:
    _purposes(OLD_NAME, NEW_NAME, NEW_PURPOSES)
    op.create_table(
        "stored_photos",
        sa.Column("id", BigId, nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("content_type", sa.String(40), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_stored_photos"),
        sa.UniqueConstraint("token", name="uq_stored_photos_token"),
    )


def downgrade() -> None:
    op.drop_table("stored_photos")
    op.execute("DELETE FROM outbox_messages WHERE purpose = 'voice_code'")
    _purposes(NEW_NAME, OLD_NAME, OLD_PURPOSES)
