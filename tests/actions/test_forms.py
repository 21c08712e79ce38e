"""Report form validation: exact events and messages for what residents send."""

from __future__ import annotations

from rasa_sdk.events import SlotSet

from actions.report_forms import ValidateAtLargeForm, ValidateBarkingForm, ValidateBiteForm
from tests.actions.conftest import entity, make_tracker

FIRST = "dog at 412 oak st barking since 10pm"


async def test_first_message_fills_animal_and_location_so_neither_is_asked_again(dispatcher, domain):
    tracker = make_tracker(
        FIRST,
        intent="report_barking",
        entities=[entity("animal", "dog", FIRST), entity("location", "412 oak st", FIRST)],
        set_this_turn={"animal": "dog", "location": "412 oak st"},
    )
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    # the message time is 05:06 in Kellogg (USER_TIMESTAMP): since 10pm is 426 minutes (58-5 C)
    assert {e["name"]: e["value"] for e in events} == {
        "report_type": "barking",
        "barking_minutes": 426,
        "animal": "dog",
        "location": "412 oak st",
        "failed_tries": 0.0,
        "barking_since": "since 10pm",
        "occurred": "2026-11-17T22:00:00-06:00",
    }
    assert dispatcher.messages == []


async def test_breed_is_normalised_to_species(dispatcher, domain):
    text = "its a pit bull"
    tracker = make_tracker(
        text,
        set_this_turn={"animal": "its a pit bull"},
        slots={"report_type": "at_large"},
        active_loop="at_large_form",
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    assert SlotSet("animal", "dog") in events


async def test_vague_location_is_asked_again_and_second_miss_offers_a_person(dispatcher, domain):
    tracker = make_tracker("here", set_this_turn={"location": "here"}, slots={"report_type": "barking"})
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("location", None), SlotSet("failed_tries", 1.0)]
    assert [m["response"] for m in dispatcher.messages] == ["utter_location_unclear"]

    dispatcher.messages.clear()
    tracker = make_tracker(
        "my street",
        set_this_turn={"location": "my street"},
        slots={"report_type": "barking", "failed_tries": 1.0},
    )
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("location", None), SlotSet("failed_tries", 0.0)]
    # the offer takes the place of "didn't understand": the reply fits two SMS segments (test_sms_replies.py)
    assert [m["response"] for m in dispatcher.messages] == ["utter_offer_person"]
    offer = dispatcher.messages[0]
    assert offer["office_phone"] == "(507) 555-0100"
    assert offer["office_hours"] == "Mon-Thu 8:00-16:30, Fri 8:00-12:00"


async def test_location_wording_is_cleaned_but_kept(dispatcher, domain):
    tracker = make_tracker(
        "its at the corner of 3rd and elm.",
        set_this_turn={"location": "its at the corner of 3rd and elm."},
        slots={"report_type": "barking"},
    )
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert SlotSet("location", "the corner of 3rd and elm") in events


async def test_nonsense_animal_is_asked_again(dispatcher, domain):
    tracker = make_tracker("asdfgh", set_this_turn={"animal": "asdfgh"}, slots={"report_type": "barking"})
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("animal", None), SlotSet("failed_tries", 1.0)]
    assert dispatcher.messages[0]["response"] == "utter_animal_unclear"


async def test_declined_name_is_filed_anonymous_with_a_warning(dispatcher, domain):
    tracker = make_tracker(
        "i'd rather not say",
        intent="deny",
        set_this_turn={"complainant_name": "i'd rather not say"},
        slots={"report_type": "barking"},
    )
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("complainant_name", "anonymous"), SlotSet("failed_tries", 0.0)]
    assert [m["response"] for m in dispatcher.messages] == ["utter_anonymous_ok"]


async def test_name_is_taken_from_my_name_is(dispatcher, domain):
    tracker = make_tracker(
        "my name is jane doe",
        set_this_turn={"complainant_name": "my name is jane doe"},
        slots={"report_type": "barking"},
    )
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert SlotSet("complainant_name", "Jane Doe") in events


async def test_still_there_skips_which_way_it_went(dispatcher, domain):
    tracker = make_tracker(
        "yes still in the yard",
        intent="affirm",
        set_this_turn={"still_there": "yes still in the yard"},
        slots={
            "report_type": "at_large",
            "location": "412 Oak St",
            "animal": "dog",
            "animal_description": "brown",
        },
        active_loop="at_large_form",
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    assert events == [
        SlotSet("still_there", "yes"),
        SlotSet("failed_tries", 0.0),
        SlotSet("requested_slot", "aggressive"),
    ]


async def test_aggressive_animal_at_large_repeats_911_advice(dispatcher, domain):
    tracker = make_tracker(
        "yes its growling at kids",
        intent="affirm",
        set_this_turn={"aggressive": "yes its growling at kids"},
        slots={"report_type": "at_large"},
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    assert SlotSet("aggressive", "yes") in events
    assert [m["response"] for m in dispatcher.messages] == ["utter_call_911"]


async def test_bite_report_reads_victim_and_injury_from_the_first_message(dispatcher, domain):
    text = "a pit bull bit my son and he is bleeding"
    tracker = make_tracker(
        text,
        intent="report_bite",
        entities=[entity("animal", "pit bull", text)],
        set_this_turn={"animal": "dog"},
    )
    events = await ValidateBiteForm().run(dispatcher, tracker, domain)
    assert events == [
        SlotSet("report_type", "bite"),
        SlotSet("animal", "dog"),
        SlotSet("victim", "person"),
        SlotSet("injury", "yes"),
        SlotSet("failed_tries", 0.0),
    ]


async def test_bite_with_two_animals_keeps_the_one_that_bit(dispatcher, domain):
    text = "my cat was bitten by a husky"
    tracker = make_tracker(
        text,
        intent="report_bite",
        entities=[entity("animal", "cat", text), entity("animal", "husky", text)],
        set_this_turn={"animal": "dog"},
    )
    events = await ValidateBiteForm().run(dispatcher, tracker, domain)
    assert SlotSet("animal", "dog") in events
    assert SlotSet("victim", "animal") in events


async def test_unclear_yes_no_is_asked_again(dispatcher, domain):
    tracker = make_tracker(
        "purple",
        set_this_turn={"vaccinated": "purple"},
        slots={"report_type": "bite"},
        active_loop="bite_form",
    )
    events = await ValidateBiteForm().run(dispatcher, tracker, domain)
    assert SlotSet("vaccinated", None) in events
    assert dispatcher.messages[0]["response"] == "utter_yes_no_unclear"


async def test_dont_know_is_a_valid_answer(dispatcher, domain):
    tracker = make_tracker(
        "no idea",
        set_this_turn={"vaccinated": "no idea"},
        slots={"report_type": "bite"},
        active_loop="bite_form",
    )
    events = await ValidateBiteForm().run(dispatcher, tracker, domain)
    assert SlotSet("vaccinated", "unknown") in events
    assert dispatcher.messages == []


async def test_two_thousand_characters_are_cut_to_a_clerk_sized_answer(dispatcher, domain):
    long = "it runs " * 250
    tracker = make_tracker(
        long, set_this_turn={"direction": long}, slots={"report_type": "at_large", "still_there": "no"}
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    (went,) = [e["value"] for e in events if e["name"] == "direction"]
    assert len(went) == 300 and went.startswith("it runs")


async def test_emoji_only_answer_is_asked_again(dispatcher, domain):
    tracker = make_tracker(
        "🐶🐶", set_this_turn={"direction": "🐶🐶"}, slots={"report_type": "at_large", "still_there": "no"}
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    assert SlotSet("direction", None) in events
    assert dispatcher.messages[0]["response"] == "utter_answer_unclear"
