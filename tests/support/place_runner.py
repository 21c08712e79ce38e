"""The place part of the NLU, run on one message: the spaCy ruler, then place_entities (as the Rasa
components do), giving (entity, text) pairs for location, owner_location and direction."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language

Places = Callable[[str], list[tuple[str, str]]]


@lru_cache(maxsize=1)
def intake_pipeline() -> Language:
    """The product's spaCy pipeline (both cities' reference prefixes), built once per pytest run and shared by
    every test module that reads with it (a build costs seconds)."""
    from bot.nlp.pipeline import build_pipeline

    return build_pipeline(reference_prefixes=("KEL", "FRE"))


def place_runner() -> Places:
    from bot.nlp.places.entities import place_entities
    from bot.nlp.places.gazetteer import load_places

    nlp = intake_pipeline()
    streets = sorted({s for city in load_places().values() for s in city.streets})

    def run(text: str) -> list[tuple[str, str]]:
        found = [
            {"entity": e.label_, "start": e.start_char, "end": e.end_char, "value": e.text}
            for e in nlp(text).ents  # as Rasa's SpacyNLP passes it: in the resident's case
        ]
        return [
            (e["entity"], text[e["start"] : e["end"]])
            for e in place_entities(text, found, streets)
            if e["entity"] in ("location", "owner_location", "direction")
        ]

    return run
