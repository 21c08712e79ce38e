"""Whose place: `owner_location` against the incident `location` (bot/nlp/places/roles.py). The sets' conventions: "the
dog at <address> with no word of living there is the incident location"."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "el chucho del 410 Pine se metio a mi patio en el 412 Pine",
            [("owner_location", "410 Pine"), ("location", "412 Pine")],
        ),
        ("fue el perro del 77 Spruce", [("owner_location", "77 Spruce")]),
        (
            "el perro de la casa blanca de la Walnut mordio a mi hijo",
            [("owner_location", "casa blanca de la Walnut")],
        ),
        ("mi vecino vive en la calle Ash 40", [("owner_location", "calle Ash 40")]),
        # a barking dog's home is where it happens
        (
            "los perros de la casa verde de la Walnut ladran toda la noche",
            [("location", "casa verde de la Walnut")],
        ),
        # a street that is also a word, after a house
        ("se salio de la casa gris de la Division", [("owner_location", "casa gris de la Division")]),
        ("se vino de la casa roja de la Elm", [("owner_location", "casa roja de la Elm")]),
        ("a dog came out of 118 Birch and bit me", [("owner_location", "118 Birch")]),
        ("the dog from the white house on elm bit my son", [("owner_location", "the white house on elm")]),
        (
            "the dog from across the street at 40 Oak is on my porch at 42 Oak",
            [("owner_location", "40 Oak"), ("location", "42 Oak")],
        ),
        ("howling from the kennel on hwy 7 all night", [("location", "the kennel on hwy 7")]),
        ("walking home from the library a dog bit me", [("location", "the library")]),
        ("driving home on county road 3 there were cows", [("location", "county road 3")]),
        (
            "we live in the apartments by the park and the dog barks",
            [("location", "the apartments by the park")],
        ),
        ("the dog bit him and ran off down Elm", [("direction", "down Elm")]),
        ("se fue corriendo para el sur", [("direction", "para el sur")]),
        ("it was heading towards town", [("direction", "towards town")]),
    ],
)
def test_whose_place_and_where_it_went(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("se fue corriendo pal Kwik Trip", [("direction", "pal Kwik Trip")]),
        (
            "el señor del 44 Oak no amarra a su perro, anda en la calle Elm",
            [("owner_location", "44 Oak"), ("location", "calle Elm")],
        ),
        # a person's home, or a weak cue with no other place: where it happens
        ("my grandma lives at 77 Cedar and the dog next door barks at her", [("location", "77 Cedar")]),
        ("a hound kept at 15 Ash howls every night", [("location", "15 Ash")]),
        ("the chickens belong to the house on the corner", [("owner_location", "the house on the corner")]),
        (
            "the pigs from the Olsons on Hickory St are in my garden at 30 Pine",
            [("owner_location", "the Olsons on Hickory St"), ("location", "30 Pine")],
        ),
    ],
)
def test_more_roles(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("el perro es de los vecinos del 18 Elm", [("owner_location", "18 Elm")]),  # guard: strong cue
        ("el dueño es el de la casa azul de la Pine", [("owner_location", "casa azul de la Pine")]),
        ("the old man at 9 Birch owns it", [("owner_location", "9 Birch")]),
    ],
)
def test_whose_place_said_outright(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
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
        ("the lab keeps getting out of their yard at 907 Oak and coming into ours at 909 Oak",
         [("owner_location", "907 Oak"), ("location", "909 Oak")]),
        ("the donkey from the farm on Golf Rd is out again, standing by the golf course",
         [("owner_location", "Golf Rd"), ("location", "by the golf course")]),
        ("he lives in the green house at 309 Lake St", [("owner_location", "309 Lake St")]),
        # alone, the same cues name where it happened
        ("got bit getting our ball out of their yard at 24 Cedar Ct", [("location", "24 Cedar Ct")]),
        ("dogs from the farm on county road 9 are roaming", [("location", "county road 9")]),
    ],
)  # fmt: skip
def test_whose_home_beside_where_it_happened(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # two animals at two addresses and no other place: both are where it happens
        ("There's two: the dog at 44 Birch and the dog at 46 Birch bark at each other across the fence",
         [("location", "44 Birch"), ("location", "46 Birch")]),
        # the resident's own animal at an address is where it happened
        ("the two huskies from up the road at 33120 County 11 killed my daughters fair pig at 33098 County 11",
         [("owner_location", "33120 County 11"), ("location", "33098 County 11")]),
        ("Dog bite my husband in hand. Dog of neighbor 1008 Sunrise. It happen in our yard 1010 Sunrise",
         [("owner_location", "1008 Sunrise"), ("location", "1010 Sunrise")]),
        ("a schnauzer charged out of 1404 Prospect and bit my husband on Prospect",
         [("owner_location", "1404 Prospect"), ("location", "Prospect")]),
        ("a dog bit my grandson in Mcdonough Park. owner lives at the corner of High and Front",
         [("location", "Mcdonough Park"), ("owner_location", "corner of High and Front")]),
        ("free range chickens that belong to 12 Apple are in the road at Apple and Plum again",
         [("owner_location", "12 Apple"), ("location", "Apple and Plum")]),
        # a barking animal's home is where the noise is, when no other place is named
        ("The problem is the owner at 116 School St puts the boxer on the deck and it barks at every bird",
         [("location", "116 School St")]),
        ("el chihuahueno de la vecina del lote 8 del Sunset Trailer Court ladra y ladra",
         [("location", "lote 8 del Sunset Trailer Court")]),
    ],
)  # fmt: skip
def test_whose_place_and_where_it_happened(places: Places, text: str, expected) -> None:
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
def test_a_farm_or_workplace_alone_is_where_it_happened(places: Places, text: str, expected) -> None:
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
