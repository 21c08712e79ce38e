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
    args = parser.parse_args(argv)

    if args.command == "migrate":
        url = args.url or get_settings().database_url
        migrate(url)
        print(f"migrated {display_url(url)} to the newest revision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
