"""Whole conversations of the newer report types through a running Rasa server and action server, ending in
filed complaints or a referral. The trained model may not yet know these intents' words (their training data
is written apart), so each report opens with Rasa's explicit intent syntax; every later message is read by
the model and the forms as any resident's would be."""

from __future__ import annotations

import pytest

from tests.e2e.test_rest_conversations import Resident, _reference


@pytest.fixture(scope="module")
def assistant(live_servers):
    from bot.cases.db import make_engine, make_session_factory
    from bot.cases.service import CaseService

    servers = live_servers.fresh()
    engine = make_engine(servers.database_url)
    yield f"{servers.base_url}/webhooks/rest/webhook", CaseService(make_session_factory(engine))
    engine.dispose()


def test_a_dog_in_a_hot_car_is_told_call_911_first_and_filed_urgent(assistant):
    url, service = assistant
    resident = Resident(url)
    replies = resident.says('/report_neglect{"animal": "dog", "location": "500 main st"}')
    assert replies[-1] == "Is the animal in danger right now (in a hot car, no water in the heat, hurt)?"
    replies = resident.says("yes it's in a hot car")
    assert replies[0].startswith(
        "If an animal is in danger right now (a hot car, no water in the heat), call 911"
    )
    assert replies[-1].startswith("What is wrong (no food or water")
    replies = resident.says("windows up, no water, it's panting")
    # no question for the name: the read-back asks for it, and the name sent to it sends the report
    assert replies[-1].startswith("Neglect or cruelty: dog at 500 main st")
    assert "To send it, reply with your name" in replies[-1] and "Reply YES" not in replies[-1]
    replies = resident.says("Jane Doe")
    assert replies[-1].startswith("Sent as urgent.")
    detail = service.get_complaint(_reference(replies))
    assert (detail.type, detail.urgent, detail.animal_species) == ("neglect", True, "dog")
    assert detail.complainant_name == "Jane Doe"
    assert dict(detail.details) == {"what_happened": "windows up, no water, it's panting", "in_danger": "yes"}


def test_a_threat_that_is_over_asks_what_it_did_and_whether_it_was_loose(assistant):
    url, service = assistant
    resident = Resident(url)
    replies = resident.says('/report_threat{"animal": "dog", "location": "corner of 3rd and elm"}')
    assert replies[-1] == "Is it still there, threatening anyone right now?"
    replies = resident.says("no")
    assert replies == [
        "What did it do (chased, charged, lunged, growled), and was it loose, off its owner's property with "
        "no leash?"
    ]
    replies = resident.says("it charged at my kids, and yes it was loose")
    assert replies[-1].startswith("Do you know whose animal it is?")
    replies = resident.says("no idea")
    assert "To send it, reply with your name" in replies[-1] and "or SKIP" in replies[-1]  # the read-back
    replies = resident.says("skip")
    assert replies[-1].startswith("Sent.")  # sent at once, without a name
    detail = service.get_complaint(_reference(replies))
    assert (detail.type, detail.urgent, detail.subject_id) == ("threat", False, None)
    assert detail.anonymous is True and detail.complainant_name is None
    assert detail.details["loose"] == "yes" and detail.details["in_danger"] == "no"


def test_a_dead_animal_is_referred_and_nothing_is_filed(assistant):
    url, service = assistant
    before = service.count_complaints()
    replies = Resident(url).says("/report_dead_animal")
    assert len(replies) == 1 and replies[0].startswith("This line takes complaints about living animals.")
    assert "Kellogg City Hall" in replies[0]
    assert service.count_complaints() == before
