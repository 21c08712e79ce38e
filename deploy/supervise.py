"""A small process supervisor: `make run`, `make cluster` and the production units start processes with it.

    python deploy/supervise.py PROCFILE [--log-dir var/log] [--run-dir var/run]

PROCFILE has one process a line, `name: command` (`${VAR}` and `${VAR:-default}` expanded from the
environment; `#` starts a comment). A line `name [stop=INT]: command` stops that process with SIGINT
instead of SIGTERM (PostgreSQL's fast shutdown).

- Each process writes to LOG_DIR/NAME.log; its pid is in RUN_DIR/NAME.pid.
- A process that exits is restarted after a backoff that doubles from 1 s to 30 s (reset once it has
  run for 60 s), and the supervisor logs each exit and restart. The other processes keep serving.
- While RUN_DIR/NAME.hold exists, an exited process is not restarted (maintenance, tests); remove the
  file and it starts again.
- SIGINT or SIGTERM (Ctrl-C) stops every process (its whole process group) and then the supervisor.

Standard library only, so it runs before anything else is installed.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("supervise")

BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 30.0
STABLE_AFTER_S = 60.0  # a process that ran this long starts its backoff afresh
STOP_GRACE_S = 20.0
_LINE = re.compile(r"^(?P<name>[A-Za-z0-9_.-]+)(?:\s+\[(?P<options>[^\]]*)\])?\s*:\s*(?P<command>.+)$")
_VAR = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?::-(?P<default>[^}]*))?\}")


def expand(text: str, environ: dict[str, str]) -> str:
    """`${VAR}` and `${VAR:-default}` from `environ`; an unset variable without a default is an error."""

    def value(match: re.Match[str]) -> str:
        name, default = match["name"], match["default"]
        if environ.get(name):
            return environ[name]
        if default is not None:
            return default
        raise KeyError(f"{name} is not set")

    return _VAR.sub(value, text)


@dataclass
class Program:
    name: str
    argv: list[str]
    stop_signal: int = signal.SIGTERM
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    failures: int = 0  # exits in a row without a stable run
    restart_at: float | None = None


def parse_procfile(text: str, environ: dict[str, str]) -> list[Program]:
    """The programs a Procfile names, commands expanded from `environ`."""
    programs = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE.match(line)
        if not match:
            raise ValueError(f"line {number}: expected `name: command`")
        options = dict(item.split("=", 1) for item in (match["options"] or "").split() if "=" in item)
        stop = getattr(signal, "SIG" + options.get("stop", "TERM"))
        programs.append(Program(match["name"], shlex.split(expand(match["command"], environ)), stop))
    return programs


def backoff_s(failures: int) -> float:
    """The wait before restart number `failures` (1, 2, 4 ... 30 s)."""
    return min(BACKOFF_MAX_S, BACKOFF_FIRST_S * 2 ** max(0, failures - 1))


@dataclass
class Supervisor:
    programs: list[Program]
    log_dir: Path
    run_dir: Path
    stopping: bool = False
    _clock: object = field(default=time.monotonic, repr=False)

    def start(self, program: Program) -> None:
        with (self.log_dir / f"{program.name}.log").open("ab") as output:
            program.process = subprocess.Popen(
                program.argv, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        program.started_at = self._clock()
        program.restart_at = None
        (self.run_dir / f"{program.name}.pid").write_text(f"{program.process.pid}\n")
        log.info("started %s (pid %d)", program.name, program.process.pid)

    def held(self, program: Program) -> bool:
        return (self.run_dir / f"{program.name}.hold").exists()

    def check(self, program: Program) -> None:
        """Notice an exit and schedule the restart; start a program whose backoff has passed."""
        now = self._clock()
        if program.process is not None and program.process.poll() is not None:
            status = program.process.returncode
            ran_s = now - program.started_at
            program.process = None
            program.failures = 1 if ran_s >= STABLE_AFTER_S else program.failures + 1
            delay = backoff_s(program.failures)
            program.restart_at = now + delay
            log.warning(
                "%s exited with status %s after %.0f s; restarting in %.0f s",
                program.name,
                status,
                ran_s,
                delay,
            )
        if program.process is None and program.restart_at is not None and now >= program.restart_at:
            if self.held(program):
                return
            self.start(program)

    def run(self) -> int:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.run_dir.mkdir(parents=True, exist_ok=True)
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, self._on_signal)
        for program in self.programs:
            self.start(program)
        try:
            self.loop()
        finally:
            self.stop_all()
        return 0

    def loop(self) -> None:
        """Watch and restart until `stopping` is set (by a signal)."""
        while not self.stopping:
            for program in self.programs:
                self.check(program)
            time.sleep(0.2)

    def _on_signal(self, signum: int, _frame: object) -> None:
        self.stopping = True

    def stop_all(self) -> None:
        """Every program's process group gets its stop signal, then SIGKILL after the grace period."""
        running = [p for p in reversed(self.programs) if p.process and p.process.poll() is None]
        for program in running:
            _signal_group(program.process, program.stop_signal)
        deadline = time.monotonic() + STOP_GRACE_S
        for program in running:
            try:
                program.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.warning("%s did not stop in %.0f s; killing it", program.name, STOP_GRACE_S)
                _signal_group(program.process, signal.SIGKILL)
                program.process.wait()
            (self.run_dir / f"{program.name}.pid").unlink(missing_ok=True)
        log.info("stopped")


def _signal_group(process: subprocess.Popen, signum: int) -> None:
    try:
        os.killpg(process.pid, signum)
    except ProcessLookupError:
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start processes, restart crashed ones with backoff.")
    parser.add_argument("procfile", type=Path)
    parser.add_argument("--log-dir", type=Path, default=Path("var/log"))
    parser.add_argument("--run-dir", type=Path, default=Path("var/run"))
    args = parser.parse_args(argv)
    configure_logging(args.log_dir)
    programs = parse_procfile(args.procfile.read_text(), dict(os.environ))
    return Supervisor(programs, args.log_dir, args.run_dir).run()


def configure_logging(log_dir: Path) -> None:
    """Supervisor lines on standard output and in LOG_DIR/supervise.log."""
    log_dir.mkdir(parents=True, exist_ok=True)
    to_file = logging.FileHandler(log_dir / "supervise.log")
    to_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    to_screen = logging.StreamHandler(sys.stdout)
    to_screen.setFormatter(logging.Formatter("%(asctime)s supervise: %(message)s", "%H:%M:%S"))
    log.setLevel(logging.INFO)
    log.addHandler(to_file)
    log.addHandler(to_screen)


if __name__ == "__main__":
    sys.exit(main())
