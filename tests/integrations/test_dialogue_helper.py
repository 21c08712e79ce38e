"""The scripted residents' answer picker (tests/support/dialogue.py), shared by the Spanish conversation tests
and the conversation bench: before, each had its own copy."""

from __future__ import annotations

from tests.support import dialogue


def test_answers_are_picked_by_words_of_the_question_in_table_order() -> None:
    table = [(("whose", "owner"), "owner"), (("vaccinated",), "shots"), (("your name",), "name")]
    assert dialogue.matching("Whose is it, and is it vaccinated against rabies?", table) == ["owner", "shots"]
    assert dialogue.matching("What's your name?", table) == ["name"]
    assert dialogue.matching("Anything else?", table) == []


def test_the_question_is_read_without_accents_or_case() -> None:
    assert dialogue.matching("¿Dónde PASÓ?", [(("donde paso",), "place")]) == ["place"]
    assert dialogue.matching("donde paso", [(("dónde",), "place")]) == ["place"]


def test_the_bench_and_the_spanish_conversations_use_the_one_picker() -> None:
    import bench.residents as residents
    import tests.integrations.test_spanish_conversations as spanish

    assert residents.matching is dialogue.matching
    assert spanish.matching is dialogue.matching and spanish.fold is dialogue.fold
    resident = residents.Resident("bite", "kellogg", "sms", "en", "both", "a dog bit me",
                                  {"owner": "the Hendersons", "vaccinated": "not sure"})  # fmt: skip
    assert (
        resident.styled("full").answer("whose is it, and is it vaccinated?") == "the Hendersons, and not sure"
    )
