"""Rural roads: county roads and highways with what is along them, fire numbers, boxes, spoken numbers, roads placed
by a town (bot/nlp/places/rural.py). The sets' conventions: "A road with a landmark along it is one location span"."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


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
        ("hello from way out on the county road", []),
        ("at what point is a rooster crowing against the rules", []),
        ("we just moved to Elm St, lovely street, but the beagle next door howls", [("location", "Elm St")]),
    ],
)  # fmt: skip
def test_a_road_with_no_name_is_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


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


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a pig in the ditch on Cty Rd 18", [("location", "Cty Rd 18")]),
        # "us" before a Spanish number word is the pronoun, not US highway eleven
        ("the neighbours babysat for us once and their dog bit my son at 12 Elm St", [("location", "12 Elm St")]),
        ("bit by a dog on my own street last night", []),
    ],
)  # fmt: skip
def test_road_words_and_words_that_are_no_street(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a llama in the middle of Sauk River Rd near the canoe landing",
         [("location", "Sauk River Rd near the canoe landing")]),
        ("there are sheep all over 260th Ave by the Becker dairy", [("location", "260th Ave by the Becker dairy")]),
        ("cattle through the fence on County Rd 9 half mile north of 190th, angus",
         [("location", "County Rd 9 half mile north of 190th")]),
        ("a pony in the ditch on County Road 18 across from fire number 28905",
         [("location", "County Road 18 across from fire number 28905")]),
        ("the dog in a kennel on Franklin near Grant barks all day", [("location", "Franklin near Grant")]),
        ("un poni suelto en la Sand Prairie Rd cerca del Wildlife Area", [("location", "Sand Prairie Rd cerca del Wildlife Area")]),
        ("los chivos estan en la County 2 por la curva", [("location", "County 2 por la curva")]),
        # what follows the road's landmark is another phrase: "and the farm" is no part of "west of town"
        ("we're out on County Road 24 west of town and the farm across the road keeps a dog chained",
         [("location", "County Road 24")]),
    ],
)  # fmt: skip
def test_a_road_and_what_is_along_it_are_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the dachshund at fire number 41820 on 210th St barks all night", [("location", "fire number 41820 on 210th St")]),
        ("the llama at the hobby farm on 210th bit my niece", [("location", "the hobby farm on 210th")]),
        ("la alpaca del vecino en la 210 me mordio el hombro", [("location", "la 210")]),
        ("dropping a pin 44.308, -91.999 thats the farm with the dogs", [("location", "44.308, -91.999")]),
        ("DOG RUNNING IN TRAFFIC ON I-94 AT THE FREEPORT EXIT RAMP", [("location", "I-94 AT THE FREEPORT EXIT RAMP")]),
        ("standing in my bean stubble at 42380 Stearns County Road 12", [("location", "42380 Stearns County Road 12")]),
        ("pack of dogs crossing County Road 11 at the bridge", [("location", "County Road 11 at the bridge")]),
        # not places: a number that is a time, a 100th that is no road, a drive-through, people
        ("el perro ladra desde la 10 de la noche", []),
        ("this is my 100th call about it", []),
        ("Bank drive thru: a great dane sitting in lane 2 at the bank on Main", [("location", "the bank on Main")]),
        ("BULL OUT on 290th Ave by the township hall huge black one nobody drive by it",
         [("location", "290th Ave by the township hall")]),
    ],
)  # fmt: skip
def test_rural_places_and_what_is_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


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
