"""Conversations through the load balancer of a running cluster (deploy/cluster.py): two Rasa replicas
sharing the PostgreSQL tracker store and the atomic Redis lock store."""

from __future__ import annotations

import signal
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.cluster.twilio import (
    REFERENCE,
    Texter,
    answer_for,
    assert_barking_details,
    is_read_back,
    report_barking,
)

pytestmark = pytest.mark.cluster


def test_turns_alternating_between_the_replicas_file_one_complaint_with_every_slot_right(
    two_replicas,
) -> None:
    cluster = two_replicas
    texter = Texter(cluster.base_url)
    reference, replies = report_barking(texter)
    served = [reply.served_by for reply in replies]
    assert set(served) == {"rasa1", "rasa2"}
    assert all(a != b for a, b in zip(served, served[1:], strict=False)), f"turns did not alternate: {served}"
    detail = cluster.cases().get_complaint(reference)
    assert (detail.type, detail.channel, detail.form, detail.animal_species) == (
        "barking",
        "sms",
        "written",
        "dog",
    )
    assert (detail.location_text, detail.location_normalised) == ("412 oak st", "412 OAK ST")
    assert_barking_details(detail.details)
    assert detail.complainant_contact == texter.phone and detail.anonymous
    assert [c.reference for c in cluster.complaints_from(texter.phone)] == [reference]


def test_one_delivery_arriving_at_both_replicas_at_once_files_once_with_one_reply(cluster) -> None:
    """Twilio retried the confirming text while the first delivery was still being answered."""
    texter = Texter(cluster.base_url)
    reply = texter.send("the dog at 77 elm st is barking")
    for _ in range(8):
        if is_read_back(reply):
            break
        reply = texter.send(answer_for(reply))
    assert "reply with your name" in reply.text, reply  # a YES to it sends the report without a name
    sid = "SM" + "d" * 32
    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(
            lambda name: texter.send("yes", sid=sid, via=cluster.replica_url(name)), ("rasa1", "rasa2")
        )
    assert first.texts == second.texts and len(first.texts) == 1, (first, second)
    filed = cluster.complaints_from(texter.phone)
    assert len(filed) == 1 and filed[0].reference in first.text
    assert cluster.user_texts(texter.phone).count("yes") == 1, "the assistant heard the delivery twice"


def test_killing_a_replica_mid_conversation_the_other_answers_and_the_conversation_continues(
    two_replicas,
) -> None:
    cluster = two_replicas
    texter = Texter(cluster.base_url)
    replies = [texter.send("the dog at 9 birch st is barking")]
    replies.append(texter.send(answer_for(replies[-1])))
    asked = replies[-1].text
    cluster.hold("rasa1")
    try:
        cluster.kill("rasa1", signal.SIGKILL)
        time.sleep(0.5)
        following = [texter.send(answer_for(replies[-1]))]
        assert following[0].served_by == "rasa2" and not following[0].is_error, following[0]
        assert following[0].text != asked, "the conversation went back instead of on"
        for _ in range(8):
            if is_read_back(following[-1]):
                break
            following.append(texter.send(answer_for(following[-1])))
        done = texter.send("yes")  # to the read-back that asks for the name: sent without one
        assert REFERENCE.search(done.text), done
        assert {r.served_by for r in following} == {"rasa2"}
    finally:
        cluster.release("rasa1")
    detail = cluster.cases().get_complaint(REFERENCE.search(done.text).group(0))
    assert detail.location_text == "9 birch st" and detail.details["barking_frequency"] == "every night"
