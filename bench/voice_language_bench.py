"""What the phone line's language read costs: after each turn the voice channel reads the conversation's
`language` slot from Rasa's tracker store (integrations.twilio_voice.conversation_language). This times that
read on the development tracker store (Rasa's SQLTrackerStore on SQLite) for calls of growing length, and
the caller's "español" pick (set_conversation_language: lock, read, SlotSet, save).

    .venv/bin/python bench/voice_language_bench.py [--reads 200]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path
from statistics import median, quantiles
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rasa.core.lock_store import InMemoryLockStore  # noqa: E402
from rasa.core.tracker_store import SQLTrackerStore  # noqa: E402
from rasa.shared.core.domain import Domain  # noqa: E402
from rasa.shared.core.events import ActionExecuted, BotUttered, SessionStarted, UserUttered  # noqa: E402

from integrations.twilio_voice import conversation_language, set_conversation_language  # noqa: E402


async def call_with_turns(store: SQLTrackerStore, conversation: str, turns: int) -> None:
    tracker = await store.get_or_create_tracker(conversation)
    tracker.update(ActionExecuted("action_session_start"))
    tracker.update(SessionStarted())
    tracker.update(ActionExecuted("action_listen"))
    for n in range(turns):
        tracker.update(UserUttered(f"el perro sigue ladrando {n}", {"name": "report_barking"}))
        tracker.update(ActionExecuted("barking_form"))
        tracker.update(BotUttered(f"¿Desde cuándo? {n}"))
        tracker.update(ActionExecuted("action_listen"))
    await store.save(tracker)


def ms(values: list[float]) -> str:
    p95 = quantiles(values, n=20)[-1] if len(values) >= 20 else max(values)
    return f"p50 {median(values) * 1000:6.2f} ms  p95 {p95 * 1000:6.2f} ms"


async def main(reads: int) -> None:
    domain = Domain.load(str(ROOT / "domain.yml"))
    with tempfile.TemporaryDirectory() as work:
        store = SQLTrackerStore(domain, dialect="sqlite", db=str(Path(work) / "tracker.db"))
        agent = SimpleNamespace(tracker_store=store, lock_store=InMemoryLockStore())
        for turns in (1, 10, 40):
            conversation = f"call:CA{turns:032d}"
            await call_with_turns(store, conversation, turns)
            timings = []
            for _ in range(reads):
                start = time.perf_counter()
                assert await conversation_language(agent, conversation, "en") in ("en", "es")
                timings.append(time.perf_counter() - start)
            print(
                f"read the language slot, call of {turns:>2} turns ({4 * turns + 3:>3} events): {ms(timings)}"
            )
        picks = []
        for n in range(min(reads, 50)):
            conversation = f"call:CApick{n:028d}"
            await call_with_turns(store, conversation, 1)
            start = time.perf_counter()
            await set_conversation_language(agent, conversation, "es")
            picks.append(time.perf_counter() - start)
        assert await conversation_language(agent, conversation, "en") == "es"
        print(f"'español' pick (lock, read, SlotSet, save), call of 1 turn: {ms(picks)}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=200)
    asyncio.run(main(parser.parse_args().reads))
