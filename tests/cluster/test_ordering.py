"""Five texts from one resident sent at once, through the load balancer to both replicas: processed in
the order sent, one at a time, and the report comes out right. The same test with each replica holding
its own in-memory lock (Rasa's default, what a replica has without the Redis lock store) fails: the
ordering is the shared lock store's doing. Rasa's own RedisLockStore loses tickets under contention
(tests/cluster/test_lock_store.py shows it directly against Redis)."""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.cluster.support import ROOT, running_cluster
from tests.cluster.twilio import REFERENCE, Texter, assert_barking_details

pytestmark = pytest.mark.cluster

# "At once": each text half a turn's time after the one before (at least 250 ms): so, without a shared
# lock, two replicas take two of them at the same time; yet not so close that one replica, busy with
# another turn's model inference (it does not read new requests meanwhile), takes a text to the lock
# after the one sent next. A turn's time is measured on the first text: minutes of load change it.
MIN_STAGGER_S = 0.25
# the where, the how long and how often, two changes at the read-back, and SKIP to the read-back's question
# for the name, which sends it: out of order, the report would differ or not file
BURST = [
    "5 pine st",
    "since about 10pm, every night",
    "the address is 6 pine st",
    "the address is 7 pine st",
    "skip",
]


@pytest.fixture(scope="module")
def cluster_without_shared_lock(tmp_path_factory, flaky_twilio):
    production = (ROOT / "deploy" / "endpoints.production.yml").read_text()
    endpoints = tmp_path_factory.mktemp("endpoints") / "endpoints.yml"
    endpoints.write_text(re.sub(r"\nlock_store:\n(  .*\n)+", "\n", production + "\n"))
    assert "lock_store" not in endpoints.read_text().replace("# ", "")
    with running_cluster(endpoints=endpoints) as running:
        yield running


def send_at_once(texter: Texter, texts: list[str], stagger_s: float) -> list:
    start = threading.Barrier(len(texts))

    def send(index: int):
        start.wait()
        time.sleep(index * stagger_s)
        return texter.send(texts[index])

    with ThreadPoolExecutor(len(texts)) as pool:
        return list(pool.map(send, range(len(texts))))


@pytest.mark.parametrize(
    "lock_store",
    [
        "atomic-redis",
        pytest.param(
            "in-memory", marks=pytest.mark.xfail(strict=True, reason="no lock shared by the replicas")
        ),
    ],
)
def test_five_texts_at_once_are_processed_in_order_one_at_a_time(request, lock_store) -> None:
    cluster = request.getfixturevalue(
        "cluster" if lock_store == "atomic-redis" else "cluster_without_shared_lock"
    )
    for name in ("rasa1", "rasa2"):  # a fresh replica's first text pays first-use costs before the lock
        assert not Texter(cluster.base_url).send("hello", via=cluster.replica_url(name)).is_error
    texter = Texter(cluster.base_url)
    started = time.perf_counter()
    first = texter.send("there's a dog barking")
    turn_s = time.perf_counter() - started
    assert "where is this" in first.text.lower(), first
    replies = send_at_once(texter, BURST, max(MIN_STAGGER_S, turn_s / 2))

    assert not any(reply.is_error for reply in replies), [r.text for r in replies]
    assert {reply.served_by for reply in replies} == {"rasa1", "rasa2"}
    events = cluster.events(texter.phone)
    said = [value for kind, value in events if kind == "user"]
    assert said == ["there's a dog barking", *BURST], "texts lost, doubled or out of order"
    turns = [kind for kind, value in events if kind == "user" or value == "action_listen"]
    assert "user,user" not in ",".join(turns), "a text was taken before the previous one was answered"
    reference = REFERENCE.search(replies[-1].text)
    assert reference, replies[-1]
    detail = cluster.cases().get_complaint(reference.group(0))
    assert detail.location_text == "7 pine st"
    assert_barking_details(detail.details)
    assert len(cluster.complaints_from(texter.phone)) == 1
