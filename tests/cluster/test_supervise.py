"""deploy/supervise.py: a process that exits is restarted with backoff and logged, the others keep running;
a hold file keeps it down; stopping stops every process."""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "deploy"))

import supervise  # noqa: E402


def test_a_procfile_expands_variables_with_defaults_and_reads_the_stop_signal() -> None:
    programs = supervise.parse_procfile(
        "# comment\nweb: run --port ${PORT}\ndb [stop=INT]: postgres -p ${PG:-5432}  # trailing\n",
        {"PORT": "9"},
    )
    assert [(p.name, p.argv, p.stop_signal) for p in programs] == [
        ("web", ["run", "--port", "9"], signal.SIGTERM),
        ("db", ["postgres", "-p", "5432"], signal.SIGINT),
    ]
    with pytest.raises(KeyError):
        supervise.parse_procfile("web: run ${MISSING}\n", {})


def test_backoff_doubles_from_one_second_to_thirty() -> None:
    assert [supervise.backoff_s(n) for n in (1, 2, 3, 4, 5, 6, 9)] == [1, 2, 4, 8, 16, 30, 30]


def wait_for(condition, timeout_s: float = 20) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_crashed_process_is_restarted_and_logged_while_the_other_keeps_running(
    tmp_path, monkeypatch, caplog
):
    monkeypatch.setattr(supervise, "BACKOFF_FIRST_S", 0.1)
    procfile = "steady: sleep 60\ncrashy: sh -c 'sleep 0.2; exit 3'\n"
    runner = supervise.Supervisor(supervise.parse_procfile(procfile, {}), tmp_path / "log", tmp_path / "run")
    (tmp_path / "log").mkdir()
    (tmp_path / "run").mkdir()
    for program in runner.programs:
        runner.start(program)
    steady_pid = runner.programs[0].process.pid
    thread = threading.Thread(target=runner.loop)
    with caplog.at_level(logging.INFO, logger="supervise"):
        thread.start()
        try:
            wait_for(lambda: sum("started crashy" in r.getMessage() for r in caplog.records) >= 3)
            (tmp_path / "run" / "crashy.hold").touch()  # held: not started again
            time.sleep(1.0)
            held_starts = sum("started crashy" in r.getMessage() for r in caplog.records)
            time.sleep(1.0)
            assert sum("started crashy" in r.getMessage() for r in caplog.records) == held_starts
        finally:
            runner.stopping = True
            thread.join(timeout=30)
            runner.stop_all()
    exits = [r.getMessage() for r in caplog.records if "crashy exited with status 3" in r.getMessage()]
    assert exits and "restarting in" in exits[0]
    assert runner.programs[0].process.pid == steady_pid, "the steady process was restarted too"
    with pytest.raises(ProcessLookupError):
        os.kill(steady_pid, 0)
