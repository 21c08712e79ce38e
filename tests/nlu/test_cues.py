"""The report-kind word tables (bot/nlp/cues.py) that the intent classifiers get as lookup features."""

from __future__ import annotations

import re

import yaml

from bot.nlp.cues import CUES, cue_tables, cue_terms
from bot.nlp.pipeline import lookup_files
from bot.nlp.taxonomy import normalise_animal, species_kind


def test_phrases_stay_whole_and_repeats_go() -> None:
    assert cue_terms("bit, broke the skin,  bit ,se salieron") == ["bit", "broke the skin", "se salieron"]


def test_no_word_says_two_kinds_of_report() -> None:
    seen: dict[str, str] = {}
    for name in CUES:
        for term in cue_terms(CUES[name]):
            assert term not in seen, f"{term!r} is in both {seen.get(term)} and {name}"
            seen[term] = name


def test_cue_words_are_not_animals_and_are_lower_case() -> None:
    for name in CUES:
        for term in cue_terms(CUES[name]):
            assert term == term.lower(), term
            assert normalise_animal(term) is None, f"{term!r} in {name} is an animal word"


def test_a_place_word_that_every_report_uses_is_not_a_cue() -> None:
    # "en la calle Main" is where any report happens; as a loose cue it would pull barking toward at large
    terms = {term for name in CUES for term in cue_terms(CUES[name])}
    assert not terms & {"en la calle", "en el camino", "anda", "bay", "on", "street", "calle"}


def test_wild_and_livestock_tables_hold_only_their_kind() -> None:
    tables = cue_tables()
    assert "mapache" in tables["animal_wild"] and "raccoon" in tables["animal_wild"]
    assert "vaca" in tables["animal_livestock"] and "goats" in tables["animal_livestock"]
    for term in tables["animal_wild"]:
        assert species_kind(normalise_animal(term)) == "wild", term
    for term in tables["animal_livestock"]:
        assert normalise_animal(term) not in ("dog", "cat", None), term
    assert not set(tables["animal_wild"]) & set(tables["animal_livestock"])


def test_the_exported_file_lists_every_table_as_a_lookup() -> None:
    document = yaml.safe_load(lookup_files()["lookups_cues.yml"])
    names = {item["lookup"] for item in document["nlu"]}
    assert names == set(cue_tables())
    bite = next(item for item in document["nlu"] if item["lookup"] == "cue_bite")
    assert re.search(r"^- latched$", bite["examples"], re.MULTILINE)
