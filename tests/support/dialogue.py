"""Scripted residents' side of a conversation (tests/integrations/test_spanish_conversations.py and
bench/conversation_bench.py): picking what to answer from words of the assistant's question.

Answers are chosen by words of the question, never by its exact wording, so the wording may change; the
question is read in lower case without accents, so "¿Dónde?" matches "donde".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")


def fold(text: str) -> str:
    """Lower case without accents: "¿Dónde?" -> "¿donde?"."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def matching(question: str, table: Iterable[tuple[Sequence[str], T]]) -> list[T]:
    """Every value of `table` ((words, value) pairs, in order) one of whose words is in `question`."""
    asked = fold(question)
    return [value for words, value in table if any(fold(word) in asked for word in words)]
