"""Passwords and API keys are stored only as hashes; first sign-in differs between development and production."""

from __future__ import annotations

import io

import pytest
from sqlalchemy import select

from bot.cases.db import make_engine
from bot.console import __main__ as console_cli
from bot.console.accounts import AccountError, hash_password, verify_password
from bot.console.models import ROLE_CHECK, ROLES, ApiKey, ConsoleUser
from bot.settings import get_settings
from tests.console.conftest import PASSWORD


def test_password_hashes_are_salted_scrypt_and_verify_only_the_right_password() -> None:
    first, second = hash_password(PASSWORD), hash_password(PASSWORD)
    assert first.startswith("scrypt$") and first != second and PASSWORD not in first
    assert verify_password(PASSWORD, first) and verify_password(PASSWORD, second)
    assert not verify_password(PASSWORD + "!", first)
    assert not verify_password(PASSWORD, "md5$whatever")


def test_the_role_check_names_exactly_the_roles() -> None:
    assert ROLE_CHECK == "role IN (" + ", ".join(f"'{role}'" for role in ROLES) + ")"


def test_users_need_a_known_role_a_long_password_and_a_free_name(accounts, settings) -> None:
    with pytest.raises(AccountError):
        accounts.create_user("sam", PASSWORD, "mayor")
    with pytest.raises(AccountError):
        accounts.create_user("sam", "short", "clerk")
    accounts.create_user("Sam", PASSWORD, "clerk")
    with pytest.raises(AccountError):
        accounts.create_user("sam", PASSWORD, "officer")
    engine = make_engine(settings.database_url)
    with engine.connect() as connection:
        stored = connection.execute(select(ConsoleUser.password_hash)).scalar_one()
    engine.dispose()
    assert PASSWORD not in stored and verify_password(PASSWORD, stored)
    assert accounts.authenticate("SAM", PASSWORD).username == "sam"
    assert accounts.authenticate("sam", "wrong password") is None
    assert accounts.authenticate("nobody", PASSWORD) is None


def test_api_keys_are_stored_hashed_and_stop_working_when_revoked(accounts, settings) -> None:
    client, key = accounts.create_api_key("Wabasha County dispatch", "kellogg")
    engine = make_engine(settings.database_url)
    with engine.connect() as connection:
        stored = connection.execute(select(ApiKey.key_hash)).scalar_one()
    engine.dispose()
    assert key not in stored
    assert accounts.api_client(key) == client
    assert accounts.api_client(key + "x") is None
    accounts.revoke_api_key(client.id)
    assert accounts.api_client(key) is None


def test_development_bootstraps_one_admin_with_a_random_password_and_production_none(accounts) -> None:
    assert console_cli.bootstrap_admin(accounts, production=True) is None
    assert accounts.count_users() == 0
    password = console_cli.bootstrap_admin(accounts, production=False)
    assert password and accounts.authenticate("admin", password).role == "admin"
    assert console_cli.bootstrap_admin(accounts, production=False) is None  # only on an empty database


def test_create_user_command_reads_the_password_from_stdin(settings, accounts, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    get_settings.cache_clear()
    try:
        monkeypatch.setattr("sys.stdin", io.StringIO(PASSWORD + "\n"))
        assert (
            console_cli.main(["create-user", "--role", "admin", "--city", "all", "--password-stdin", "root"])
            == 0
        )
        monkeypatch.setattr("sys.stdin", io.StringIO("short\n"))
        assert (
            console_cli.main(
                ["create-user", "--role", "clerk", "--city", "kellogg", "--password-stdin", "kim"]
            )
            == 2
        )
        assert console_cli.main(["create-api-key", "County dispatch", "--jurisdiction", "kellogg"]) == 0
    finally:
        get_settings.cache_clear()
    output = capsys.readouterr()
    assert PASSWORD not in output.out + output.err
    assert accounts.authenticate("root", PASSWORD).role == "admin"
    assert accounts.authenticate("root", PASSWORD).cities == {"kellogg", "freeport"}
    assert accounts.authenticate("kim", "short") is None
    printed_key = output.out.strip().splitlines()[-1]
    assert accounts.api_client(printed_key).jurisdiction == "kellogg"


def test_first_run_message_gives_a_working_password_in_development_and_a_command_in_production(
    accounts,
) -> None:
    production = console_cli.first_run_message(accounts, production=True, url="http://console/")
    assert "create-user --role admin" in production and accounts.count_users() == 0
    development = console_cli.first_run_message(accounts, production=False, url="http://console/")
    password = development.split("one-time password ")[1].split()[0]
    assert accounts.authenticate("admin", password).role == "admin"
    assert "password" not in console_cli.first_run_message(accounts, production=False, url="http://console/")


def test_set_cities_command_replaces_an_accounts_cities(settings, accounts, monkeypatch, capsys) -> None:
    accounts.create_user("lee", PASSWORD, "clerk", ["kellogg"])
    monkeypatch.setenv("DATABASE_URL", settings.database_url)
    get_settings.cache_clear()
    try:
        assert console_cli.main(["set-cities", "lee", "--city", "freeport"]) == 0
        assert console_cli.main(["set-cities", "nobody", "--city", "freeport"]) == 2
        with pytest.raises(SystemExit):  # a city is required: an account is never created seeing everything
            console_cli.main(["create-user", "--role", "clerk", "--password-stdin", "kim"])
    finally:
        get_settings.cache_clear()
    assert accounts.authenticate("lee", PASSWORD).cities == {"freeport"}
    assert "lee now sees freeport" in capsys.readouterr().out
