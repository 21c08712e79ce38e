"""Processes of a running cluster restarted or killed while residents text: nothing lost, nothing filed
twice, no error reply; a dead Redis or PostgreSQL gets a logged failure and a polite reply, and the line
recovers by itself when the service returns."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.cluster.support import ROOT
from tests.cluster.twilio import TROUBLE, Reply, Texter, report_barking

pytestmark = pytest.mark.cluster

RESIDENTS = 10
RESTARTED = ("rasa1", "rasa2", "actions1", "actions2")


def keep_reporting(cluster, number: int, stop: threading.Event) -> tuple[list[str], list[Reply], str]:
    """One resident filing barking reports one after another until `stop`; returns the references,
    every reply, and the resident's number."""
    texter = Texter(cluster.base_url)
    references: list[str] = []
    replies: list[Reply] = []
    while not stop.is_set():
        reference, conversation = report_barking(texter, street_number=100 + number)
        references.append(reference)
        replies.extend(conversation)
        time.sleep(0.5)
    return references, replies, texter.phone


def test_rolling_restart_under_load_loses_nothing_files_nothing_twice_and_shows_no_error(
    two_replicas,
) -> None:
    cluster = two_replicas
    stop = threading.Event()
    env = {**os.environ, "CLUSTER_DIR": str(cluster.directory),
           "CLUSTER_BASE_PORT": str(cluster.ports["RASA_1_PORT"] - 1), "CLUSTER_PORT": str(cluster.ports["CLUSTER_PORT"])}  # fmt: skip
    with ThreadPoolExecutor(RESIDENTS) as pool:
        residents = [pool.submit(keep_reporting, cluster, n, stop) for n in range(RESIDENTS)]
        time.sleep(3)
        try:
            restarted = subprocess.run(
                [sys.executable, str(ROOT / "deploy" / "cluster.py"), "rolling-restart"], cwd=ROOT, env=env,
                capture_output=True, text=True, timeout=3600,
            )  # fmt: skip
        finally:
            stop.set()
        results = [future.result(timeout=300) for future in residents]
    assert restarted.returncode == 0, restarted.stdout + restarted.stderr
    assert [line for line in restarted.stdout.splitlines()] == [f"restarted {name}" for name in RESTARTED]
    for name in RESTARTED:  # each one really was restarted, by the supervisor
        assert cluster.supervisor_log().count(f"started {name} ") >= 2
    for references, replies, phone in results:
        assert references, "a resident filed nothing"
        assert not [r for r in replies if r.is_error], "a resident saw an error reply"
        filed = sorted(c.reference for c in cluster.complaints_from(phone))
        assert filed == sorted(references), "a report was lost or filed twice"


@pytest.mark.parametrize("service", ["redis", "postgres"])
def test_a_dead_service_gets_a_logged_failure_and_a_polite_reply_then_the_line_recovers(
    cluster, service
) -> None:
    texter = Texter(cluster.base_url)
    assert not texter.send("the dog at 3 oak st is barking").is_error
    cluster.hold(service)
    try:
        cluster.kill(service, signal.SIGKILL if service == "redis" else signal.SIGQUIT)
        time.sleep(1)
        down = texter.send("every night")
        assert down.status == 200 and TROUBLE in down.text and "(507) 555-0100" in down.text, down
        logs = cluster.log("rasa1") + cluster.log("rasa2")
        assert f"sms delivery {down.sid} not answered" in logs
        assert texter.phone not in logs, "the resident's number is in a log"
    finally:
        cluster.release(service)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # back by itself: no process of the line is restarted
        again = texter.send("every night")
        if not again.is_error:
            break
        time.sleep(2)
    assert not again.is_error, again
    # the conversation went on where it was: "every night" answered how often, so how long is asked alone, in
    # the other words of a second asking (bot.vocabulary), and "how often" is not asked again
    assert "since what time has it been barking" in again.text.lower(), again
    assert "every night" not in again.text.lower(), again
