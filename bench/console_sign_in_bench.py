"""Console bench: public Open311 latency while a crowd guesses passwords.

Starts the console under uvicorn on a free port over a temporary SQLite database, then times
`GET /open311/v2/services.json` (median and p95, ms) alone, and again while GUESSERS clients post wrong
passwords to /login as fast as they can. Every guess names a different account from a different
address (X-Forwarded-For, which uvicorn trusts from 127.0.0.1), so none is throttled and each one
runs scrypt: the worst case for the event loop and the thread pool.

    .venv/bin/python bench/console_sign_in_bench.py [--guessers 80] [--samples 40]

A benchmark, not a test: figures depend on the machine and what else runs on it.
"""

from __future__ import annotations

import argparse
import re
import socket
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cases.db import migrate  # noqa: E402
from bot.console.app import create_app  # noqa: E402
from bot.settings import Settings  # noqa: E402

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def serve(database_url: str) -> tuple[uvicorn.Server, str]:
    app = create_app(Settings(environment="test", database_url=database_url, session_secret="b" * 40))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{port}"


def open311_times(base: str, samples: int) -> list[float]:
    times = []
    with httpx.Client(timeout=60) as client:
        for _ in range(samples):
            start = time.perf_counter()
            client.get(f"{base}/open311/v2/services.json?jurisdiction_id=kellogg").raise_for_status()
            times.append((time.perf_counter() - start) * 1000)
            time.sleep(0.02)
    return times


def guess_forever(base: str, number: int, stop: threading.Event, counts: list[int]) -> None:
    with httpx.Client(timeout=60) as client:
        token = CSRF.search(client.get(f"{base}/login").text).group(1)
        n = 0
        while not stop.is_set():
            n += 1
            client.post(
                f"{base}/login",
                data={"username": f"user{number}-{n}", "password": "wrong guess", "csrf_token": token},
                headers={"X-Forwarded-For": f"10.{number // 250}.{number % 250}.{n % 250}"},
            )
            counts[number] += 1


def summary(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    return f"{name}: median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms ({len(ordered)} requests)"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--guessers", type=int, default=80)
    parser.add_argument("--samples", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        database_url = f"sqlite:///{folder}/cases.db"
        migrate(database_url)
        server, base = serve(database_url)
        print(summary("Open311 alone", open311_times(base, args.samples)))
        stop, counts = threading.Event(), [0] * args.guessers
        with ThreadPoolExecutor(max_workers=args.guessers) as pool:
            for number in range(args.guessers):
                pool.submit(guess_forever, base, number, stop, counts)
            time.sleep(2)  # let the crowd get going
            started, before = time.perf_counter(), sum(counts)
            loaded = open311_times(base, args.samples)
            rate = (sum(counts) - before) / (time.perf_counter() - started)
            stop.set()
        print(summary(f"Open311 during {args.guessers} parallel guessers", loaded))
        print(f"wrong sign-ins answered: {rate:.1f} per second")
        server.should_exit = True
    return 0


if __name__ == "__main__":
    sys.exit(main())
