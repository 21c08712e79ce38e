"""When an animal word names the animal of the report, and when the words around it say otherwise.

Two kinds of context:

- An animal word that only describes something else is no animal of the report: "the bird feeder", "past
  the turkey barns", "kitty corner from us" (diagonally across), "the dog walker", "la planta de pollo" (a
  workplace), "el comedero de pajaros". The entity ruler tags such a phrase with a label no extractor reads
  (`not_animal`), and, being longer, it wins over the one-word animal.
- A word the ruler leaves alone in free text because it is usually something else (taxonomy
  AMBIGUOUS_IN_TEXT: "bear with me", "a fire pit") is an animal after a word that can only introduce one:
  "a bear was in our yard", "the neighbours pit", "their golden", "a sow".
"""

from __future__ import annotations

import re
from typing import Any

from bot.nlp.animals import taxonomy, taxonomy_es
from bot.nlp.places.patterns import COMMON_WORD_STREETS, one_of, opt

# "<animal> <head>": the animal word describes the head ("dog park", "turkey barns", "cat food")
MODIFIED_HEADS = (
    "feeder", "feeders", "barn", "barns", "plant", "plants", "park", "food", "bowl", "bowls", "dish",
    "trailer", "trailers", "treats", "toy", "toys", "seed", "door", "bath", "walker", "walkers", "sitter",
    "groomer", "catcher", "wire", "litter", "hair", "fur", "corner", "muscle", "muscles",
)  # fmt: skip

# A calf that was bitten is a leg: "bitten on the calf by a dog" filed a cow first
BODY_PREPOSITIONS = ("on", "in")  # not "at": "snapped at the calf" may be one

BODY_DETERMINERS = ("the", "my", "his", "her", "their", "your", "our", "its")

BODY_SIDES = ("left", "right", "lower", "upper", "inner", "outer")

LEG_WORDS = ("calf", "calves")

# "the dog on Heron", "Heron and Eagle": a street of the town, no bird
STREET_PREPOSITIONS = ("on", "at", "off", "onto", "near", "along", "past", "down", "up", "from", "of", "la")

STREETS_NAMED_FOR_ANIMALS = frozenset(
    word for word in COMMON_WORD_STREETS if taxonomy.normalise_animal(word) is not None
)

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
        *_body_parts(),
        *_introduced(AFTER_POSSESSIVE, POSSESSIVES),
        *_introduced(AFTER_INTRODUCER, INTRODUCERS),
    ]


def _body_parts() -> list[dict[str, Any]]:
    """ "on the calf", "in her left calf", "on the back of his calf": where a bite landed, not a cow."""
    det, side, leg = one_of(BODY_DETERMINERS), opt(one_of(BODY_SIDES)), one_of(LEG_WORDS)
    back_of = [{"LOWER": "back"}, {"LOWER": "of"}, det]
    return [
        {"label": "not_animal", "pattern": [one_of(BODY_PREPOSITIONS), opt(det), side, leg]},
        {"label": "not_animal", "pattern": [one_of(BODY_PREPOSITIONS), det, *back_of, side, leg]},
    ]


# bounded repeats: searched on residents' text, these must stay linear (tests/security/test_linear_regexes.py)
_JOINED_RE = re.compile(r"[ \t]{0,3}(?:and|&|y)[ \t]{1,3}(?:la[ \t]{1,3})?[A-Z]")

_JOINED_BEFORE_RE = re.compile(r"[A-Z][\w']{0,30}[ \t]{1,3}(?:and|&|y)[ \t]{1,3}(?:la[ \t]{1,3})?$")

_AFTER_PREPOSITION_RE = re.compile(r"\b(?:" + "|".join(STREET_PREPOSITIONS) + r")[ \t]{1,3}$", re.I)


def names_a_street(text: str, start: int, end: int) -> bool:
    """The animal word at text[start:end] is a street of the town said without "St": "the dog on Heron"
    (no article: the bird would have one), "Heron and Eagle" (capitalised, joined to another name). The
    text must be the resident's own: the spaCy pipeline sees it lower-cased."""
    word, before, after = text[start:end], text[max(0, start - 40) : start], text[end : end + 40]
    if word.lower() not in STREETS_NAMED_FOR_ANIMALS:
        return False
    if _AFTER_PREPOSITION_RE.search(before):
        return True
    return word[:1].isupper() and bool(_JOINED_RE.match(after) or _JOINED_BEFORE_RE.search(before))
