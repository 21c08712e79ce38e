"""Place rules of the eighth places pass (round 12, read from the spent sets blind-12l and blind-es11; most in
bot/nlp/place_more.py). The sets' annotation conventions (tests/nlu/blind_2026_12l.yml's header: "A road with a
landmark along it is one location span"; "a direction span keeps its words of direction") are the rule."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("two ponies trotting along Todd County 8 this morning, no halters", [("location", "Todd County 8")]),
        ("hay un toro negro en la Benton County 3 y nadie lo para", [("location", "Benton County 3")]),
        ("a loose heifer is wandering on Benton County 3 by the mailboxes",
         [("location", "Benton County 3 by the mailboxes")]),
    ],
)  # fmt: skip
def test_a_county_road_named_by_its_county_and_number(places: Places, text: str, expected) -> None:
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
        ("el perro ladra toda la noche en el numero de fuego 31250 de la 520th",
         [("location", "numero de fuego 31250 de la 520th")]),
        ("el pitbull suelto es de los duenos del numero de fuego 40912", [("owner_location", "numero de fuego 40912")]),
        ("la yegua del rancho del numero de fuego 15530 de la County 6 anda en la carretera",
         [("owner_location", "numero de fuego 15530 de la County 6")]),
        ("dos perros del rancho del 17205 de la County 14 mataron mis gallinas",
         [("owner_location", "rancho del 17205 de la County 14")]),
        ("three dogs from the farm at 22410 County Road 7 chased my sheep again",
         [("owner_location", "22410 County Road 7")]),
    ],
)  # fmt: skip
def test_a_fire_number_and_a_farms_address_say_whose(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("heifers standing on CR 4 about two miles west of Kellogg",
         [("location", "CR 4 about two miles west of Kellogg")]),
        ("a colt on Hwy 42 at the Goodhue county line", [("location", "Hwy 42 at the Goodhue county line")]),
        ("unas vacas sueltas en la County 9 cerca del corral", [("location", "County 9 cerca del corral")]),
        ("hay una cabra en la County 9 pasando la pedrera", [("location", "County 9 pasando la pedrera")]),
    ],
)  # fmt: skip
def test_a_road_placed_by_a_town_or_a_landmark(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a brown mutt bit my boy on Oak St, it lives somewhere on Maple Ct i think",
         [("location", "Oak St"), ("owner_location", "Maple Ct")]),
        ("the husky keeps getting out of the yard at 220 Birch and now it's on Oak St",
         [("owner_location", "220 Birch"), ("location", "Oak St")]),
        # where a person came home from is nobody's home
        ("my husband just got home from the clinic and the dog on Oak St is barking again",
         [("location", "Oak St")]),
        # the resident's work beside the incident's place is no place of the report
        ("I work at the Casey's and a loose beagle is on Main St right now", [("location", "Main St")]),
    ],
)  # fmt: skip
def test_whose_place_and_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the resident's own animal: the farm is where it happened
        ("our pony is missing, she got loose from the farm at 22410 County Road 7",
         [("location", "22410 County Road 7")]),
        # a farm on a road with no house number stays the road, the incident's
        ("los perros del rancho de la calle 12 atacaron a mis chivas", [("location", "calle 12")]),
        ("the donkey from the place on rural route 4 is in our corn again", [("owner_location", "rural route 4")]),
        # the workplace alone is where it happens
        ("I work at the Casey's and a beagle keeps barking out back all night", [("location", "the Casey's")]),
    ],
)  # fmt: skip
def test_guards(places: Places, text: str, expected) -> None:
    assert places(text) == expected
