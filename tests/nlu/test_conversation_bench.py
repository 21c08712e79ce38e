"""The conversation bench's resident simulator: at least 60 residents, every report type,
both cities, SMS and voice, both languages; each answer style answers as it says; the checker of filed facts
catches a fact the resident's words do not say."""

from __future__ import annotations

import json

import pytest

from bench.bench_line import Result
from bench.blind_conversations import BLIND
from bench.filed_facts import check
from bench.resident_scripts import RESIDENTS
from bench.residents import STYLES, Resident, asked_topics
from tests.support.scripts import load_script

LOOK_STILL_AGGRESSIVE = (
    "What does it look like (colour, size, breed, collar), is it still there, or which way did it go, and is it "
    "acting aggressive (growling, charging, chasing) or friendly?"
)


def _loose_dog(**facts: str) -> Resident:
    return Resident(
        "at_large", "kellogg", "sms", "en", "both", "a loose dog on 3rd and elm",
        {"description": "brown lab", "still_there": "still here", "aggressive": "not aggressive",
         "name": "Jane Doe", **facts},
        {"animal": "dog", "place": "elm", "still_there": "yes", "aggressive": "no"},
        "the corner of 5th and ash", "ash",
    )  # fmt: skip


def test_residents_cover_every_report_type_city_channel_and_language() -> None:
    assert len(RESIDENTS) >= 60
    combos = {(r.kind, r.city, r.channel, r.language) for r in RESIDENTS}
    for kind in ("barking", "at_large", "bite"):
        for channel in ("sms", "voice"):
            for language in ("en", "es"):
                assert any(c[0] == kind and c[2] == channel and c[3] == language for c in combos)
    assert {r.city for r in RESIDENTS} == {"kellogg", "freeport"}
    assert len({r.first.lower() for r in RESIDENTS}) == len(RESIDENTS)


def test_the_blind_set_has_forty_conversations_in_every_style() -> None:
    assert len(BLIND) == 40
    assert {style for _, style in BLIND} == set(STYLES)
    assert not {r.first for r, _ in BLIND} & {r.first for r in RESIDENTS}


def test_the_topics_of_a_combined_question() -> None:
    assert asked_topics(LOOK_STILL_AGGRESSIVE) == ["description", "still_there", "direction", "aggressive"]
    assert asked_topics("¿Sigue ahí o para dónde se fue?") == ["still_there", "direction"]


def test_full_answers_every_part_and_one_part_answers_one_in_turn() -> None:
    assert _loose_dog().styled("full").answer(LOOK_STILL_AGGRESSIVE) == (
        "brown lab, and still here, and not aggressive"
    )
    one = _loose_dog().styled("one_part")
    assert [one.answer(LOOK_STILL_AGGRESSIVE) for _ in range(3)] == [
        "not aggressive",
        "still here",
        "brown lab",
    ]


def test_yes_no_dont_know_aside_correction_and_mixed_styles() -> None:
    assert _loose_dog().styled("yes_no").answer(LOOK_STILL_AGGRESSIVE) == "yes"
    assert _loose_dog().styled("dont_know").answer(LOOK_STILL_AGGRESSIVE) in ("I don't know", "not sure")
    aside = _loose_dog().styled("aside")
    assert aside.answer(LOOK_STILL_AGGRESSIVE) == "will they get a ticket for this?"
    assert aside.answer(LOOK_STILL_AGGRESSIVE).startswith("ugh")
    corrects = _loose_dog().styled("correction")
    assert "5th and ash" in corrects.answer(LOOK_STILL_AGGRESSIVE)
    assert corrects.expected_place_word == "ash"
    assert _loose_dog().styled("mixed").answer(LOOK_STILL_AGGRESSIVE) == "brown lab, and si, and no"
    for style in STYLES:
        assert _loose_dog().styled(style).answer("Reply YES to send it, or tell me what to change.") in (
            "yes",
            "si",
        )
    readback = ("Barking: dog at 412 oak st. To send it, reply with your name (kept private), or SKIP to send it "
                "without one. Or tell me what to change.")  # fmt: skip
    for style in STYLES:  # the read-back that asks for the name: its answer sends the report
        resident = _loose_dog().styled(style)
        resident.answer(LOOK_STILL_AGGRESSIVE)  # the aside and the correction come first
        assert resident.answer(readback) == "Jane Doe"


def _row(**columns: object) -> dict[str, object]:
    row = {"type": "at_large", "location_text": "3rd and Elm", "animal_species": "dog", "animal_description": None,
           "details": json.dumps({}), "owner_named": None, "anonymous": 0, "name": "Jane Doe", "victim": None,
           "skin_broken_or_medical": None, "animal_vaccinated": None, "owner_known": None}  # fmt: skip
    return {**row, **columns}


@pytest.mark.parametrize(
    ("columns", "wrong"),
    [
        ({}, []),
        ({"animal_description": "I think so"}, ["description 'I think so'"]),
        ({"owner_named": "it has tags"}, ["owner 'it has tags'"]),
        ({"details": json.dumps({"still_there": "no"})}, ["still there 'no' (said yes)"]),
        ({"name": "Uh Jane Doe"}, ["name 'Uh Jane Doe'"]),
        ({"animal_description": "not known", "details": json.dumps({"aggressive": "unknown"})}, []),
    ],
)
def test_a_fact_the_resident_did_not_say_is_wrong(columns: dict[str, object], wrong: list[str]) -> None:
    assert check(_loose_dog().styled("full"), _row(**columns))[0] == wrong


@pytest.mark.parametrize("language", ["en", "es"])
def test_how_often_filed_from_the_aside_clause_is_what_it_says_in_either_language(language: str) -> None:
    """The aside resident opens with "this happens all the time" ("siempre es lo mismo"): the complaint,
    filed in English, saying "all the time" is right; "twice a week" is said by nothing."""
    barker = Resident("barking", "kellogg", "sms", language, "both", "dog barking at 412 oak st",
                      {"name": "skip"}, {"animal": "dog", "place": "oak"})  # fmt: skip
    row = _row(type="barking", location_text="412 Oak St", anonymous=1, name=None)
    said = check(
        barker.styled("aside"), {**row, "details": json.dumps({"barking_frequency": "all the time"})}
    )
    not_said = check(
        barker.styled("aside"), {**row, "details": json.dumps({"barking_frequency": "twice a week"})}
    )
    assert said[0] == []
    assert not_said[0] == ["how often 'twice a week'"]


def test_the_wrong_victim_of_a_bite_is_counted() -> None:
    walker = Resident("bite", "freeport", "sms", "en", "both", "the shepherd bit my dog at 5th and ash",
                      {"victim": "my dog", "name": "skip"}, {"animal": "dog", "place": "ash", "victim": "animal"})  # fmt: skip
    wrong, right = check(walker.styled("full"), _row(type="bite", location_text="5th and Ash", victim="person",
                                                     anonymous=1, name=None))  # fmt: skip
    assert right is False and wrong == ["victim person (said animal)"]


def test_a_dead_end_is_neither_a_reference_nor_a_transfer() -> None:
    styled = _loose_dog().styled("full")
    assert not Result(styled, "+15075552000", 14, False, False, []).reached
    assert Result(styled, "+15075552000", 6, False, True, []).reached
    repeated = Result(styled, "+1", 3, False, False, [("a", "What now?"), ("b", "What now?")])
    assert repeated.repeated_question


def test_the_bench_script_loads() -> None:
    bench = load_script("bench/conversation_bench.py")
    results = [Result(_loose_dog().styled("full"), "+1", 3, True, False, [])]
    assert bench.summarise(results)[1].split()[:2] == ["all", "1"]


def test_the_readback_is_answered_with_the_name_it_asks_for_never_with_its_labels() -> None:
    """The read-back lists facts under labels a question would ask ("still there: yes; aggressive: no; owner:
    ..."): a resident answers it with the name it asks for, or YES, not with those facts again."""
    readback = ("Animal at large: dog at 509 Chestnut; looks like: brown lab; still there: yes; aggressive: no; "
                "owner: 511 Chestnut. To send it, reply with your name (kept private), or SKIP to send it without "
                "one. Or tell me what to change.")  # fmt: skip
    for style in STYLES:
        resident = _loose_dog().styled(style)
        resident.answer(LOOK_STILL_AGGRESSIVE)
        assert resident.answer(readback) == "Jane Doe"
    named = readback.replace("To send it, reply with your name (kept private), or SKIP to send it without one. Or",
                             "Reply YES to send it, or")  # fmt: skip
    assert _loose_dog().styled("full").answer(named) == "yes"
