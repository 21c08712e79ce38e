"""Place rules of the third places pass (after the d sets were tuned on): span boundaries as the set headers
write them, Spanish streets with their English type, ways with their cue, owners' homes."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an English street with its type after "la": not the landmark "la mill" / "la park"
        ("el gato de la Mill Rd se sube a mi carro cada noche", [("location", "Mill Rd")]),
        ("hay un perro suelto en la Park Avenue cerca de mi casa", [("location", "Park Avenue")]),
        ("los perros de la Bridge St 405 no dejan dormir", [("location", "Bridge St 405")]),
        # an ordinal street loses its article; an ordinal corner keeps it
        ("ese chucho de la 6th ave anda suelto", [("location", "6th ave")]),
        ("hay gallinas en la 4th y linden", [("location", "la 4th y linden")]),
        # a farm on a road: the Spanish sets write the road; the owner's farm stays whole
        ("los perros del rancho de la calle 330 atacaron mis gallinas", [("location", "calle 330")]),
        ("el dueno vive en la granja del county road 9", [("owner_location", "la granja del county road 9")]),
        # an English farm on a numbered township street is one place; on a county road it is the road
        ("coyotes at the farm on 330th st again", [("location", "the farm on 330th st")]),
        ("coyotes at the farm on county road 5 again", [("location", "county road 5")]),
    ],
)
def test_span_boundaries_as_the_sets_write_them(
    places: Places, text: str, expected: list[tuple[str, str]]
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bare street after "toward"; a way is written without "toward" / "hacia", as the sets write it
        ("the beagle went back toward Maple", [("direction", "back toward Maple")]),
        ("el perro se fue corriendo hacia el puente", [("direction", "hacia el puente")]),
        # a compass word and "x" before a road: the way is all of it ("se fue al norte x la carretera 61")
        ("se fue al norte x la carretera 61", [("direction", "al norte x la carretera 61")]),
        (
            "it went south on main",
            [("direction", "south on main")],
        ),  # "on" is a cue only after a compass word
        # a Spanish way with no place the ruler knows: the town, the highway
        ("las chivas iban pal sur pa la carretera", [("direction", "pal sur pa la carretera")]),
        ("unas vacas sueltas van pa la ciudad", [("direction", "pa la ciudad")]),
        ("se fue para el norte", [("direction", "para el norte")]),  # guard: as before
    ],
)
def test_ways_and_their_cues(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a Spanish landmark led by a relation keeps the relation and its "de" complement
        (
            "un gato atrapado detras de la escuela de Freeport",
            [("location", "detras de la escuela de Freeport")],
        ),
        ("perros sueltos cerca del parque del condado", [("location", "cerca del parque del condado")]),
        (
            "un perro bravo atras de la iglesia de St Luke's",
            [("location", "atras de la iglesia de St Luke's")],
        ),
        # an English landmark on an ordinal street is one place
        ("a stray cat hiding at the bus stop on 5th", [("location", "the bus stop on 5th")]),
        ("the dog at the gas station on 2nd st bit my hand", [("location", "the gas station on 2nd st")]),
        # an owner's street has no article
        ("el perro de los vecinos de la 5th se metio a mi yarda", [("owner_location", "5th")]),
    ],
)
def test_landmarks_with_their_relation_and_street(
    places: Places, text: str, expected: list[tuple[str, str]]
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the resident's own lost animal: where they live is the animal's home
        ("our cat got out last night, we live on Birch St", [("owner_location", "Birch St")]),
        (
            "se nos perdio nuestro perro ayer, vivimos en la calle Walnut",
            [("owner_location", "calle Walnut")],
        ),
        ("a raccoon got into the garage, we live on Birch St", [("location", "Birch St")]),  # guard: not lost
        # an answer saying whose
        ("it's them, 318 Walnut, the blue truck", [("owner_location", "318 Walnut")]),
        ("son ellos, los de la 318 Walnut", [("owner_location", "318 Walnut")]),
        # a person's home, the resident who writes, people who are there: no owner's place
        (
            "mi abuela vive en la calle Walnut y un perro le ladra toda la noche",
            [("location", "calle Walnut")],
        ),
        ("hello its the guy from Birch St again, the dog is out", [("location", "Birch St")]),
        ("geese chasing people at the city park", [("location", "the city park")]),
        # a barking animal's home is where the noise is, when no other place is named
        ("el perro de los vecinos de la calle Walnut ladra toda la noche", [("location", "calle Walnut")]),
        ("the people on Birch St let their dog bark all night", [("location", "Birch St")]),
        # the animal's address beside the place where it happened
        (
            "the dog at 318 Walnut chased my son down Birch St",
            [("owner_location", "318 Walnut"), ("location", "Birch St")],
        ),
    ],
)
def test_whose_place_it_is(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a lower-case word before a capitalised street is no part of its name
        ("nobody has salted Larkspur Ln this winter", [("location", "Larkspur Ln")]),
        (
            "a cat keeps getting out from 210 Elm and roaming Quarry St",
            [("owner_location", "210 Elm"), ("location", "Quarry St")],
        ),
        (
            "dogs loose on pleasant valley rd again",
            [("location", "pleasant valley rd")],
        ),  # guard: all lower case
        (
            "dogs loose on Pleasant Valley Rd again",
            [("location", "Pleasant Valley Rd")],
        ),  # guard: all capitals
    ],
)
def test_two_word_street_names(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a road with a landmark along it that the ruler does not know is one place
        ("horses loose on hwy 10 near the fruit stand", [("location", "hwy 10 near the fruit stand")]),
        (
            "un becerro en la carretera 14 pasando la torre de agua",
            [("location", "carretera 14 pasando la torre de agua")],
        ),
        (
            "vacas en la carretera 30 por la tienda de semillas",
            [("location", "carretera 30 por la tienda de semillas")],
        ),
        ("a dog running on hwy 10 by itself", [("location", "hwy 10")]),  # guard: no landmark after
    ],
)
def test_roads_with_landmarks_along_them(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # kinds of place the ruler did not know, and the relation "arriba de"
        ("a cat stuck in the gutter above the bakery", [("location", "above the bakery")]),
        ("a loose goat running on the river trail this morning", [("location", "the river trail")]),
        ("un gato maullando arriba de la panaderia", [("location", "arriba de la panaderia")]),
        ("a q hora cierra la panaderia", []),  # guard: the opening hours name no place
    ],
)
def test_more_kinds_of_place(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected
