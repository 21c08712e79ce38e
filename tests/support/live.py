"""One running Rasa server + action server shared by every test module that talks to the live line.

A start-up costs about a minute (the model load), and the modules that need the line used to start their
own. They all ran the same settings (ENVIRONMENT=test, the development credentials), so one session's
servers serve them all. Isolation per module, as a start of their own gave it:

- the case database is put back to a freshly migrated one (`restore_fresh`) when each module starts;
- the Twilio stand-in forgets its requests, media and queued failures (`TwilioStandIn.reset`);
- the tracker store is in memory and cannot be emptied from outside, so every resident is a phone number
  no other test of the session has used (`unique_phone`).
"""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bot.cases.db import migrate
from tests.notify.standin import TwilioStandIn
from tests.support.prestart import prestartable
from tests.support.servers import RunningAssistant, StartingAssistant, start_assistant

LIVE_TOKEN = "e2e-twilio-token"
LIVE_ACCOUNT_SID = "AC" + "2" * 32
PUBLIC_BASE_URL = "https://intake.example.org"


@dataclass(frozen=True)
class LiveServers:
    servers: RunningAssistant
    standin: TwilioStandIn  # Twilio's Messages API and media, where TWILIO_API_BASE_URL points
    template: Path  # a freshly migrated case database, copied back in by `fresh`

    def fresh(self) -> RunningAssistant:
        """The servers as a module's own start-up left them: an empty case database, a blank stand-in."""
        restore_fresh(database_path(self.servers.database_url), self.template)
        self.standin.reset()
        return self.servers


def database_path(database_url: str) -> Path:
    assert database_url.startswith("sqlite:///"), database_url
    return Path(database_url.removeprefix("sqlite:///"))


@dataclass
class StartingLiveServers:
    starting: StartingAssistant
    standin: TwilioStandIn
    template: Path

    def wait(self) -> LiveServers:
        return LiveServers(self.starting.wait(), self.standin, self.template)

    def stop(self) -> None:
        try:
            self.starting.launch.stop()
        finally:
            self.standin.stop()


@prestartable("live_servers")
def start_live_servers(work: Path) -> StartingLiveServers:
    """Both servers with the development credentials (REST, SMS, voice) and a Twilio stand-in."""
    standin = TwilioStandIn().start()
    try:
        template = work / "fresh.db"
        migrate(f"sqlite:///{template}")
        environment = {"ENVIRONMENT": "test", "TWILIO_AUTH_TOKEN": LIVE_TOKEN, "PUBLIC_BASE_URL": PUBLIC_BASE_URL,
                       "TWILIO_ACCOUNT_SID": LIVE_ACCOUNT_SID, "TWILIO_API_BASE_URL": standin.base_url}  # fmt: skip
        starting = start_assistant(work, environment=environment, ready_path="/webhooks/sms/")
    except BaseException:
        standin.stop()
        raise
    return StartingLiveServers(starting, standin, template)


def restore_fresh(database: Path, template: Path) -> None:
    """Every table of `database` gets the rows of `template` (a freshly migrated database, so: none but
    alembic's), in one transaction, while the servers keep their connections open. The audit log's
    append-only triggers are dropped for the copy and put back."""
    with closing(sqlite3.connect(template)) as fresh:
        rows = {
            name: fresh.execute(f'SELECT * FROM "{name}"').fetchall()  # noqa: S608 - names from the schema
            for (name,) in fresh.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    with closing(sqlite3.connect(database, timeout=60, isolation_level=None)) as db:
        db.execute("PRAGMA foreign_keys=OFF")  # rows go in any order; the template's are consistent
        db.execute("BEGIN IMMEDIATE")
        try:
            triggers = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger'").fetchall()
            tables = [n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
            assert set(tables) - {"sqlite_sequence"} == set(rows) - {"sqlite_sequence"}, "schema differs"
            for name, _ in triggers:
                db.execute(f'DROP TRIGGER "{name}"')
            for name in tables:
                db.execute(f'DELETE FROM "{name}"')  # noqa: S608
                for row in rows.get(name, []):
                    db.execute(f'INSERT INTO "{name}" VALUES ({", ".join("?" * len(row))})', row)  # noqa: S608
            for _, sql in triggers:
                db.execute(sql)
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise


_used_phones: set[str] = set()


def unique_phone(prefix: str = "+1507555", low: int = 2000, high: int = 8999) -> str:
    """A random number `prefix` + 4 digits in [low, high] that no other caller of this process got: the
    shared Rasa server keeps every conversation it had, keyed by the number."""
    if len(_used_phones) > high - low:
        raise RuntimeError(f"every number of {prefix}{low}..{high} is used")
    while True:
        phone = f"{prefix}{random.randint(low, high):04d}"
        if phone not in _used_phones:
            _used_phones.add(phone)
            return phone
