"""Place rules of the sixteenth places pass (round 16, read from the spent sets blind-12o and blind-es14; in
bot/nlp/place_round16.py). The sets' annotation conventions (their headers) are the rule. The cases are reworded,
not copied from a set."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("las vacas son del 23310 de la 61 y andan en mi milpa en el 23350 de la 61",
         [("owner_location", "23310 de la 61"), ("location", "23350 de la 61")]),
        ("se nos salio la chiva, vivimos en el 25010 de la 42", [("location", "25010 de la 42")]),
        # a year or a small number before "de la" is no rural address
        ("el perro ladra desde el 2025, ya son 300 de la semana", []),
    ],
)  # fmt: skip
def test_a_rural_number_on_a_numbered_highway_is_a_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("un burro parado en la Prospect cerca del puente", [("location", "Prospect")]),
        ("mordida de gato en la Main junto al banco", [("location", "Main")]),
        # a named landmark along the road stays in the span
        ("hay ganado suelto en la County Road 5 cerca del puente", [("location", "County Road 5 cerca del puente")]),
        # English keeps the landmark (the English sets write "Hwy 42 by the church" whole)
        ("a dog loose on Hwy 42 by the church", [("location", "Hwy 42 by the church")]),
    ],
)  # fmt: skip
def test_a_spanish_town_street_drops_a_common_thing_by_it(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("buenas noches, le escribe Don Chema de la granja", []),
        ("saludos desde el rancho", []),
        ("el pato de la granja anda en la Creamery", [("location", "Creamery")]),
    ],
)  # fmt: skip
def test_a_farm_someone_is_from_is_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("two calves on Mill Rd headed toward the tracks",
         [("location", "Mill Rd"), ("direction", "headed toward the tracks")]),
        ("a loose pig in the yard at 12 Elm St, then it went down toward the creek",
         [("location", "12 Elm St"), ("direction", "down toward the creek")]),
        ("un perro suelto en la Lake va pal sur rumbo a la escuela",
         [("location", "Lake"), ("direction", "pal sur rumbo a la escuela")]),
    ],
)  # fmt: skip
def test_a_way_keeps_its_verb_and_goal(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm fixing the wires on Elm St and the dog at 310 Elm St has barked at me all morning",
         [("location", "Elm St"), ("location", "310 Elm St")]),
        # a dog at an address that bit someone on the street: the address is the owner's home
        ("the dog at 77 Pine went after my son while he walked by on Pine",
         [("owner_location", "77 Pine"), ("location", "Pine")]),
        # a word of living there keeps the owner
        ("the dog that lives at 310 Elm St barks at me every time I walk on Elm St",
         [("owner_location", "310 Elm St"), ("location", "Elm St")]),
    ],
)  # fmt: skip
def test_a_barking_dog_at_an_address_is_the_incident_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected
