"""Address normalisation: one household, one key, however the resident spells it."""

from __future__ import annotations

import pytest

from bot.nlp.places.normalise import normalise_address


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("412 Oak Street", "412 OAK ST"),
        ("412 oak st.", "412 OAK ST"),
        ("412 OAK ST APT 2", "412 OAK ST"),
        ("412 Oak St #3", "412 OAK ST"),
        ("the house at 412 Oak St", "412 OAK ST"),
        ("412 Oak Street, Kellogg MN 55945", "412 OAK ST"),
        ("412 N. Main Avenue", "412 N MAIN AVE"),
        ("412 North Main Ave", "412 N MAIN AVE"),
        ("200 South Belvidere Avenue Northeast", "200 S BELVIDERE AVE NE"),
        ("55 West 3rd Street unit B", "55 W 3RD ST"),
        ("18 Lakeview Drive", "18 LAKEVIEW DR"),
        ("9 Elm Court", "9 ELM CT"),
        ("1200 Highway 61", "1200 HWY 61"),
    ],
)
def test_street_addresses_normalise_to_one_household_key(text: str, expected: str) -> None:
    assert normalise_address(text) == expected


@pytest.mark.parametrize(
    "text",
    ["behind the church", "corner of 3rd and Elm", "3rd and Elm", "Oak Street", "", "   ", "near the park"],
)
def test_places_without_a_house_number_are_not_addresses(text: str) -> None:
    assert normalise_address(text) is None


def test_different_houses_and_streets_stay_different() -> None:
    keys = {normalise_address(text) for text in ("412 Oak St", "414 Oak St", "412 Elm St", "412 Oak Ave")}
    assert len(keys) == 4
