"""Where one message's time goes inside a Rasa process: NLU, policies, tracker store load and save, action
calls, the rest. Bench, not a test.

Loads the trained model in this process (Rasa's Agent) with the SQL tracker store on a fresh SQLite file,
starts the action server against a fresh case database, then runs whole barking reports through
`Agent.handle_message` one message at a time, timing each part with wall-clock wrappers (an await counts
in full: an action call's time includes the action server's work and the database). Optionally writes a
cProfile of the same run (--cprofile FILE) for the detail inside the biggest part.

    .venv/bin/python bench/turn_profile.py [--reports 10] [--cprofile var/turn.prof] [--modes rasa,speedups]

The modes alternate report by report in one process, so "before" (Rasa's own action-response check)
and "after" (integrations/speedups.py) are measured side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import functools
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.servers import MODEL, RASA, free_port, wait_until_up  # noqa: E402

ANSWERS = {"since when": "since about 10pm", "how often": "every night", "time of day": "night",
           "your name": "skip", "where is this": "412 oak st", "kind of animal": "a dog"}  # fmt: skip
totals: dict[str, float] = defaultdict(float)
RASA_CHECK = None  # Rasa's own RemoteAction._validate_action_result, kept to switch back
_depth: dict[str, int] = defaultdict(int)


def timed(part: str, function):
    """Wrap `function` (sync or async) so its wall-clock time adds to `totals[part]` (outermost call only)."""
    if asyncio.iscoroutinefunction(function):

        @functools.wraps(function)
        async def async_wrapper(*args, **kwargs):
            _depth[part] += 1
            started = time.perf_counter()
            try:
                return await function(*args, **kwargs)
            finally:
                _depth[part] -= 1
                if not _depth[part]:
                    totals[part] += time.perf_counter() - started

        return async_wrapper

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        _depth[part] += 1
        started = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _depth[part] -= 1
            if not _depth[part]:
                totals[part] += time.perf_counter() - started

    return wrapper


def instrument() -> None:
    from rasa.core.actions.action import RemoteAction
    from rasa.core.processor import MessageProcessor
    from rasa.core.tracker_store import SQLTrackerStore

    MessageProcessor.parse_message = timed("NLU (parse_message)", MessageProcessor.parse_message)
    MessageProcessor._predict_next_with_tracker = timed(
        "policies (predict next action)", MessageProcessor._predict_next_with_tracker
    )
    SQLTrackerStore.retrieve = timed("tracker store load", SQLTrackerStore.retrieve)
    SQLTrackerStore.save = timed("tracker store save", SQLTrackerStore.save)
    RemoteAction.run = timed("action calls (HTTP + action server + case DB)", RemoteAction.run)


async def report(agent, sender: str) -> tuple[int, float]:
    """One barking report, message by message; returns (messages, seconds in handle_message)."""
    from rasa.core.channels.channel import CollectingOutputChannel, UserMessage

    spent, count = 0.0, 0

    async def say(text: str) -> str:
        nonlocal spent, count
        output = CollectingOutputChannel()
        started = time.perf_counter()
        await agent.handle_message(UserMessage(text, output, sender, input_channel="rest",
                                               metadata={"jurisdiction": "kellogg"}))  # fmt: skip
        spent += time.perf_counter() - started
        count += 1
        return " ".join(m.get("text") or "" for m in output.messages).lower()

    reply = await say("the dog at 412 oak st is barking")
    for _ in range(10):
        if "yes to send it" in reply:
            break
        reply = await say(next((a for q, a in ANSWERS.items() if q in reply), "every night"))
    reply = await say("yes")
    if "kel-" not in reply:
        raise RuntimeError(f"the report was not filed: {reply!r}")
    return count, spent


def set_mode(mode: str) -> None:
    """ "rasa": Rasa's own action-response check; "speedups": integrations.speedups (what servers run)."""
    from rasa.core.actions.action import RemoteAction

    from integrations import speedups

    RemoteAction._validate_action_result = RASA_CHECK if mode == "rasa" else speedups.validate_action_result


def print_table(mode: str, parts: dict[str, float], messages: int, seconds: float) -> None:
    print(f"\n{mode}: {messages} messages, one at a time, one process: "
          f"{seconds / messages * 1000:.0f} ms a message, {messages / seconds:.2f} messages/s")  # fmt: skip
    print(f"{'part':<48}{'ms/message':>11}{'share':>8}")
    accounted = 0.0
    for part, spent in sorted(parts.items(), key=lambda item: -item[1]):
        accounted += spent
        print(f"{part:<48}{spent / messages * 1000:>11.1f}{spent / seconds:>8.0%}")
    rest = seconds - accounted
    print(
        f"{'the rest (Rasa bookkeeping, output, lock)':<48}{rest / messages * 1000:>11.1f}{rest / seconds:>8.0%}"
    )


async def run(work: Path, reports: int, profile_path: Path | None, modes: list[str]) -> None:
    global RASA_CHECK
    from rasa.core.actions.action import RemoteAction
    from rasa.core.agent import Agent
    from rasa.core.tracker_store import SQLTrackerStore
    from rasa.utils.endpoints import EndpointConfig

    RASA_CHECK = RemoteAction._validate_action_result
    actions_url = os.environ["BENCH_ACTIONS_URL"]
    agent = Agent.load(str(MODEL), action_endpoint=EndpointConfig(url=actions_url),
                       tracker_store=SQLTrackerStore(dialect="sqlite", db=str(work / "tracker.db")))  # fmt: skip
    await report(agent, "warm-up")  # first-use costs are not what we measure
    instrument()
    profiler = cProfile.Profile() if profile_path else None
    results = {mode: (defaultdict(float), [0, 0.0]) for mode in modes}
    for n in range(reports):  # the modes alternate, report by report: same machine, same moment
        for mode in modes:
            set_mode(mode)
            totals.clear()
            if profiler and mode == modes[0]:
                profiler.enable()
            count, spent = await report(agent, f"bench-{mode}-{n}")
            if profiler and mode == modes[0]:
                profiler.disable()
            parts, sums = results[mode]
            for part, value in totals.items():
                parts[part] += value
            sums[0] += count
            sums[1] += spent
    if profiler:
        profiler.dump_stats(str(profile_path))
    for mode, (parts, (messages, seconds)) in results.items():
        print_table(mode, parts, messages, seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reports", type=int, default=10)
    parser.add_argument("--cprofile", type=Path, default=None, help="cProfile of the first mode's reports")
    parser.add_argument(
        "--modes",
        default="rasa,speedups",
        help="rasa: Rasa's own action-response check; speedups: integrations/speedups.py",
    )
    args = parser.parse_args()
    from bot.cases.db import migrate

    with tempfile.TemporaryDirectory(prefix="turn_profile_") as directory:
        work = Path(directory)
        database_url = f"sqlite:///{work / 'cases.db'}"
        migrate(database_url)
        port = free_port()
        env = {**os.environ, "DATABASE_URL": database_url, "PYTHONPATH": str(ROOT), "ENVIRONMENT": "test",
               "LOG_LEVEL": "WARNING"}  # fmt: skip
        os.environ.update({"DATABASE_URL": database_url, "ENVIRONMENT": "test"})
        os.environ["BENCH_ACTIONS_URL"] = f"http://127.0.0.1:{port}/webhook"
        actions = subprocess.Popen([str(RASA), "run", "actions", "--actions", "actions", "--port", str(port)],
                                   cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)  # fmt: skip
        try:
            wait_until_up(f"http://127.0.0.1:{port}/health", [actions])
            asyncio.run(run(work, args.reports, args.cprofile, args.modes.split(",")))
        finally:
            actions.terminate()
            actions.wait(timeout=30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
