"""An animal word is the report's animal only where its context says so (bot/nlp/animal_context.py).

Before: "a bear was in our yard going through the bird feeder" named a bird and no bear; "the neighbours
pit" and "their golden" named no animal; "past the turkey barns" added a turkey; "la planta de pollo" (a
workplace) a chicken. Each case below is in fresh words, not a test-set message.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.nlp.animals.taxonomy import normalise_animal
from tests.support.place_runner import intake_pipeline

Animals = Callable[[str], list[str | None]]


@pytest.fixture(scope="module")
def animals() -> Animals:
    nlp = intake_pipeline()

    def run(text: str) -> list[str | None]:
        return [normalise_animal(e.text) for e in nlp(text).ents if e.label_ == "animal"]

    return run


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("theres a bear in the dumpster behind the bowling alley", ["bear"]),
        ("the neighbors pit got loose again on 5th", ["dog"]),
        ("our neighbour's pit has been howling since noon", ["dog"]),
        ("my neighbors golden barks at every car", ["dog"]),
        ("a big sow is rooting up the ditch on county road 4", ["pig"]),
        ("vi un oso cerca del comedero de pajaros", ["bear"]),
    ],
)
def test_a_word_that_is_usually_something_else_is_an_animal_after_a_word_that_introduces_one(
    animals: Animals, text: str, expected: list[str]
) -> None:
    assert animals(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a raccoon knocked down the bird feeder and is on the porch", ["raccoon"]),
        ("two goats on the shoulder by the turkey barns east of town", ["goat"]),
        ("my dog walker got nipped by the husky on 3rd", ["dog"]),
        ("cows loose near the horse trailer lot", ["cow"]),
        # "kitty corner" is diagonally across: before, it filed a cat the resident never reported
        ("the rottie kitty corner from us on Willow St barks from 10 pm on", ["dog"]),
        ("salgo de la planta de pollo a las 11 y los perros siguen ladrando", ["dog"]),
        ("un perro se metio a las granjas de pavos", ["dog"]),
    ],
)
def test_an_animal_word_that_describes_a_thing_is_no_animal_of_the_report(
    animals: Animals, text: str, expected: list[str]
) -> None:
    assert animals(text) == expected


@pytest.mark.parametrize(
    "text",
    ["bear with me, I am on the bus", "we were sitting by the fire pit", "the golden hour", "ram it"],
)
def test_without_the_context_the_word_stays_what_it_usually_is(animals: Animals, text: str) -> None:
    assert animals(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # before: a cow first, so the bite was filed as a cow's
        ("my boy came home bitten on the calf by the lab next door", ["dog"]),
        ("the dog bit her on the back of her left calf, it bled", ["dog"]),
        ("a heeler got me in my right calf when I walked past", ["dog"]),
        ("the husky tore my calf muscle", ["dog"]),
    ],
)
def test_a_calf_that_was_bitten_is_a_leg(animals: Animals, text: str, expected: list[str]) -> None:
    assert animals(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("coyotes got a calf out of our pasture last night", ["coyote", "cow"]),
        ("three calves are out on the county road", ["cow"]),
        ("the dog snapped at the calf and chased it into the ditch", ["dog", "cow"]),
    ],
)
def test_a_calf_that_is_an_animal_stays_a_cow(animals: Animals, text: str, expected: list[str]) -> None:
    assert animals(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # before: no animal at all for each of these Spanish words
        ("unas palomas hicieron nido en el techo de la iglesia", ["bird"]),
        ("se salio mi cotorro por la ventana", ["bird"]),
        ("mi hurón se escapó de la jaula", ["ferret"]),
        ("se perdio el cuy de mi hija", ["hamster"]),
        ("unos perros atacaron a la ternera del vecino", ["dog", "cow"]),
        ("una ardilla listada se metio a la cochera", ["chipmunk"]),
        # a snapping turtle: before, a turtle and a lizard
        ("hay una tortuga lagarto en medio del camino", ["turtle"]),
    ],
)
def test_spanish_animal_words(animals: Animals, text: str, expected: list[str]) -> None:
    assert animals(text) == expected


@pytest.mark.parametrize(
    ("text", "word", "street"),
    [
        # before: both filed a bird (first, ahead of the dog)
        ("Heron and Eagle. a dog bit my dog, theirs was off leash", "Heron", True),
        ("did anyone come about the dog on Heron yet", "Heron", True),
        ("loose dog at the corner of Main & Heron", "Heron", True),
        ("un perro suelto en la Heron", "Heron", True),
        ("a heron is standing in my pond eating the fish", "heron", False),
        ("A Heron and two ducks are in the storm drain", "Heron", False),
        ("there is a heron on the roof of the shed", "heron", False),
    ],
)
def test_a_street_named_for_a_bird_is_no_bird(text: str, word: str, street: bool) -> None:
    from bot.nlp.animals.context import names_a_street

    start = text.index(word)
    assert names_a_street(text, start, start + len(word)) is street
