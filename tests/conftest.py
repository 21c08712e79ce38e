"""Case database fixtures shared by every suite that asks for them.

`database_url` runs a test on SQLite and on PostgreSQL. PostgreSQL is `TEST_POSTGRES_URL` when set (CI),
else one throwaway cluster started at most once per pytest run (this fixture lives here, in the root
conftest, so that every suite shares it), else those cases skip. Each test gets a clean, migrated
database: a fresh SQLite file, or a fresh schema on PostgreSQL.

`live_servers` is here for the same reason: one Rasa server and action server for every suite's live tests.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import sessionmaker
from sqlalchemy.schema import CreateSchema, DropSchema

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.throwaway_postgres import ThrowawayPostgres, postgres_bin_dir

if TYPE_CHECKING:
    from tests.support.live import LiveServers


def pytest_configure(config: pytest.Config) -> None:
    """The code default is production (fails closed); the test harness says `test` explicitly, and the
    servers tests start inherit it."""
    os.environ.setdefault("ENVIRONMENT", "test")


# Fixtures that start a Rasa server on models/intake.tar.gz. `make test` runs the tests that use none of them
# (not marked `model`) while the model trains, and the others once it is trained.
MODEL_FIXTURES = frozenset({"live_servers", "production"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if MODEL_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.model)


def pytest_collection_finish(session: pytest.Session) -> None:
    """The servers the collected tests need start loading now, in the background (tests/support/prestart.py)."""
    from tests.support import live  # noqa: F401 - registers the live servers' starter
    from tests.support.prestart import start_needed
    from tests.support.servers import MODEL

    # TEST_PRESTART=0: start each server only when its first test needs it (to time a start-up alone)
    if MODEL.exists() and not session.config.option.collectonly and os.environ.get("TEST_PRESTART") != "0":
        start_needed(session.items, session.config._tmp_path_factory)


def pytest_sessionfinish(session: pytest.Session) -> None:
    from tests.support.prestart import stop_untaken

    stop_untaken()


@pytest.fixture(scope="session")
def live_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServers]:
    """The Rasa server and action server every live-line module shares (tests/support/live.py): started
    once per pytest run, not once per module (a minute each). Modules take `live_servers.fresh()`."""
    from tests.support import live  # noqa: F401 - registers the live servers' starter
    from tests.support.prestart import running

    yield from running("live_servers", tmp_path_factory)


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    url = os.environ.get("TEST_POSTGRES_URL")
    if url:
        yield url
        return
    if postgres_bin_dir() is None:
        pytest.skip(
            "PostgreSQL cases skipped: TEST_POSTGRES_URL is unset and PostgreSQL 15/16 is not installed"
        )
    server = ThrowawayPostgres()
    try:
        url = server.start()
    except Exception as error:  # any failure to start means "no PostgreSQL here"
        server.stop()
        pytest.skip(f"PostgreSQL cases skipped: could not start a throwaway cluster ({error})")
    yield url
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'cases.db'}"
        return
    server_url = request.getfixturevalue("postgres_server_url")
    schema = f"test_{uuid.uuid4().hex[:16]}"
    admin = create_engine(server_url, future=True, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(CreateSchema(schema))
        # every connection of the test's engine sees only its own schema
        url = make_url(server_url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(DropSchema(schema, cascade=True))
    finally:
        admin.dispose()


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    migrate(database_url)
    engine = make_engine(database_url)
    yield engine
    engine.dispose()


@pytest.fixture
def session_factory(engine: Engine) -> sessionmaker:
    return make_session_factory(engine)
