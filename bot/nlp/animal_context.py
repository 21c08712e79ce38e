"""When an animal word names the animal of the report, and when the words around it say otherwise.

Two kinds of context, both found writing round-5 data on the tuned-on sets (blind-12c, blind-es2):

- An animal word that only describes something else is no animal of the report: "the bird feeder", "past
  the turkey barns", "kitty corner from us" (diagonally across), "the dog walker", "la planta de pollo" (a
  workplace), "el comedero de pajaros". The entity ruler tags such a phrase with a label no extractor reads
  (`not_animal`), and, being longer, it wins over the one-word animal.
- A word the ruler leaves alone in free text because it is usually something else (taxonomy
  AMBIGUOUS_IN_TEXT: "bear with me", "a fire pit") is an animal after a word that can only introduce one:
  "a bear was in our yard", "the neighbours pit", "their golden", "a sow".
"""

from __future__ import annotations

from typing import Any

from bot.nlp import taxonomy, taxonomy_es
from bot.nlp.location_patterns import one_of, opt

# "<animal> <head>": the animal word describes the head ("dog park", "turkey barns", "cat food")
MODIFIED_HEADS = (
    "feeder", "feeders", "barn", "barns", "plant", "plants", "park", "food", "bowl", "bowls", "dish",
    "trailer", "trailers", "treats", "toy", "toys", "seed", "door", "bath", "walker", "walkers", "sitter",
    "groomer", "catcher", "wire", "litter", "hair", "fur", "corner",
)  # fmt: skip
# "<head> de <animal>": "planta de pollo", "granjas de pavos", "comedero de pajaros", "comida para perro"
SPANISH_HEADS = (
    "planta", "plantas", "granja", "granjas", "comedero", "comederos", "comida", "parque", "alpiste",
    "pelo",
)  # fmt: skip
# Words that can only introduce an animal before a word that is usually something else
POSSESSIVES = ("their", "his", "her", "my", "our", "your", "neighbors", "neighbours", "neighbor", "neighbour")
INTRODUCERS = (*POSSESSIVES, "a", "an", "the", "this", "that", "big", "baby", "mama", "mother", "young")
# which of taxonomy.AMBIGUOUS_IN_TEXT each set introduces: "a pit" is as often a hole as a dog
AFTER_POSSESSIVE = ("pit", "pits", "golden", "goldens")
AFTER_INTRODUCER = ("bear", "bears", "sow", "sows", "steer", "steers", "ram", "rams")


def _english_terms() -> list[str]:
    spanish = taxonomy_es.spanish_terms()
    return sorted(
        term
        for term in taxonomy.term_table()
        if " " not in term and term not in spanish and term not in taxonomy.AMBIGUOUS_IN_TEXT
    )


def _introduced(words: tuple[str, ...], context: tuple[str, ...]) -> list[dict[str, Any]]:
    patterns = []
    for word in words:
        species = taxonomy.normalise_animal(word)
        if species is None:
            continue
        pattern = [one_of(context), opt({"ORTH": "'s"}), {"LOWER": word}]
        patterns.append({"label": "animal", "pattern": pattern, "id": species})
    return patterns


def animal_context_patterns() -> list[dict[str, Any]]:
    """Entity ruler patterns for both kinds of context, in a stable order."""
    spanish = sorted(term for term in taxonomy_es.spanish_terms() if " " not in term)
    modifiers = [
        {"label": "not_animal", "pattern": [one_of(_english_terms()), one_of(MODIFIED_HEADS)]},
        {
            "label": "not_animal",
            "pattern": [one_of(SPANISH_HEADS), one_of(("de", "del", "para")), opt(one_of(("los", "las"))),
                        one_of(spanish)],
        },
    ]  # fmt: skip
    return [
        *modifiers,
        *_introduced(AFTER_POSSESSIVE, POSSESSIVES),
        *_introduced(AFTER_INTRODUCER, INTRODUCERS),
    ]
