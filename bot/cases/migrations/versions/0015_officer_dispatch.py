"""The officer's dispatch: `dispatch_steps` (acknowledged, on the way, on scene, done with an
outcome) and `dispatch_pages` (every page and escalation sent about a complaint).

Revision ID: 0015_officer_dispatch
Revises: 0014_report_types
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_officer_dispatch"
down_revision = "0014_report_types"
branch_labels = None
depends_on = None

# Types as they are at this revision (a migration must not change when models change).
BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
Moment = sa.DateTime(timezone=True)  # stored UTC by bot.cases.models.UTCDateTime


def upgrade() -> None:
    op.create_table(
        "dispatch_steps",
        sa.Column("id", BigId, nullable=False),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("step", sa.String(20), nullable=False),
        sa.Column("as_role", sa.String(20), nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("at", Moment, nullable=False),
        sa.Column("outcome", sa.String(20), nullable=True),
        sa.Column("note", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_dispatch_steps"),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_dispatch_steps_complaint_id_complaints"
        ),
        sa.UniqueConstraint("complaint_id", "step", name="uq_dispatch_steps_complaint_id_step"),
        sa.CheckConstraint(
            "step IN ('acknowledged', 'on_the_way', 'on_scene', 'done')",
            name="ck_dispatch_steps_step_allowed",
        ),
        sa.CheckConstraint(
            "outcome IS NULL OR outcome IN ('owner_advised', 'warning_given', 'impounded', 'not_found', "
            "'referred')",
            name="ck_dispatch_steps_outcome_allowed",
        ),
        sa.CheckConstraint("as_role IN ('on_call', 'backup')", name="ck_dispatch_steps_as_role_allowed"),
    )
    op.create_index("ix_dispatch_steps_complaint", "dispatch_steps", ["complaint_id", "id"])
    op.create_table(
        "dispatch_pages",
        sa.Column("id", BigId, nullable=False),
        sa.Column("complaint_id", BigId, nullable=False),
        sa.Column("reason", sa.String(30), nullable=False),
        sa.Column("recipient", sa.String(20), nullable=False),
        sa.Column("outbox_key", sa.String(200), nullable=False),
        sa.Column("paged_at", Moment, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_dispatch_pages"),
        sa.ForeignKeyConstraint(
            ["complaint_id"], ["complaints.id"], name="fk_dispatch_pages_complaint_id_complaints"
        ),
        sa.UniqueConstraint(
            "complaint_id", "reason", "recipient", name="uq_dispatch_pages_complaint_id_reason_recipient"
        ),
        sa.CheckConstraint("recipient IN ('on_call', 'backup')", name="ck_dispatch_pages_recipient_allowed"),
        sa.CheckConstraint(
            "reason IN ('urgent', 'unacknowledged', 'owner_notice_deadline')",
            name="ck_dispatch_pages_reason_allowed",
        ),
    )
    op.create_index("ix_dispatch_pages_complaint_id", "dispatch_pages", ["complaint_id"])


def downgrade() -> None:
    op.drop_index("ix_dispatch_pages_complaint_id", table_name="dispatch_pages")
    op.drop_table("dispatch_pages")
    op.drop_index("ix_dispatch_steps_complaint", table_name="dispatch_steps")
    op.drop_table("dispatch_steps")
