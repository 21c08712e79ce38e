"""A throwaway PostgreSQL cluster for tests and the bench, when no server URL is given.

Runs `initdb` as the postgres user (initdb refuses root), starts it on a free local port with its
socket in the cluster directory, and removes everything on stop. Development tooling only: the
product never starts a database.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

POSTGRES_BIN_DIRS = (Path("/usr/lib/postgresql/15/bin"), Path("/usr/lib/postgresql/16/bin"))


def postgres_bin_dir() -> Path | None:
    """Where initdb and pg_ctl live, or None when PostgreSQL is not installed."""
    for directory in POSTGRES_BIN_DIRS:
        if (directory / "initdb").exists():
            return directory
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ThrowawayPostgres:
    """`start()` gives a superuser URL (`postgresql://postgres@127.0.0.1:PORT/postgres`); `stop()` removes it."""

    def __init__(self, bin_dir: Path | None = None, settings: tuple[str, ...] = ()) -> None:
        found = bin_dir or postgres_bin_dir()
        if found is None:
            raise RuntimeError("PostgreSQL is not installed (no initdb under /usr/lib/postgresql)")
        self.bin_dir = found
        self.settings = settings
        self.port = 0
        self.directory: Path | None = None

    def _as_postgres(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> str:
        self.directory = Path(tempfile.mkdtemp(prefix="cases-pg-"))
        self.directory.chmod(0o755)
        data = self.directory / "data"
        data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres")
            shutil.chown(data, "postgres")
        self._as_postgres("initdb", "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
        self.port = _free_port()
        options = [f"-p {self.port}", f"-k {self.directory}", "-c listen_addresses=127.0.0.1", "-c fsync=off"]
        options += [f"-c {setting}" for setting in self.settings]
        self._as_postgres(
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(self.directory / "log"),
            "-o",
            " ".join(options),
            "-w",
            "start",
        )
        return self.url

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def stop(self) -> None:
        if self.directory is None:
            return
        try:
            self._as_postgres("pg_ctl", "-D", str(self.directory / "data"), "-m", "fast", "-w", "stop")
        finally:
            shutil.rmtree(self.directory, ignore_errors=True)
            self.directory = None
