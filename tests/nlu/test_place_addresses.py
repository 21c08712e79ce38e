"""Addresses and streets: where a place span starts and ends, streets the packs lack, homes in complexes and
parks, places taken back (bot/nlp/places/addresses.py, spans.py, homes.py). The sets' annotation conventions (their
headers) are the rule; the cases are reworded, not copied from a set."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "place"),
    [
        # the house number after the street, as Spanish speakers write it
        ("los perros de al lado en la calle Elm 318 no se callan", "calle Elm 318"),
        ("ladran toda la noche, estoy en Maple 27", "Maple 27"),
        ("un perro suelto en la Chestnut 140", "Chestnut 140"),
        # the article before a street or landmark is not part of it (but "el 412 de la Oak" keeps it)
        ("hay un caballo suelto en el campo de futbol", "campo de futbol"),
        ("un gato herido en la Sauk River Road", "Sauk River Road"),
        ("ladra y ladra en la calle tres sur cuatro cero uno", "calle tres sur cuatro cero uno"),
        # spoken numbers before a street
        ("el perro del trescientos diez walnut me mordio", "trescientos diez walnut"),
        ("un perro suelto en el siete uno dos pine", "siete uno dos pine"),
        # numbered roads, corners of Spanish ordinals
        ("hay vacas en la carretera 52 cerca del puente", "carretera 52 cerca del puente"),  # one span
        ("un caballo en la carretera del condado 14", "carretera del condado 14"),
        ("me correteo un perro en la esquina de segunda y maple", "esquina de segunda y maple"),
        # landmark phrases kept whole
        ("hay gatos atras del Kwik Trip", "atras del Kwik Trip"),
        ("un perro suelto enfrente de la middle school", "enfrente de la middle school"),
        ("me mordio un perro en el estacionamiento del Casey's", "estacionamiento del Casey's"),
        ("hay un zorrillo debajo de la iglesia Sacred Heart", "iglesia Sacred Heart"),
        ("un perro suelto atras de la iglesia St. Agnes", "atras de la iglesia St. Agnes"),  # "St." one token
        ("un perro en la banqueta de la Walnut", "banqueta de la Walnut"),
    ],
)
def test_spanish_places_are_whole(places: Places, text: str, place: str) -> None:
    assert places(text) == [("location", place)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("cows out on county road seven near the bridge", "county road seven near the bridge"),
        ("goats loose on county road twenty two", "county road twenty two"),
        ("dog chained at RR 4 box 9 all week", "RR 4 box 9"),
        ("a horse loose on 310th street", "310th street"),
        ("dogs barking all night around park and 4th", "park and 4th"),  # "park" alone is a word
        ("the dogs at the Riverside apartments bark all day", "the Riverside apartments"),
        ("a stray hanging around the Stop-N-Go again", "the Stop-N-Go"),
        ("a dog loose in the Casey's parking lot", "the Casey's parking lot"),
        ("a dog at the bar on depot bit my friend", "the bar on depot"),
        ("a dog bit me at her house on linden", "her house on linden"),
        ("the dog at the end of sunset ln barks", "the end of sunset ln"),
        ("the dog at the trailer behind the bank bit me", "the trailer behind the bank"),
        (
            "goats keep getting out at the red farmhouse past the grain elevator",
            "the red farmhouse past the grain elevator",
        ),
    ],
)
def test_english_places_are_whole(places: Places, text: str, place: str) -> None:
    assert places(text) == [("location", place)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a street named like a place, after a house number, in capitals
        ("a pit bull is loose again near 210 Eagle Heights", [("location", "210 Eagle Heights")]),
        ("my goat got bit, we live out at 18 Sunny Ridge Estates", [("location", "18 Sunny Ridge Estates")]),
        ("we have a nice view of the hills and coyotes in them", []),
        # the house the owner lives in, described and then given
        ("the couple in the blue house, 315 Walnut", [("owner_location", "315 Walnut")]),
        ("it's the guy in the trailer on Elm Street", [("owner_location", "the trailer on Elm Street")]),
        # a house on a corner no street names
        (
            "the beagle from the brown house on the corner got out",
            [("owner_location", "the brown house on the corner")],
        ),
        ("the dogs at the house on the corner bark nonstop", [("location", "the house on the corner")]),
        # a part of a bigger place: the bigger one says where
        ("a raccoon in the parking lot at the library", [("location", "the library")]),
    ],
)
def test_more_places_said_in_fresh_words(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a common US street name not (yet) on the city's list
        ("the dog at 412 Magnolia barks all night", [("location", "412 Magnolia")]),
        ("un perro suelto en la calle Dogwood", [("location", "calle Dogwood")]),
        ("ladran en el 73 de la Hemlock", [("location", "el 73 de la Hemlock")]),
        ("the Parkview apartments have a loose pit bull", [("location", "the Parkview apartments")]),
    ],
)
def test_common_street_names_work_before_the_city_lists_them(
    places: Places, text: str, expected: list[tuple[str, str]]
) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # bare streets: a common street name, or a street that is also a word, in capitals
        ("a cat got hit on Magnolia last night", [("location", "Magnolia")]),
        ("the dog from 1400 Orchard bit me", [("owner_location", "1400 Orchard")]),
        ("un perro muerto en la Eagle", [("location", "Eagle")]),
        # roads placed by a town or a county, and past a landmark
        ("cows out on Highway 14 east of Kellogg", [("location", "Highway 14 east of Kellogg")]),
        ("horses on Wabasha County Road 7 again", [("location", "Wabasha County Road 7")]),
        (
            "a calf on County Road 4 just past the town hall",
            [("location", "County Road 4 just past the town hall")],
        ),
        # a parish named alone, after a relation word
        ("the cat is stuck in a tree behind St. Luke", [("location", "behind St. Luke")]),
        ("vi un coyote atras de St. Luke", [("location", "atras de St. Luke")]),
    ],
)
def test_bare_streets_roads_and_parishes(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a landmark, then the event or kind of place it was at: not one place (a named landmark keeps its "en el",
        # as the sets write "[en el Kwik Trip](location)")
        ("me mordio un perro en el Kwik Trip en la tienda", [("location", "en el Kwik Trip")]),
        # the house on the corner, in Spanish
        ("las gallinas son de la casa de la esquina", [("owner_location", "la casa de la esquina")]),
        # a sentence-final period is not part of the street
        ("theres a goat loose on Walnut Dr. Not kidding", [("location", "Walnut Dr")]),
    ],
)
def test_still_more_places_said_in_fresh_words(
    places: Places, text: str, expected: list[tuple[str, str]]
) -> None:
    assert places(text) == expected


def test_a_lot_of_a_named_place_is_kept_with_it(places: Places) -> None:
    assert places("un perro suelto en el parqueo del Kwik Trip") == [("location", "parqueo del Kwik Trip")]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("un perro suelto corre por la calle Quail", "calle Quail"),  # any Capitalised name after "calle"
        ("hay chivos en la calle 275 desde ayer", "calle 275"),  # numbered streets and roads
        ("un toro suelto en el camino 63", "camino 63"),
        ("las ovejas andan en la ruta rural cinco", "ruta rural cinco"),
        ("a stray pup keeps circling on Sunset View", "Sunset View"),  # View (VW) is a street suffix
        # a Spanish landmark is said head-first with its "de" complement
        ("un perro bravo en el cementerio de Kellogg", "cementerio de Kellogg"),
        ("un venado muerto en el sendero del condado", "sendero del condado"),
        ("un gato en el corral de la granja de Freeport", "corral de la granja de Freeport"),
        ("una perra en la iglesia de St Luke's", "iglesia de St Luke's"),
        ("perros sueltos en los departamentos Lakeside", "departamentos Lakeside"),
        ("un perro en el parque a las seis de la mañana", "parque"),  # guard: a time is no complement
    ],
)
def test_spanish_streets_and_landmarks_are_whole(places: Places, text: str, place: str) -> None:
    assert places(text) == [("location", place)]


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
        ("el perro suelto anda en el 120 de Golf Course Rd desde ayer", [("location", "el 120 de Golf Course Rd")]),
        # two places with words between stay two
        ("un perro del 12 de la Elm anda en la Oak", [("owner_location", "12 de la Elm"), ("location", "Oak")]),
    ],
)  # fmt: skip
def test_a_name_the_ruler_cut_in_two_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


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
        # kinds of place the ruler did not know, and the relation "arriba de"
        ("a cat stuck in the gutter above the bakery", [("location", "above the bakery")]),
        ("a loose goat running on the river trail this morning", [("location", "the river trail")]),
        ("un gato maullando arriba de la panaderia", [("location", "arriba de la panaderia")]),
        ("a q hora cierra la panaderia", []),  # guard: the opening hours name no place
    ],
)
def test_more_kinds_of_place(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


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
        # the home's number before the complex, in English
        ("continuous barking, two dogs, lot 22 of Pine Haven trailer court, going on 3 hours now",
         [("location", "lot 22 of Pine Haven trailer court")]),
        ("Fox den under the shed at lot 31 of Sunny Acres, the kits are out in the afternoons",
         [("location", "lot 31 of Sunny Acres")]),
        ("The dog at unit 3 of the Brookside Townhomes bit the maintenance guy today",
         [("location", "unit 3 of the Brookside Townhomes")]),
        ("the chihuahua in apartment 4C at Maple Court barks every time the door opens",
         [("location", "apartment 4C at Maple Court")]),
        # the complex first, its home after
        ("Sunny Acres Mobile Home Park lot 9, the dog there barks all day",
         [("location", "Sunny Acres Mobile Home Park lot 9")]),
        ("I can hear bats in the ceiling of Maple Court Apartments unit 7 every night",
         [("location", "Maple Court Apartments unit 7")]),
        ("it has been roaming Sunset Mobile Home Park for days", [("location", "Sunset Mobile Home Park")]),
        # in Spanish
        ("ai un perro que ladra sin parar en la traila 7 de Sunny Acres", [("location", "traila 7 de Sunny Acres")]),
        ("el chihuahua del apartamento 3 de los Riverview no deja de ladrar",
         [("location", "apartamento 3 de los Riverview")]),
    ],
)  # fmt: skip
def test_a_home_in_a_named_complex_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a place that holds the whole complex keeps its words
        ("a big dog loose in the Riverside Apartments parking lot",
         [("location", "the Riverside Apartments parking lot")]),
        # a voice transcript in lower case names no complex: what the ruler found stays
        ("the dog in lot twelve of pine haven keeps barking", []),
        # a number with no complex after it is no home; "My" starts no name
        ("a dog ran across lot 5 of my yard on Elm St", [("location", "Elm St")]),
        ("My Apartments are on 412 Oak St and the dog barks", [("location", "412 Oak St")]),
    ],
)  # fmt: skip
def test_what_is_no_home_in_a_complex(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cows out on county road 7, no sorry, county road 9 by the cemetery",
         [("location", "county road 9 by the cemetery")]),
        ("se salieron los borregos a la carretera 10, no perdon, a la carretera 12", [("location", "carretera 12")]),
        # a corrected house number: "from" still says whose home it is
        ("the dog from 1300, no, 1330 Ridge Rd bit my husband by the Community Center",
         [("owner_location", "1330 Ridge Rd"), ("location", "by the Community Center")]),
    ],
)  # fmt: skip
def test_a_place_the_resident_took_back_is_dropped(places: Places, text: str, expected) -> None:
    assert places(text) == expected


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
        ("el perro de la calle cedar numero quinientos doce ladra", [("location", "calle cedar numero quinientos doce")]),
        ("hay un perro ladrando en la calle Maple numero 905 desde ayer", [("location", "calle Maple numero 905")]),
    ],
)  # fmt: skip
def test_a_street_keeps_its_number_after_numero(places: Places, text: str, expected) -> None:
    assert places(text) == expected
