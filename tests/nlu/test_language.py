"""The conversation's language: which language a message tells, and the NLU entity for it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bot.nlp.language import asked_language, message_language, stopword_language
from tests.nlu.language_cases import LONG_CASES, MIXED_CASES, SHORT_CASES, SWITCH_CASES


@pytest.mark.parametrize(("text", "expected"), SHORT_CASES)
def test_short_messages_tell_their_language_or_nothing(text: str, expected: str | None) -> None:
    assert message_language(text) == expected


@pytest.mark.parametrize(("text", "expected"), LONG_CASES)
def test_long_messages(text: str, expected: str) -> None:
    assert message_language(text) == expected


@pytest.mark.parametrize(("text", "expected"), MIXED_CASES)
def test_mixed_messages_go_with_most_of_the_words(text: str, expected: str) -> None:
    assert message_language(text) == expected


@pytest.mark.parametrize(("text", "expected"), SWITCH_CASES)
def test_an_explicit_ask_switches(text: str, expected: str) -> None:
    assert asked_language(text) == expected
    assert message_language(text) == expected


def test_no_hablo_ingles_asks_for_spanish_not_english() -> None:
    assert message_language("no hablo ingles") == "es"
    assert message_language("sorry no english") == "es"


@pytest.mark.parametrize(
    "text", ["i don't speak spanish", "sorry I dont understand spanish", "i cant read spanish"]
)
def test_not_speaking_spanish_asks_for_english(text: str) -> None:
    assert message_language(text) == "en"


def _conversation(messages: list[str], initial: str = "en") -> list[str]:
    """The language slot after each message: filled from the entity, kept when there is none."""
    slot, seen = initial, []
    for text in messages:
        slot = message_language(text) or slot
        seen.append(slot)
    return seen


def test_switching_to_spanish_and_short_answers_keep_it() -> None:
    messages = ["hola", "hay un perro suelto en la calle Main", "412 oak st", "si", "Ana Lopez"]
    assert _conversation(messages) == ["es", "es", "es", "es", "es"]


def test_switching_back_to_english_when_asked() -> None:
    messages = ["el perro ladra toda la noche", "English please", "si", "the dog is still there"]
    assert _conversation(messages) == ["es", "en", "en", "en"]


def test_switching_to_english_by_writing_it() -> None:
    messages = ["hay un perro suelto", "sorry i don't speak much spanish, the dog is on oak street"]
    assert _conversation(messages) == ["es", "en"]


def test_an_english_conversation_is_not_switched_by_short_answers() -> None:
    messages = ["the dog next door barks all night", "si", "ok", "Jose Garcia", "612 N 4th St", "no"]
    assert _conversation(messages) == ["en"] * 6


def test_the_stopword_baseline_ties_on_short_texts() -> None:
    # the trivial baseline docs/nlu.md compares with: a count of known words, no answer on a tie
    assert stopword_language("my dog esta ladrando") is None
    assert message_language("my dog esta ladrando") == "es"


def test_the_detector_is_not_built_at_import() -> None:
    code = "import sys, bot.nlp.language as l; assert 'lingua' not in sys.modules; print('ok')"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.stdout.strip() == "ok", result.stderr
