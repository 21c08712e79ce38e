"""Places said in Spanish: the ruler finds them, the roles are told apart, spoken ones normalise."""

from __future__ import annotations

import pytest

from bot.nlp.places.entities import place_entities
from bot.nlp.places.gazetteer import load_places
from bot.nlp.places.normalise import normalise_address, spoken_place
from tests.support.place_runner import intake_pipeline


@pytest.fixture(scope="module")
def nlp():  # noqa: ANN201
    return intake_pipeline()


def _places(nlp, text: str) -> list[tuple[str, str]]:  # noqa: ANN001
    found = [
        {"entity": e.label_, "start": e.start_char, "end": e.end_char, "value": e.text}
        for e in nlp(text).ents
        if e.label_ == "location"
    ]
    streets = sorted({s for city in load_places().values() for s in city.streets})
    return [(e["entity"], e["value"]) for e in place_entities(text, found, streets)]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("hay un perro suelto en la calle Main", "calle Main"),
        ("los perros en la esquina de 3rd y Elm", "esquina de 3rd y Elm"),
        ("un perro mordio a mi hijo enfrente de la iglesia", "enfrente de la iglesia"),
        ("anda suelto por el Dollar General", "por el Dollar General"),
        ("ladra en el 412 de la Oak", "el 412 de la Oak"),
        ("un perro en seis doce calle cuatro norte", "seis doce calle cuatro norte"),
        ("perros sueltos cerca del Kwik Trip", "cerca del Kwik Trip"),
        ("el perro de la esquina de Main con 2nd", "esquina de Main con 2nd"),
    ],
)
def test_spanish_places_are_found(nlp, text: str, place: str) -> None:  # noqa: ANN001
    assert _places(nlp, text) == [("location", place)]


def test_the_owners_place(nlp) -> None:  # noqa: ANN001
    assert _places(nlp, "la gente del 220 de la Walnut") == [("owner_location", "220 de la Walnut")]
    assert _places(nlp, "el dueno vive en 510 de la Chestnut") == [("owner_location", "510 de la Chestnut")]


def test_where_it_went_is_not_where_it_is(nlp) -> None:  # noqa: ANN001
    text = "dos perros sueltos corriendo x la calle Maple hacia el parque"
    assert _places(nlp, text) == [("location", "calle Maple"), ("direction", "hacia el parque")]
    assert _places(nlp, "ya se fue hacia el parque") == [("direction", "hacia el parque")]


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("seis doce calle cuatro norte", "612 N 4th St"),
        ("calle cuatro norte", "N 4th St"),
        ("en el 412 de la Oak", "412 Oak"),
        ("la cuarta avenida", "4th Ave"),
        ("uno cero tres calle Elm", "103 Elm St"),
        ("cuatro doce oak street", "412 oak street"),
        ("six twelve north fourth street", "612 N 4th St"),
        ("enfrente de la iglesia", "enfrente de la iglesia"),
        ("dos perros", "dos perros"),
    ],
)
def test_spoken_spanish_places(said: str, written: str) -> None:
    assert spoken_place(said) == written


def test_spanish_addresses_are_one_household_with_english_ones() -> None:
    assert normalise_address("seis doce calle cuatro norte") == normalise_address("612 N 4th St")
    assert normalise_address("412 de la Oak") == normalise_address("412 Oak")
    assert normalise_address("dos perros") is None
