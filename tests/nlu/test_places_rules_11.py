"""Place rules of the eleventh places pass (round 15, read from the spent sets blind-es13, blind-12n and the residents'
sets; in bot/nlp/place_round15.py). The sets' annotation conventions (data/nlu/residents/blind_es_2026_12m.yml's header) are
the rule. The cases are reworded, not copied from a set."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a raccoon keeps hiding under the steps of the Kellogg Depot at night",
         [("location", "under the steps of the Kellogg Depot")]),
        ("hay un mapache escondido debajo de las escaleras del Kellogg Depot",
         [("location", "debajo de las escaleras del Kellogg Depot")]),
        ("una gata con gatitos en el porche de la Freeport City Office",
         [("location", "en el porche de la Freeport City Office")]),
        ("my daughter got nipped by a loose dog at the bus stop at Grant and Roosevelt",
         [("location", "at the bus stop at Grant and Roosevelt")]),
        ("una chiva anda comiendo pasto junto al tanque de agua de la Hill",
         [("location", "junto al tanque de agua de la Hill")]),
        ("a coyote was on the sledding hill behind Kellogg Elementary this morning",
         [("location", "on the sledding hill behind Kellogg Elementary")]),
        # an address keeps its own span: the residents' sets write the porch's house alone
        ("skunk under the porch at 12 Walnut again", [("location", "12 Walnut")]),
        ("el perro esta ladrando en el porche de la 412 Maple", [("location", "412 Maple")]),
    ],
)  # fmt: skip
def test_a_named_landmarks_part_is_the_place(places: Places, text: str, expected) -> None:
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
        ("a cow standing on Hwy 61 by the township line", [("location", "Hwy 61 by the township line")]),
        ("sheep out on County Road 12 near the Hwy 42 junction",
         [("location", "County Road 12 near the Hwy 42 junction")]),
        ("loose calf on county road one forty two by mile marker nine",
         [("location", "county road one forty two by mile marker nine")]),
        ("borregas en la county ciento doce por la milla tres",
         [("location", "county ciento doce por la milla tres")]),
        ("un caballo en la 52 cerca del area de descanso", [("location", "52 cerca del area de descanso")]),
        ("vacas en la 42 una milla al sur de Freeport", [("location", "42 una milla al sur de Freeport")]),
        ("un caballo suelto en la Township Road 40 como media milla al norte del Sand Prairie Wildlife Area",
         [("location", "Township Road 40 como media milla al norte del Sand Prairie Wildlife Area")]),
        ("hay perros bravos en la ruta rural tres caja doce", [("location", "ruta rural tres caja doce")]),
        ("un becerro suelto en la ruta rural 4 caja 210", [("location", "ruta rural 4 caja 210")]),
    ],
)  # fmt: skip
def test_rural_roads_with_spoken_numbers_and_what_is_along_them(places: Places, text: str, expected) -> None:
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
        ("un perro suelto mordio a un senor en el Cenex esta manana", [("location", "en el Cenex")]),
        ("a mi hija la mordio un perro en el Dollar General de Freeport",
         [("location", "en el Dollar General de Freeport")]),
        # a road keeps no "en la"
        ("las vacas andan en la County Road 10 cerca del puente", [("location", "County Road 10 cerca del puente")]),
        ("the dog is loose again, the owners are the Hansons, on Maple St", [("owner_location", "Maple St")]),
        ("ese perro es de los Garcia, los duenos son los Garcia, en la Maple", [("owner_location", "Maple")]),
        ("the boxer bit my dog on Oak St this morning. the house is 410 Oak St",
         [("location", "Oak St"), ("owner_location", "410 Oak St")]),
        # the house alone is where it happened
        ("my sister was bitten while dog sitting. the house is 88 Valley Dr", [("location", "88 Valley Dr")]),
    ],
)  # fmt: skip
def test_landmarks_keep_en_el_and_owners_said_as_statements(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hello from way out on the county road", []),
        ("at what point is a rooster crowing against the rules", []),
        ("we just moved to Elm St, lovely street, but the beagle next door howls", [("location", "Elm St")]),
    ],
)  # fmt: skip
def test_a_road_with_no_name_is_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected
