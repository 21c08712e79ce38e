"""Whether a clerk could find a place from the words (bot.nlp.facts.place_words.is_findable_location): a place
that is findable is never asked for again."""

from __future__ import annotations

import pytest

from bot.nlp.facts.place_words import is_findable_location


@pytest.mark.parametrize(
    "place",
    [
        # a rural road named by its number, in digits or in words, as farm residents give it: before, each of
        # these was asked for again ("Where is this?") after the first message had named it
        "rural route three",
        "rural route 3",
        "RR 4 box 9",
        "route 66",
        "township road 12",
        "la ruta rural 2",
        # already findable
        "county road 18",
        "412 oak st",
        "corner of 3rd and elm",
    ],
)
def test_a_place_a_clerk_can_find(place: str) -> None:
    assert is_findable_location(place)


@pytest.mark.parametrize("place", ["here", "down the street", "my house", "aqui", "not sure", "on the route"])
def test_a_place_too_vague_to_find(place: str) -> None:
    assert not is_findable_location(place)
