"""Case database fixtures shared by every suite that asks for them.

`database_url` runs a test on SQLite and on PostgreSQL. PostgreSQL is `TEST_POSTGRES_URL` when set (CI),
else one throwaway cluster started at most once per pytest run (this fixture lives here, in the root
conftest, so that every suite shares it), else those cases skip. Each test gets a clean, migrated
database: a fresh SQLite file, or a fresh schema on PostgreSQL.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from sqlalchemy import create_engine
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import sessionmaker
from sqlalchemy.schema import CreateSchema, DropSchema

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.throwaway_postgres import ThrowawayPostgres, postgres_bin_dir


def pytest_configure(config: pytest.Config) -> None:
    """The code default is production (fails closed); the test harness says `test` explicitly, and the
    servers tests start inherit it."""
    os.environ.setdefault("ENVIRONMENT", "test")


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
