"""Place rules of the sixth places pass (round 9, read from the spent h sets' errors; bot/nlp/place_phrases.py
and the owner cues of bot/nlp/places.py): a spot on a street is one place, a corner of two named streets the
packs lack is a place, a place the resident took back is dropped, and two homes in one message are told apart."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


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
        ("a loose boxer at Hillcrest and Plum", [("location", "Hillcrest and Plum")]),
        ("there is a stray beagle at Cherry and Apple heading north toward the school",
         [("location", "Cherry and Apple"), ("direction", "north toward the school")]),
        # people are no streets
        ("the dog barks at Mom and Dad's every night", []),
    ],
)  # fmt: skip
def test_a_corner_of_two_named_streets_the_packs_lack(places: Places, text: str, expected) -> None:
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
        # a place behind a street is one place, as one beside it
        ("a beaver is felling trees along the Sauk River behind Riverside Dr",
         [("location", "the Sauk River behind Riverside Dr")]),
        # a care home is a named complex
        ("the dogs by Golden Oaks Manor howl every afternoon", [("location", "Golden Oaks Manor")]),
    ],
)  # fmt: skip
def test_a_place_behind_a_street_and_a_care_home(places: Places, text: str, expected) -> None:
    assert places(text) == expected
