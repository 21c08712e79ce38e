"""`python -m bot jurisdictions`: every jurisdiction pack (code, name, numbers, time zone, hours) as JSON."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from bot.jurisdictions import PACKS_DIR, PackError, load_packs


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (try --help)\n")


def jurisdictions(packs_dir: Path = PACKS_DIR) -> list[dict[str, object]]:
    """Every pack's public description, ordered by code."""
    packs = load_packs(packs_dir)
    return [
        {**packs[code].to_public_dict(), "office_hours_text": packs[code].office_hours_text()}
        for code in sorted(packs)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = _OneLineParser(prog="python -m bot", description="Animal complaint intake: domain tools.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_OneLineParser)
    listing = commands.add_parser("jurisdictions", help="print every jurisdiction pack as JSON")
    listing.add_argument("--packs-dir", type=Path, default=PACKS_DIR, help="directory of pack files")
    args = parser.parse_args(argv)
    try:
        output = jurisdictions(args.packs_dir)
    except PackError as error:
        print(f"python -m bot: {error}", file=sys.stderr)
        return 2
    try:
        json.dump(output, sys.stdout, indent=2)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader stopped early (`| head`): not worth a traceback; silence the final flush too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
