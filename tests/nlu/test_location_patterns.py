"""The ruler's location patterns, built by job in bot/nlp/location_patterns.py."""

from __future__ import annotations

import pytest

from bot.nlp.places import patterns as lp


@pytest.fixture(scope="module")
def ruler():
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("entity_ruler", config={"validate": False}).add_patterns(lp.location_patterns())
    return nlp


def _found(nlp, text: str) -> list[str]:
    return [ent.text for ent in nlp(text).ents]


def test_every_pattern_is_a_location_and_none_is_empty() -> None:
    patterns = lp.location_patterns()
    assert {p["label"] for p in patterns} == {"location"}
    assert all(p["pattern"] for p in patterns)


def test_the_build_is_deterministic() -> None:
    assert lp.location_patterns() == lp.location_patterns()


def test_each_job_gives_its_own_patterns() -> None:
    parts = lp._parts()
    corners = lp._corner_sequences(parts)
    assert any(seq[0] == {"LOWER": {"IN": ["corner", "corners", "intersection"]}} for seq in corners)
    blocks = lp._block_sequences(parts)
    assert all(any("block" in str(token) or "blk" in str(token) for token in seq) for seq in blocks)
    assert lp._roads() == parts.roads


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("a dog at 412 n oak street apt 3 again", "412 n oak street apt 3"),
        ("cows on county road twenty two", "county road twenty two"),
        ("loose at the corner of 3rd and elm", "corner of 3rd and elm"),
        ("barking in the 400 block of oak", "the 400 block of oak"),
        ("a cat behind the old lutheran church", "behind the old lutheran church"),
    ],
)
def test_the_ruler_finds_each_kind_of_place(ruler, text: str, place: str) -> None:
    assert place in _found(ruler, text)


def test_a_common_word_street_needs_its_type(ruler) -> None:
    assert _found(ruler, "3 park benches were knocked over") == []
    assert _found(ruler, "a dog at 3 park street") == ["3 park street"]


def test_phrase_tokens_split_as_our_tokenizer_does() -> None:
    assert lp.phrase_tokens("st. mary's") == [
        {"LOWER": {"IN": ["st", "st."]}},
        {"ORTH": ".", "OP": "?"},
        {"LOWER": "mary"},
        {"LOWER": "'s"},
    ]
