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
from typing import IO

from bot.cases.db import migrate

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "models" / "intake.tar.gz"
RASA = Path(sys.executable).parent / "rasa"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, processes: list[subprocess.Popen], timeout_s: float = 600) -> None:
    """Polls `url` until it answers; fails early when one of `processes` has exited. A Rasa server loads its
    model in about 30 s alone and minutes beside the cluster's two replicas (`make test` in CI)."""
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


@dataclass
class Launch:
    """Server processes started and not yet waited for: start early, `wait` when they are needed."""

    processes: list[subprocess.Popen]
    ready_urls: list[str]  # waited for in this order
    log: IO[str]

    def wait(self) -> None:
        for url in self.ready_urls:
            wait_until_up(url, self.processes)

    def stop(self) -> None:
        try:
            for process in self.processes:
                process.terminate()
            for process in self.processes:
                process.wait(timeout=30)
        finally:
            self.log.close()


def launch(
    commands: list[list[str]], env: Mapping[str, str], log_path: Path, ready_urls: list[str]
) -> Launch:
    """Starts `commands` from the repository root, output to `log_path`; nothing is waited for."""
    log = log_path.open("w")
    started = Launch([], ready_urls, log)
    try:
        for command in commands:
            started.processes.append(
                subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
            )
    except BaseException:
        started.stop()
        raise
    return started


@dataclass
class StartingAssistant:
    launch: Launch
    assistant: RunningAssistant

    def wait(self) -> RunningAssistant:
        self.launch.wait()
        return self.assistant


def start_assistant(
    work: Path,
    *,
    environment: Mapping[str, str] | None = None,
    credentials: Path = ROOT / "credentials.yml",
    ready_path: str = "/",
) -> StartingAssistant:
    """What `running_assistant` starts, without waiting: `.wait()` for the servers, `.launch.stop()` after."""
    database_url = f"sqlite:///{work / 'cases.db'}"
    migrate(database_url)
    rasa_port, actions_port = free_port(), free_port()
    token = secrets.token_urlsafe(32)
    (work / "endpoints.yml").write_text(
        f'action_endpoint:\n  url: "http://127.0.0.1:{actions_port}/webhook"\n'
        f'  basic_auth:\n    username: rasa\n    password: "{token}"\n'
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
        # loopback only, as the product's launcher binds it (integrations.rasa_server): the test servers carry
        # the REST channel, which no one off this machine may post to
        [str(RASA), "run", "--model", str(MODEL), "--port", str(rasa_port), "-i", "127.0.0.1", "--endpoints",
         str(work / "endpoints.yml"), "--credentials", str(credentials)],
    ]  # fmt: skip
    ready = [f"http://127.0.0.1:{actions_port}/health", f"http://127.0.0.1:{rasa_port}{ready_path}"]
    assistant = RunningAssistant(
        f"http://127.0.0.1:{rasa_port}", database_url, f"http://127.0.0.1:{actions_port}", token
    )
    return StartingAssistant(launch(commands, env, work / "servers.log", ready), assistant)


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
    starting = start_assistant(work, environment=environment, credentials=credentials, ready_path=ready_path)
    try:
        yield starting.wait()
    finally:
        starting.launch.stop()
