"""Conversation bench: does every resident reach a reference, how many texts it takes, and is what was filed
right.

Scripted residents (bench/resident_scripts.py: every report type, both cities, SMS and voice, English and
Spanish) talk to the running Rasa server and action server through the signed Twilio webhooks, exactly as
Twilio would post them, each in every answer style of the resident simulator (bench/residents.py): answers
every part, one part, only yes or no, "I don't know", an aside, a correction, two languages at once.
After the run the case database is read, and every filed fact is held to what the resident said.

Figures (the issue's targets):
- dead ends: residents who got neither a reference nor a transfer to City Hall (target 0);
- filed on SMS (target 100%);
- wrong facts: a filed fact the resident's words do not say (a description "I think so", an owner "it has
  tags", the wrong victim, a yes filed as no, a name with "uh" in it, the place before a correction) (target 0);
- victim kind right, over the bites filed;
- texts to a reference (the first message, the name and a YES count; the call's greeting does not; the name
  sent to the read-back that asks for it is also its YES),
  median and worst, over the residents whose first message names the animal and the place (target median
  <= 4, worst <= 8), and over everyone;
- "trouble understanding" said more than once in a conversation, and a question repeated word for word.

    .venv/bin/python bench/conversation_bench.py [--only sms|voice] [--styles full,aside] [--lang en|es]
        [--blind] [--verbose] [--limit N] [--sample N] [--workers 3] [--model models/intake.tar.gz]

`--blind` runs the blind set (bench/blind_conversations.py) instead, and prints its totals only.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_line import PUBLIC_BASE_URL, TOKEN, Line, Result, converse  # noqa: E402
from bench.filed_facts import check_filed, filed_complaints  # noqa: E402
from bench.resident_scripts import RESIDENTS  # noqa: E402
from bench.residents import STYLES, StyledResident  # noqa: E402
from tests.support import servers as server_support  # noqa: E402
from tests.support.servers import MODEL, running_assistant  # noqa: E402

__all__ = ["Line", "Result", "converse", "summarise", "main"]
MAX_TEXTS = 20


def _group_row(label: str, group: list[Result]) -> str:
    counts = [r.texts if r.reached else MAX_TEXTS for r in group]
    filed = sum(r.filed for r in group)
    dead = sum(not r.reached for r in group)
    wrong = sum(len(r.wrong) for r in group)
    bites = [r for r in group if r.victim_right is not None]
    victims = f"{sum(r.victim_right for r in bites)}/{len(bites)}" if bites else "-"
    trouble = sum(r.trouble_said > 1 for r in group)
    repeats = sum(r.repeated_question for r in group)
    return (
        f"{label:<28} {len(group):>4} {median(counts):>6.1f} {max(counts):>5} {filed:>4}/{len(group):<4}"
        f" {dead:>5} {wrong:>6} {victims:>7} {trouble:>8} {repeats:>7}"
    )


HEADER = (
    f"{'group':<28} {'n':>4} {'median':>6} {'worst':>5} {'filed':>9} {'dead':>5} {'wrong':>6} {'victim':>7}"
    f" {'trouble2':>8} {'repeats':>7}"
)


def summarise(results: list[Result]) -> list[str]:
    """The table: everyone, by channel, language, report type, what the first message named, and style."""
    lines = [HEADER, _group_row("all", results)]
    splits = (
        ("channel", lambda r: r.resident.channel),
        ("language", lambda r: r.resident.language),
        ("type", lambda r: r.resident.kind),
        ("first names", lambda r: r.resident.names),
        ("style", lambda r: r.style),
    )
    for name, key in splits:
        for value in sorted({key(r) for r in results}):
            lines.append(_group_row(f"{name}={value}", [r for r in results if key(r) == value]))
    return lines


def targets(results: list[Result]) -> list[str]:
    """The issue's targets, one line each."""
    sms = [r for r in results if r.resident.channel == "sms"]
    both = [r.texts if r.reached else MAX_TEXTS for r in results if r.resident.names == "both"]
    bites = [r for r in results if r.victim_right is not None]
    return [
        f"dead ends: {sum(not r.reached for r in results)} of {len(results)}",
        f"filed on SMS: {sum(r.filed for r in sms)}/{len(sms)}"
        f" ({100 * sum(r.filed for r in sms) / max(len(sms), 1):.1f}%)",
        f"wrong facts filed: {sum(len(r.wrong) for r in results)}"
        f" (in {sum(bool(r.wrong) for r in results)} conversations)",
        f"victim kind right: {sum(r.victim_right for r in bites)}/{len(bites)} bites filed",
        f"texts to a reference when the first message names animal and place: median {median(both or [0]):.1f},"
        f" worst {max(both or [0])}",
        f"transferred: {sum(r.transferred for r in results)}; 'trouble understanding' twice or more:"
        f" {sum(r.trouble_said > 1 for r in results)}; a question repeated word for word:"
        f" {sum(r.repeated_question for r in results)}",
    ]


def _print_transcripts(results: Iterable[Result], everyone: bool) -> None:
    for result in results:
        if not (everyone or not result.reached or result.wrong):
            continue
        status = "filed" if result.filed else "TRANSFERRED" if result.transferred else "NOT FILED"
        res = result.resident
        print(f"--- {res.kind} {res.city} {res.channel} {res.language} [{result.style}]: {status}"
              f" {'; '.join(result.wrong)}")  # fmt: skip
        for said, reply in result.transcript:
            print(f"  > {said}\n  < {reply}")


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("sms", "voice"))
    parser.add_argument("--lang", choices=("en", "es"))
    parser.add_argument("--styles", default=",".join(STYLES), help="comma-separated answer styles")
    parser.add_argument("--blind", action="store_true", help="the blind set: totals only")
    parser.add_argument("--verbose", action="store_true", help="print every conversation")
    parser.add_argument("--limit", type=int, default=0, help="only the first N residents")
    parser.add_argument(
        "--sample", type=int, default=0, help="each resident in only N of the styles, in rotation (0: all)"
    )
    parser.add_argument("--workers", type=int, default=3, help="residents talking at once")
    parser.add_argument("--model", type=Path, default=MODEL, help="trained model archive")
    parser.add_argument("--startup-timeout", type=float, default=900, help="seconds to wait for the servers")
    return parser.parse_args()


def _residents(args: argparse.Namespace) -> list[StyledResident]:
    if args.blind:
        from bench.blind_conversations import BLIND

        return [resident.styled(style) for resident, style in BLIND]
    styles = [s for s in args.styles.split(",") if s in STYLES]
    chosen = [r for r in RESIDENTS if args.only in (None, r.channel) and args.lang in (None, r.language)]
    chosen = chosen[: args.limit] if args.limit else chosen
    if args.sample:  # resident i takes styles i, i+3, i+6, ... (mod 7): every style, every kind of resident
        return [
            r.styled(styles[(i + 3 * k) % len(styles)])
            for i, r in enumerate(chosen)
            for k in range(args.sample)
        ]
    return [resident.styled(style) for resident in chosen for style in styles]


def main() -> int:
    args = _arguments()
    waiting = server_support.wait_until_up
    server_support.wait_until_up = lambda url, processes: waiting(url, processes, args.startup_timeout)
    if not args.model.exists():
        print(f"{args.model} is missing: run `make train`", file=sys.stderr)
        return 2
    server_support.MODEL = args.model.resolve()
    random.seed(38)
    residents = _residents(args)
    environment = {"ENVIRONMENT": "test", "TWILIO_AUTH_TOKEN": TOKEN, "PUBLIC_BASE_URL": PUBLIC_BASE_URL}
    with tempfile.TemporaryDirectory() as work:
        with running_assistant(Path(work), environment=environment, ready_path="/webhooks/sms/") as servers:
            lines = [Line(servers.base_url, styled) for styled in residents]
            with ThreadPoolExecutor(max_workers=max(args.workers, 1)) as pool:
                results = list(pool.map(lambda line: converse(line, MAX_TEXTS), lines))
            filed = filed_complaints(servers.database_url, [line.phone for line in lines])
            # printed before the servers stop: a slow shutdown must not lose the figures
            _report(args, results, filed)
    return 0


def _report(args: argparse.Namespace, results: list[Result], filed: dict) -> None:
    for result in results:
        check_filed(result, filed.get(result.phone))
    if not args.blind:
        _print_transcripts(results, args.verbose)
    print(f"{len(results)} conversations ({len({id(r.resident) for r in results})} residents"
          f"{', the blind set' if args.blind else ''}); texts to a reference count the first message, the name"
          " and the YES")  # fmt: skip
    print("\n".join(targets(results)))
    if not args.blind:
        print("\n".join(summarise(results)))
    sys.stdout.flush()


if __name__ == "__main__":
    raise SystemExit(main())
