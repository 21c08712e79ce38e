"""Corners: two streets said together, bare or with "y", and a street said alone (bot/nlp/places/corners.py)."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a house number said in Spanish, "y" inside it, before "de la (calle) X"
        (
            "el perro del quinientos sesenta y dos de la calle oak no deja de ladrar",
            [("location", "quinientos sesenta y dos de la calle oak")],
        ),
        (
            "hay un gato atorado en el novecientos uno de la tercera norte",
            [
                ("location", "novecientos uno de la tercera norte"),
            ],
        ),
        (
            "un perro suelto en la cuadra ochocientos de la calle pine",
            [
                ("location", "cuadra ochocientos de la calle pine"),
            ],
        ),
        ("ladra mucho en el 57 de Birch Road", [("location", "el 57 de Birch Road")]),
        # numbered roads said in Spanish, in either language's road words
        ("hay vacas sueltas en la carretera cuarenta y dos", [("location", "carretera cuarenta y dos")]),
        ("un caballo suelto en el county road nueve", [("location", "county road nueve")]),
        ("anda un perro en la calle ciento treinta y uno", [("location", "calle ciento treinta y uno")]),
        # two streets joined by "y", with no "esquina"
        ("los perros ladran en la Walnut y 5th toda la noche", [("location", "Walnut y 5th")]),
        ("un gato herido en la 2nd y cedar", [("location", "la 2nd y cedar")]),
    ],
)
def test_spanish_spoken_numbers_and_bare_corners(
    places: Places, text: str, expected: list[tuple[str, str]]
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dog bite Walnut and Ridge. bleeding bad", [("location", "Walnut and Ridge")]),
        ("perro suelto Olive y Center ahorita", [("location", "Olive y Center")]),
        ("Loose dog again. Basswood. Third time.", [("location", "Basswood")]),
        ("fire number 21544, 590th Ave", [("location", "fire number 21544, 590th Ave")]),
        ("numero de fuego 20117, la 610th", [("location", "numero de fuego 20117, la 610th")]),
    ],
)  # fmt: skip
def test_bare_corners_lone_streets_and_fire_numbers(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # two streets joined by "y" alone: one of them numbered, or both distinctive
        ("perro negro. Walnut y 6th. ahorita mismo", [("location", "Walnut y 6th")]),
        ("hay un chucho suelto en 8th y Chestnut", [("location", "8th y Chestnut")]),
        ("mordida en Birch y Chestnut", [("location", "Birch y Chestnut")]),
        # guards: English slips are left alone; "my" is no "y"
        ("the dog at main my 5th street", [("location", "5th street")]),
    ],
)
def test_corners_joined_by_y(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a loose boxer at Hillcrest and Plum", [("location", "Hillcrest and Plum")]),
        ("there is a stray beagle at Cherry and Apple heading north toward the school",
         [("location", "Cherry and Apple"), ("direction", "north toward the school")]),
        # people are no streets
        ("the dog barks at Mom and Dad's every night", []),
    ],
)  # fmt: skip
def test_a_corner_of_two_named_streets_the_packs_lack(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("se salieron los toros, estoy en CR 9 y la 210th St", [("location", "CR 9 y la 210th St")]),
        ("un burro en la county 11 y la 300 parado", [("location", "county 11 y la 300")]),
        ("vacas sueltas!! 180th St y la carretera 42", [("location", "180th St y la carretera 42")]),
        ("un perro suelto en el callejon entre la Oak y la Elm", [("location", "en el callejon entre la Oak y la Elm")]),
        ("palomas en los cables a lo largo de la Walnut", [("location", "a lo largo de la Walnut")]),
    ],
)  # fmt: skip
def test_corners_of_roads_and_alleys_between_streets(places: Places, text: str, expected) -> None:
    assert places(text) == expected
