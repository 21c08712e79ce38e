"""A place as a clerk writes it: Spanish and spoken addresses in street form, the household key
(bot/nlp/places/normalise.py, normalise_es.py)."""

from __future__ import annotations

import pytest

from bot.nlp.places.normalise import normalise_address, spoken_place
from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("calle Elm 318", "318 Elm St"),
        ("Maple 27", "27 Maple"),
        ("la Chestnut 140", "140 Chestnut"),
        ("calle tres sur cuatro cero uno", "401 S 3rd St"),
        ("trescientos diez walnut", "310 walnut"),
        ("carretera 52", "Hwy 52"),
        ("carretera del condado 14", "County Road 14"),
        ("County Road 9", "County Road 9"),
        ("apt 4", "apt 4"),
    ],
)
def test_spanish_order_addresses_are_written_in_street_form(said: str, written: str) -> None:
    assert spoken_place(said) == written


def test_a_number_after_the_street_is_the_same_household() -> None:
    assert normalise_address("calle Elm 318") == normalise_address("318 Elm St")


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("six twelve north fourth street", "612 N 4th St"),
        ("one oh three elm", "103 Elm"),
        ("twenty two hundred block of main", "2200 block of Main"),
        ("the twenty two hundred block of main", "2200 block of Main"),
    ],
)
def test_english_voice_places_are_written_as_a_clerk_would(places: Places, said: str, written: str) -> None:
    found = places(f"there is a dog loose at {said}")
    assert found == [("location", said)]
    assert spoken_place(found[0][1]) == written


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("seiscientos doce de la segunda norte", "612 N 2nd St"),
        ("la cuadra novecientos de la calle pine", "900 block of Pine St"),
        ("county road catorce", "county road 14"),
        ("doscientos uno de la calle maple", "201 Maple St"),  # guard: already written so
    ],
)
def test_spanish_blocks_ordinals_and_roads_are_written_as_a_clerk_would(said: str, written: str) -> None:
    assert spoken_place(said) == written
