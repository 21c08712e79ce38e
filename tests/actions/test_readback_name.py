"""The resident's name is asked by the read-back, not by a question of its own: a name sent to the read-back
sends the report (one text fewer), SKIP sends it without one, and words that are not a name (a yes, a time, a
place, "Looks good") are never filed as one."""

from __future__ import annotations

import pytest

from actions.confirmation import ActionAskReportConfirmed, ValidateConfirmForm
from actions.report_forms import ValidateBarkingForm
from tests.actions.conftest import entity, make_tracker

BARKING = {"report_type": "barking", "location": "412 oak st", "animal": "dog",
           "barking_since": "since 10pm"}  # fmt: skip


def _at_readback(text: str, slots: dict | None = None, intent: str = "inform", **kwargs):
    return make_tracker(
        text,
        intent=intent,
        set_this_turn={"report_confirmed": text},
        slots=slots or BARKING,
        active_loop="confirm_form",
        **kwargs,
    )


def _events(events: list[dict]) -> dict[str, object]:
    return {e["name"]: e["value"] for e in events if e.get("event") == "slot"}


async def _answer(dispatcher, domain, text: str, **kwargs) -> dict[str, object]:
    return _events(await ValidateConfirmForm().run(dispatcher, _at_readback(text, **kwargs), domain))


async def test_the_form_ends_without_asking_the_name(dispatcher, domain):
    tracker = make_tracker("since 10pm", slots={**BARKING, "requested_slot": "barking_since"},
                           set_this_turn={"barking_since": "since 10pm"}, active_loop="barking_form")  # fmt: skip
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert _events(events).get("requested_slot") is None
    assert await ValidateBarkingForm().required_slots([], dispatcher, tracker, domain) == [
        "location",
        "animal",
        "barking_since",
    ]


async def test_the_readback_asks_for_the_name(dispatcher, domain):
    tracker = make_tracker("since 10pm", slots=BARKING, active_loop="confirm_form")
    await ActionAskReportConfirmed().run(dispatcher, tracker, domain)
    assert [m["text"] for m in dispatcher.messages] == [
        "Barking: dog at 412 oak st; since: since 10pm. To send it, reply with your name (kept private), or SKIP "
        "to send it without one. Or tell me what to change."
    ]


@pytest.mark.parametrize(
    ("text", "name"),
    [("carol jensen", "Carol Jensen"), ("Mike", "Mike"), ("it's Ana Lopez", "Ana Lopez"),
     ("my name is Jane Doe", "Jane Doe"), ("yes, Jane Doe", "Jane Doe"), ("uh tom berg", "Tom Berg"),
     ("Hunter Fox", "Hunter Fox"), ("Sky North", "Sky North"), ("me llamo Ana", "Ana"),
     ("sí, María López", "María López"), ("si, and Jane Doe", "Jane Doe"), ("José Luis Pérez", "José Luis Pérez")],
)  # fmt: skip
async def test_a_name_sent_to_the_readback_is_filed_and_sends_it(dispatcher, domain, text, name):
    found = [entity("animal", "Fox", text)] if "Fox" in text else []  # a word of the name
    slots_set = await _answer(dispatcher, domain, text, entities=found)
    assert slots_set["complainant_name"] == name and slots_set["report_confirmed"] == "yes"
    assert "animal" not in slots_set


@pytest.mark.parametrize(
    ("text", "intent"),
    [("yes", "affirm"), ("Looks good", "affirm"), ("Go ahead", "affirm"), ("sounds good thanks", "affirm"),
     ("Perfecto", "affirm"), ("sure thing", "affirm"), ("it's fine", "affirm"), ("I'm good", "affirm")],
)  # fmt: skip
async def test_an_approval_sends_it_without_a_name_and_is_never_a_name(dispatcher, domain, text, intent):
    slots_set = await _answer(dispatcher, domain, text, intent=intent)
    assert slots_set["report_confirmed"] == "yes"
    assert slots_set.get("complainant_name") is None  # filed anonymous: actions/filing.py


@pytest.mark.parametrize("text", ["skip", "SKIP", "anonymous", "anonimo"])
async def test_skip_sends_it_without_a_name(dispatcher, domain, text):
    slots_set = await _answer(dispatcher, domain, text)
    assert slots_set == {"complainant_name": "anonymous", "report_confirmed": "yes"}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("since 10pm", []),
        ("412 oak st", [entity("location", "412 oak st", "412 oak st")]),
        ("german shepherd", [entity("animal", "german shepherd", "german shepherd")]),
        ("still there", []),
        ("friendly", []),
        ("not sure", []),
        ("I don't know", []),
        ("todas las noches", []),
    ],
)
async def test_a_time_a_place_an_animal_or_a_not_sure_is_not_a_name(dispatcher, domain, text, found):
    slots_set = await _answer(dispatcher, domain, text, entities=found)
    assert not slots_set.get("complainant_name")


@pytest.mark.parametrize(
    ("text", "found", "change"),
    [
        ("Jane Doe, it's 414 oak st", [entity("location", "414 oak st", "Jane Doe, it's 414 oak st")],
         ("location", "414 oak st")),
        ("Jane Doe; the address is 500 Elm St", [], ("location", "500 Elm St")),
    ],
)  # fmt: skip
async def test_a_name_with_a_change_takes_both_and_reads_it_back_again(
    dispatcher, domain, text, found, change
):
    slots_set = await _answer(dispatcher, domain, text, entities=found)
    assert slots_set["complainant_name"] == "Jane Doe"
    assert slots_set[change[0]] == change[1]
    assert slots_set["report_confirmed"] is None


@pytest.mark.parametrize("text", ["every night, since 10pm", "brown and white, every night", "Not sure, ok",
                                  "Over there, every night", "german shepherd, still there",
                                  "sorry, wrong address, it's the corner of 5th and ash",
                                  "perdon, me equivoque de direccion, es 5th y ash"])  # fmt: skip
async def test_words_before_a_comma_that_say_a_fact_are_not_a_name(dispatcher, domain, text):
    found = [entity("animal", "german shepherd", text)] if "shepherd" in text else []
    slots_set = await _answer(dispatcher, domain, text, entities=found)
    assert not slots_set.get("complainant_name")


async def test_a_name_already_given_is_read_back_and_yes_sends_it(dispatcher, domain):
    tracker = make_tracker(
        "yes", slots={**BARKING, "complainant_name": "Ruth Meyer"}, active_loop="confirm_form"
    )
    await ActionAskReportConfirmed().run(dispatcher, tracker, domain)
    assert dispatcher.messages[0]["text"].endswith(
        "name: Ruth Meyer. Reply YES to send it, or tell me what to change."
    )


async def test_a_name_then_a_no_takes_the_name_and_asks_what_to_change(dispatcher, domain):
    slots_set = await _answer(dispatcher, domain, "Jane Doe, no that's not right")
    assert slots_set == {"complainant_name": "Jane Doe", "report_confirmed": None, "change_requested": True}
    assert [m["response"] for m in dispatcher.messages] == ["utter_what_to_change"]


async def test_how_often_said_to_the_readback_is_added_and_read_back_again(dispatcher, domain):
    """The form asks how often only with the run; 'every night' sent to the read-back was dropped ("I couldn't
    tell what to change")."""
    slots_set = await _answer(dispatcher, domain, "every night")
    assert slots_set["barking_frequency"] == "every night" and slots_set["barking_time_of_day"] == "night"
    assert slots_set["report_confirmed"] is None and not slots_set.get("complainant_name")
    assert dispatcher.messages == []


async def test_how_often_already_read_back_is_no_change(dispatcher, domain):
    slots = {**BARKING, "barking_frequency": "every night", "barking_time_of_day": "night"}
    slots_set = await _answer(dispatcher, domain, "yes every night", slots=slots, intent="affirm")
    assert slots_set == {"report_confirmed": "yes"}
