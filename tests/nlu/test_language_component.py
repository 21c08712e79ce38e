"""The LanguageDetector NLU component: a `language` entity only when the message tells its language."""

from __future__ import annotations

import pytest

pytest.importorskip("rasa")

from rasa.shared.nlu.training_data.message import Message  # noqa: E402

from integrations.language_component import LanguageDetector, language_entity  # noqa: E402


def _languages(message: Message) -> list[str]:
    return [e["value"] for e in message.get("entities") or [] if e["entity"] == "language"]


def test_spanish_message_gets_a_spanish_entity_beside_the_others() -> None:
    animal = {"entity": "animal", "value": "dog", "start": 7, "end": 12, "extractor": "SpacyEntityExtractor"}
    message = Message(data={"text": "hay un perro suelto en la calle Main", "entities": [animal]})
    LanguageDetector().process([message])
    assert _languages(message) == ["es"]
    assert animal in message.get("entities")


def test_english_message_gets_an_english_entity() -> None:
    message = Message(data={"text": "the dog next door has been barking all night"})
    LanguageDetector().process([message])
    assert _languages(message) == ["en"]


@pytest.mark.parametrize("text", ["si", "412 oak st", "Ana Lopez", "ok", "5", ""])
def test_short_messages_get_no_entity(text: str) -> None:
    message = Message(data={"text": text})
    LanguageDetector().process([message])
    assert _languages(message) == []


def test_the_entity_has_no_span_so_no_place_reader_sees_it() -> None:
    found = language_entity("habla espanol?")
    assert found is not None and found["value"] == "es"
    assert "start" not in found and "end" not in found
