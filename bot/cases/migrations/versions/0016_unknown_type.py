"""A report filed without a type: `complaints.type` also takes 'unknown'.

A resident who cannot say what kind of report it is after the type question and its two re-asks is not left
in a loop: the report is filed with what was given, marked `needs_follow_up` for the clerk to call back, and it
cannot be accepted (so never counts) until the clerk sets its type (bot.cases.review).

Only the CHECK constraint changes, as in 0014: on SQLite the stored CREATE statement is edited in place
(sqlite.org/lang_altertable.html, "making other kinds of table schema changes"); elsewhere the constraint is
dropped and created again. Narrowing it (downgrade) refuses while an untyped complaint exists.

Revision ID: 0016_unknown_type
Revises: 0015_officer_dispatch
Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

revision = "0016_unknown_type"
down_revision = "0015_officer_dispatch"
branch_labels = None
depends_on = None

CHECK_NAME = "ck_complaints_type_allowed"
TYPES = "'barking', 'at_large', 'bite', 'threat', 'neglect', 'waste', 'too_many', 'damage'"
OLD_TYPE_CHECK = f"type IN ({TYPES})"
NEW_TYPE_CHECK = f"type IN ({TYPES}, 'unknown')"


def _set_type_check(old: str, new: str) -> None:
    connection = op.get_bind()
    if connection.dialect.name != "sqlite":
        op.drop_constraint(CHECK_NAME, "complaints", type_="check")
        op.create_check_constraint(CHECK_NAME, "complaints", new)
        return
    table_sql = connection.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'complaints'"
    ).scalar_one()
    if table_sql.count(old) != 1:
        raise RuntimeError("complaints: the type CHECK constraint is not the one this migration expects")
    version = connection.exec_driver_sql("PRAGMA schema_version").scalar_one()
    connection.exec_driver_sql("PRAGMA writable_schema = ON")
    connection.exec_driver_sql(
        "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'complaints'",
        (table_sql.replace(old, new),),
    )
    connection.exec_driver_sql(f"PRAGMA schema_version = {int(version) + 1}")  # a pragma takes no parameter
    connection.exec_driver_sql("PRAGMA writable_schema = OFF")


def upgrade() -> None:
    _set_type_check(OLD_TYPE_CHECK, NEW_TYPE_CHECK)


def downgrade() -> None:
    untyped = (
        op.get_bind().exec_driver_sql("SELECT COUNT(*) FROM complaints WHERE type = 'unknown'").scalar_one()
    )
    if untyped:
        raise RuntimeError("complaints without a type cannot be stored before 0016; set their type first")
    _set_type_check(NEW_TYPE_CHECK, OLD_TYPE_CHECK)
