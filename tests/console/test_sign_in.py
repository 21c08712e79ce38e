"""Sign-in: growing delays per client and per account instead of a lock anyone could
trigger; the password hash off the event loop; the attempt counter atomic across workers."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient

from bot.cases.db import make_engine, make_session_factory, migrate
from bot.console import accounts as accounts_module
from bot.console.accounts import AccountService
from bot.console.throttle import MAX_DELAY, account_key, client_key, delay_after
from tests.console.conftest import PASSWORD, csrf_from


def attempt(client: TestClient, username: str, password: str):
    return client.post(
        "/login", data={"username": username, "password": password, "csrf_token": csrf_from(client)}
    )


def browser(app, address: str) -> TestClient:
    return TestClient(app, follow_redirects=False, client=(address, 40000))


def test_delays_grow_from_one_second_after_three_attempts_and_are_capped() -> None:
    assert [delay_after(n).total_seconds() for n in range(1, 8)] == [0, 0, 1, 2, 4, 8, 16]
    assert delay_after(10_000) == MAX_DELAY == timedelta(seconds=60)


def test_ipv6_clients_are_counted_by_their_64_network() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9")
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:192.0.2.7") == client_key("192.0.2.7")


def test_a_strangers_guesses_never_lock_admin_out(app, staff, clock) -> None:
    """Old code: five wrong passwords from anyone locked `admin` for 15 minutes, repeatable forever."""
    with browser(app, "198.51.100.7") as owner:  # admin's own browser has signed in before
        assert attempt(owner, "admin", PASSWORD).status_code == 303
        owner.post("/logout", data={"csrf_token": csrf_from(owner, "/queue")})
        with browser(app, "203.0.113.66") as stranger:
            answers = [attempt(stranger, "admin", f"guess {n}").status_code for n in range(40)]
            clock.advance(30)
            answers += [attempt(stranger, "admin", f"guess {n}").status_code for n in range(10)]
        assert answers.count(401) <= 4 and set(answers) == {401, 429}  # most were refused unchecked
        # the owner's browser skips the account's delay: in at once, with the right password
        assert attempt(owner, "admin", PASSWORD).status_code == 303
    with browser(app, "192.0.2.44") as new_device:
        clock.advance(MAX_DELAY.total_seconds())  # a new browser waits at most the cap, never 15 minutes
        assert attempt(new_device, "admin", PASSWORD).status_code == 303


def test_a_throttled_attempt_is_refused_unchecked_with_retry_after_alike_for_unknown_names(
    app, staff
) -> None:
    with browser(app, "203.0.113.5") as stranger:
        for n in range(3):
            assert attempt(stranger, "nobody-here", f"guess {n}").status_code == 401
        known = attempt(stranger, "clerk", PASSWORD)  # the right password, but this client must wait
        unknown = attempt(stranger, "nobody-here", "guess")
    assert known.status_code == unknown.status_code == 429
    assert known.headers["retry-after"] == unknown.headers["retry-after"] == "1"
    assert "Too many attempts" in known.text


def test_the_password_is_checked_off_the_event_loop(client, staff, monkeypatch) -> None:
    """Old code: the ~50 ms scrypt ran in the async route, so parallel guesses stalled every request."""
    loops = []
    real = accounts_module.verify_password

    def recording(password: str, stored: str) -> bool:
        try:
            loops.append(asyncio.get_running_loop())
        except RuntimeError:
            loops.append(None)
        return real(password, stored)

    monkeypatch.setattr(accounts_module, "verify_password", recording)
    assert attempt(client, "clerk", PASSWORD).status_code == 303
    assert loops == [None]


@pytest.fixture
def two_workers(database_url, clock):
    """Two AccountServices on two engines over one database, as two console workers would be."""
    migrate(database_url)
    engines = [make_engine(database_url) for _ in range(2)]
    services = [AccountService(make_session_factory(engine), clock=clock) for engine in engines]
    services[0].create_user("admin", PASSWORD, "admin", ["kellogg"])
    yield services
    for engine in engines:
        engine.dispose()


def test_parallel_guesses_on_two_workers_are_all_counted_and_get_no_extra_tries(two_workers) -> None:
    """Old code read the counter and wrote it back: parallel guesses were lost and got extra tries."""
    guesses = 24

    def guess(n: int):
        worker = two_workers[n % 2]
        return worker.sign_in("admin", f"guess {n}", client=f"192.0.2.{n}", device=None)

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(guess, range(guesses)))
    checked = [r for r in results if r.retry_after == timedelta(0)]
    assert all(r.user is None for r in results)
    assert two_workers[0].throttle.attempts(account_key("admin")) == guesses
    assert len(checked) == 3  # the clock stands still: only the three free attempts were checked


def test_keys_idle_for_a_day_are_forgotten(accounts, clock) -> None:
    throttle = accounts.throttle
    throttle.attempt([account_key("someone-else"), client_key("192.0.2.9")])
    clock.advance(23 * 3600)
    assert throttle.prune() == 0 and throttle.attempts(account_key("someone-else")) == 1
    clock.advance(2 * 3600)
    assert throttle.prune() == 2 and throttle.attempts(account_key("someone-else")) == 0


def test_guesses_from_the_admins_own_address_never_make_the_admins_known_browser_wait(app, staff) -> None:
    """Issue 35 item 2: behind HAProxy every visitor had one address, so eight wrong guesses at names that do not
    exist put the admin, with a known-device cookie, in the client address's wait (0 of 9 sign-ins got in)."""
    shared = "127.0.0.1"
    with browser(app, shared) as owner:
        assert attempt(owner, "admin", PASSWORD).status_code == 303  # now a known device
        owner.post("/logout", data={"csrf_token": csrf_from(owner, "/queue")})
        with browser(app, shared) as stranger:
            guesses = [attempt(stranger, f"no-such-name-{n}", "guess").status_code for n in range(8)]
            assert 429 in guesses  # the stranger's address is in the wait
            assert attempt(stranger, "admin", PASSWORD).status_code == 429  # and so is a new browser there
        first = attempt(owner, "admin", PASSWORD).status_code
        owner.post("/logout", data={"csrf_token": csrf_from(owner, "/queue")})
        again = attempt(owner, "admin", PASSWORD).status_code
    assert (first, again) == (303, 303)


def test_a_known_devices_own_wrong_guesses_still_grow_its_wait(app, staff, clock) -> None:
    with browser(app, "198.51.100.8") as owner:
        assert attempt(owner, "admin", PASSWORD).status_code == 303
        owner.post("/logout", data={"csrf_token": csrf_from(owner, "/queue")})
        answers = [attempt(owner, "admin", f"typo {n}").status_code for n in range(5)]
    assert answers[:3] == [401, 401, 401] and 429 in answers[3:]
