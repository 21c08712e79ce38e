"""`python -m bot.ordinance standing --jurisdiction CODE FILE`: how each complaint counts.

FILE (or `-` for stdin) is JSON `{"complaints": [{"id", "subject", "received", "form", "type"}, ...]}`;
the output is `{"results": [...]}` in input order. For Kellogg `counts_as` is verbal_pending, first,
second or third; for Freeport it is complaint_1, complaint_2, ... (every complaint counts, per
subject). Bad input prints one line to stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from bot.jurisdictions import PackError, UnknownJurisdiction, get_pack, load_packs
from bot.ordinance import rules_module
from bot.ordinance.facts import InputError, facts_from_json

USAGE_ERROR = 2


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message} (try --help)\n")


def _fail(message: str) -> NoReturn:
    print(f"bot.ordinance: {message}", file=sys.stderr)
    raise SystemExit(USAGE_ERROR)


def _read_document(path: str) -> object:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
        _fail(f"cannot read {path}: {reason}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        _fail(f"{path} is not JSON: {error.msg} at line {error.lineno} column {error.colno}")


def standing(jurisdiction: str, path: str) -> dict[str, object]:
    """The `standing` command's output for the complaints in `path`."""
    try:
        pack = get_pack(jurisdiction)
    except UnknownJurisdiction:
        _fail(f"unknown jurisdiction {jurisdiction!r} (known: {', '.join(sorted(load_packs()))})")
    rules = rules_module(pack.rules)
    document = _read_document(path)
    try:
        facts = facts_from_json(document, required=rules.REQUIRED_FACT_FIELDS)
        return {"results": rules.results_json(facts, pack)}
    except InputError as error:
        _fail(str(error))


def main(argv: Sequence[str] | None = None) -> int:
    parser = _OneLineParser(prog="python -m bot.ordinance", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_OneLineParser)
    standing_cmd = commands.add_parser("standing", help="how each complaint in FILE counts")
    standing_cmd.add_argument("--jurisdiction", required=True, help="pack code, e.g. kellogg")
    standing_cmd.add_argument("file", metavar="FILE", help="complaints JSON, or - for stdin")
    args = parser.parse_args(argv)
    try:
        output = standing(args.jurisdiction, args.file)
    except PackError as error:
        _fail(f"jurisdiction packs: {error}")
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
