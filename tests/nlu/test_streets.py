"""Street names fuzzy-matched against the pack's list."""

import pytest

from bot.nlp.places.gazetteer import city_streets
from bot.nlp.places.streets import CERTAIN_SCORE, StreetMatch, did_you_mean, match_street, street_in_place

KELLOGG = city_streets("kellogg")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Belvedere Ave", "Belvidere"),
        ("317 belvedere", "Belvidere"),
        ("the 400 block of chesnut", "Chestnut"),
        ("wallnut st", "Walnut"),
        ("1402 washingtn ave apt 3", "Washington"),
        ("sand prarie", "Sand Prairie"),
        ("612 N 4th St", "4th"),
        ("fourth street", "4th"),
    ],
)
def test_misspelled_and_full_addresses_find_the_city_street(text: str, canonical: str) -> None:
    match = match_street(text, KELLOGG)
    assert match is not None and match.canonical == canonical


def test_a_misspelling_is_uncertain_and_an_exact_name_is_not() -> None:
    misspelt = match_street("Belvedere Ave", KELLOGG)
    assert misspelt is not None and misspelt.uncertain and misspelt.score < CERTAIN_SCORE
    exact = match_street("412 Belvidere Ave", KELLOGG)
    assert exact == StreetMatch("Belvidere", 100.0) and not exact.uncertain


def test_no_match_for_a_street_the_city_does_not_have() -> None:
    assert match_street("nonsense road", KELLOGG) is None
    assert match_street("linden st", KELLOGG) is None  # Freeport's street, not Kellogg's
    assert match_street("linden st", city_streets("freeport")) == StreetMatch("Linden", 100.0)


def test_did_you_mean_uses_the_residents_street_type() -> None:
    match = match_street("Belvedere Ave", KELLOGG)
    assert did_you_mean(match, "Belvedere Ave") == "Did you mean Belvidere Avenue?"
    assert did_you_mean(match, "317 belvedere") == "Did you mean Belvidere Street?"


@pytest.mark.parametrize(
    ("place", "corrected", "street"),
    [
        ("317 belvedere", "317 Belvidere", "Belvidere Street"),
        (
            "by the dollar general on belvedere ave",
            "by the dollar general on Belvidere ave",
            "Belvidere Avenue",
        ),
        ("corner of belvedere and 3rd", "corner of Belvidere and 3rd", "Belvidere Street"),
        ("Main and wallnut", "Main and Walnut", "Walnut Street"),
    ],
)
def test_a_misspelt_street_inside_a_place_is_found_and_respelt(
    place: str, corrected: str, street: str
) -> None:
    found = street_in_place(place, KELLOGG)
    assert found is not None and (found.corrected, found.street) == (corrected, street)


@pytest.mark.parametrize(
    "place",
    [
        "412 Oak St",
        "612 N 4th St",
        "county road 9 past the grain elevator",
        "behind the church",
        "412 oaks st",
    ],
)
def test_no_street_to_respell(place: str) -> None:
    assert street_in_place(place, KELLOGG) is None  # spelt right, numbered, none, or too short to guess
