"""A local stand-in of Twilio's Messages API: a threaded HTTP server on 127.0.0.1 that records every
request and fails on demand, and serves media (`media[path] = (content type, bytes)`) to GET. Used by the outbox tests, the channel tests and bench/sms_bench.py."""

from __future__ import annotations

import json
import threading
import uuid
from collections import deque
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    form: dict[str, str]
    authorization: str | None


class TwilioStandIn:
    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self._failures: deque[tuple[int, int | None]] = deque()
        self._lock = threading.Lock()
        self.media: dict[str, tuple[str, bytes]] = {}
        standin = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                standin.requests.append(
                    RecordedRequest("GET", self.path, {}, self.headers.get("Authorization"))
                )
                content_type, payload = standin.media.get(self.path, ("application/json", b""))
                self.send_response(200 if self.path in standin.media else 404)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def do_POST(self) -> None:  # noqa: N802 (http.server's name)
                length = int(self.headers.get("Content-Length") or 0)
                form = dict(parse_qsl(self.rfile.read(length).decode(), keep_blank_values=True))
                status, body = standin._answer(
                    RecordedRequest("POST", self.path, form, self.headers.get("Authorization"))
                )
                payload = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args: object) -> None:  # keep test output quiet
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> TwilioStandIn:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def fail_next(self, count: int, status: int = 500, code: int | None = None) -> None:
        """The next `count` message requests get this HTTP status (and Twilio error code)."""
        with self._lock:
            self._failures.extend([(status, code)] * count)

    def reset(self) -> None:
        """Forget every request, media file and queued failure (a stand-in shared by test modules)."""
        with self._lock:
            self.requests.clear()
            self.media.clear()
            self._failures.clear()

    @property
    def accepted(self) -> list[RecordedRequest]:
        """Message requests answered 201 (texts Twilio would have sent)."""
        with self._lock:
            return [r for r in self.requests if r.form.get("_accepted") == "1"]

    def _answer(self, request: RecordedRequest) -> tuple[int, dict]:
        with self._lock:
            if not request.path.endswith("/Messages.json"):
                self.requests.append(request)
                return 404, {"code": 20404, "message": "not found", "status": 404}
            if self._failures:
                status, code = self._failures.popleft()
                self.requests.append(request)
                return status, {"code": code or 20500, "message": "stand-in failure", "status": status}
            sid = "SM" + uuid.uuid4().hex
            self.requests.append(
                RecordedRequest(
                    request.method, request.path, {**request.form, "_accepted": "1"}, request.authorization
                )
            )
            return 201, {
                "sid": sid,
                "account_sid": request.path.split("/")[3],
                "to": request.form.get("To"),
                "from": request.form.get("From"),
                "body": request.form.get("Body"),
                "status": "queued",
                "num_segments": "1",
                "direction": "outbound-api",
                "api_version": "2010-04-01",
            }
