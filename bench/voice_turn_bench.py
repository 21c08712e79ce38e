"""Voice turn bench: the silence a caller hears after speaking, i.e. how long the signed voice webhook takes to
answer one turn, with 1 caller alone and with 10 callers at once on one Rasa process (reading every
fact in every message must not slow a turn). Bench, not a test.

Each caller is a scripted resident of the conversation bench (bench/resident_scripts.py, voice residents
answering every part) talking until its reference. Prints p50/p95/max milliseconds per turn for each load.

    .venv/bin/python bench/voice_turn_bench.py [--callers 1,10] [--rounds 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from statistics import median, quantiles

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bench_line import PUBLIC_BASE_URL, REFERENCE, TOKEN, Line  # noqa: E402
from bench.resident_scripts import RESIDENTS  # noqa: E402
from tests.support import servers as server_support  # noqa: E402
from tests.support.servers import MODEL, running_assistant  # noqa: E402

MAX_TURNS = 14


def timed_call(base: str, index: int) -> list[float]:
    """One whole call; the seconds each spoken turn took to answer (the greeting not counted)."""
    voice = [r for r in RESIDENTS if r.channel == "voice" and r.language == "en"]
    styled = voice[index % len(voice)].styled("full")
    line = Line(base, styled)
    line.say("")
    said, times = styled.resident.first, []
    for _ in range(MAX_TURNS):
        started = time.perf_counter()
        reply = line.say(said)
        times.append(time.perf_counter() - started)
        if REFERENCE.search(reply) or line.ended:
            break
        said = styled.answer(reply)
    return times


def load(base: str, callers: int, rounds: int) -> list[float]:
    with ThreadPoolExecutor(max_workers=callers) as pool:
        calls = pool.map(lambda i: timed_call(base, i), range(callers * rounds))
        return [t for call in calls for t in call]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--callers", default="1,10", help="comma-separated numbers of callers at once")
    parser.add_argument("--rounds", type=int, default=2, help="calls per caller")
    parser.add_argument("--startup-timeout", type=float, default=900, help="seconds to wait for the servers")
    args = parser.parse_args()
    waiting = server_support.wait_until_up
    server_support.wait_until_up = lambda url, processes: waiting(url, processes, args.startup_timeout)
    if not MODEL.exists():
        print(f"{MODEL} is missing: run `make train`", file=sys.stderr)
        return 2
    random.seed(38)
    environment = {"ENVIRONMENT": "test", "TWILIO_AUTH_TOKEN": TOKEN, "PUBLIC_BASE_URL": PUBLIC_BASE_URL}
    with tempfile.TemporaryDirectory() as work:
        with running_assistant(Path(work), environment=environment, ready_path="/webhooks/sms/") as servers:
            load(servers.base_url, 2, 1)  # warm-up: the first turns load the model's lazy parts
            for callers in (int(c) for c in args.callers.split(",")):
                turns = sorted(load(servers.base_url, callers, args.rounds))
                p95 = quantiles(turns, n=20)[-1] if len(turns) > 1 else turns[0]
                print(f"{callers:>3} callers: {len(turns)} turns, p50 {1000 * median(turns):.0f} ms,"
                      f" p95 {1000 * p95:.0f} ms, max {1000 * turns[-1]:.0f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
