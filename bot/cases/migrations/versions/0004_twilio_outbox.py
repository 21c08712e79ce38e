"""Twilio channels and the outbound path: outbox, processed webhook deliveries, SMS opt-outs, pending photos.

Revision ID: 0004_twilio_outbox
Revises: 0003_console_accounts
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_twilio_outbox"
down_revision = "0003_console_accounts"
branch_labels = None
depends_on = None

# Types as they were at this revision (a migration must not change when models change).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)  # stored UTC by bot.cases.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "outbox_messages",
        sa.Column("id", BigId, nullable=False),
        sa.Column("idempotency_key", sa.String(200), nullable=False),
        sa.Column("purpose", sa.String(20), nullable=False),
        sa.Column("jurisdiction", sa.String(40), nullable=False),
        sa.Column("complaint_reference", sa.String(32), nullable=True),
        sa.Column("to_number", sa.String(32), nullable=False),
        sa.Column("from_number", sa.String(32), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", Moment, nullable=False),
        sa.Column("claimed_until", Moment, nullable=True),
        sa.Column("last_error", sa.String(500), nullable=True),
        sa.Column("provider_sid", sa.String(64), nullable=True),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("sent_at", Moment, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_outbox_messages"),
        sa.UniqueConstraint("idempotency_key", name="uq_outbox_messages_idempotency_key"),
        sa.CheckConstraint(
            "status IN ('pending', 'sent', 'failed', 'suppressed')", name="ck_outbox_messages_status_allowed"
        ),
        sa.CheckConstraint(
            "purpose IN ('confirmation', 'status', 'page_on_call')", name="ck_outbox_messages_purpose_allowed"
        ),
    )
    op.create_index("ix_outbox_messages_due", "outbox_messages", ["status", "next_attempt_at", "id"])
    op.create_table(
        "processed_twilio_requests",
        sa.Column("id", BigId, nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("request_key", sa.String(100), nullable=False),
        sa.Column("reply_twiml", sa.Text(), nullable=True),
        sa.Column("created_at", Moment, nullable=False),
        sa.Column("completed_at", Moment, nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_processed_twilio_requests"),
        sa.UniqueConstraint(
            "channel", "request_key", name="uq_processed_twilio_requests_channel_request_key"
        ),
    )
    op.create_table(
        "sms_opt_outs",
        sa.Column("phone", sa.String(32), nullable=False),
        sa.Column("opted_out_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("phone", name="pk_sms_opt_outs"),
    )
    op.create_table(
        "pending_photos",
        sa.Column("id", BigId, nullable=False),
        sa.Column("phone", sa.String(32), nullable=False),
        sa.Column("url", sa.String(1000), nullable=False),
        sa.Column("created_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_pending_photos"),
    )
    op.create_index("ix_pending_photos_phone", "pending_photos", ["phone"])


def downgrade() -> None:
    op.drop_index("ix_pending_photos_phone", table_name="pending_photos")
    op.drop_table("pending_photos")
    op.drop_table("sms_opt_outs")
    op.drop_table("processed_twilio_requests")
    op.drop_index("ix_outbox_messages_due", table_name="outbox_messages")
    op.drop_table("outbox_messages")
