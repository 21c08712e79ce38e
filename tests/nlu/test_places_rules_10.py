"""Place rules of the tenth places pass (round 14, read from the spent sets blind-es12, blind-12m and the residents'
sets; in bot/nlp/place_round14.py). The sets' annotation conventions (data/nlu/residents/blind_es_2026_12l.yml's header)
are the rule. The cases are reworded, not copied from a set."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mi cunada dice que el dueno vive en la Heron", [("owner_location", "Heron")]),
        ("that shepherd comes from 310 Heron every day", [("owner_location", "310 Heron")]),
        ("a loose goat walking down Heron eating flowers", [("location", "Heron")]),
        # the bird itself stays an animal: no street's cue before it
        ("there is a Heron standing in my pond eating the fish", []),
        ("vi una garza en el estanque", []),
    ],
)  # fmt: skip
def test_a_street_named_like_an_animal_is_a_street(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro de la casa verde de la Maple chilla toda la noche", [("location", "casa verde de la Maple")]),
        ("los perros del 440 de la Elm hacen un relajo cada madrugada", [("location", "440 de la Elm")]),
        ("the pup from 18 Cedar St whines at the fence for hours", [("location", "18 Cedar St")]),
        # not a noise: whose it is, with another place
        ("el perro del 440 de la Elm se metio a mi yarda en la Oak", [("owner_location", "440 de la Elm"), ("location", "Oak")]),
    ],
)  # fmt: skip
def test_a_noisy_animals_home_is_where_the_noise_is(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el chucho de la casa gris de la Pine me mordio el tobillo", [("location", "casa gris de la Pine")]),
        ("el perro de la senora del 615 Sunrise me agarro la mano", [("location", "615 Sunrise")]),
        # the English sets write the owner's
        ("the terrier from 92 Birch St bit me on the hand", [("owner_location", "92 Birch St")]),
        # said to be where the owner lives: still the owner's
        ("su perro me mordio la mano, la senora vive en la Greenwood", [("owner_location", "Greenwood")]),
        # another place named: the owner's stays the owner's
        ("el perro del 77 de la Pine me mordio en la Oak", [("owner_location", "77 de la Pine"), ("location", "Oak")]),
    ],
)  # fmt: skip
def test_an_owners_place_where_the_resident_was_bitten_is_the_incidents(
    places: Places, text: str, expected
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("un venado herido en la County 22 por el salon del township", [("location", "County 22 por el salon del township")]),
        ("hay patos en la County Rd 9 por las lagunas del pueblo", [("location", "County Rd 9 por las lagunas del pueblo")]),
        ("un perro suelto en la carretera 52 por la curva", [("location", "carretera 52 por la curva")]),
        ("cows loose on Township Rd 40 near the tower", [("location", "Township Rd 40 near the tower")]),
        # a landmark word the road has not: the road alone
        ("un perro suelto en la County 22 por la manana", [("location", "County 22")]),
    ],
)  # fmt: skip
def test_a_county_road_named_by_its_number_keeps_the_landmark_along_it(
    places: Places, text: str, expected
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("un venado herido en medio de la 52 cerca de la salida de Kellogg", [("location", "52 cerca de la salida de Kellogg")]),
        ("un perro cruzando la 61 por el Kwik Trip ahorita", [("location", "61 por el Kwik Trip")]),
        ("un becerro en la frontage road de la 52 por la salida de Kellogg", [("location", "frontage road de la 52 por la salida de Kellogg")]),
        # a time, not a landmark: no road
        ("el perro de la vecina ladra desde las 10 por la noche", []),
    ],
)  # fmt: skip
def test_a_highway_said_by_its_number_keeps_the_landmark_along_it(
    places: Places, text: str, expected
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("la curacion costo 200 en la veterinaria, el perro es del 18 de la Oak", [("owner_location", "18 de la Oak")]),
        ("mi nina iba caminando a la escuela y un perro de la calle Pine la correteo", [("owner_location", "calle Pine")]),
    ],
)  # fmt: skip
def test_the_vet_and_the_walk_to_school_are_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tres gallinas caminando x la Dodge entre los carros", [("location", "Dodge")]),
        ("un becerro paso corriendo por el campo de futbol, nadie lo sigue", [("location", "campo de futbol")]),
        # a way keeps its words
        ("el perro se fue corriendo hacia la Main", [("direction", "hacia la Main")]),
    ],
)  # fmt: skip
def test_a_place_walked_along_is_said_without_its_x_la(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro suelto anda en el 120 de Golf Course Rd desde ayer", [("location", "el 120 de Golf Course Rd")]),
        # two places with words between stay two
        ("un perro del 12 de la Elm anda en la Oak", [("owner_location", "12 de la Elm"), ("location", "Oak")]),
    ],
)  # fmt: skip
def test_a_name_the_ruler_cut_in_two_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected
