"""`python -m bot.notify worker --once` against a database and the Twilio stand-in, configured only
through the environment, as scripts/run.sh starts it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.notify.outbox import OutboxService

ROOT = Path(__file__).resolve().parents[2]


def _run(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "bot.notify", "worker", "--once"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_worker_command_sends_what_is_due_through_the_configured_api(tmp_path, standin) -> None:
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    outbox = OutboxService(make_session_factory(make_engine(url)))
    outbox.enqueue(
        key="status:KEL-2026-00007:accepted",
        purpose="status",
        jurisdiction="kellogg",
        to_number="+15075550123",
        from_number="+15075550158",
        body="your report KEL-2026-00007 is accepted by the clerk.",
    )
    done = _run(
        {
            "DATABASE_URL": url,
            "TWILIO_API_BASE_URL": standin.base_url,
            "TWILIO_ACCOUNT_SID": "AC" + "3" * 32,
            "TWILIO_AUTH_TOKEN": "cli-token",
            "ENVIRONMENT": "test",
        }
    )
    assert done.returncode == 0, done.stderr
    assert "sent 1" in done.stdout
    [request] = standin.accepted
    assert request.path == f"/2010-04-01/Accounts/{'AC' + '3' * 32}/Messages.json"
    assert outbox.messages()[0].status == "sent"
    assert "+15075550123" not in done.stderr  # the log names the key, never the number


def test_in_production_the_worker_refuses_to_start_without_a_token(tmp_path) -> None:
    done = _run(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
            "ENVIRONMENT": "production",
            "TWILIO_AUTH_TOKEN": "",
        }
    )
    assert done.returncode == 2 and "TWILIO_AUTH_TOKEN" in done.stderr


def test_in_development_without_twilio_the_worker_keeps_texts_queued(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    outbox = OutboxService(make_session_factory(make_engine(url)))
    outbox.enqueue(
        key="confirm:KEL-2026-00008",
        purpose="confirmation",
        jurisdiction="kellogg",
        to_number="+15075550123",
        from_number="+15075550158",
        body="we received your report KEL-2026-00008.",
    )
    done = _run(
        {"DATABASE_URL": url, "ENVIRONMENT": "development", "TWILIO_ACCOUNT_SID": "", "TWILIO_AUTH_TOKEN": ""}
    )
    assert done.returncode == 0, done.stderr
    assert "texts stay queued" in done.stderr
    assert [m.status for m in outbox.messages()] == ["pending"]
