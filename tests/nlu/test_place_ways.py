"""Ways: where the animal went is `direction`, which keeps its words of direction (bot/nlp/places/ways.py)."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


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
        ("the man who owns it drove off south on Hwy 52", [("direction", "south on Hwy 52")]),
        ("la senora se fue al sur x la 52 con el perro", [("direction", "al sur x la 52")]),
        ("we watched it run off toward the Larson place", [("direction", "toward the Larson place")]),
        ("then the pony ran west toward the farm with the big barn",
         [("direction", "west toward the farm with the big barn")]),
        ("it went into the woods on the east side of the road", [("direction", "into the woods on the east side")]),
        ("el perro se metio pal monte del lado sur", [("direction", "pal monte del lado sur")]),
        ("el becerro va bajando x la Mill bien rapido", [("direction", "bajando x la Mill")]),
        # a field alone is no way the sets write
        ("a fox bit my cat and it ran off into the field", []),
    ],
)  # fmt: skip
def test_ways_along_roads_toward_farms_and_into_fields(places: Places, text: str, expected) -> None:
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
        ("a dog is loose on Oak St and went toward the river", [("location", "Oak St"), ("direction", "toward the river")]),
        ("just left heading toward Forest", [("direction", "toward Forest")]),
        ("big dog trotting down Water St, they went north toward the bridge",
         [("location", "Water St"), ("direction", "north toward the bridge")]),
        ("the boxer took off south on Zumbro", [("direction", "south on Zumbro")]),
        # the verb's particle is no word of direction
        ("it ran off toward the grain elevator", [("direction", "toward the grain elevator")]),
        ("se fue corriendo hacia el rio", [("direction", "hacia el rio")]),
        # a way to a place no pattern knows
        ("that grey husky is strolling down Cherry no leash, going toward the ball diamonds",
         [("location", "Cherry"), ("direction", "toward the ball diamonds")]),
        ("hay un perro suelto en la esquina de la quinta y la hickory y se va para el lado del puente",
         [("location", "esquina de la quinta y la hickory"), ("direction", "para el lado del puente")]),
    ],
)  # fmt: skip
def test_a_way_keeps_its_words_of_direction(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el chucho se fue pal rumbo de la Cedar", [("direction", "pal rumbo de la Cedar")]),
        ("se fueron pal lado del Kwik Trip hace rato", [("direction", "pal lado del Kwik Trip")]),
        ("ya se fue pa donde esta el Dollar General", [("direction", "pa donde esta el Dollar General")]),
        # a way to a place no pattern knows
        ("los borregos se van pal lado del tanque de agua", [("direction", "pal lado del tanque de agua")]),
        # a way and the way after it are one
        ("the shepherd went west on Mill toward the depot", [("direction", "west on Mill toward the depot")]),
        ("se fue hacia el norte x la Oak rumbo a la iglesia",
         [("direction", "hacia el norte x la Oak rumbo a la iglesia")]),
    ],
)  # fmt: skip
def test_a_spanish_way_keeps_its_words(places: Places, text: str, expected) -> None:
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
