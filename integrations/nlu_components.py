"""Rasa NLU components of our own. They may import rasa; the logic they call lives in `bot.nlp`."""

from __future__ import annotations

import re
from typing import Any

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.extractors.extractor import EntityExtractorMixin
from rasa.shared.nlu.constants import (
    ENTITIES,
    ENTITY_ATTRIBUTE_TYPE,
    ENTITY_ATTRIBUTE_VALUE,
    EXTRACTOR,
    INTENT,
    INTENT_RANKING_KEY,
    TEXT,
)
from rasa.shared.nlu.training_data.message import Message

from bot.nlp.animals.context import names_a_street
from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.facts.ambiguity import AMBIGUOUS_REPORT, arbitrate, confirmed_bite, reconcile_species
from bot.nlp.facts.bite_cues import mentions_harm, says_bitten
from bot.nlp.places.entities import place_entities

_REFERENCE = re.compile(r"^\s*([a-z]{3})[\s-]*(\d{4})[\s-]*(\d{1,6})\s*$", re.IGNORECASE)
_EDGE_PUNCTUATION = " \t\n.,;:!?\"'()"


def canonical_reference(text: str) -> str | None:
    """'kel 2026 42' -> 'KEL-2026-00042'; None if it is not shaped like a reference."""
    match = _REFERENCE.match(text)
    if not match:
        return None
    prefix, year, number = match.groups()
    return f"{prefix.upper()}-{year}-{int(number):05d}"


def _as_written(entity: dict[str, Any], value: str, text: str) -> str:
    """The text at the entity's offsets when it is the value in another case, else the value."""
    start, end = entity.get("start"), entity.get("end")
    if isinstance(start, int) and isinstance(end, int) and 0 <= start < end <= len(text):
        written = text[start:end]
        if written.lower() == value.lower():
            return written
    return value


def _names_a_street(entity: dict[str, Any], text: str) -> bool:
    """ "the dog on Heron": read from the resident's own text at the entity's offsets."""
    start, end = entity.get("start"), entity.get("end")
    return isinstance(start, int) and isinstance(end, int) and names_a_street(text, start, end)


def _overlaps(first: dict[str, Any], second: dict[str, Any]) -> bool:
    return first["start"] < second["end"] and second["start"] < first["end"]


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class EntityNormaliser(GraphComponent, EntityExtractorMixin):
    """Puts entity values in the form the actions expect, after the extractors and synonym mapper.

    - `animal`: the singular species from `bot.nlp.animals.taxonomy` ("pit bulls" -> "dog"); an `animal`
      entity that names no animal is dropped.
    - `reference`: upper case, zero-padded ("kel-2026-42" -> "KEL-2026-00042").
    - `location`: the resident's own words at the entity's offsets, surrounding punctuation trimmed
      (SpacyNLP's `case_sensitive: false` hands the extractor a lower-cased text, so its value read
      "412 oak st" where the resident wrote "412 Oak St", and the clerk saw the lower-cased one).
    - When two extractors found overlapping entities of one type, the one from the extractor listed
      first in `preferred_extractors` is kept (our spaCy ruler by default).
    """

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        return {"preferred_extractors": ["SpacyEntityExtractor"]}

    def __init__(self, config: dict[str, Any]) -> None:
        self._preferred = list(config.get("preferred_extractors") or [])

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> EntityNormaliser:
        return cls(config)

    def _rank(self, entity: dict[str, Any]) -> int:
        extractor = entity.get(EXTRACTOR)
        return self._preferred.index(extractor) if extractor in self._preferred else len(self._preferred)

    def normalise(self, entities: list[dict[str, Any]], text: str = "") -> list[dict[str, Any]]:
        """The entities with normalised values and overlapping duplicates removed (pure, for tests);
        `text` is the message the offsets point into."""
        kept: list[dict[str, Any]] = []
        for entity in sorted(entities, key=lambda e: (self._rank(e), e.get("start", 0))):
            entity = dict(entity)
            kind = entity.get(ENTITY_ATTRIBUTE_TYPE)
            value = str(entity.get(ENTITY_ATTRIBUTE_VALUE, ""))
            if kind == "animal":
                species = normalise_animal(value)
                if species is None or _names_a_street(entity, text):
                    continue
                entity[ENTITY_ATTRIBUTE_VALUE] = species
            elif kind == "reference":
                entity[ENTITY_ATTRIBUTE_VALUE] = canonical_reference(value) or value.strip().upper()
            elif kind == "location":
                entity[ENTITY_ATTRIBUTE_VALUE] = _as_written(entity, value, text).strip(_EDGE_PUNCTUATION)
            if "start" in entity and any(
                other.get(ENTITY_ATTRIBUTE_TYPE) == kind and "start" in other and _overlaps(entity, other)
                for other in kept
            ):
                continue
            kept.append(entity)
        return sorted(kept, key=lambda e: e.get("start", 0))

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            entities = message.get(ENTITIES, [])
            if entities:
                message.set(ENTITIES, self.normalise(entities, message.get(TEXT) or ""), add_to_output=True)
        return messages


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class PlaceRoles(GraphComponent, EntityExtractorMixin):
    """Tells the places of a message apart (bot.nlp.places): `location` where it happened,
    `owner_location` where the animal lives ("the shepherd from 511 Chestnut"), `direction` where it went
    ("heading towards the park"); joins a place and its road ("county road 9 past the grain elevator");
    finds misspelt streets of any pack ("317 belvedere"). Runs after EntityNormaliser.
    """

    def __init__(self, streets: list[str]) -> None:
        self._streets = streets

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> PlaceRoles:
        from bot.nlp.places.gazetteer import load_places

        return cls(sorted({street for city in load_places().values() for street in city.streets}))

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            text = message.get("text") or ""
            entities = message.get(ENTITIES, [])
            placed = place_entities(text, entities, self._streets)
            for entity in placed:
                entity.setdefault(EXTRACTOR, self.__class__.__name__)
            if placed != entities:
                message.set(ENTITIES, placed, add_to_output=True)
        return messages


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=False)
class ReportTypeArbiter(GraphComponent):
    """Ask rather than guess: turns an unclear report type into `ambiguous_report` (bot.nlp.facts.ambiguity).

    Listed after the FallbackClassifier: it looks through `nlu_fallback`, so two report types that tie are
    asked about ("Is it barking, loose, or did it bite someone?") instead of getting the generic fallback.
    The competing types are added to the parse result as `report_candidates`. First the ranking is held to
    the animals named (`reconcile_species`: a cow is never wildlife, a skunk never at large); a reconciled
    best intent under `fallback_threshold`, or within `ambiguity_threshold` of the next (the
    FallbackClassifier's two settings), becomes `nlu_fallback`.
    """

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        return {
            "low_confidence": 0.5,
            "competing_gap": 0.2,
            "fallback_threshold": 0.4,
            "ambiguity_threshold": 0.1,
        }

    def __init__(self, config: dict[str, Any]) -> None:
        self._low = float(config.get("low_confidence", 0.5))
        self._gap = float(config.get("competing_gap", 0.2))
        self._fallback = float(config.get("fallback_threshold", 0.4))
        self._ambiguity = float(config.get("ambiguity_threshold", 0.1))

    @staticmethod
    def _animals(message: Message) -> list[Any]:
        return [
            e.get(ENTITY_ATTRIBUTE_VALUE)
            for e in message.get(ENTITIES) or []
            if e.get(ENTITY_ATTRIBUTE_TYPE) == "animal"
        ]

    def _reconcile(self, message: Message, animals: list[Any]) -> None:
        reconciled = reconcile_species(message.get(INTENT_RANKING_KEY) or [], animals)
        if not reconciled:
            return
        best = float(reconciled[0].get("confidence", 0))
        second = float(reconciled[1].get("confidence", 0)) if len(reconciled) > 1 else 0.0
        if best < self._fallback or best - second < self._ambiguity:
            reconciled = [{"name": "nlu_fallback", "confidence": self._fallback}, *reconciled]
        message.set(INTENT, dict(reconciled[0]), add_to_output=True)
        message.set(INTENT_RANKING_KEY, reconciled, add_to_output=True)

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> ReportTypeArbiter:
        return cls(config)

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            animals = self._animals(message)
            self._reconcile(message, animals)
            ranking = message.get(INTENT_RANKING_KEY) or []
            text = message.get(TEXT) or ""
            bite_said = says_bitten(text)
            candidates = arbitrate(
                ranking,
                self._low,
                self._gap,
                animal_named=bool(animals),
                bite_said=bite_said,
                harm_said=mentions_harm(text),
            )
            bite = confirmed_bite(ranking, bite_said)
            if bite and (message.get(INTENT) or {}).get("name") == "nlu_fallback":
                message.set(INTENT, bite, add_to_output=True)
                message.set(
                    INTENT_RANKING_KEY,
                    [r for r in ranking if r.get("name") != "nlu_fallback"],
                    add_to_output=True,
                )
            if not candidates:
                continue
            top = next(r for r in ranking if r.get("name") == candidates[0])
            ambiguous = {"name": AMBIGUOUS_REPORT, "confidence": float(top.get("confidence", 0))}
            message.set(INTENT, ambiguous, add_to_output=True)
            message.set(INTENT_RANKING_KEY, [ambiguous, *ranking], add_to_output=True)
            message.set("report_candidates", candidates, add_to_output=True)
        return messages
