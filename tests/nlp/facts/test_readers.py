"""The fact readers of bot/nlp/facts, each on its own: a fact is taken only from words that say it,
and words that fit no fact give none."""

from __future__ import annotations

import pytest

from bot.nlp.facts.description import describes
from bot.nlp.facts.injury import injury
from bot.nlp.facts.name import clean_name, introduced_name
from bot.nlp.facts.owner import owner
from bot.nlp.facts.place_words import clean_location
from bot.nlp.facts.text import strip_fillers
from bot.nlp.facts.victim import victim_kind
from bot.nlp.facts.whereabouts import still_there
from bot.nlp.facts.yes_no import bare_yes_no, leading_yes_no, only_dont_know


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # the walker: "him" is the dog just named, and a dog bitten drives neither 11 C 1 a nor 58-10
        ("I was walking my dog and the shepherd from the corner house bit him on the leg", "animal"),
        ("got bit on the ankle by a dog at 88 walnut st", "person"),
        ("the dog at 40 oak st bit my hand", "person"),
        ("it bit me", "person"),
        ("my grandson", "person"),
        ("a dog killed my chickens", "animal"),
        ("paseaba a mi perro y el pastor aleman lo mordio", "animal"),
        ("a mi hijo lo mordieron", "person"),
        ("a dog bit my cat on the leg", "animal"),
    ],
)
def test_who_was_bitten_comes_from_context(text: str, kind: str) -> None:
    assert victim_kind(text, answering=False) == kind


def test_words_that_say_nobody_was_bitten_give_no_victim() -> None:
    assert victim_kind("yes it bled", answering=False) is None
    assert victim_kind("I need to report an animal bite", answering=False) is None


@pytest.mark.parametrize(
    ("text", "look"),
    [
        ("brown lab with a red collar", "brown lab with a red collar"),
        ("german shepherd", "german shepherd"),
        ("three big pink hogs", "three big pink hogs"),
        ("cafe y grande con collar rojo", "cafe y grande con collar rojo"),
        ("about five black angus", "about five black angus"),
        # no colour, size, breed, collar or markings: no look
        ("I think so, it has tags", None),
        ("yes, still out on the road", None),
        ("it's a big problem", None),
        ("a raccoon", None),
        ("no", None),
    ],
)
def test_a_description_is_taken_only_when_it_describes(text: str, look: str | None) -> None:
    assert describes(text) == look


@pytest.mark.parametrize(
    ("text", "place", "whose"),
    [
        ("The owners are the Larsons, they live there", "9 linden st", "the Larsons at 9 linden st"),
        ("they live there", "412 oak st", "the people at 412 oak st"),
        ("the people at 220 walnut", None, "the people at 220 walnut"),
        ("they live at 20 fir st", None, "the people at 20 fir st"),
        ("belongs to Tom Berg", None, "Tom Berg"),
        ("the Johnsons next door", None, "the Johnsons next door"),
        ("a stray i think", None, "unknown"),
        # names no person, family or place
        ("it has tags", None, None),
        ("yes", None, None),
        ("big black dog", None, None),
    ],
)
def test_an_owner_is_taken_only_when_it_names_a_person_a_family_or_a_place(
    text: str, place: str | None, whose: str | None
) -> None:
    assert owner(text, place) == whose


@pytest.mark.parametrize(
    ("text", "answer"),
    [("yes", "yes"), ("no, not really", "no"), ("si claro", "yes"), ("I really don't know", "unknown"),
     ("yes it bled", None), ("i don't know their name", None), ("I think so", "yes")],
)  # fmt: skip
def test_a_bare_yes_or_no_says_nothing_else(text: str, answer: str | None) -> None:
    assert bare_yes_no(text) == answer


def test_the_opening_yes_and_a_whole_dont_know() -> None:
    assert leading_yes_no("no, not really") == "no"
    assert leading_yes_no("yes it bled") is None
    assert only_dont_know("not sure") and only_dont_know("no se")
    assert not only_dont_know("not sure who owns it, it's a brown lab")


def test_still_there_and_an_injury_are_read_where_they_are_said() -> None:
    assert still_there("yes, still out on the road") == "yes"
    assert still_there("no they went toward the river") == "no"
    # where they are walking is no way they went (a wrong "still there: no" in the bench)
    assert still_there("there are horses walking down the middle of rural route three") is None
    assert still_there("it was running towards the park") == "no"
    assert injury("yes it bled") == "yes"
    assert injury("no he's fine, no blood") == "no"
    assert injury("this afternoon") is None


def test_fillers_are_stripped_from_names_and_places() -> None:
    assert strip_fillers("uh tom berg") == "tom berg"
    assert clean_name("uh tom berg") == "Tom Berg"
    assert clean_name("um, my name is, uh, Jane Doe") == "Jane Doe"
    assert clean_location("um, like, 412 oak st") == "412 oak st"


def test_a_name_said_in_a_report_is_its_complainants() -> None:
    assert introduced_name("This is Ruth Meyer, the dog at 40 oak st bit my hand") == "Ruth Meyer"
    assert introduced_name("hi my name is Ana Cruz and a dog is loose") == "Ana Cruz"
    assert introduced_name("this is the third time the dog got out") is None
