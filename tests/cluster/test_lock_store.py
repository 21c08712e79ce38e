"""The lock store's tickets under contention, against a real Redis (no Rasa server needed).

Several threads stand in for replicas handling messages of one conversation at the same moment. Rasa's
own RedisLockStore (GET, change, SET) loses or repeats tickets; AtomicRedisLockStore never does."""

from __future__ import annotations

import threading
import time

import pytest
from rasa.core.lock_store import RedisLockStore
from rasa.utils.endpoints import EndpointConfig

from integrations.lock_store import AtomicRedisLockStore
from tests.cluster.support import running_redis

THREADS = 8
TICKETS_EACH = 40


@pytest.fixture(scope="module")
def redis_port():
    with running_redis() as port:
        yield port


def issue_concurrently(make_store, conversation: str) -> list[int]:
    """Every ticket number the threads were given, for one conversation."""
    issued: list[int] = []
    start = threading.Barrier(THREADS)

    def replica() -> None:
        store = make_store()
        start.wait()
        for _ in range(TICKETS_EACH):
            issued.append(store.issue_ticket(conversation, 60))

    threads = [threading.Thread(target=replica) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return issued


def test_atomic_store_issues_every_ticket_once_and_keeps_them_all(redis_port):
    make = lambda: AtomicRedisLockStore(EndpointConfig(url="127.0.0.1", port=redis_port, db=1))  # noqa: E731
    issued = issue_concurrently(make, "atomic-conversation")
    assert len(issued) == THREADS * TICKETS_EACH
    assert len(set(issued)) == len(issued), "a ticket number was issued twice"
    lock = make().get_lock("atomic-conversation")
    assert sorted(t.number for t in lock.tickets) == sorted(issued), "a ticket was lost"


def test_rasa_stock_store_loses_or_repeats_tickets_under_the_same_load(redis_port):
    """The race the atomic store exists for (ENVIRONMENT.md): shown, so the test above means something."""
    make = lambda: RedisLockStore(host="127.0.0.1", port=redis_port, db=2)  # noqa: E731
    issued = issue_concurrently(make, "stock-conversation")
    kept = [t.number for t in make().get_lock("stock-conversation").tickets]
    assert len(set(issued)) < len(issued) or len(kept) < len(issued)


def test_finishing_removes_only_that_ticket_and_deletes_the_empty_lock(redis_port):
    store = AtomicRedisLockStore(EndpointConfig(url="127.0.0.1", port=redis_port, db=3))
    first, second = store.issue_ticket("c", 60), store.issue_ticket("c", 60)
    assert (first, second) == (0, 1)
    assert not store.get_lock("c").is_locked(first)
    store.cleanup("c", first)
    lock = store.get_lock("c")
    assert [t.number for t in lock.tickets] == [second] and not lock.is_locked(second)
    store.cleanup("c", second)
    assert store.get_lock("c") is None
    assert store.issue_ticket("c", 60) == 2, "numbers are never reused after the lock is deleted"


def test_expired_tickets_are_dropped_so_a_crashed_holder_does_not_block_the_line(redis_port):
    store = AtomicRedisLockStore(EndpointConfig(url="127.0.0.1", port=redis_port, db=4))
    crashed = store.issue_ticket("c", 0.001)  # its replica died holding the lock
    waiting = store.issue_ticket("c", 60)
    time.sleep(0.05)
    store.update_lock("c")
    assert crashed != waiting and not store.get_lock("c").is_locked(waiting)
