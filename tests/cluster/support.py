"""Helpers for the cluster tests: a throwaway Redis, and a cluster started by deploy/cluster.py."""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
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
