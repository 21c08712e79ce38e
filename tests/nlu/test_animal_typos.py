"""A species is read from a typo only when the word is no everyday word (bot/nlp/taxonomy.py, NOT_TYPOS).

Before: "pero no se" (Spanish "but I don't know") answered to the animal question was a dog, "it's in the
house" a horse, "hace un rato" a mouse, "las horas" a horse, "la cocina" a pig."""

from __future__ import annotations

import re

import pytest

from bot.nlp.animals.taxonomy import _clean, _fuzzy, _lookup, normalise_animal
from tests.support.nlu_data import training_examples


@pytest.mark.parametrize(
    "answer",
    ["pero no se", "it's in the house", "hace un rato", "a few hours", "en la cocina", "ears back",
     "la cara blanca", "andan libres", "on the patio", "pocas veces", "se trata de otro",
     # found writing training data: "cero" was a pig (a house number said "cuatro cero dos"), "ramas" a sheep,
     # "credito" a pig, "upper" a dog ("upper arm"), "patios" a duck
     "cuatro cero dos", "unas ramas", "a credito", "on her upper arm", "en los patios",
     # found writing the report-kind word tables: "roams" was a sheep ("rams"), "phony" a horse ("pony")
     "it roams the block", "a phony number",
     # found moving the spent evaluation sets into training
     "on Eagle St", "by the pumps", "el paso esta libre", "la casa vacia", "hows it going"],
)  # fmt: skip
def test_an_everyday_word_is_not_read_as_a_misspelt_animal(answer: str) -> None:
    assert normalise_animal(answer) is None


@pytest.mark.parametrize(
    ("typo", "species"),
    [("dgo", "dog"), ("catt", "cat"), ("horsse", "horse"), ("hourse", "horse"), ("chikens", "chicken"),
     ("staffy", "dog"), ("perrro", "dog")],
)  # fmt: skip
def test_a_real_typo_still_names_its_species(typo: str, species: str) -> None:
    assert normalise_animal(typo) == species


def test_no_word_of_the_training_data_outside_an_animal_is_taken_for_a_typo_of_one() -> None:
    """Every word residents wrote in data/nlu/ (both languages) that is not inside an `animal` entity is a
    word they meant; none may read as a misspelt species. A new one goes into NOT_TYPOS."""
    words = set()
    for message in training_examples():
        text = message.get("text")
        animals = [(e["start"], e["end"]) for e in message.get("entities", []) if e["entity"] == "animal"]
        for token in re.finditer(r"[^\W\d_]+", text):
            if not any(start <= token.start() < end for start, end in animals):
                words.add(_clean(token.group(0)))
    # each distinct word once: the fuzzy match is the slow part, and most words recur thousands of times
    misread = {(word, _fuzzy(word)) for word in words if word and not _lookup(word) and _fuzzy(word)}
    assert misread == set()
