"""The cluster's two outbox workers share one queue: each text goes out exactly once while Twilio's REST
API (the stand-in) fails one request in five, and every failed send is retried until it goes."""

from __future__ import annotations

import time
import uuid

import pytest

from bot.cases.db import make_engine, make_session_factory
from bot.notify.outbox import OutboxService

pytestmark = pytest.mark.cluster

TEXTS = 40


def test_two_workers_send_each_text_exactly_once_while_twilio_fails_one_request_in_five(
    cluster, flaky_twilio
) -> None:
    if cluster.process is None:
        pytest.skip("a reused cluster does not send through this run's Twilio stand-in")
    outbox = OutboxService(make_session_factory(make_engine(cluster.database_url())))
    run = uuid.uuid4().hex[:8]
    bodies = {f"outbox-test-{run}-{n}": f"Cluster outbox test {run} text {n}" for n in range(TEXTS)}
    for key, body in bodies.items():
        assert outbox.enqueue(key=key, purpose="status", jurisdiction="kellogg", to_number="+15075550123",
                              from_number="+15075550158", body=body)  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if all(m.status == "sent" for m in outbox.messages(list(bodies))):
            break
        time.sleep(1)
    statuses = {m.idempotency_key: m.status for m in outbox.messages(list(bodies))}
    assert set(statuses.values()) == {"sent"}, statuses

    sent = [r.form["Body"] for r in flaky_twilio.accepted if run in r.form.get("Body", "")]
    assert sorted(sent) == sorted(bodies.values()), "a text was sent twice or not at all"
    tried = [r for r in flaky_twilio.requests if run in r.form.get("Body", "")]
    assert len(tried) > len(sent), "the stand-in failed none of these requests: nothing was retried"
