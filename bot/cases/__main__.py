"""`python -m bot.cases COMMAND`: case database tools, one entry per command in `COMMANDS`.

- `migrate`: bring the configured case database to the newest schema;
- `show REF`: print one complaint as stable JSON (see `bot.cases.show`);
- `prune`: delete residents' words past the packs' retention period (see `bot.notify.retention`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable

from bot.cases.db import display_url, make_engine, make_session_factory, migrate
from bot.cases.errors import ComplaintNotFound
from bot.settings import get_settings


def _url(args: argparse.Namespace) -> str:
    return args.url or get_settings().database_url


def _migrate(args: argparse.Namespace) -> int:
    url = _url(args)
    migrate(url)
    print(f"migrated {display_url(url)} to the newest revision")
    return 0


def _show(args: argparse.Namespace) -> int:
    from bot.cases.service import CaseService
    from bot.cases.show import complaint_json
    from bot.jurisdictions import get_pack

    engine = make_engine(_url(args))
    try:
        cases = CaseService(make_session_factory(engine))
        try:
            detail = cases.get_complaint(args.reference)
        except ComplaintNotFound as error:
            print(error, file=sys.stderr)
            return 1
        document = complaint_json(detail, get_pack(detail.jurisdiction).tz)
    finally:
        engine.dispose()
    print(json.dumps(document, indent=2, ensure_ascii=False))
    return 0


def _prune(args: argparse.Namespace) -> int:
    """Residents' words past the packs' retention period (bot.notify.retention); complaints stay."""
    from bot.notify.retention import prune
    from bot.settings import MissingSetting, tracker_url

    try:
        url = tracker_url(get_settings())
    except MissingSetting as error:
        print(f"prune refused: {error}", file=sys.stderr)
        return 2
    tracker = make_engine(url)
    try:
        result = prune(make_session_factory(make_engine(_url(args))), tracker)
    finally:
        tracker.dispose()
    print(
        f"pruned {result.tracker_events} tracker events, {result.transcripts} transcripts, "
        f"{result.webhook_replies} webhook replies, {result.outbox_texts} outbox texts, "
        f"{result.unsent_photos} unsent photos"
    )
    return 0


def _migrate_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", help="database URL (default: DATABASE_URL from the settings)")


def _show_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reference", help="the complaint's reference, e.g. KEL-2026-00042")
    parser.add_argument("--url", help="database URL (default: DATABASE_URL from the settings)")


# name -> (help, arguments, run)
COMMANDS: dict[
    str, tuple[str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]
] = {
    "migrate": ("upgrade the database to the newest revision", _migrate_arguments, _migrate),
    "show": ("print one complaint as JSON (never the complainant)", _show_arguments, _show),
    "prune": ("delete residents' words past the retention period", _migrate_arguments, _prune),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.cases", description="Case database tools.")
    commands = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, add_arguments, _run) in COMMANDS.items():
        add_arguments(commands.add_parser(name, help=help_text))
    args = parser.parse_args(argv)
    return COMMANDS[args.command][2](args)


if __name__ == "__main__":
    sys.exit(main())
