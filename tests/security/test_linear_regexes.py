"""Issue 10 finding 7: every answer-parsing regex in bot/nlp and integrations runs in linear time.

12,000 "!" at the name prompt took 63 s with the old name regex, and every other resident's turn waited
behind it. Each module-level pattern (and each answer reader) gets 100,000 pathological characters; the
bound is generous (a linear scan takes milliseconds, the old quadratic ones took minutes).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import time

import pytest

import bot.nlp
import integrations
from bot.nlp.facts.corrections import parse_correction
from bot.nlp.facts.injury import mentions_injury
from bot.nlp.facts.name import clean_name, declines_name
from bot.nlp.facts.place_words import clean_location, is_findable_location
from bot.nlp.facts.victim import victim_kind
from bot.nlp.facts.yes_no import is_cancel, yes_no_unknown

N = 100_000
BOUND_S = 3.0
PATHOLOGICAL = {
    "bang": "!" * N,
    "spaces": " " * N,
    "dashes": "-" * N,
    "digits": "1" * N,
    "letters": "a" * N,
    "digit_then_spaces": "1" + " " * N,
    "words": "a " * (N // 2),
    "prefixes": "at " * (N // 3),
    "name_then_bang": "my name is " + "!" * N,
    "greeting_then_bang": "hi" + "!" * N,
    "numbers_and_words": "1 a " * (N // 4),
}


def _patterns() -> list[tuple[str, re.Pattern]]:
    found = []
    for package in (bot.nlp, integrations):
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                candidates = [value] if isinstance(value, re.Pattern) else []
                if isinstance(value, tuple):  # (pattern, replacement) tables
                    candidates = [
                        v[0] for v in value if isinstance(v, tuple) and v and isinstance(v[0], re.Pattern)
                    ]
                found += [(f"{module.__name__}.{name}", pattern) for pattern in candidates]
    return found


PATTERNS = _patterns()


def test_the_patterns_were_found() -> None:
    names = {name for name, _ in PATTERNS}
    assert "bot.nlp.facts.name._NAME_PREFIX_RE" in names and "bot.nlp.facts.place_words._FINDABLE_RE" in names
    assert len(PATTERNS) >= 20


@pytest.mark.parametrize("name,pattern", PATTERNS, ids=[n for n, _ in PATTERNS])
def test_each_pattern_is_linear_on_pathological_input(name: str, pattern: re.Pattern) -> None:
    for label, text in PATHOLOGICAL.items():
        started = time.perf_counter()
        pattern.search(text)
        pattern.match(text)
        pattern.sub("", text)
        elapsed = time.perf_counter() - started
        assert elapsed < BOUND_S, f"{name} took {elapsed:.1f} s on {label}"


READERS = {
    "clean_name": clean_name,
    "clean_location": clean_location,
    "is_findable_location": is_findable_location,
    "yes_no_unknown": yes_no_unknown,
    "victim_kind": victim_kind,
    "declines_name": declines_name,
    "is_cancel": is_cancel,
    "mentions_injury": mentions_injury,
    "parse_correction": lambda text: parse_correction(
        text, {"complainant_name", "location", "animal", "bite_when", "owner_known", "vaccinated"}
    ),
}


@pytest.mark.parametrize("name", sorted(READERS))
def test_each_answer_reader_is_linear_on_pathological_input(name: str) -> None:
    for label, text in PATHOLOGICAL.items():
        started = time.perf_counter()
        READERS[name](text)
        elapsed = time.perf_counter() - started
        assert elapsed < BOUND_S, f"{name} took {elapsed:.1f} s on {label}"


def test_the_rewritten_patterns_read_answers_as_before() -> None:
    assert clean_name("hi! my name is jane doe") == "Jane Doe"
    assert clean_name("Jane") == "Jane"
    assert clean_location("it's at 412 oak st.") == "412 oak st"
    assert clean_location("at on 412 oak st") == "412 oak st"
    assert is_findable_location("412 oak st") and is_findable_location("unit 7 12 elm")
    assert not is_findable_location("here")
