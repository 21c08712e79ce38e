"""Place rules of the fourth places pass (ruler rules, no training): Spanish streets the packs lack, corners
joined by "y", rural boxes said "caja", landmarks only after a relation, the owners' "los del ..."."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "calle <word>" is a street whatever the word, misspelt or missing from the packs
        ("un perro bravo suelto en la calle vashington", [("location", "calle vashington")]),
        ("anda una vaca en la calle olmsted desde temprano", [("location", "calle olmsted")]),
        # guards: a verb after "calle" is no street; a known street before a pronoun stays
        ("la basura de la calle tiene una semana sin recogerse", []),
        ("mi perro anda corriendo en la calle ladrando", []),
        ("lo mordio un perro en la calle elm le salio sangre", [("location", "calle elm")]),
    ],
)
def test_calle_and_any_word(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
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
        # a rural route box said in Spanish is one place, like "RR 2 Box 118"
        ("tienen perros amarrados en la RR 5 caja 12 y no se callan", [("location", "RR 5 caja 12")]),
        ("the goats at RR 5 box 12 got out", [("location", "RR 5 box 12")]),  # guard: English as before
    ],
)
def test_rural_boxes(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # shops people also ask the hours of are a place after a relation word
        ("un gato herido atras de la carniceria, vengan pronto", [("location", "atras de la carniceria")]),
        ("anda un perro enfrente de la lecheria", [("location", "enfrente de la lecheria")]),
        ("a q hora abre la marqueta?", []),  # guard: no relation, no place
        # "frente al banco" is a relation and a landmark, joined to the street before it
        (
            "hay un perro suelto en la calle Oak frente al banco",
            [("location", "calle Oak frente al banco")],
        ),
        # a shop's adjective of origin belongs to it
        ("un perro flaco afuera de la panaderia mexicana", [("location", "afuera de la panaderia mexicana")]),
    ],
)
def test_landmarks_after_a_relation(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "los del <place>" are the people of that place: the owners, when another place is the incident's
        (
            "el perro de los del 212 Elm se metio a mi yarda en la calle Oak",
            [("owner_location", "212 Elm"), ("location", "calle Oak")],
        ),
        (
            "se les escaparon los puercos a los del rancho de la 310th y andan en la carretera 7",
            [("owner_location", "rancho de la 310th"), ("location", "carretera 7")],
        ),
        # guard: alone, a barking dog "de los del ..." barks where it lives
        ("el perro de los del 212 Elm ladra toda la noche", [("location", "212 Elm")]),
        # "vive atras de ...": a home placed by a landmark
        (
            "el dueno se llama Pedro, vive atras de la ferreteria en la Oak",
            [("owner_location", "atras de la ferreteria en la Oak")],
        ),
    ],
)
def test_the_people_of_a_place(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a numbered home inside a place is part of the place
        (
            "el perro del depa 9 del edificio de la Oak no para de ladrar",
            [("location", "depa 9 del edificio de la Oak")],
        ),
        ("hay ratas en el apartamento 7 de la Chestnut", [("location", "apartamento 7 de la Chestnut")]),
        (
            "un mapache en el lote 31 del parque de trailas de la Elm",
            [("location", "lote 31 del parque de trailas de la Elm")],
        ),
        # guard: a home's number written after the address stays outside it
        ("ladra todo el dia, 220 Walnut apartamento 4", [("location", "220 Walnut")]),
    ],
)
def test_numbered_homes_inside_a_place(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a person named by the place they work at names no place: "alguien de la oficina", "la señora del correo"
        ("quiero hablar con alguien de la oficina de la ciudad", []),
        (
            "la señora de la biblioteca vio un perro suelto en la calle Oak",
            [("location", "calle Oak")],
        ),
        # guard: the people of an address are its owners, as before
        ("es de la gente del 220 de la Walnut", [("owner_location", "220 de la Walnut")]),
    ],
)
def test_people_named_by_their_workplace(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a farm named by its family is a place, the owners' when another place is the incident's
        (
            "las vacas del rancho de los Meyer andan en la carretera 12",
            [("owner_location", "rancho de los Meyer"), ("location", "carretera 12")],
        ),
        (
            "hay chivas en la calle Oak, son de la granja de los Kowalski",
            [("location", "calle Oak"), ("owner_location", "la granja de los Kowalski")],
        ),
        # guard: "el rancho de los vecinos" names no family
        ("el perro de los vecinos ladra toda la noche", []),
    ],
)
def test_farms_named_by_their_family(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an interstate is a road, with its frontage road and a named exit along it
        ("two horses loose on the I-90 frontage road", [("location", "I-90 frontage road")]),
        ("a deer hit on I-35 near the Kellogg exit", [("location", "I-35 near the Kellogg exit")]),
        (
            "un perro herido en la I-90 cerca de la salida de Kellogg",
            [("location", "I-90 cerca de la salida de Kellogg")],
        ),
        # guards: an exit with no name is no landmark; a lower-case "i" with a number is no road
        ("dead raccoon on hwy 61 by the exit", [("location", "hwy 61")]),
        ("i 2 dogs barking at 412 Oak St", [("location", "412 Oak St")]),
    ],
)
def test_interstates(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected
