"""The report types the ordinances give residents a reason to make: `complaints.type` also takes
threat, neglect, waste, too_many and damage (bot/vocabulary.py; docs/rules.md "Report types").

Only the CHECK constraint changes. SQLite cannot alter a constraint, and rebuilding `complaints` (batch
mode) would trip the foreign keys of the tables that reference it. SQLite's documented procedure for
changing a CHECK constraint in place is used instead (sqlite.org/lang_altertable.html, "making other kinds of
table schema changes"): the table's stored CREATE statement is edited under `writable_schema` and the schema
version bumped, in the migration's transaction. Widening the check needs no row checked; narrowing it
(downgrade) refuses while a complaint of a newer type exists.

Revision ID: 0014_report_types
Revises: 0013_needs_follow_up
Create Date: 2026-12-07
"""

from __future__ import annotations

from alembic import op

revision = "0014_report_types"
down_revision = "0013_needs_follow_up"
branch_labels = None
depends_on = None

CHECK_NAME = "ck_complaints_type_allowed"
OLD_TYPE_CHECK = "type IN ('barking', 'at_large', 'bite')"
NEW_TYPE_CHECK = "type IN ('barking', 'at_large', 'bite', 'threat', 'neglect', 'waste', 'too_many', 'damage')"


def _set_sqlite_type_check(old: str, new: str) -> None:
    connection = op.get_bind()
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


def _set_type_check(old: str, new: str) -> None:
    if op.get_bind().dialect.name == "sqlite":
        _set_sqlite_type_check(old, new)
        return
    op.drop_constraint(CHECK_NAME, "complaints", type_="check")
    op.create_check_constraint(CHECK_NAME, "complaints", new)


def upgrade() -> None:
    _set_type_check(OLD_TYPE_CHECK, NEW_TYPE_CHECK)


def downgrade() -> None:
    connection = op.get_bind()
    newer = connection.exec_driver_sql(
        "SELECT COUNT(*) FROM complaints WHERE type NOT IN ('barking', 'at_large', 'bite')"
    ).scalar_one()
    if newer:
        raise RuntimeError(
            "complaints of the newer report types cannot be stored before 0014; correct their type first"
        )
    _set_type_check(NEW_TYPE_CHECK, OLD_TYPE_CHECK)
