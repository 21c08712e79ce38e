"""`make cluster`: the whole line on this machine, two of everything that scales, behind HAProxy.

    python deploy/cluster.py                 start it (Ctrl-C stops it all and removes its data)
    python deploy/cluster.py restart NAME    drain NAME in the load balancer, restart it, wait, undrain
    python deploy/cluster.py rolling-restart every Rasa replica and action server in turn

Starts, from deploy/Procfile.cluster under deploy/supervise.py (a crashed process is restarted with
backoff; the others keep serving): a throwaway PostgreSQL (tracker store and case database), Redis (the
atomic lock store), two Rasa replicas, two action servers, the console, two outbox workers, and HAProxy
(deploy/haproxy.cfg) on 127.0.0.1:$CLUSTER_PORT (8080): `/webhooks/...` to the Rasa replicas,
everything else to the console. Everything listens on loopback; data lives in a temporary directory.

Settings come from the same environment variables as `make run` (TWILIO_AUTH_TOKEN, PUBLIC_BASE_URL,
DATABASE_URL if given, ENVIRONMENT...). Internal ports are CLUSTER_BASE_PORT (18100) + a fixed offset;
CLUSTER_DIR keeps the data directory somewhere known (it is still removed at the end);
CLUSTER_ENDPOINTS replaces deploy/endpoints.production.yml (tests use it to swap the lock store).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "deploy"))

from supervise import Supervisor, configure_logging, parse_procfile  # noqa: E402

PROCFILE = ROOT / "deploy" / "Procfile.cluster"
SERVICES = ("postgres", "redis", "haproxy")
REPLICAS = ("rasa1", "rasa2", "actions1", "actions2")
OFFSETS = {"RASA_1_PORT": 1, "RASA_2_PORT": 2, "ACTIONS_LB_PORT": 10, "ACTIONS_1_PORT": 11,
           "ACTIONS_2_PORT": 12, "CONSOLE_PORT": 20, "REDIS_PORT": 30, "PG_PORT": 40}  # fmt: skip
READY_TIMEOUT_S = 900
RESTART_TIMEOUT_S = 900  # a Rasa replica loads its model in 30 s on a quiet machine, minutes on a busy one


@dataclass(frozen=True)
class Layout:
    directory: Path
    ports: dict[str, int]

    @property
    def run_dir(self) -> Path:
        return self.directory / "run"

    @property
    def log_dir(self) -> Path:
        return self.directory / "log"

    def health_urls(self) -> dict[str, str]:
        """Where each process of the line answers when it is ready."""
        p = self.ports
        return {
            "rasa1": f"http://127.0.0.1:{p['RASA_1_PORT']}/",
            "rasa2": f"http://127.0.0.1:{p['RASA_2_PORT']}/",
            "actions1": f"http://127.0.0.1:{p['ACTIONS_1_PORT']}/health",
            "actions2": f"http://127.0.0.1:{p['ACTIONS_2_PORT']}/health",
            "console": f"http://127.0.0.1:{p['CONSOLE_PORT']}/login",
            "haproxy": f"http://127.0.0.1:{p['CLUSTER_PORT']}/webhooks/sms/",
        }


def layout_from_env(environ: dict[str, str]) -> Layout:
    base = int(environ.get("CLUSTER_BASE_PORT") or 18100)
    ports = {name: base + offset for name, offset in OFFSETS.items()}
    ports["CLUSTER_PORT"] = int(environ.get("CLUSTER_PORT") or 8080)
    directory = Path(environ.get("CLUSTER_DIR") or tempfile.mkdtemp(prefix="intake-cluster-"))
    return Layout(directory.resolve(), ports)


def cluster_environment(layout: Layout, environ: dict[str, str]) -> dict[str, str]:
    """The environment every process gets: the caller's, plus the cluster's addresses."""
    p = {name: str(port) for name, port in layout.ports.items()}
    pg_bin = sorted(Path("/usr/lib/postgresql").glob("*/bin/postgres"))
    env = {
        "ENVIRONMENT": "development",
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{p['CLUSTER_PORT']}",
        "DATABASE_URL": f"postgresql+psycopg2://postgres@127.0.0.1:{p['PG_PORT']}/cases",
        # the console is behind HAProxy on this host, which sets X-Forwarded-For itself (deploy/haproxy.cfg)
        "CONSOLE_TRUSTED_PROXIES": "127.0.0.1",
        **environ,
        **p,
        "CLUSTER_DIR": str(layout.directory),
        "PYTHONPATH": str(ROOT),
        "RASA_TELEMETRY_ENABLED": "false",
        "TF_CPP_MIN_LOG_LEVEL": "2",
        "VENV_BIN": str(Path(sys.executable).parent),
        "MODEL": environ.get("MODEL") or str(ROOT / "models" / "intake.tar.gz"),
        "ENDPOINTS": environ.get("CLUSTER_ENDPOINTS") or str(ROOT / "deploy" / "endpoints.production.yml"),
        "CREDENTIALS": environ.get("CLUSTER_CREDENTIALS") or str(ROOT / "deploy" / "credentials.production.yml"),
        "ACTION_SERVER_TOKEN": environ.get("ACTION_SERVER_TOKEN") or secrets.token_urlsafe(32),
        "PG_BIN": str(pg_bin[-1].parent) if pg_bin else "/usr/lib/postgresql/15/bin",
        "PG_DATA": str(layout.directory / "pg" / "data"),
        "PG_SOCKET_DIR": str(layout.directory / "pg"),
        "PG_AS": "runuser -u postgres --" if os.geteuid() == 0 else "",
        "TRACKER_DB_HOST": "127.0.0.1", "TRACKER_DB_PORT": p["PG_PORT"], "TRACKER_DB_NAME": "tracker",
        "TRACKER_DB_USER": "postgres", "TRACKER_DB_PASSWORD": "",
        "REDIS_HOST": "127.0.0.1", "REDIS_PORT": p["REDIS_PORT"],
        "ACTION_ENDPOINT_URL": f"http://127.0.0.1:{p['ACTIONS_LB_PORT']}/webhook",
        "RASA_URL": f"http://127.0.0.1:{p['CLUSTER_PORT']}",
        "LB_BIND": f"127.0.0.1:{p['CLUSTER_PORT']}",
        "ACTIONS_LB_BIND": f"127.0.0.1:{p['ACTIONS_LB_PORT']}",
        "RASA_1": f"127.0.0.1:{p['RASA_1_PORT']}", "RASA_2": f"127.0.0.1:{p['RASA_2_PORT']}",
        "ACTIONS_1": f"127.0.0.1:{p['ACTIONS_1_PORT']}", "ACTIONS_2": f"127.0.0.1:{p['ACTIONS_2_PORT']}",
        "CONSOLE": f"127.0.0.1:{p['CONSOLE_PORT']}",
        "HAPROXY_SOCKET": str(layout.directory / "run" / "haproxy.sock"),
    }  # fmt: skip
    return env


def init_postgres(env: dict[str, str]) -> None:
    """An empty PostgreSQL data directory owned by the user the server runs as (initdb refuses root)."""
    data = Path(env["PG_DATA"])
    data.mkdir(parents=True)
    if os.geteuid() == 0:
        for path in (data.parent.parent, data.parent, data):
            path.chmod(0o755)
        shutil.chown(data.parent, "postgres")
        shutil.chown(data, "postgres")
    command = [*env["PG_AS"].split(), f"{env['PG_BIN']}/initdb", "-D", str(data), "-A", "trust",
               "-U", "postgres", "--no-sync"]  # fmt: skip
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def wait_for_port(port: int, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"nothing answered on port {port} within {timeout_s:.0f} s")


def prepare_databases(env: dict[str, str]) -> None:
    """The tracker and case databases (the case one only when DATABASE_URL was not given), migrated."""
    import psycopg2

    connection = psycopg2.connect(
        host="127.0.0.1", port=int(env["PG_PORT"]), user="postgres", dbname="postgres"
    )
    connection.autocommit = True
    with connection.cursor() as cursor:
        cursor.execute("SELECT datname FROM pg_database")
        existing = {row[0] for row in cursor.fetchall()}
        for name in ("tracker", "cases"):
            if name not in existing:
                cursor.execute(f'CREATE DATABASE "{name}"')  # noqa: S608 - fixed names, not input
    connection.close()
    subprocess.run([env["VENV_BIN"] + "/python", "-m", "bot.cases", "migrate"], check=True, cwd=ROOT, env=env)


def wait_until_ready(layout: Layout, supervisor: Supervisor) -> None:
    """Until every process answers its health URL (the supervisor keeps restarting what exits)."""
    pending = dict(layout.health_urls())
    deadline = time.monotonic() + READY_TIMEOUT_S
    while pending and time.monotonic() < deadline and not supervisor.stopping:
        for program in supervisor.programs:
            supervisor.check(program)
        for name, url in list(pending.items()):
            if answers(url):
                del pending[name]
        time.sleep(0.5)
    if pending and not supervisor.stopping:
        raise TimeoutError(f"not ready after {READY_TIMEOUT_S} s: {', '.join(pending)}")


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status < 500
    except OSError:
        return False


def run(environ: dict[str, str]) -> int:
    layout = layout_from_env(environ)
    env = cluster_environment(layout, environ)
    os.environ.update(env)  # the supervisor's children inherit it
    programs = parse_procfile(PROCFILE.read_text(), env)
    supervisor = Supervisor(programs, layout.log_dir, layout.run_dir)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: setattr(supervisor, "stopping", True))
    layout.run_dir.mkdir(parents=True, exist_ok=True)
    configure_logging(layout.log_dir)
    try:
        init_postgres(env)
        for program in programs:
            if program.name in SERVICES:
                supervisor.start(program)
        wait_for_port(layout.ports["PG_PORT"])
        prepare_databases(env)
        for program in programs:
            if program.name not in SERVICES:
                supervisor.start(program)
        wait_until_ready(layout, supervisor)
        if not supervisor.stopping:
            print(ready_message(layout), flush=True)
            (layout.run_dir / "ready.json").write_text(json.dumps(layout.ports))
        supervisor.loop()
    finally:
        supervisor.stop_all()
        shutil.rmtree(layout.directory, ignore_errors=True)
    return 0


def ready_message(layout: Layout) -> str:
    port = layout.ports["CLUSTER_PORT"]
    return (
        f"\nCluster ready (data and logs in {layout.directory}, removed at exit).\n"
        f"  Twilio SMS webhook   http://127.0.0.1:{port}/webhooks/sms/webhook   (2 Rasa replicas)\n"
        f"  Twilio voice webhook http://127.0.0.1:{port}/webhooks/voice/webhook\n"
        f"  Clerk console        http://127.0.0.1:{port}/   Open311: /open311/v2/\n"
        "  2 action servers, 2 outbox workers, PostgreSQL, Redis (atomic lock store), HAProxy\n"
        "Ctrl-C stops everything."
    )


def haproxy_command(socket_path: Path, command: str) -> str:
    with socket.socket(socket.AF_UNIX) as connection:
        connection.connect(str(socket_path))
        connection.sendall(command.encode() + b"\n")
        return connection.makefile().read()


def restart(layout: Layout, name: str, timeout_s: float = RESTART_TIMEOUT_S) -> None:
    """Drain `name` in HAProxy, stop it (the supervisor starts it again), wait until it answers and HAProxy
    has it UP again. It is put back in rotation even when it is slow to return."""
    backend = "rasa" if name.startswith("rasa") else "actions"
    haproxy_socket = layout.run_dir / "haproxy.sock"
    haproxy_command(haproxy_socket, f"set server {backend}/{name} state drain")
    try:
        time.sleep(1.5)  # requests already sent finish: SIGTERM lets the server complete them too
        pid_file = layout.run_dir / f"{name}.pid"
        old_pid = int(pid_file.read_text())
        os.killpg(old_pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while not (_pid(pid_file) not in (None, old_pid) and answers(layout.health_urls()[name])):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name} did not come back within {timeout_s:.0f} s")
            time.sleep(0.5)
    finally:
        haproxy_command(haproxy_socket, f"set server {backend}/{name} state ready")
    while time.monotonic() < deadline and server_status(haproxy_socket, backend, name) != "UP":
        time.sleep(0.5)  # back in rotation before the next one goes out of it


def _pid(pid_file: Path) -> int | None:
    try:
        return int(pid_file.read_text())
    except (OSError, ValueError):
        return None


def server_status(haproxy_socket: Path, backend: str, name: str) -> str | None:
    """HAProxy's status of one server (UP, DOWN, DRAIN, MAINT...), from `show stat`."""
    lines = haproxy_command(haproxy_socket, "show stat").splitlines()
    header = lines[0].lstrip("# ").split(",")
    for line in lines[1:]:
        row = dict(zip(header, line.split(","), strict=False))
        if row.get("pxname") == backend and row.get("svname") == name:
            return row.get("status")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", default="run", choices=("run", "restart", "rolling-restart"))
    parser.add_argument("names", nargs="*", help="processes to restart (rasa1, actions2, ...)")
    args = parser.parse_args(argv)
    if args.command == "run":
        return run(dict(os.environ))
    if "CLUSTER_DIR" not in os.environ:
        parser.error("restart needs CLUSTER_DIR, the running cluster's directory")
    layout = layout_from_env(dict(os.environ))
    for name in args.names if args.command == "restart" else REPLICAS:
        restart(layout, name)
        print(f"restarted {name}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
