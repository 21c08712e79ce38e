"""`python -m bot.console`: serve the console; `create-user`, `set-password`, `create-api-key` manage access.

python -m bot.console                          serve on CONSOLE_HOST:CONSOLE_PORT (default 127.0.0.1:8000)
python -m bot.console create-user --role clerk --city kellogg NAME   prompts for the password (or --password-stdin)
python -m bot.console set-cities NAME --city kellogg [--city freeport]   the cities an account sees
python -m bot.console create-api-key NAME [--jurisdiction CODE]   prints the key once
"""

from __future__ import annotations

import argparse
import getpass
import secrets
import sys

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.console.accounts import AccountError, AccountService
from bot.console.models import ROLES
from bot.jurisdictions import load_packs
from bot.settings import Settings, get_settings


def _accounts() -> AccountService:
    return AccountService(make_session_factory(make_engine(get_settings().database_url)))


def _password(from_stdin: bool) -> str:
    if from_stdin:
        return sys.stdin.readline().rstrip("\n")
    first = getpass.getpass("Password: ")
    if first != getpass.getpass("Again: "):
        raise AccountError("the passwords differ")
    return first


def _city_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--city",
        action="append",
        required=True,
        choices=[*sorted(load_packs()), "all"],
        help="a city the account sees (repeat for several; 'all': every city configured now)",
    )


def _cities(chosen: list[str]) -> list[str]:
    return sorted(load_packs()) if "all" in chosen else chosen


def bootstrap_admin(accounts: AccountService, production: bool) -> str | None:
    """On a fresh database in development, an `admin` with a one-time random password (returned to print).

    In production nothing is created: there is no default password; create-user makes the first admin.
    """
    if production or accounts.count_users() > 0:
        return None
    password = secrets.token_urlsafe(12)
    accounts.create_user("admin", password, "admin", load_packs())
    return password


def first_run_message(accounts: AccountService, production: bool, url: str) -> str:
    """How to sign in: a one-time admin password on a fresh development database, else what to run."""
    password = bootstrap_admin(accounts, production)
    if password:
        return (
            f"First run: sign in at {url} as 'admin' with the one-time password {password}\n"
            "  (printed once, development only; change it: .venv/bin/python -m bot.console set-password admin)"
        )
    if accounts.count_users() == 0:
        return (
            "No console users yet. Create the first: "
            ".venv/bin/python -m bot.console create-user --role admin --city all NAME"
        )
    return f"Sign in at {url} (new users: .venv/bin/python -m bot.console create-user --role clerk --city CODE NAME)"


def proxy_options(settings: Settings) -> dict[str, object]:
    """uvicorn's X-Forwarded-For handling: believed only from CONSOLE_TRUSTED_PROXIES. uvicorn's own default
    believes 127.0.0.1, which behind a proxy that passes on what clients send let anyone name their address."""
    trusted = [part.strip() for part in settings.console_trusted_proxies.split(",") if part.strip()]
    if not trusted:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": trusted}


def serve() -> int:
    import uvicorn

    from bot.console.app import create_app

    settings = get_settings()
    migrate(settings.database_url)
    app = create_app(settings)
    url = f"http://{settings.console_host}:{settings.console_port}/"
    print(first_run_message(app.state.console.accounts, settings.is_production, url), flush=True)
    uvicorn.run(
        app,
        host=settings.console_host,
        port=settings.console_port,
        log_level="warning",
        **proxy_options(settings),
    )
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.console", description="Clerk console and Open311 API."
    )
    commands = parser.add_subparsers(dest="command")
    create = commands.add_parser("create-user", help="create a console user")
    create.add_argument("username")
    create.add_argument("--role", choices=ROLES, required=True)
    create.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    _city_option(create)
    cities = commands.add_parser("set-cities", help="set the cities an account sees")
    cities.add_argument("username")
    _city_option(cities)
    reset = commands.add_parser("set-password", help="set a user's password")
    reset.add_argument("username")
    reset.add_argument("--password-stdin", action="store_true")
    key = commands.add_parser("create-api-key", help="create an Open311 API key (printed once)")
    key.add_argument("name", help="who holds it, e.g. 'Wabasha County dispatch'")
    key.add_argument(
        "--jurisdiction", choices=sorted(load_packs()), help="limit the key to one city (default: all)"
    )
    commands.add_parser("first-run", help="say how to sign in the first time (creates the development admin)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)

    if args.command is None:
        return serve()
    migrate(get_settings().database_url)
    accounts = _accounts()
    try:
        if args.command == "create-user":
            cities = _cities(args.city)
            user = accounts.create_user(args.username, _password(args.password_stdin), args.role, cities)
            print(f"created {user.role} {user.username} ({', '.join(sorted(user.cities))})")
        elif args.command == "set-cities":
            user = accounts.set_cities(args.username, _cities(args.city))
            print(f"{user.username} now sees {', '.join(sorted(user.cities))}")
        elif args.command == "set-password":
            accounts.set_password(args.username, _password(args.password_stdin))
            print(f"password set for {args.username}")
        elif args.command == "first-run":
            settings = get_settings()
            url = f"http://localhost:{settings.console_port}/"
            print(first_run_message(accounts, settings.is_production, url))
        elif args.command == "create-api-key":
            client, plain = accounts.create_api_key(args.name, args.jurisdiction)
            print(f"API key for {client.name} (shown once, keep it secret):\n{plain}")
    except AccountError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
