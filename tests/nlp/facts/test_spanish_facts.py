"""Spanish answers read for their facts by the same readers as English ones. Pure functions."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.nlp.facts.behaviour import aggressive
from bot.nlp.facts.corrections import Correction, asks_status, parse_correction
from bot.nlp.facts.injury import mentions_injury
from bot.nlp.facts.name import clean_name, declines_name
from bot.nlp.facts.owner import owner
from bot.nlp.facts.place_words import clean_location, is_findable_location
from bot.nlp.facts.times import read_times
from bot.nlp.facts.vaccination import vaccinated
from bot.nlp.facts.victim import victim_kind
from bot.nlp.facts.whereabouts import direction, still_there
from bot.nlp.facts.yes_no import yes_no_unknown

# 23:30 in Kellogg (America/Chicago) on 1 December 2026
NOW = datetime(2026, 12, 2, 5, 30, tzinfo=timezone.utc)
ZONE = "America/Chicago"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("si", "yes"),
        ("sí", "yes"),
        ("si claro", "yes"),
        ("correcto", "yes"),
        ("no", "no"),
        ("nel", "no"),
        ("no se", "unknown"),
        ("no sé", "unknown"),
        ("ni idea", "unknown"),
        ("las 10 de la noche", None),
    ],
)
def test_si_no_no_se(text: str, expected: str | None) -> None:
    assert yes_no_unknown(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mi hija", "person"),
        ("mi hijo", "person"),
        ("un nino", "person"),
        ("un niño", "person"),
        ("a mi", "person"),
        ("me mordio a mi", "person"),
        ("una señora", "person"),
        ("mi gato", "animal"),
        ("mi perro", "animal"),
        ("a mi perrita", "animal"),
        ("un animal", "animal"),
    ],
)
def test_who_was_bitten(text: str, expected: str) -> None:
    assert victim_kind(text) == expected


def test_an_animal_bite_in_spanish_says_nothing_of_the_victim() -> None:
    assert victim_kind("quiero reportar una mordida de animal", answering=False) is None
    assert victim_kind("un perro mordio a mi hijo", answering=False) == "person"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("le rompio la piel", True),
        ("sangró", True),
        ("le pusieron puntos", True),
        ("fue al doctor", True),
        ("no le rompio la piel", False),
        ("no sangro, nomas un moreton", False),
        ("me dio miedo", False),
    ],
)
def test_injury(text: str, expected: bool) -> None:
    assert mentions_injury(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("sigue ahi", "yes"),
        ("todavia esta en mi patio", "yes"),
        ("ya se fue", "no"),
        ("se fue hacia el parque", "no"),
    ],
)
def test_still_there(text: str, expected: str) -> None:
    assert still_there(text) == expected


def test_ya_no_aguanto_does_not_say_it_left() -> None:
    assert still_there("ya no aguanto los ladridos") is None


def test_which_way_it_went() -> None:
    assert direction("se fue hacia el parque") == "se fue hacia el parque"
    assert direction("sigue ahi") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("es agresivo", "yes"),
        ("gruñía", "yes"),
        ("me correteo", "yes"),
        ("no es agresivo", "no"),
        ("es manso", "no"),
    ],
)
def test_aggressive(text: str, expected: str) -> None:
    assert aggressive(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("si esta vacunado", "yes"), ("no tiene vacunas", "no"), ("no se si esta vacunado", "unknown")],
)
def test_vaccinated(text: str, expected: str) -> None:
    assert vaccinated(text) == expected


def test_owner() -> None:
    assert owner("la gente del 220 de la Walnut") == "la gente del 220 de la Walnut"
    assert owner("el dueño vive en 510 de la Chestnut") == "el dueño vive en 510 de la Chestnut"
    assert owner("no se de quien es") == "unknown"
    assert owner("es cafe con blanco") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("me llamo Ana Lopez", "Ana Lopez"),
        ("soy Jose", "Jose"),
        ("soy Jose Luis", "Jose Luis"),
        ("mi nombre es María García", "María García"),
        ("hola soy Carmen", "Carmen"),
        ("un perro", None),
        ("todas las noches", None),
    ],
)
def test_names(text: str, expected: str | None) -> None:
    assert clean_name(text) == expected


def test_declining_the_name_in_spanish() -> None:
    assert declines_name("prefiero no decir")
    assert declines_name("anonimo")


def test_corrections_in_spanish() -> None:
    assert parse_correction("la dirección es 500 Elm St", {"location"}) == Correction(
        "location", "500 Elm St"
    )
    assert parse_correction("cambia el nombre a Ana", {"complainant_name"}) == Correction(
        "complainant_name", "Ana"
    )


def test_status_asides_and_places() -> None:
    assert asks_status("como va mi queja")
    assert not asks_status("quiero hacer una queja")
    assert is_findable_location("en la esquina de 3rd y Elm")
    assert not is_findable_location("aqui")
    assert clean_location("en la calle Main") == "calle Main"


def test_desde_las_10_de_la_noche() -> None:
    facts = read_times("desde las 10 de la noche", NOW, ZONE)
    assert facts.started is not None and (facts.started.day, facts.started.hour) == (1, 22)
    assert facts.started_words == "desde las 10 de la noche"
    assert facts.minutes == 90  # Kellogg 58-5 C: barking is a nuisance after 30 minutes of it


def test_hace_como_una_hora() -> None:
    facts = read_times("hace como una hora", NOW, ZONE)
    assert facts.started is not None and (facts.started.hour, facts.started.minute) == (22, 30)
    assert facts.minutes is None  # when it happened, not how long it went on


def test_lleva_tres_horas_is_a_duration() -> None:
    facts = read_times("lleva como tres horas ladrando", NOW, ZONE)
    assert facts.minutes == 180 and facts.started is None


def test_yesterday_afternoon_at_five() -> None:
    facts = read_times("ayer en la tarde como a las 5", NOW, ZONE)
    assert facts.started is not None and (facts.started.day, facts.started.hour) == (30, 17)


@pytest.mark.parametrize(
    ("text", "frequency", "time_of_day"),
    [
        ("toda la noche", None, "night"),
        ("cada noche", "every night", None),
        ("todas las noches", "every night", "night"),
        ("los fines de semana", "weekends", None),
        ("en las mañanas", None, "morning"),
    ],
)
def test_frequency_and_time_of_day(text: str, frequency: str | None, time_of_day: str | None) -> None:
    facts = read_times(text, NOW, ZONE)
    assert (facts.frequency, facts.time_of_day) == (frequency, time_of_day)


def test_toda_la_noche_is_said_as_the_duration() -> None:
    assert read_times("toda la noche", NOW, ZONE).duration_words == "toda la noche"


def test_english_times_are_read_as_before() -> None:
    facts = read_times("since 10pm every night", NOW, ZONE)
    # "every night": when it starts each night, not minutes without a break (tests/nlu/test_times.py)
    assert (facts.started_words, facts.minutes, facts.frequency) == ("since 10pm", None, "every night")
    assert read_times("since 10pm", NOW, ZONE).minutes == 90
