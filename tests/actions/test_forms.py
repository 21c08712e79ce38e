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


def _asked(slot: str, times: int) -> list[dict]:
    """`times` earlier questions for `slot`, as actions/asking.py marks them (the parts each asked)."""
    return [{"event": "bot", "text": f"question {n}", "metadata": {"asks": [slot]}} for n in range(times)]


async def test_vague_location_is_asked_again_and_second_miss_offers_a_person_once(dispatcher, domain):
    # the re-ask says what is wanted (actions/asking.py), so no "didn't understand" before it
    tracker = make_tracker("here", set_this_turn={"location": "here"}, slots={"report_type": "barking"},
                           earlier_events=_asked("location", 1))  # fmt: skip
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("location", None)]
    assert dispatcher.messages == []

    at_place = {"report_type": "barking", "requested_slot": "location"}
    tracker = make_tracker("my street", set_this_turn={"location": "my street"}, slots=at_place,
                           earlier_events=_asked("location", 2))  # fmt: skip
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("location", None)]
    assert [m["response"] for m in dispatcher.messages] == ["utter_offer_person"]
    offer = dispatcher.messages[0]
    assert offer["office_phone"] == "(507) 555-0100"
    assert offer["office_hours"] == "Mon-Thu 8:00-16:30, Fri 8:00-12:00"

    dispatcher.messages.clear()  # said once a conversation: not again
    said = [{"event": "bot", "text": "trouble", "metadata": {"utter_action": "utter_offer_person"}}]
    tracker = make_tracker("my street", set_this_turn={"location": "my street"}, slots=at_place,
                           earlier_events=said + _asked("location", 2))  # fmt: skip
    await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert dispatcher.messages == []


async def test_a_place_not_given_after_two_re_asks_is_filed_for_a_call_back(dispatcher, domain):
    tracker = make_tracker("somewhere", set_this_turn={"location": "somewhere"},
                           slots={"report_type": "barking", "requested_slot": "location"},
                           earlier_events=_asked("location", 3))  # fmt: skip
    events = await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert SlotSet("location", "not given (the clerk will call you back)") in events
    assert "call you back" in dispatcher.messages[0]["text"]


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
    assert events == [SlotSet("animal", None)]
    assert dispatcher.messages == []  # the re-ask names the animals it wants (bot.vocabulary ANIMAL.reask)


async def test_a_needed_detail_gets_two_re_asks_and_an_optional_one_one(dispatcher, domain):
    # optional details (what it looks like, whose it is, ...) are "not known" after one re-ask
    at_animal = {"report_type": "barking", "requested_slot": "animal"}
    twice = make_tracker("asdfgh", set_this_turn={"animal": "asdfgh"}, slots=at_animal,
                         earlier_events=_asked("animal", 2))  # fmt: skip
    assert SlotSet("animal", None) in await ValidateBarkingForm().run(dispatcher, twice, domain)
    thrice = make_tracker("asdfgh", set_this_turn={"animal": "asdfgh"}, slots=at_animal,
                          earlier_events=_asked("animal", 3))  # fmt: skip
    assert SlotSet("animal", "not known") in await ValidateBarkingForm().run(dispatcher, thrice, domain)
    look = make_tracker("hmm", set_this_turn={"animal_description": "hmm"},
                        slots={"report_type": "at_large", "requested_slot": "animal_description", "location": "x st",
                               "animal": "dog"}, earlier_events=_asked("animal_description", 2))  # fmt: skip
    assert SlotSet("animal_description", "not known") in await ValidateAtLargeForm().run(
        dispatcher, look, domain
    )


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
        slots={"report_type": "bite", "requested_slot": "vaccinated"},
        active_loop="bite_form",
    )
    events = await ValidateBiteForm().run(dispatcher, tracker, domain)
    assert SlotSet("vaccinated", None) in events
    assert dispatcher.messages == []  # asked again in other words (actions/asking.py), nothing before it


async def test_dont_know_is_a_valid_answer(dispatcher, domain):
    tracker = make_tracker(
        "no idea",
        set_this_turn={"vaccinated": "no idea"},
        slots={"report_type": "bite", "requested_slot": "vaccinated"},
        active_loop="bite_form",
    )
    events = await ValidateBiteForm().run(dispatcher, tracker, domain)
    assert SlotSet("vaccinated", "unknown") in events
    assert dispatcher.messages == []


async def test_two_thousand_characters_are_cut_to_a_clerk_sized_answer(dispatcher, domain):
    long = "it ran " * 300
    tracker = make_tracker(
        long,
        set_this_turn={"direction": long},
        slots={"report_type": "at_large", "still_there": "no", "requested_slot": "direction"},
        earlier_events=_asked("direction", 1),
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    (went,) = [e["value"] for e in events if e["name"] == "direction"]
    assert len(went) <= 300 and went.startswith("it ran")


async def test_emoji_only_answer_is_asked_again(dispatcher, domain):
    tracker = make_tracker(
        "🐶🐶",
        set_this_turn={"direction": "🐶🐶"},
        slots={"report_type": "at_large", "still_there": "no", "requested_slot": "direction"},
    )
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    assert SlotSet("direction", None) in events
    assert dispatcher.messages == []


def test_a_question_is_never_asked_in_the_same_words_twice_in_a_row() -> None:
    from actions.asking import question_for
    from bot.vocabulary import REPORT_TYPES

    place = REPORT_TYPES["barking"].detail("location")
    first = {"event": "bot", "text": "Where is this?", "metadata": {"asks": ["location"]}}
    again = {"event": "bot", "text": place.reasks("en"), "metadata": {"asks": ["location"]}}
    offer = {"event": "bot", "text": "I'm having trouble understanding.", "metadata": {"utter_action": "x"}}
    slots = {"report_type": "barking"}
    assert question_for("location", make_tracker(slots=slots, earlier_events=[first]))[0] == place.reasks(
        "en"
    )
    # the third time (after an offer of a person in between), the first wording comes back, not the re-ask's
    third, _ = question_for("location", make_tracker(slots=slots, earlier_events=[first, again, offer]))
    assert third != place.reasks("en") and third.startswith("Where is this?")


async def test_a_look_read_whole_and_around_the_animal_is_filed_once(dispatcher, domain):
    """It was filed "brown lab, with a red collar, brown lab with a red collar": read around the animal and as
    a part that only describes."""
    text = "brown lab with a red collar, and still here, and not aggressive"
    asked = ["animal_description", "still_there", "direction", "aggressive"]
    tracker = make_tracker(
        text,
        entities=[entity("animal", "lab", text)],
        slots={"report_type": "at_large", "location": "509 Chestnut", "animal": "dog",
               "requested_slot": "animal_description"},
        set_this_turn={"animal_description": text},
        active_loop="at_large_form",
        earlier_events=[{"event": "bot", "text": "What does it look like ...?", "metadata": {"asks": asked}}],
    )  # fmt: skip
    events = await ValidateAtLargeForm().run(dispatcher, tracker, domain)
    assert SlotSet("animal_description", "brown lab with a red collar") in events
