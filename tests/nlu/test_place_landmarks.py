"""Landmarks: a spot on a street, a part of a named landmark, parks; and what is no place (bot/nlp/places/landmarks.py).
The sets' annotation conventions (their headers) are the rule; the cases are reworded, not copied from a set."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bare kind of place beside a better place, or naming something else ("the school bus")
        ("the lab at 22 Birch chases the school bus", [("location", "22 Birch")]),
        (
            "bitten at the Kwik Trip parking lot, the owner was in the store",
            [("location", "the Kwik Trip parking lot")],
        ),
        ("las gallinas de la granja andan en el county road 8", [("location", "county road 8")]),
        # opening hours are no place
        ("what time does the post office close", []),
        ("a que hora abre el Casey's", []),
        # a reflexive "se" is no south-east
        (
            "el perro del 12 Oak se sale y ladra en el 14 Oak",
            [("owner_location", "12 Oak"), ("location", "14 Oak")],
        ),
    ],
)
def test_extra_places_are_dropped(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a kind of place that names people or a thing
        ("the vet tech told me to call you about the dog that bit my cat", []),
        (
            "sono la sirena de los bomberos y el perro de la calle Walnut aulla",
            [("location", "calle Walnut")],
        ),
        ("do you know when the Dollar General opens", []),
        # guards: a time, a count, a town named like a parish are no places
        ("we got 40 min of barking and 2 hrs more last night", []),
        ("I moved here from St Cloud last year", []),
    ],
)
def test_more_extra_places_are_dropped(places: Places, text: str, expected: list[tuple[str, str]]) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("our cat never came home on Poplar", [("location", "Poplar")]),
        ("a dog bit my son at Lions Park", [("location", "Lions Park")]),
        ("son los de la casa verde del 22 de la Oak", [("owner_location", "casa verde del 22 de la Oak")]),
        (
            "el señor de la casa azul al final de la Maple",
            [("owner_location", "casa azul al final de la Maple")],
        ),
        ("the lady in the white house at the end of Hickory", [("owner_location", "the end of Hickory")]),
    ],
)
def test_parks_and_the_owners_house_at_the_end(
    places: Places, text: str, expected: list[tuple[str, str]]
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
        ("buenas noches, le escribe Don Chema de la granja", []),
        ("saludos desde el rancho", []),
        ("el pato de la granja anda en la Creamery", [("location", "Creamery")]),
    ],
)  # fmt: skip
def test_a_farm_someone_is_from_is_no_place(places: Places, text: str, expected) -> None:
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
        # a spot on a street: the clerk needs the spot, not the whole street
        ("two dogs barking all evening behind the parsonage on Washington St",
         [("location", "behind the parsonage on Washington St")]),
        ("a big dog snapped at me by the Dairy Queen on Front St", [("location", "by the Dairy Queen on Front St")]),
        ("a rooster loose in the alley behind Division Street", [("location", "in the alley behind Division Street")]),
        ("the mutt by the cluster mailboxes on Basswood growled at me",
         [("location", "by the cluster mailboxes on Basswood")]),
        ("un perro me mordio por el Dairy Queen de la calle Front", [("location", "por el Dairy Queen de la calle Front")]),
        ("gallinas sueltas en el callejon atras de la calle Division",
         [("location", "en el callejon atras de la calle Division")]),
    ],
)  # fmt: skip
def test_a_spot_on_a_street_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a part of the road or the house, a body part, an animal: the street (or the house) alone
        ("a calf in the ditch on county road 9", [("location", "county road 9")]),
        ("a raccoon in the attic of 450 Front St", [("location", "450 Front St")]),
        ("the husky barking on Elm St all night", [("location", "Elm St")]),
        ("me mordio un perro en la pierna en la calle Greenwood", [("location", "calle Greenwood")]),
        # a house number is found already
        ("the dog at 1411 Roosevelt bit my cat in the alley behind 1407 Roosevelt",
         [("owner_location", "1411 Roosevelt"), ("location", "1407 Roosevelt")]),
    ],
)  # fmt: skip
def test_what_is_no_spot_leaves_the_street_as_it_was(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a place behind a street is one place, as one beside it
        ("a beaver is felling trees along the Sauk River behind Riverside Dr",
         [("location", "the Sauk River behind Riverside Dr")]),
        # a care home is a named complex
        ("the dogs by Golden Oaks Manor howl every afternoon", [("location", "Golden Oaks Manor")]),
    ],
)  # fmt: skip
def test_a_place_behind_a_street_and_a_care_home(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("uy un perro callejero se metio a la tortilleria de la Front y no lo podemos sacar",
         [("location", "a la tortilleria de la Front")]),
        ("ya van tres noches q el perro del callejon atras de la Main ladra y ladra",
         [("location", "del callejon atras de la Main")]),
        # a person is no spot: "del patron de la 370" is the road's farm worker's boss, not a place on it
        ("el perro del patron de la Main ladra toda la noche", [("location", "Main")]),
    ],
)  # fmt: skip
def test_a_spanish_spot_on_a_street_is_one_place(places: Places, text: str, expected) -> None:
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
        # ends where the landmark does
        ("una ardilla mordio a mi nina en la Kellogg Elementary en el recreo",
         [("location", "en la Kellogg Elementary")]),
    ],
)  # fmt: skip
def test_a_park_or_landmark_keeps_its_name(places: Places, text: str, expected) -> None:
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
