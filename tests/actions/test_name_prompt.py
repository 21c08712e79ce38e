"""Issue 9 (brief item 2): an answer at the name prompt that is a time, a frequency, a yes/no, a place or an
animal is not a name. It is read for the facts it states, and the name is asked again; a real name is taken."""

from __future__ import annotations

import pytest

from actions.report_forms import ValidateBarkingForm, ValidateBiteForm
from tests.actions.conftest import entity, make_tracker

BARKING = {"report_type": "barking", "requested_slot": "complainant_name", "location": "412 oak st",
           "animal": "dog", "barking_since": "since 10pm"}  # fmt: skip


def _at_name_prompt(text: str, slots: dict | None = None, **kwargs):
    return make_tracker(
        text,
        set_this_turn={"complainant_name": text},
        slots=slots or BARKING,
        active_loop="barking_form",
        **kwargs,
    )


def _events(events: list[dict]) -> list[tuple[str, object]]:
    return [(e["name"], e["value"]) for e in events if e.get("event") == "slot"]


async def test_every_night_is_how_often_not_the_name(dispatcher, domain):
    events = await ValidateBarkingForm().run(dispatcher, _at_name_prompt("every night"), domain)
    assert _events(events) == [
        ("barking_frequency", "every night"),
        ("barking_time_of_day", "night"),
        ("complainant_name", None),  # asked again
    ]
    # the resident hears that the fact was taken before the name question comes again
    assert [m.get("response") for m in dispatcher.messages] == ["utter_noted_ask_name_again"]


@pytest.mark.parametrize(("text", "noted"), [("412 oak st", True), ("still there", True), ("yes", False)])
async def test_a_fact_at_the_name_prompt_is_acknowledged_and_a_bare_yes_is_not(
    dispatcher, domain, text, noted
):
    found = [entity("location", "412 oak st", "412 oak st")] if "oak" in text else []
    await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text, entities=found), domain)
    responses = [m.get("response") for m in dispatcher.messages]
    assert responses == (["utter_noted_ask_name_again"] if noted else [])


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("yes", []),
        ("412 oak st", [entity("location", "412 oak st", "412 oak st")]),
        ("german shepherd", [entity("animal", "german shepherd", "german shepherd")]),
        ("since 10pm", []),
        ("still there", []),
        ("it went north", []),
        ("friendly", []),
    ],
)
async def test_a_yes_a_place_an_animal_or_a_time_is_not_a_name(dispatcher, domain, text, found):
    events = await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text, entities=found), domain)
    assert ("complainant_name", None) in _events(events)
    assert not any(name == "complainant_name" and value for name, value in _events(events))


@pytest.mark.parametrize(
    ("text", "name"),
    [("carol jensen", "Carol Jensen"), ("Mike", "Mike"), ("it's Ana Lopez", "Ana Lopez"),
     ("Hunter Fox", "Hunter Fox"), ("June Carter", "June Carter"), ("Sky North", "Sky North")],
)  # fmt: skip
async def test_a_real_name_is_still_taken(dispatcher, domain, text, name):
    found = (
        [entity("animal", "Fox", text)] if "Fox" in text else []
    )  # a word of the name, not the whole answer
    events = await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text, entities=found), domain)
    assert _events(events) == [("complainant_name", name), ("failed_tries", 0.0)]


async def test_the_same_words_twice_at_the_name_prompt_are_taken_as_the_name(dispatcher, domain):
    """A loop guard: 'Buck' is read as an animal once; said again to the same question it is the name."""
    earlier = [
        {"event": "slot", "name": "requested_slot", "value": "complainant_name"},
        {"event": "user", "text": "Buck", "timestamp": 1795000000.0, "parse_data": {}},
        {"event": "slot", "name": "complainant_name", "value": None},
    ]
    tracker = _at_name_prompt("Buck", entities=[entity("animal", "Buck", "Buck")], earlier_events=earlier)
    assert _events(await ValidateBarkingForm().run(dispatcher, tracker, domain)) == [
        ("complainant_name", "Buck"),
        ("failed_tries", 0.0),
    ]
    first_time = _at_name_prompt("Buck", entities=[entity("animal", "Buck", "Buck")])
    assert ("complainant_name", None) in _events(
        await ValidateBarkingForm().run(dispatcher, first_time, domain)
    )


async def test_a_bite_time_at_the_name_prompt_is_the_bite_time(dispatcher, domain):
    slots = {"report_type": "bite", "requested_slot": "complainant_name", "victim": "person", "injury": "yes",
             "location": "400 oak st", "animal": "dog", "animal_description": "brown", "owner_known": "unknown",
             "vaccinated": "unknown"}  # fmt: skip
    tracker = make_tracker("about an hour ago", set_this_turn={"complainant_name": "about an hour ago"},
                           slots=slots, active_loop="bite_form")  # fmt: skip
    slots_set = dict(_events(await ValidateBiteForm().run(dispatcher, tracker, domain)))
    assert slots_set["complainant_name"] is None and slots_set["bite_when"] == "about an hour ago"


@pytest.mark.parametrize(
    ("text", "name"),
    [("me llamo Ana", "Ana"), ("soy Jose Luis", "Jose Luis"), ("José Luis Pérez", "José Luis Pérez")],
)
async def test_spanish_names_are_taken(dispatcher, domain, text, name):
    events = await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text), domain)
    assert _events(events) == [("complainant_name", name), ("failed_tries", 0.0)]


@pytest.mark.parametrize("text", ["todas las noches", "sí"])
async def test_spanish_times_and_yes_are_not_names(dispatcher, domain, text):
    slots = {**BARKING, "language": "es"}
    events = await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text, slots=slots), domain)
    assert ("complainant_name", None) in _events(events)


@pytest.mark.parametrize(
    ("text", "name", "fact"),
    [
        ("Jane Doe, it started around 10pm", "Jane Doe", ("barking_since", "it started around 10pm")),
        ("uh tom berg - every night", "Tom Berg", ("barking_frequency", "every night")),
        ("it's Ana Lopez; it goes on every night", "Ana Lopez", ("barking_frequency", "every night")),
    ],
)
async def test_a_name_that_opens_a_mixed_answer_is_taken_with_its_facts(dispatcher, domain, text, name, fact):
    slots = {key: value for key, value in BARKING.items() if key != "barking_since"}
    slots_set = dict(
        _events(await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text, slots), domain))
    )
    assert slots_set["complainant_name"] == name
    assert slots_set[fact[0]] is not None and fact[1].split()[-1] in str(slots_set[fact[0]])


@pytest.mark.parametrize(
    "text",
    ["every night, since 10pm", "brown and white, every night", "Not sure, every night",
     "Over there, every night", "german shepherd, every night"],
)  # fmt: skip
async def test_words_before_a_comma_that_say_a_fact_are_not_a_name(dispatcher, domain, text):
    found = [entity("animal", "german shepherd", text)] if "shepherd" in text else []
    tracker = _at_name_prompt(text, entities=found)
    assert ("complainant_name", None) in _events(await ValidateBarkingForm().run(dispatcher, tracker, domain))


@pytest.mark.parametrize("text", ["not sure", "I don't know", "Not sure, every night"])
async def test_not_sure_at_the_name_prompt_files_no_name(dispatcher, domain, text):
    """It was filed as the name "Not Known" (the not-known reading of the raw answer, read as a name)."""
    events = await ValidateBarkingForm().run(dispatcher, _at_name_prompt(text), domain)
    assert not any(name == "complainant_name" and value for name, value in _events(events))
