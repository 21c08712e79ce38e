"""Cluster bench: barking reports through HAProxy to one Rasa replica and to two, in the same run.

Starts `deploy/cluster.py` (two Rasa replicas, two action servers, PostgreSQL, Redis, HAProxy) on free
ports. "One replica" takes the second out of HAProxy's rotation (admin socket, `state maint`); "two" puts
it back. Rounds alternate (one, two, one, two) so neither gets a quieter machine. Two loads:
- paced: --concurrency residents at once, each taking --think-ms (+-50%) to answer, as people do;
- burst: the same residents with no think time, which finds the throughput ceiling.
Prints p50/p95/max latency per message, messages a second (and per Rasa process), and checks that every
report was filed exactly once. Signed Twilio SMS deliveries, loopback only; every loop is bounded.

    .venv/bin/python bench/cluster_bench.py [--concurrency 10] [--reports 20] [--think-ms 1000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "deploy"))

from cluster import haproxy_command  # noqa: E402

from tests.cluster.support import running_cluster  # noqa: E402
from tests.cluster.twilio import REFERENCE, Texter, answer_for, is_read_back, sends_it  # noqa: E402
from tests.support.servers import MODEL  # noqa: E402

MAX_TURNS = 10


@dataclass
class Outcome:
    latencies: list[float] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    phones: list[str] = field(default_factory=list)
    lost: int = 0
    seconds: float = 0.0


def timed_send(texter: Texter, text: str, outcome: Outcome):
    started = time.perf_counter()
    reply = texter.send(text)
    outcome.latencies.append(time.perf_counter() - started)
    return reply


def report(base_url: str, number: int, think_s: float, outcome: Outcome) -> None:
    rng = random.Random(number)
    texter = Texter(base_url)
    outcome.phones.append(texter.phone)
    time.sleep(rng.uniform(0, think_s))
    reply = timed_send(texter, f"the dog at {100 + number} oak st is barking", outcome)
    for _ in range(MAX_TURNS):
        if reply.is_error:
            outcome.lost += 1
            return
        if is_read_back(reply):
            break
        time.sleep(think_s * rng.uniform(0.5, 1.5))
        reply = timed_send(texter, answer_for(reply), outcome)
    time.sleep(think_s * rng.uniform(0.5, 1.5))
    done = timed_send(texter, sends_it(reply), outcome)
    found = REFERENCE.search(done.text)
    if found:
        outcome.references.append(found.group(0))
    else:
        outcome.lost += 1


def run_round(
    base_url: str, concurrency: int, reports: int, think_s: float, outcome: Outcome, first: int
) -> None:
    started = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        for future in [pool.submit(report, base_url, first + n, think_s, outcome) for n in range(reports)]:
            future.result(timeout=900)
    outcome.seconds += time.perf_counter() - started


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def set_replicas(cluster, count: int) -> None:
    state = "ready" if count == 2 else "maint"
    haproxy_command(cluster.directory / "run" / "haproxy.sock", f"set server rasa/rasa2 state {state}")
    time.sleep(1)


def print_table(results: dict[tuple[str, int], Outcome], cluster, per_round: int, rounds: int) -> bool:
    print("{:<7}{:>9}{:>9}{:>8}{:>8}{:>8}{:>7}{:>13}{:>7}{:>6}{:>7}".format(
        "load", "replicas", "messages", "p50 ms", "p95 ms", "max ms", "msg/s", "msg/s/replica", "filed",
        "lost", "twice"))  # fmt: skip
    ok = True
    cases = cluster.cases()
    for (load, replicas), outcome in results.items():
        twice = sum(max(0, len(cases.complaints_for_contact("kellogg", p, 10)) - 1) for p in outcome.phones)
        lat, rate = outcome.latencies, len(outcome.latencies) / outcome.seconds
        print(f"{load:<7}{replicas:>9}{len(lat):>9}{median(lat) * 1000:>8.0f}{percentile(lat, 0.95) * 1000:>8.0f}{max(lat) * 1000:>8.0f}{rate:>7.1f}{rate / replicas:>13.1f}{len(set(outcome.references)):>7}{outcome.lost:>6}{twice:>7}")  # fmt: skip
        ok &= outcome.lost == 0 and twice == 0 and len(set(outcome.references)) == per_round * rounds
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--concurrency", type=int, default=10)
    parser.add_argument("--reports", type=int, default=20, help="per load and replica count (two rounds)")
    parser.add_argument("--think-ms", type=float, default=1000)
    args = parser.parse_args()
    if not MODEL.exists():
        print(f"{MODEL} is missing: run `make train`", file=sys.stderr)
        return 2
    per_round = max(1, args.reports // 2)
    results: dict[tuple[str, int], Outcome] = {}
    print("starting the cluster ...", flush=True)
    with running_cluster(environment={"LOG_LEVEL": "WARNING"}) as cluster:
        run_round(cluster.base_url, 2, 2, 0.0, Outcome(), 9000)  # warm-up, untimed
        first = 0
        for load, think_s in (("paced", args.think_ms / 1000), ("burst", 0.0)):
            for replicas in (1, 2, 1, 2):
                set_replicas(cluster, replicas)
                outcome = results.setdefault((load, replicas), Outcome())
                run_round(cluster.base_url, args.concurrency, per_round, think_s, outcome, first)
                first += per_round
        set_replicas(cluster, 2)
        print(f"\n{per_round * 2} barking reports per load and replica count, {args.concurrency} residents at "
              f"once, signed SMS through HAProxy; think time: paced {args.think_ms:.0f} ms, burst none")  # fmt: skip
        ok = print_table(results, cluster, per_round, 2)
    print("no report lost, none filed twice" if ok else "LOST OR DUPLICATED REPORTS: see above")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
