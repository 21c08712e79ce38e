"""Bite facts the clerk or officer confirms, and the written designation notices.

`bite_details` gains what a bite order turns on beyond the resident's words: proof of current rabies
vaccination (Kellogg 58-10 A(1); Freeport 5 B "a certificate from a licensed veterinarian"), whether the bite
happened on the owner's premises (58-10 B), and the day confinement began, as recorded. None means not
recorded. `notices.kind` admits the Freeport 11 D and 11 G 1 notices, and is widened to hold their names.

Revision ID: 0011_notice_dates_and_bite_facts
Revises: 0010_complaint_language
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_notice_dates_and_bite_facts"
down_revision = "0010_complaint_language"
branch_labels = None
depends_on = None

OLD_KINDS = "kind IN ('letter', 'citation', 'referral', 'quarantine_order')"
NEW_KINDS = (
    "kind IN ('letter', 'citation', 'referral', 'quarantine_order', 'potentially_dangerous_notice', "
    "'dangerous_notice')"
)
# 0001 named it through the naming convention twice; this revision gives it the name the models give it
OLD_NAME = "ck_notices_ck_notices_kind_allowed"
NEW_NAME = "ck_notices_kind_allowed"
BITE_COLUMNS = ("vaccination_proof", "on_owner_premises", "confined_on")


def upgrade() -> None:
    with op.batch_alter_table("notices") as table:
        table.drop_constraint(op.f(OLD_NAME), type_="check")
        table.alter_column("kind", type_=sa.String(40), existing_type=sa.String(20), existing_nullable=False)
        table.create_check_constraint(op.f(NEW_NAME), NEW_KINDS)
    op.add_column("bite_details", sa.Column("vaccination_proof", sa.Boolean(), nullable=True))
    op.add_column("bite_details", sa.Column("on_owner_premises", sa.Boolean(), nullable=True))
    op.add_column("bite_details", sa.Column("confined_on", sa.Date(), nullable=True))


def downgrade() -> None:
    for column in BITE_COLUMNS:
        op.drop_column("bite_details", column)
    op.execute(
        "DELETE FROM notice_documents WHERE notice_id IN (SELECT id FROM notices WHERE kind IN "
        "('potentially_dangerous_notice', 'dangerous_notice'))"
    )
    op.execute("DELETE FROM notices WHERE kind IN ('potentially_dangerous_notice', 'dangerous_notice')")
    with op.batch_alter_table("notices") as table:
        table.drop_constraint(op.f(NEW_NAME), type_="check")
        table.alter_column("kind", type_=sa.String(20), existing_type=sa.String(40), existing_nullable=False)
        table.create_check_constraint(op.f(OLD_NAME), OLD_KINDS)
