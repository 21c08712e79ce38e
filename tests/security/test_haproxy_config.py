"""deploy/haproxy.cfg as production and `make cluster` run it, in front of a stand-in that echoes what reaches
it (issue 35 items 1 and 2; the whole cluster is tested in tests/cluster/test_layout_security.py):
- the client's X-Forwarded-For never reaches the console: HAProxy drops it and adds the connection's address;
- the log has each request's method and path, never its query string (Open311's api_key travelled there)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from tests.support.servers import ROOT, free_port


class _Echo(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        body = json.dumps(
            {"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}}
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture(scope="module")
def balancer(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(haproxy).exists():
        pytest.skip("haproxy is not installed")
    echo = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    threading.Thread(target=echo.serve_forever, daemon=True).start()
    work = tmp_path_factory.mktemp("haproxy")
    port, unused = free_port(), f"127.0.0.1:{free_port()}"
    env = {**os.environ, "LB_BIND": f"127.0.0.1:{port}", "ACTIONS_LB_BIND": f"127.0.0.1:{free_port()}",
           "RASA_1": unused, "RASA_2": unused, "ACTIONS_1": unused, "ACTIONS_2": unused,
           "CONSOLE": f"127.0.0.1:{echo.server_address[1]}", "HAPROXY_SOCKET": str(work / "haproxy.sock")}  # fmt: skip
    log = work / "haproxy.log"
    with log.open("w") as output:
        process = subprocess.Popen([haproxy, "-db", "-f", str(ROOT / "deploy" / "haproxy.cfg")], env=env,
                                   stdout=output, stderr=subprocess.STDOUT)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(base + "/login", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(log.read_text())
            time.sleep(0.2)
        yield base, log
    finally:
        process.terminate()
        process.wait(timeout=10)
        echo.shutdown()


def test_the_console_gets_the_connections_address_never_the_clients_own_header(balancer) -> None:
    base, _ = balancer
    spoofed = {
        "X-Forwarded-For": "203.0.113.9, 198.51.100.7",
        "Forwarded": "for=203.0.113.9",
        "X-Real-IP": "203.0.113.9",
    }
    seen = httpx.get(base + "/login", headers=spoofed).json()["headers"]
    assert seen["x-forwarded-for"] == "127.0.0.1"
    assert "forwarded" not in seen and "x-real-ip" not in seen


def test_the_log_holds_methods_and_paths_never_query_strings(balancer) -> None:
    base, log = balancer
    key = "o311_" + "k" * 43
    assert (
        httpx.get(f"{base}/open311/v2/requests.json?jurisdiction_id=kellogg&api_key={key}").status_code == 200
    )
    deadline = time.monotonic() + 10
    while "GET /open311/v2/requests.json" not in log.read_text() and time.monotonic() < deadline:
        time.sleep(0.1)
    written = log.read_text()
    assert "GET /open311/v2/requests.json HTTP/1.1" in written
    assert key not in written and "api_key" not in written and "jurisdiction_id" not in written
