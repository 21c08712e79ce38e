"""Which language a short message is in: lingua vs. a stop-word count vs. bot.nlp.language (docs/nlu.md).

    PYTHONPATH=. python scripts/compare_language_detectors.py

Sets from tests/nlu/language_cases.py. "told" cases (en/es) score accuracy (None counts as wrong) and
coverage; "too short" cases (labelled None) score how often a detector would switch the conversation.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from bot.nlp.language import lingua_language, message_language, stopword_language
from tests.nlu.language_cases import COMPARISON_CASES, LONG_CASES, MIXED_CASES, SHORT_CASES

DETECTORS: dict[str, Callable[[str], str | None]] = {
    "lingua 2.1.1 alone": lambda text: lingua_language(text)[0],
    "stop-word count": stopword_language,
    "bot.nlp.language": message_language,
}


def _scores(detect: Callable[[str], str | None], cases: list[tuple[str, str | None]]) -> str:
    told = [(text, lang) for text, lang in cases if lang]
    short = [text for text, lang in cases if lang is None]
    right = sum(1 for text, lang in told if detect(text) == lang)
    answered = sum(1 for text, _ in told if detect(text) is not None)
    switched = sum(1 for text in short if detect(text) is not None)
    parts = [f"accuracy {right}/{len(told)} = {right / len(told):.2f}", f"answered {answered}/{len(told)}"]
    if short:
        parts.append(f"switches on too-short {switched}/{len(short)}")
    return ", ".join(parts)


def main() -> int:
    sets = {
        "comparison (50 short, never tuned on)": COMPARISON_CASES,
        "short (40, tuned on)": SHORT_CASES,
        "long (20)": LONG_CASES,
        "mixed (5)": MIXED_CASES,
    }
    for set_name, cases in sets.items():
        print(set_name)
        for name, detect in DETECTORS.items():
            print(f"  {name:20s} {_scores(detect, cases)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
