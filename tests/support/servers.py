"""Starts the action server and a Rasa server on free ports against a fresh SQLite case database and the
trained model, and waits until both answer. Used by the end-to-end tests and bench/sms_bench.py."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.cases.db import migrate

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "intake.tar.gz"
RASA = Path(sys.executable).parent / "rasa"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, processes: list[subprocess.Popen], timeout_s: float = 240) -> None:
    """Polls `url` until it answers; fails early when one of `processes` has exited."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for process in processes:
            if process.poll() is not None:
                raise RuntimeError(f"a server exited early with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(1)
    raise TimeoutError(f"{url} did not come up in {timeout_s}s")


@dataclass(frozen=True)
class RunningAssistant:
    base_url: str  # the Rasa server, e.g. http://127.0.0.1:PORT
    database_url: str  # the SQLite case database both servers use
    actions_url: str = ""  # the action server, e.g. http://127.0.0.1:PORT
    action_token: str = ""  # the shared secret the action server requires


@contextmanager
def running_assistant(
    work: Path,
    *,
    environment: Mapping[str, str] | None = None,
    credentials: Path = ROOT / "credentials.yml",
    ready_path: str = "/",
) -> Iterator[RunningAssistant]:
    """Migrates `work`/cases.db, starts both servers (output to `work`/servers.log) with `environment`
    added to this process's, waits until the action server's /health and the Rasa server's `ready_path`
    answer, and stops both on exit. The action server is the guarded launcher (integrations.action_server)
    with a fresh shared secret, which the Rasa server sends from the endpoints file."""
    database_url = f"sqlite:///{work / 'cases.db'}"
    migrate(database_url)
    rasa_port, actions_port = free_port(), free_port()
    token = secrets.token_urlsafe(32)
    (work / "endpoints.yml").write_text(
        f'action_endpoint:\n  url: "http://127.0.0.1:{actions_port}/webhook"\n  token: "{token}"\n'
    )
    env = {
        **os.environ,
        "ENVIRONMENT": os.environ.get("ENVIRONMENT", "test"),
        "DATABASE_URL": database_url,
        "PYTHONPATH": str(ROOT),
        "RASA_TELEMETRY_ENABLED": "false",
        "ACTION_SERVER_TOKEN": token,
        # outside development the Twilio channels refuse to start without a token: tests that sign give theirs
        "TWILIO_AUTH_TOKEN": os.environ.get("TWILIO_AUTH_TOKEN") or secrets.token_urlsafe(24),
        **(environment or {}),
    }
    commands = [
        [sys.executable, "-m", "integrations.action_server", "--port", str(actions_port)],
        [str(RASA), "run", "--model", str(MODEL), "--port", str(rasa_port), "--endpoints",
         str(work / "endpoints.yml"), "--credentials", str(credentials)],
    ]  # fmt: skip
    processes: list[subprocess.Popen] = []
    with (work / "servers.log").open("w") as log:
        try:
            for command in commands:
                processes.append(
                    subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
                )
            wait_until_up(f"http://127.0.0.1:{actions_port}/health", processes)
            wait_until_up(f"http://127.0.0.1:{rasa_port}{ready_path}", processes)
            yield RunningAssistant(
                f"http://127.0.0.1:{rasa_port}", database_url, f"http://127.0.0.1:{actions_port}", token
            )
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(timeout=30)
