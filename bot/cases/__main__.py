"""`python -m bot.cases migrate`: bring the configured case database to the newest schema."""

from __future__ import annotations

import argparse
import sys

from bot.cases.db import display_url, migrate
from bot.settings import get_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.cases", description="Case database tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    migrate_parser = commands.add_parser("migrate", help="upgrade the database to the newest revision")
    migrate_parser.add_argument("--url", help="database URL (default: DATABASE_URL from the settings)")
    commands.add_parser("prune", help="delete residents' words past the packs' retention period (issue 10)")
    args = parser.parse_args(argv)
    if args.command == "prune":
        return _prune()

    if args.command == "migrate":
        url = args.url or get_settings().database_url
        migrate(url)
        print(f"migrated {display_url(url)} to the newest revision")
    return 0


def _prune() -> int:
    from bot.cases.db import make_engine, make_session_factory
    from bot.notify.retention import prune

    settings = get_settings()
    tracker = make_engine(settings.tracker_database_url) if settings.tracker_database_url else None
    result = prune(make_session_factory(make_engine(settings.database_url)), tracker)
    print(
        f"pruned {result.tracker_events} tracker events, {result.transcripts} transcripts, "
        f"{result.webhook_replies} webhook replies, {result.outbox_texts} outbox texts, "
        f"{result.unsent_photos} unsent photos"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
