"""The cluster tests start deploy/cluster.py (two Rasa replicas, PostgreSQL, Redis, HAProxy...): minutes
of work, so `make test` skips the ones marked `cluster` and `make test-cluster` (CLUSTER_TESTS=1) runs them."""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pytest

from tests.cluster.support import ACCOUNT_SID, TOKEN, Cluster, running_cluster
from tests.cluster.twilio import FlakyTwilio
from tests.support.servers import MODEL


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # the log scan reads what every other cluster test left: it goes last
    items.sort(key=lambda item: item.get_closest_marker("after_cluster_tests") is not None)
    if os.environ.get("CLUSTER_TESTS") == "1":
        return
    skip = pytest.mark.skip(reason="starts a whole cluster: run by `make test-cluster`")
    for item in items:
        if item.get_closest_marker("cluster") is not None:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def flaky_twilio():
    """The Twilio REST stand-in the cluster's outbox workers send through; fails one request in five."""
    standin = FlakyTwilio(every=5).start()
    yield standin
    standin.stop()


@pytest.fixture(scope="session")
def cluster(flaky_twilio):
    if os.environ.get("CLUSTER_TEST_REUSE"):  # while writing tests: a cluster already running there
        directory = Path(os.environ["CLUSTER_TEST_REUSE"])
        yield Cluster(directory, json.loads((directory / "run" / "ready.json").read_text()), None)
        return
    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train`")
    environment = {
        "TWILIO_API_BASE_URL": flaky_twilio.base_url,
        "TWILIO_ACCOUNT_SID": ACCOUNT_SID,
        "TWILIO_AUTH_TOKEN": TOKEN,
        # known to the tests, so that tests/cluster/test_layout_security.py can look for it in every log
        "ACTION_SERVER_TOKEN": secrets.token_urlsafe(32),
    }
    with running_cluster(environment=environment) as running:
        running.secrets.update(
            action_server_token=environment["ACTION_SERVER_TOKEN"], twilio_auth_token=TOKEN
        )
        yield running


@pytest.fixture
def two_replicas(cluster):
    """The cluster with both Rasa replicas in HAProxy's rotation (another test may have restarted one)."""
    cluster.wait_in_rotation("rasa1", "rasa2")
    return cluster
