"""Answers at the bite form's combined questions, from the last closing note.

- "i don't know" / "no sé" to "Whose is it (a name or an address), and is it vaccinated against rabies, if you
  know?" answers both parts: the owner and the vaccination are unknown, and neither is asked again.
- "two are dead" to the injury question: a death is an injury (yes), never "Please answer yes, no, or don't
  know" again and again.
"""

from __future__ import annotations

import pytest

from actions.report_forms import ValidateBiteForm
from tests.actions.conftest import entity, make_tracker

BITE_SO_FAR = {"report_type": "bite", "victim": "animal", "injury": "yes", "location": "400 oak st",
               "bite_when": "about an hour ago", "animal": "dog", "animal_description": "big black dog"}  # fmt: skip
BEFORE_INJURY = {"report_type": "bite", "victim": "animal"}
BEFORE_VICTIM = {"report_type": "bite"}


def _slots(events: list[dict]) -> dict:
    return {e["name"]: e["value"] for e in events if e.get("event") == "slot"}


async def _answer(text: str, requested: str, slots: dict, dispatcher, domain, language: str = "en") -> dict:
    tracker = make_tracker(
        text,
        set_this_turn={requested: text},
        slots={**slots, "requested_slot": requested, "language": language},
        active_loop="bite_form",
    )
    return _slots(await ValidateBiteForm().run(dispatcher, tracker, domain))


@pytest.mark.parametrize(
    ("text", "language"),
    [("i don't know", "en"), ("I dont know", "en"), ("no idea", "en"), ("no se", "es"), ("no sé", "es"),
     ("ni idea", "es")],
)  # fmt: skip
async def test_one_dont_know_answers_whose_and_vaccinated(text, language, dispatcher, domain):
    asked = {k: v for k, v in BITE_SO_FAR.items()}
    slots = await _answer(text, "owner_known", asked, dispatcher, domain, language)
    assert (slots.get("owner_known"), slots.get("vaccinated")) == ("unknown", "unknown")
    assert slots.get("requested_slot") != "vaccinated"
    assert dispatcher.messages == []


@pytest.mark.parametrize("text", ["not sure", "Not sure", "dunno", "no idea", "no se"])
async def test_dont_know_to_whose_asked_alone_is_no_owners_name(text, dispatcher, domain):
    """The simulator's "not sure" to "Whose animal is it, if you know ...?" asked on its own was filed as the
    owner "Not Sure": a name is taken there, and "not sure" reads like one."""
    alone = [{"event": "bot", "text": "Whose animal is it?", "metadata": {"asks": ["owner_known"]}}]
    tracker = make_tracker(
        text,
        set_this_turn={"owner_known": text},
        slots={**BITE_SO_FAR, "requested_slot": "owner_known"},
        active_loop="bite_form",
        earlier_events=alone,
    )
    slots = _slots(await ValidateBiteForm().run(dispatcher, tracker, domain))
    assert slots["owner_known"] == "unknown"


async def test_dont_know_to_the_three_part_question_answers_every_part(dispatcher, domain):
    asked = {k: v for k, v in BITE_SO_FAR.items() if k != "animal_description"}
    slots = await _answer("i don't know", "animal_description", asked, dispatcher, domain)
    assert (slots["animal_description"], slots["owner_known"], slots["vaccinated"]) == (
        "not known",
        "unknown",
        "unknown",
    )


async def test_an_owner_named_with_dont_know_leaves_the_vaccination_to_be_asked(dispatcher, domain):
    slots = await _answer("the Hendersons at 511 Chestnut", "owner_known", BITE_SO_FAR, dispatcher, domain)
    assert slots["owner_known"] and slots["owner_known"] != "unknown"
    assert slots.get("vaccinated") is None


async def test_a_long_answer_that_only_mentions_not_knowing_is_not_read_as_both(dispatcher, domain):
    text = "i don't know their name but they live in the blue house by the school on 5th"
    slots = await _answer(text, "owner_known", BITE_SO_FAR, dispatcher, domain)
    assert slots.get("vaccinated") is None


@pytest.mark.parametrize(
    "text",
    ["two are dead", "yes they were bleeding, two are dead", "it killed two of them", "one died",
     "dos están muertos", "se murieron dos", "mató a una gallina"],
)  # fmt: skip
async def test_a_death_is_an_injury(text, dispatcher, domain):
    slots = await _answer(text, "injury", BEFORE_INJURY, dispatcher, domain)
    assert slots["injury"] == "yes"
    assert [m.get("response") for m in dispatcher.messages] == []


async def test_a_death_told_with_the_victim_answers_the_injury_too(dispatcher, domain):
    slots = await _answer("my chickens, two are dead", "victim", BEFORE_VICTIM, dispatcher, domain)
    assert (slots["victim"], slots["injury"]) == ("animal", "yes")
    assert [m.get("response") for m in dispatcher.messages] == []


@pytest.mark.parametrize("text", ["nobody died", "no one is dead", "none of them died", "no murió ninguno"])
async def test_no_death_is_not_an_injury(text, dispatcher, domain):
    slots = await _answer(text, "injury", BEFORE_INJURY, dispatcher, domain)
    assert slots["injury"] != "yes"


async def _who_was_bitten(text: str, place: str, dispatcher, domain) -> dict:
    """`text` answers "Who was bitten, and did it break the skin?"; the NLU found `place` in it."""
    asked = [{"event": "bot", "text": "Who was bitten?", "metadata": {"asks": ["victim", "injury"]}}]
    tracker = make_tracker(
        text,
        entities=[entity("location", place, text)],
        set_this_turn={"victim": text},
        slots={**BEFORE_VICTIM, "requested_slot": "victim"},
        active_loop="bite_form",
        earlier_events=asked,
    )
    return _slots(await ValidateBiteForm().run(dispatcher, tracker, domain))


async def test_a_place_said_in_answer_to_who_was_bitten_is_kept_and_not_asked_again(dispatcher, domain):
    """The simulator's resident who answers "Who was bitten, and did it break the skin?" with the place too:
    the place was dropped (only the slot asked for took a place) and asked for again."""
    text = "my son, yes it broke the skin, it was in front of 412 oak st"
    slots = await _who_was_bitten(text, "412 oak st", dispatcher, domain)
    assert (slots["victim"], slots["injury"], slots["location"]) == ("person", "yes", "412 oak st")
    assert slots.get("requested_slot") != "location"


async def test_a_place_too_vague_to_find_said_on_the_way_is_not_taken(dispatcher, domain):
    slots = await _who_was_bitten(
        "my son, it was just down the street", "down the street", dispatcher, domain
    )
    assert slots["victim"] == "person"
    assert slots.get("location") is None
