"""The newer report types' forms (actions/type_forms.py), read-back and filing, with exact events and messages.

Kellogg 58-11 A "No person shall beat, treat cruelly, torment or otherwise abuse any animal"; 58-12 "No owner
shall fail to provide any animal with sufficient wholesome food and water, proper shelter and protection from
the weather"; Freeport 11 C 2 b "When unprovoked, chased or approached a person upon the streets, sidewalks,
or any public property in an apparent attitude of attack"; Kellogg 58-4 "No more than a total combination of
three domesticated animals over six months of age are allowed per household"; Freeport 6 A "The keeping of
five or more dogs or cats on the same premises ... shall constitute a 'kennel'".
"""

from __future__ import annotations

from rasa_sdk.events import SlotSet

from actions.asking import question_for
from actions.confirmation import ActionAskReportConfirmed
from actions.filing import ActionSubmitReport, build_report
from actions.type_forms import (
    ValidateDamageForm,
    ValidateNeglectForm,
    ValidateThreatForm,
    ValidateTooManyForm,
)
from bot.vocabulary import REPORT_TYPES
from tests.actions.conftest import entity, make_tracker


def _slots(events: list) -> dict:
    return {e["name"]: e["value"] for e in events}


def _next_question(report_type: str, filled: dict) -> str:
    """The slot the form asks next: the first of the vocabulary's required slots still empty."""
    return next((s for s in REPORT_TYPES[report_type].required_slots if filled.get(s) is None), None)


async def test_a_dog_in_a_hot_car_is_urgent_at_once_and_what_is_wrong_is_not_asked(dispatcher, domain):
    text = "there's a dog locked in a hot car at 500 main st"
    tracker = make_tracker(
        text,
        intent="report_neglect",
        entities=[entity("animal", "dog", text), entity("location", "500 main st", text)],
        set_this_turn={"animal": "dog", "location": "500 main st"},
    )
    events = await ValidateNeglectForm().run(dispatcher, tracker, domain)
    assert _slots(events) == {
        "report_type": "neglect",
        "what_happened": text,
        "in_danger": "yes",
        "animal": "dog",
        "location": "500 main st",
        "failed_tries": 0.0,
    }
    # "call 911 first" before any further question, and only once
    assert [m["response"] for m in dispatcher.messages] == ["utter_call_911_animal"]


async def test_neglect_not_in_danger_now_asks_no_911_and_asks_the_place_next(dispatcher, domain):
    text = "the dogs at 18 birch st are chained outside with no shelter"
    tracker = make_tracker(
        text,
        intent="report_neglect",
        entities=[entity("location", "18 birch st", text)],
        set_this_turn={"location": "18 birch st"},
    )
    events = await ValidateNeglectForm().run(dispatcher, tracker, domain)
    assert _slots(events)["what_happened"] == text
    assert "in_danger" not in _slots(events)
    assert _next_question("neglect", _slots(events)) == "in_danger"
    assert dispatcher.messages == []

    dispatcher.messages.clear()
    answer = make_tracker(
        "no", intent="deny", set_this_turn={"in_danger": "no"}, active_loop="neglect_form",
        slots={"report_type": "neglect", "location": "18 birch st", "what_happened": text,
               "requested_slot": "in_danger"},
    )  # fmt: skip
    events = await ValidateNeglectForm().run(dispatcher, answer, domain)
    assert SlotSet("in_danger", "no") in events
    assert _next_question("neglect", {**answer.slots, **_slots(events)}) == "animal"
    assert dispatcher.messages == []


async def test_a_threat_off_leash_is_loose_and_asks_only_what_is_missing(dispatcher, domain):
    text = "a pit bull off leash charged at me and my kid on 3rd and elm"
    tracker = make_tracker(
        text,
        intent="report_threat",
        entities=[entity("animal", "pit bull", text), entity("location", "3rd and elm", text)],
        set_this_turn={"animal": "pit bull", "location": "3rd and elm"},
    )
    events = await ValidateThreatForm().run(dispatcher, tracker, domain)
    slots = _slots(events)
    assert (slots["report_type"], slots["loose"], slots["animal"], slots["what_happened"]) == (
        "threat", "yes", "dog", text,
    )  # fmt: skip
    assert _next_question("threat", slots) == "in_danger"
    assert dispatcher.messages == []
    asked = make_tracker("", slots={**slots, "requested_slot": "in_danger"}, active_loop="threat_form")
    assert question_for("in_danger", asked)[0] == "Is it still there, threatening anyone right now?"


async def test_a_threat_through_a_fence_is_not_loose_and_still_going_on_is_urgent(dispatcher, domain):
    text = "the dog at 412 oak st lunged at me through the fence, it's still out there"
    tracker = make_tracker(
        text,
        intent="report_threat",
        entities=[entity("animal", "dog", text), entity("location", "412 oak st", text)],
        set_this_turn={"animal": "dog", "location": "412 oak st"},
    )
    events = await ValidateThreatForm().run(dispatcher, tracker, domain)
    assert (_slots(events)["loose"], _slots(events)["in_danger"]) == ("no", "yes")
    assert [m["response"] for m in dispatcher.messages] == ["utter_call_911"]


async def test_what_it_did_and_whether_it_was_loose_are_asked_together():
    tracker = make_tracker(
        "", slots={"report_type": "threat", "in_danger": "no", "location": "Oak Park", "animal": "dog"},
        active_loop="threat_form",
    )  # fmt: skip
    assert question_for("what_happened", tracker)[0] == (
        "What did it do (chased, charged, lunged, growled), and was it loose, off its owner's property with "
        "no leash?"
    )


async def test_a_yes_no_answer_that_is_neither_is_asked_again(dispatcher, domain):
    tracker = make_tracker(
        "purple", slots={"report_type": "threat", "requested_slot": "loose"}, set_this_turn={"loose": "purple"},
        active_loop="threat_form",
    )  # fmt: skip
    events = await ValidateThreatForm().run(dispatcher, tracker, domain)
    assert SlotSet("loose", None) in events
    assert dispatcher.messages == []  # asked again in other words (actions/asking.py), nothing before it


async def test_how_many_animals_is_read_from_the_first_message_or_asked_for_a_number(dispatcher, domain):
    text = "my neighbor at 22 pine st has like 12 dogs"
    tracker = make_tracker(
        text,
        intent="report_too_many",
        entities=[entity("animal", "dogs", text), entity("location", "22 pine st", text)],
        set_this_turn={"animal": "dogs", "location": "22 pine st"},
    )
    events = await ValidateTooManyForm().run(dispatcher, tracker, domain)
    assert _slots(events)["animal_count"] == "12"
    assert _next_question("too_many", _slots(events)) is None  # nothing left to ask: the read-back comes

    dispatcher.messages.clear()
    vague = make_tracker(
        "a whole bunch", slots={"report_type": "too_many", "requested_slot": "animal_count"},
        set_this_turn={"animal_count": "a whole bunch"}, active_loop="too_many_form",
    )  # fmt: skip
    events = await ValidateTooManyForm().run(dispatcher, vague, domain)
    assert SlotSet("animal_count", None) in events
    assert dispatcher.messages == []  # asked again in other words, with an example of a number

    dispatcher.messages.clear()
    unknown = make_tracker(
        "not sure", slots={"report_type": "too_many", "requested_slot": "animal_count"},
        set_this_turn={"animal_count": "not sure"}, active_loop="too_many_form",
    )  # fmt: skip
    events = await ValidateTooManyForm().run(dispatcher, unknown, domain)
    assert SlotSet("animal_count", "not known") in events


async def test_damage_names_the_owner_when_the_resident_does(dispatcher, domain):
    text = "the Hansens' dog from 9 maple st dug up my garden"
    tracker = make_tracker(
        text,
        intent="report_damage",
        entities=[entity("animal", "dog", text), entity("owner_location", "9 maple st", text)],
        set_this_turn={"animal": "dog"},
    )
    events = await ValidateDamageForm().run(dispatcher, tracker, domain)
    assert _slots(events)["what_happened"] == text
    assert _slots(events)["owner_known"] == "9 maple st"
    assert _next_question("damage", _slots(events)) == "location"


NEGLECT = {
    "report_type": "neglect",
    "in_danger": "yes",
    "location": "500 Main St",
    "animal": "dog",
    "what_happened": "locked in a hot car",
    "complainant_name": "Jane Doe",
}


async def test_the_read_back_names_the_type_and_its_answers(dispatcher, domain):
    tracker = make_tracker("jane doe", slots=NEGLECT, active_loop="confirm_form")
    await ActionAskReportConfirmed().run(dispatcher, tracker, domain)
    assert dispatcher.messages[0]["text"] == (
        "Neglect or cruelty: dog at 500 Main St; in danger now: yes; what is wrong: locked in a hot car; "
        "name: Jane Doe. Reply YES to send it, or tell me what to change."
    )


async def test_an_animal_in_danger_is_filed_urgent_with_its_details(dispatcher, domain, case_service):
    tracker = make_tracker("yes", intent="affirm", slots={**NEGLECT, "report_confirmed": "yes"})
    assert build_report(tracker).urgent is True
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    (message,) = dispatcher.messages
    assert message["response"] == "utter_filed_urgent"
    detail = case_service.get_complaint(message["reference"])
    assert (detail.type, detail.urgent) == ("neglect", True)
    assert dict(detail.details) == {"what_happened": "locked in a hot car", "in_danger": "yes"}


async def test_a_threat_that_is_over_is_filed_not_urgent_and_loose_is_kept(dispatcher, domain, case_service):
    slots = {
        "report_type": "threat", "in_danger": "no", "location": "3rd and Elm", "animal": "dog",
        "what_happened": "charged at me", "loose": "yes", "owner_known": "unknown",
        "complainant_name": "anonymous", "report_confirmed": "yes",
    }  # fmt: skip
    await ActionSubmitReport().run(dispatcher, make_tracker("yes", intent="affirm", slots=slots), domain)
    (message,) = dispatcher.messages
    assert message["response"] == "utter_filed"
    detail = case_service.get_complaint(message["reference"])
    assert (detail.type, detail.urgent, detail.subject_id) == ("threat", False, None)
    assert dict(detail.details) == {"what_happened": "charged at me", "loose": "yes", "in_danger": "no"}


async def test_spanish_a_dog_in_a_hot_car_is_urgent_and_a_loose_dog_is_loose(dispatcher, domain):
    text = "hay un perro encerrado en un carro caliente en 500 main st"
    tracker = make_tracker(
        text, intent="report_neglect", slots={"language": "es"},
        entities=[entity("animal", "perro", text), entity("location", "500 main st", text)],
        set_this_turn={"animal": "perro", "location": "500 main st"},
    )  # fmt: skip
    events = await ValidateNeglectForm().run(dispatcher, tracker, domain)
    assert (_slots(events)["in_danger"], _slots(events)["animal"]) == ("yes", "dog")
    assert [m["response"] for m in dispatcher.messages] == ["utter_call_911_animal"]

    dispatcher.messages.clear()
    text = "un perro suelto se le echó encima a mi hijo"
    tracker = make_tracker(text, intent="report_threat", slots={"language": "es"})
    events = await ValidateThreatForm().run(dispatcher, tracker, domain)
    assert (_slots(events)["loose"], _slots(events)["what_happened"]) == ("yes", text)
