"""`make run` (scripts/run.sh) takes the action server's port from ACTIONS_PORT; the Rasa server must call
that same port, or every action fails and the resident gets no answer at all."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rasa_calls_the_action_server_on_actions_port(monkeypatch: pytest.MonkeyPatch) -> None:
    from rasa.utils.endpoints import read_endpoint_config

    monkeypatch.setenv("ACTIONS_PORT", "6155")
    endpoint = read_endpoint_config(str(ROOT / "endpoints.yml"), "action_endpoint")
    assert endpoint is not None
    assert endpoint.url == "http://localhost:6155/webhook"


def test_run_script_exports_actions_port_with_a_default() -> None:
    script = (ROOT / "scripts" / "run.sh").read_text()
    assert 'ACTIONS_PORT="${ACTIONS_PORT:-5055}"' in script
    assert "export RASA_PORT ACTIONS_PORT CONSOLE_PORT" in script
