"""Issue 35 items 1, 2 and 10 through a running cluster (deploy/cluster.py: HAProxy in front of two Rasa replicas,
two action servers and the console; PostgreSQL; Redis), and the scan of every log the cluster tests wrote.

1. Rasa sent the action server's secret as `?token=` and HAProxy's `option httplog` logged every request line;
   Open311 GETs logged `api_key=` the same way. With the logged secret, a POST to HAProxy's action side read a
   resident's reports and filed a forged bite in their name.
2. Behind HAProxy every visitor was 127.0.0.1, and a client's own X-Forwarded-For was believed.
10. In this layout `python -m bot.cases prune` pruned a SQLite file nobody writes ("pruned 0 tracker events")
    while 200-day-old events stayed in PostgreSQL; and it deleted the MessageSid records, reopening replay.
"""

from __future__ import annotations

import base64
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text

from tests.cluster.support import ROOT
from tests.cluster.twilio import Texter

pytestmark = pytest.mark.cluster

CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')
ADMIN = "cluster-admin"  # not `admin`: outside production the console makes one at its first start
ADMIN_PASSWORD = "a long admin password for the cluster"
STATUS_CALL = {"next_action": "action_check_status", "version": "3.6.21", "domain": {}}


def _haproxy_log(cluster) -> str:
    return cluster.log("haproxy")


def _wait_for_log(cluster, needle: str, timeout_s: float = 10) -> str:
    """HAProxy writes a request's line when the request ends: wait until it is there."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        log = _haproxy_log(cluster)
        if needle in log:
            return log
        time.sleep(0.2)
    raise AssertionError(f"{needle!r} never reached HAProxy's log")


def _actions_side(cluster) -> str:
    return f"http://127.0.0.1:{cluster.ports['ACTIONS_LB_PORT']}"


def _status_call(sender: str) -> dict:
    tracker = {"sender_id": sender, "slots": {}, "events": [], "latest_message": {}}
    return {**STATUS_CALL, "sender_id": sender, "tracker": tracker}


# ---- item 1: the action server's secret, the request lines ---------------------------------------------------


def test_the_action_calls_carry_the_secret_in_a_header_that_no_log_keeps(two_replicas) -> None:
    cluster = two_replicas
    secret = cluster.secrets["action_server_token"]
    reply = Texter(cluster.base_url).send("whats the status of my complaint")
    assert (
        reply.status == 200 and reply.texts and not reply.is_error
    )  # action_check_status ran, with the secret
    log = _wait_for_log(cluster, "actions/actions")  # the action call went through HAProxy's action side
    assert "POST /webhook" in log and "?token" not in log and secret not in log


def test_the_secret_in_a_url_is_refused_and_without_it_nothing_is_read(cluster) -> None:
    secret = cluster.secrets["action_server_token"]
    resident = Texter(cluster.base_url).phone
    side = _actions_side(cluster)
    with httpx.Client(timeout=30) as client:
        assert client.post(side + "/webhook", json=_status_call(resident)).status_code == 401
        assert client.post(f"{side}/webhook?token={secret}", json=_status_call(resident)).status_code == 401
        assert client.get(f"{side}/actions?token={secret}").status_code == 401
        auth = base64.b64encode(f"rasa:{secret}".encode()).decode()
        inside = client.get(side + "/actions", headers={"Authorization": f"Basic {auth}"})
    assert inside.status_code == 200 and "action_check_status" in inside.text  # the replicas' own way in


def test_open311_keys_reach_no_log(cluster) -> None:
    from bot.cases.db import make_engine, make_session_factory
    from bot.console.accounts import AccountService

    engine = make_engine(cluster.database_url())
    try:
        key = AccountService(make_session_factory(engine)).create_api_key("Cluster dispatch", "kellogg")[1]
    finally:
        engine.dispose()
    cluster.secrets["open311_api_key"] = key
    answer = httpx.get(f"{cluster.base_url}/open311/v2/requests.json?jurisdiction_id=kellogg&api_key={key}")
    assert answer.status_code == 200
    log = _wait_for_log(cluster, "GET /open311/v2/requests.json")
    assert key not in log and "api_key" not in log


# ---- item 2: the client's address is HAProxy's to say ------------------------------------------------------


def _sign_in(client: httpx.Client, username: str, password: str, spoofed: str | None = None) -> int:
    token = CSRF_FIELD.search(client.get("/login").text).group(1)
    headers = {"X-Forwarded-For": spoofed} if spoofed else {}
    data = {"username": username, "password": password, "csrf_token": token}
    return client.post("/login", data=data, headers=headers).status_code


def _throttle_keys(cluster) -> set[str]:
    engine = create_engine(cluster.database_url())
    try:
        with engine.connect() as connection:
            return set(connection.execute(text("SELECT key FROM console_sign_in_throttle")).scalars())
    finally:
        engine.dispose()


def test_a_spoofed_address_skips_no_wait_and_the_admins_known_browser_never_waits(cluster) -> None:
    from bot.cases.db import make_engine, make_session_factory
    from bot.console.accounts import AccountService

    engine = make_engine(cluster.database_url())
    try:
        AccountService(make_session_factory(engine)).create_user(ADMIN, ADMIN_PASSWORD, "admin", ["kellogg"])
    finally:
        engine.dispose()
    cluster.secrets["admin_password"] = ADMIN_PASSWORD
    with (
        httpx.Client(base_url=cluster.base_url, timeout=60) as admin,
        httpx.Client(base_url=cluster.base_url, timeout=60) as stranger,
    ):
        assert _sign_in(admin, ADMIN, ADMIN_PASSWORD) == 303  # the admin's browser is now a known device
        admin.post("/logout", data={"csrf_token": CSRF_FIELD.search(admin.get("/queue").text).group(1)})
        # thirty names sprayed, each with an address of its own in X-Forwarded-For
        answers = [_sign_in(stranger, f"nobody-{n}", "guess", spoofed=f"203.0.113.{n}") for n in range(30)]
        assert answers.count(429) >= 20 and set(answers) == {401, 429}, answers  # spoofing skipped no wait
        # meanwhile the admin, from the same address as far as anyone can tell, signs in at once
        assert _sign_in(admin, ADMIN, ADMIN_PASSWORD) == 303
        assert admin.get("/queue").status_code == 200
    clients = {key for key in _throttle_keys(cluster) if key.startswith("client:")}
    assert clients == {"client:127.0.0.1"}, clients  # HAProxy's word for the address, never the client's


# ---- item 10: retention in the layout production uses ------------------------------------------------------


def _layout_environment(cluster) -> dict[str, str]:
    """What a production host's /etc/intake/intake.env gives `python -m bot.cases prune`: the case database and
    the TRACKER_DB_* settings Rasa's endpoints file reads, no TRACKER_DATABASE_URL."""
    sys.path.insert(0, str(ROOT / "deploy"))
    from cluster import Layout, cluster_environment

    env = cluster_environment(Layout(Path(cluster.directory), cluster.ports), {})
    env.update(ENVIRONMENT="production", PATH="/usr/bin:/bin")
    env.pop("TRACKER_DATABASE_URL", None)
    return env


def _tracker_rows(cluster, sender: str) -> int:
    engine = create_engine(cluster.tracker_url())
    try:
        with engine.connect() as connection:
            query = text("SELECT count(*) FROM events WHERE sender_id = :sender")
            return connection.execute(query, {"sender": sender}).scalar_one()
    finally:
        engine.dispose()


def _backdate(url: str, statement: str, **values: object) -> int:
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            return connection.execute(text(statement), values).rowcount
    finally:
        engine.dispose()


def test_prune_empties_a_backdated_tracker_and_a_replayed_delivery_stays_answered(cluster) -> None:
    old, recent, replayed = Texter(cluster.base_url), Texter(cluster.base_url), Texter(cluster.base_url)
    assert old.send("hi my name is Jane Doe, the dog at 5 elm st barks all night").status == 200
    assert recent.send("the dog at 7 elm st barks").status == 200
    stop = replayed.send("the dog at 9 elm st barks")
    assert stop.status == 200 and stop.texts
    days_ago = time.time() - 200 * 86400
    assert _backdate(cluster.tracker_url(), "UPDATE events SET timestamp = :t WHERE sender_id = :s",
                     t=days_ago, s=old.phone) > 0  # fmt: skip
    assert _backdate(cluster.database_url(), "UPDATE processed_twilio_requests SET created_at = created_at - "
                     "interval '200 days' WHERE request_key = :sid", sid=stop.sid) == 1  # fmt: skip
    result = subprocess.run([sys.executable, "-m", "bot.cases", "prune"], cwd=ROOT, env=_layout_environment(cluster),
                            capture_output=True, text=True, timeout=300)  # fmt: skip
    assert result.returncode == 0, result.stderr
    pruned = int(re.match(r"pruned (\d+) tracker events", result.stdout).group(1))
    assert pruned >= 1 and _tracker_rows(cluster, old.phone) == 0  # the name went with them
    assert _tracker_rows(cluster, recent.phone) > 0
    again = replayed.send("the dog at 9 elm st barks", sid=stop.sid)  # a captured delivery, 200 days on
    assert again.status == 200 and again.texts == []
    assert cluster.user_texts(replayed.phone).count("the dog at 9 elm st barks") == 1


def test_prune_refuses_the_layout_without_its_tracker_settings(cluster) -> None:
    env = {k: v for k, v in _layout_environment(cluster).items() if not k.startswith("TRACKER_DB_")}
    result = subprocess.run([sys.executable, "-m", "bot.cases", "prune"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)  # fmt: skip
    assert result.returncode == 2 and "TRACKER_DB_HOST" in result.stderr


# ---- every log of the run ----------------------------------------------------------------------------------


@pytest.mark.after_cluster_tests
def test_no_log_of_the_cluster_run_holds_a_secret_or_a_key(cluster) -> None:
    """Runs after every other cluster test (tests/cluster/conftest.py): the logs hold their traffic too."""
    used = {name: value for name, value in cluster.secrets.items() if value}
    assert {"action_server_token", "twilio_auth_token"} <= set(used), used.keys()
    logs = cluster.every_log()
    assert "haproxy.log" in logs and len(logs) >= 8, sorted(logs)
    found = [(name, secret) for name, body in logs.items() for secret, value in used.items() if value in body]
    assert found == [], found
