"""Helpers for the cluster tests: a throwaway Redis, and a cluster started by deploy/cluster.py."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on {port} after {timeout_s}s")


@contextmanager
def running_redis() -> Iterator[int]:
    """A Redis server on a free loopback port, no persistence; yields the port."""
    redis_server = shutil.which("redis-server")
    if redis_server is None:
        import pytest

        pytest.skip("redis-server is not installed (.ci/run installs it)")
    port = free_port()
    directory = Path(tempfile.mkdtemp(prefix="test-redis-"))
    process = subprocess.Popen(
        [redis_server, "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no",
         "--dir", str(directory)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        wait_for_port(port)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(directory, ignore_errors=True)


KELLOGG_LINE = "+15075550158"
TOKEN = "cluster-test-token"
ACCOUNT_SID = "AC" + "c" * 32
ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Cluster:
    """A cluster started by deploy/cluster.py; `base_url` is the load balancer."""

    directory: Path
    ports: dict[str, int]
    process: subprocess.Popen
    # secrets and keys the run used (name -> value): no log may hold one (test_layout_security.py)
    secrets: dict[str, str] = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.ports['CLUSTER_PORT']}"

    def replica_url(self, name: str) -> str:
        port = self.ports["RASA_1_PORT" if name == "rasa1" else "RASA_2_PORT"]
        return f"http://127.0.0.1:{port}"

    def pid(self, name: str) -> int:
        return int((self.directory / "run" / f"{name}.pid").read_text())

    def hold(self, name: str) -> None:
        """The supervisor leaves `name` stopped until `release`."""
        (self.directory / "run" / f"{name}.hold").touch()

    def release(self, name: str) -> None:
        (self.directory / "run" / f"{name}.hold").unlink(missing_ok=True)

    def kill(self, name: str, signum: int = signal.SIGKILL) -> int:
        pid = self.pid(name)
        os.killpg(pid, signum)
        return pid

    def wait_restarted(self, name: str, old_pid: int, url: str, timeout_s: float = 900) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                if self.pid(name) != old_pid and answers(url):
                    return
            except (OSError, ValueError):
                pass
            time.sleep(0.5)
        raise TimeoutError(f"{name} did not come back within {timeout_s}s")

    def database_url(self) -> str:
        return f"postgresql+psycopg2://postgres@127.0.0.1:{self.ports['PG_PORT']}/cases"

    def tracker_url(self) -> str:
        return f"postgresql+psycopg2://postgres@127.0.0.1:{self.ports['PG_PORT']}/tracker"

    def cases(self):
        return cases_service(self.database_url())

    def complaints_from(self, phone: str) -> list:
        return self.cases().complaints_for_contact("kellogg", phone, 1000)

    def user_texts(self, sender_id: str) -> list[str]:
        """What the resident said, in the order the tracker store holds it (reverted turns included)."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.tracker_url())
        try:
            with engine.connect() as connection:
                rows = connection.execute(
                    text(
                        "SELECT data FROM events WHERE sender_id = :sender AND type_name = 'user' ORDER BY id"
                    ),
                    {"sender": sender_id},
                ).all()
        finally:
            engine.dispose()
        return [json.loads(row.data).get("text") for row in rows]

    def events(self, sender_id: str) -> list[tuple[str, str | None]]:
        """(type, action name or user text) of each event of a conversation, in stored order."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.tracker_url())
        try:
            with engine.connect() as connection:
                rows = connection.execute(
                    text(
                        "SELECT type_name, action_name, data FROM events WHERE sender_id = :sender ORDER BY id"
                    ),
                    {"sender": sender_id},
                ).all()
        finally:
            engine.dispose()
        return [(r.type_name, r.action_name or json.loads(r.data).get("text")) for r in rows]

    def wait_in_rotation(self, *names: str, timeout_s: float = 900) -> None:
        """Until HAProxy has each of these Rasa replicas UP (a replica loads its model for minutes on a
        busy machine)."""
        sys.path.insert(0, str(ROOT / "deploy"))
        from cluster import server_status

        deadline = time.monotonic() + timeout_s
        for name in names:
            while server_status(self.directory / "run" / "haproxy.sock", "rasa", name) != "UP":
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{name} is not in rotation after {timeout_s}s")
                time.sleep(1)

    def supervisor_log(self) -> str:
        return self.log("supervise")

    def log(self, name: str) -> str:
        return (self.directory / "log" / f"{name}.log").read_text(errors="replace")

    def every_log(self) -> dict[str, str]:
        """Every file the run wrote its processes' output to: the logs, and cluster.py's own output."""
        files = sorted((self.directory / "log").glob("*")) + sorted(
            self.directory.parent.glob(f"{self.directory.name}.out")
        )
        return {path.name: path.read_text(errors="replace") for path in files if path.is_file()}


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status < 500
    except OSError:
        return False


def free_base_port() -> int:
    """A base port whose cluster offsets (+1 ... +40) are all free."""
    for _ in range(50):
        base = random.randrange(20000, 60000, 100)
        if all(port_is_free(base + offset) for offset in (0, 1, 2, 10, 11, 12, 20, 30, 40)):
            return base
    raise RuntimeError("no free port range")


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@contextmanager
def running_cluster(
    endpoints: Path | None = None, environment: dict[str, str] | None = None, timeout_s: float = 900
) -> Iterator[Cluster]:
    """`deploy/cluster.py` on free ports in a temporary directory; stopped (Ctrl-C) at the end."""
    base = free_base_port()
    directory = Path(tempfile.mkdtemp(prefix="test-cluster-"))
    env = {
        **os.environ,
        "CLUSTER_BASE_PORT": str(base),
        "CLUSTER_PORT": str(base),
        "CLUSTER_DIR": str(directory),
        "ENVIRONMENT": "test",
        "TWILIO_AUTH_TOKEN": TOKEN,
        "LOG_LEVEL": "WARNING",
        "OUTBOX_POLL_SECONDS": "0.5",
        "OUTBOX_BACKOFF_BASE_SECONDS": "0.5",
        **(environment or {}),
    }
    env.pop("DATABASE_URL", None)
    if endpoints is not None:
        env["CLUSTER_ENDPOINTS"] = str(endpoints)
    output = (directory.parent / f"{directory.name}.out").open("w")
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "deploy" / "cluster.py")], cwd=ROOT, env=env, stdout=output,
        stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        ready = directory / "run" / "ready.json"
        deadline = time.monotonic() + timeout_s
        while not ready.exists():
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the cluster did not start; see {output.name}")
            time.sleep(1)
        yield Cluster(directory, json.loads(ready.read_text()), process)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
        output.close()


def cases_service(database_url: str):
    from bot.cases.db import make_engine, make_session_factory
    from bot.cases.service import CaseService

    return CaseService(make_session_factory(make_engine(database_url)))
