"""Place rules of the fifth places pass (round 8, no training): a numbered home inside a named complex
(trailer courts, mobile home parks, apartments, townhomes) is one place (bot/nlp/place_homes.py)."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the home's number before the complex, in English
        ("continuous barking, two dogs, lot 22 of Pine Haven trailer court, going on 3 hours now",
         [("location", "lot 22 of Pine Haven trailer court")]),
        ("Fox den under the shed at lot 31 of Sunny Acres, the kits are out in the afternoons",
         [("location", "lot 31 of Sunny Acres")]),
        ("The dog at unit 3 of the Brookside Townhomes bit the maintenance guy today",
         [("location", "unit 3 of the Brookside Townhomes")]),
        ("the chihuahua in apartment 4C at Maple Court barks every time the door opens",
         [("location", "apartment 4C at Maple Court")]),
        # the complex first, its home after
        ("Sunny Acres Mobile Home Park lot 9, the dog there barks all day",
         [("location", "Sunny Acres Mobile Home Park lot 9")]),
        ("I can hear bats in the ceiling of Maple Court Apartments unit 7 every night",
         [("location", "Maple Court Apartments unit 7")]),
        ("it has been roaming Sunset Mobile Home Park for days", [("location", "Sunset Mobile Home Park")]),
        # in Spanish
        ("ai un perro que ladra sin parar en la traila 7 de Sunny Acres", [("location", "traila 7 de Sunny Acres")]),
        ("el chihuahua del apartamento 3 de los Riverview no deja de ladrar",
         [("location", "apartamento 3 de los Riverview")]),
    ],
)  # fmt: skip
def test_a_home_in_a_named_complex_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a place that holds the whole complex keeps its words
        ("a big dog loose in the Riverside Apartments parking lot",
         [("location", "the Riverside Apartments parking lot")]),
        # a voice transcript in lower case names no complex: what the ruler found stays
        ("the dog in lot twelve of pine haven keeps barking", []),
        # a number with no complex after it is no home; "My" starts no name
        ("a dog ran across lot 5 of my yard on Elm St", [("location", "Elm St")]),
        ("My Apartments are on 412 Oak St and the dog barks", [("location", "412 Oak St")]),
    ],
)  # fmt: skip
def test_guards(places: Places, text: str, expected) -> None:
    assert places(text) == expected
