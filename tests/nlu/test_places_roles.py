"""Two places in one message are told apart; a road keeps its landmark."""

import pytest

from bot.nlp.places.entities import place_entities
from bot.nlp.places.gazetteer import all_street_names
from bot.nlp.places.roles import place_role
from bot.nlp.places.streets import names_a_city_place
from tests.support.place_runner import intake_pipeline


@pytest.fixture(scope="module")
def places():
    nlp = intake_pipeline()
    streets = [name.title() for name in all_street_names()]

    def run(text: str) -> list[tuple[str, str]]:
        found = [
            {"entity": e.label_, "start": e.start_char, "end": e.end_char, "value": e.text}
            for e in nlp(text).ents
        ]
        return [
            (e["entity"], e["value"]) for e in place_entities(text, found, streets) if e["entity"] != "animal"
        ]

    return run


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "filed at 'the grain elevator', with the road dropped"
        (
            "hogs out on county road 9 past the grain elevator",
            [("location", "county road 9 past the grain elevator")],
        ),
        # "refused three times, though Dollar General is a named landmark"
        ("by the dollar general on belvedere", [("location", "by the dollar general on belvedere")]),
        ("a dog loose at the gas station on hwy 42", [("location", "the gas station on hwy 42")]),
        # "filed at 'the park', and then it asks 'which way did it go?'"
        (
            "two dogs running loose on linden street heading towards the park",
            [("location", "linden street"), ("direction", "towards the park")],
        ),
        # "gets 'Is there anything else?'"
        (
            "the german shepherd from 511 Chestnut went after my cat at 509 Chestnut",
            [("owner_location", "511 Chestnut"), ("location", "509 Chestnut")],
        ),
        ("the people at 220 Walnut", [("owner_location", "220 Walnut")]),
        (
            "the dog that lives at 41 oak is in my yard at 45 oak",
            [("owner_location", "41 oak"), ("location", "45 oak")],
        ),
        ("the dog at 317 belvedere barks", [("location", "317 belvedere")]),
        (
            "loose dog on main, it ran towards the school",
            [("location", "main"), ("direction", "towards the school")],
        ),
        ("I'm calling from 412 oak st, the dog next door barks", [("location", "412 oak st")]),
        ("the dog at the park on saturday", [("location", "the park")]),
        ("there are 3 dogs going through trash", []),
        ("my dog ran off on sunday morning", []),
    ],
)
def test_places_are_found_joined_and_given_roles(places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


def test_a_fuzzy_street_records_the_citys_name() -> None:
    text = "the dog at 317 belvedere barks"
    [entity] = place_entities(text, [], ["Belvidere", "Oak"])
    assert (entity["value"], entity["street_match"]) == ("317 belvedere", "Belvidere")


def test_role_needs_the_words_right_before_the_place() -> None:
    text = "the dog from down the road is at 5 oak"
    start = text.index("5 oak")
    assert place_role(text, {"start": start, "end": start + 5}) == "location"


@pytest.mark.parametrize(
    ("place", "names"),
    [
        # "'by the dollar general on belvedere' is refused three times, though Dollar General is a
        # named landmark"
        ("the dollar general on belvedere", True),
        ("Kwik Trip", True),
        ("caseys", True),
        ("on belvedere", True),  # misspelt: the form then asks "Did you mean Belvidere Street?"
        ("chestnut", True),
        ("the park", False),  # a street that is also a word needs more ("the park" is no place of its own)
        ("somewhere in kellogg", False),  # the city's name, though Kellogg is also a street
        ("my street", False),
        ("linden", False),  # Freeport's street, not Kellogg's
    ],
)
def test_a_named_landmark_or_street_of_the_city_is_a_place(place: str, names: bool) -> None:
    assert names_a_city_place(place, "kellogg") is names
