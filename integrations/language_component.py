"""The conversation's language: a `language` entity ("en"/"es") when the message tells it.

The `language` slot (domain.yml) is filled from this entity, so a message too short to tell ("si", "412 oak
st", a name) adds nothing and the conversation keeps its language; an explicit ask ("habla espanol?",
"English please") or a message mostly in the other language switches it. The logic is
`bot.nlp.language.message_language`; this component only puts its answer on the parsed message.
"""

from __future__ import annotations

from typing import Any

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.extractors.extractor import EntityExtractorMixin
from rasa.shared.nlu.constants import ENTITIES, TEXT
from rasa.shared.nlu.training_data.message import Message

from bot.nlp.language import message_language

LANGUAGE_ENTITY = "language"


def language_entity(text: str, extractor: str = "LanguageDetector") -> dict[str, Any] | None:
    """The entity for a message's language, or None when the words do not tell it. It names the whole
    message rather than a span of it, so it has no start and end (no other component mistakes it for one)."""
    language = message_language(text)
    if language is None:
        return None
    return {"entity": LANGUAGE_ENTITY, "value": language, "confidence_entity": 1.0, "extractor": extractor}


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.ENTITY_EXTRACTOR], is_trainable=False)
class LanguageDetector(GraphComponent, EntityExtractorMixin):
    """Adds the `language` entity ("en" or "es") when the message tells its language (bot.nlp.language)."""

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> LanguageDetector:
        return cls()

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            found = language_entity(message.get(TEXT) or "", self.__class__.__name__)
            if found is None:
                continue
            others = [e for e in message.get(ENTITIES, []) if e.get("entity") != LANGUAGE_ENTITY]
            message.set(ENTITIES, [*others, found], add_to_output=True)
        return messages
