"""Place rules of the ninth places pass (round 13, read from the spent sets blind-es11, blind-12l and the residents'
sets; most in bot/nlp/place_es_more.py). The sets' annotation conventions (tests/nlu/blind_es_2026_12k.yml's header:
"A road with a landmark along it is one span", "a numbered home is annotated like an address", "the way it went is
`direction`, which keeps its words of direction") are the rule. The cases are reworded, not copied from a set."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro de la traila 9 del parque de Hillcrest ladra toda la noche",
         [("location", "traila 9 del parque de Hillcrest")]),
        ("un gato rasguno a mi nieto en la casa movil 31 del parque Pine Ridge",
         [("location", "casa movil 31 del parque Pine Ridge")]),
        ("un perro suelto en el lote 4 del parque de trailas desde la manana",
         [("location", "lote 4 del parque de trailas")]),
        ("un mapache en la traila veintiuno del parque riverside anoche",
         [("location", "traila veintiuno del parque riverside")]),
        # a lower-case word that is no street's name is not the park's name
        ("el perro de la traila 3 del parque ladra y ladra", [("location", "traila 3 del parque")]),
    ],
)  # fmt: skip
def test_a_numbered_trailer_in_a_park_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("un pitbull sin correa en el parque Freeport asustando a los ninos", [("location", "en el parque Freeport")]),
        ("HAY UN PERRO BRAVO EN EL PARQUE KELLOGG", [("location", "EN EL PARQUE KELLOGG")]),
        # a landmark along it joins it, as along a road
        ("unos coyotes en el trail Lake Wobegon cerca del puente", [("location", "trail Lake Wobegon cerca del puente")]),
        ("se me escapo mi perro en el trail Lake Wobegon", [("location", "trail Lake Wobegon")]),
        # the pack's landmark the ruler cut to the street "la Kellogg" ends where the landmark does
        # ends where the landmark does (round 15: keeping its "en la", as the sets write "[en el Kellogg Park]")
        ("una ardilla mordio a mi nina en la Kellogg Elementary en el recreo",
         [("location", "en la Kellogg Elementary")]),
    ],
)  # fmt: skip
def test_a_park_or_landmark_keeps_its_name(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro de la calle cedar numero quinientos doce ladra", [("location", "calle cedar numero quinientos doce")]),
        ("hay un perro ladrando en la calle Maple numero 905 desde ayer", [("location", "calle Maple numero 905")]),
    ],
)  # fmt: skip
def test_a_street_keeps_its_number_after_numero(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("unas vacas en la carretera 12 al este de Kellogg", [("location", "carretera 12 al este de Kellogg")]),
        ("un caballo suelto en la Hwy 61 x la salida de Kellogg", [("location", "Hwy 61 x la salida de Kellogg")]),
        ("un venado muerto en la 42 al sur de Freeport", [("location", "42 al sur de Freeport")]),
        ("hay borregos en la carretera 10 en la linea del condado de Stearns",
         [("location", "carretera 10 en la linea del condado de Stearns")]),
        # a street is no road: the town's side stays out of it
        ("el perro de la calle Oak al norte de Kellogg ladra", [("location", "calle Oak")]),
    ],
)  # fmt: skip
def test_a_road_placed_by_a_town_is_one_place(places: Places, text: str, expected) -> None:
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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("un perro grande va corriendo hacia la iglesia x la Ash", [("direction", "hacia la iglesia x la Ash")]),
        ("los vi irse x la Maple hacia el rio", [("direction", "x la Maple hacia el rio")]),
        # running along a street now: the street is where it is, the way is the direction
        ("un perro corriendo x la calle Oak hacia la escuela",
         [("location", "calle Oak"), ("direction", "hacia la escuela")]),
    ],
)  # fmt: skip
def test_a_street_left_by_is_part_of_the_way(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro del vecino mordio a mi hijo en la calle Pine, ya fue a la clinica", [("location", "calle Pine")]),
        ("nos mordio un perro en la calle Elm, estamos en el hospital", [("location", "calle Elm")]),
        ("el perro del 12 de la Oak le ladra a los ninos q van a la escuela",
         [("location", "12 de la Oak")]),
        ("un perro suelto en la calle Main cuando mi esposo iba x el correo", [("location", "calle Main")]),
        # a school where it happens stays a place
        ("un gato callejero atras de la escuela", [("location", "atras de la escuela")]),
    ],
)  # fmt: skip
def test_where_people_went_is_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("se me perdio mi gata, vivimos en el 1502 de la Hill", [("location", "el 1502 de la Hill")]),
        ("our dog ran off this morning, we live at 88 Birch", [("location", "88 Birch")]),
        # a bare street the sets write both ways: it stays the owner's, as before
        ("se me salio mi perro anoche, vivimos en la calle Fir", [("owner_location", "calle Fir")]),
    ],
)  # fmt: skip
def test_a_lost_pets_home_said_with_a_number_is_the_incidents(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro se salio por el hoyo de la cerca del 210 de la Lake y esta en mi yarda en el 212 de la Lake",
         [("owner_location", "210 de la Lake"), ("location", "el 212 de la Lake")]),
        ("el gato de don Pepe del 14 de la Apple anda en la calle Cherry",
         [("owner_location", "14 de la Apple"), ("location", "calle Cherry")]),
        # alone, "el perro del <address>" is still where it happened
        ("el perro del 1420 de la Sunset mordio al cartero", [("location", "1420 de la Sunset")]),
    ],
)  # fmt: skip
def test_the_address_an_animal_came_out_of_is_the_owners(places: Places, text: str, expected) -> None:
    assert places(text) == expected
