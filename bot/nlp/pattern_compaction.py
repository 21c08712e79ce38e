"""Fewer entity-ruler patterns, the same matches.

The place tables expand into about 24,000 token patterns (every landmark after every preposition, every street
after every house-number form). spaCy's Matcher tries every pattern at every token, so a 30-word message cost
the ruler about 80 ms and training spent minutes in it. Patterns that are equal except for one token's word
("behind the church" / "behind the school") match exactly the union of what each matches when that token
becomes one set ({"LOWER": {"IN": ["church", "school"]}}), so they are merged until nothing more merges.

Only tokens whose sole test is LOWER (a word or a set of words), with the same OP, are merged, and only
between patterns of the same label and id; everything else is kept as written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

Pattern = dict[str, Any]


class _Tokens:
    """Token patterns by number, so that patterns compare and group as tuples of ints."""

    def __init__(self) -> None:
        self.tokens: list[dict[str, Any]] = []
        self.mergeable: list[tuple[frozenset[str], str | None] | None] = []
        self._numbers: dict[str, int] = {}
        self._by_object: dict[int, int] = {}

    def number(self, token: dict[str, Any]) -> int:
        known = self._by_object.get(id(token))
        if known is not None and self.tokens[known] is token:
            return known
        key = json.dumps(token, sort_keys=True)
        if key not in self._numbers:
            self._numbers[key] = len(self.tokens)
            self.tokens.append(token)
            self.mergeable.append(_words_and_op(token))
        self._by_object[id(token)] = self._numbers[key]
        return self._numbers[key]


def _words_and_op(token: dict[str, Any]) -> tuple[frozenset[str], str | None] | None:
    """The words a token accepts and its OP when LOWER is its only test, else None."""
    if set(token) - {"OP"} != {"LOWER"}:
        return None
    value = token["LOWER"]
    if isinstance(value, str):
        return frozenset([value]), token.get("OP")
    if isinstance(value, dict) and set(value) == {"IN"}:
        return frozenset(value["IN"]), token.get("OP")
    return None


def _token(words: frozenset[str], op: str | None) -> dict[str, Any]:
    token: dict[str, Any] = (
        {"LOWER": next(iter(words))} if len(words) == 1 else {"LOWER": {"IN": sorted(words)}}
    )
    if op is not None:
        token["OP"] = op
    return token


def _merge_at(
    patterns: list[tuple[Any, ...]], position: int, table: _Tokens
) -> tuple[list[tuple[Any, ...]], bool]:
    """One pass: patterns equal everywhere but `position` become one pattern with the union of its words."""
    groups: dict[tuple[Any, ...], list[frozenset[str]]] = {}
    kept: list[tuple[Any, ...]] = []
    for pattern in patterns:
        label, ident, tokens = pattern
        found = table.mergeable[tokens[position]] if position < len(tokens) else None
        if found is None:
            kept.append(pattern)
            continue
        words, op = found
        groups.setdefault((label, ident, tokens[:position], op, tokens[position + 1 :]), []).append(words)
    merged = False
    for (label, ident, before, op, after), word_sets in groups.items():
        merged = merged or len(word_sets) > 1
        middle = table.number(_token(frozenset().union(*word_sets), op))
        kept.append((label, ident, before + (middle,) + after))
    return kept, merged


def compact_patterns(patterns: Sequence[Pattern]) -> list[Pattern]:
    """Token patterns merged where the merge matches exactly what the originals matched; phrase patterns and
    patterns no merge applies to are returned as they are. The order is stable (the build is deterministic)."""
    table = _Tokens()
    phrases = [pattern for pattern in patterns if not isinstance(pattern["pattern"], list)]
    work = [
        (p["label"], p.get("id") or "", tuple(table.number(t) for t in p["pattern"]))
        for p in patterns
        if isinstance(p["pattern"], list)
    ]
    longest = max((len(tokens) for _, _, tokens in work), default=0)
    changed = True
    while changed:
        changed = False
        for position in range(longest):
            work, merged = _merge_at(work, position, table)
            changed = changed or merged
    keys = {number: json.dumps(token, sort_keys=True) for number, token in enumerate(table.tokens)}
    work.sort(key=lambda p: (p[0], p[1], [keys[number] for number in p[2]]))
    compacted = [_pattern(label, ident, [table.tokens[n] for n in tokens]) for label, ident, tokens in work]
    return compacted + phrases


def _pattern(label: str, ident: str, tokens: list[dict[str, Any]]) -> Pattern:
    pattern: Pattern = {"label": label, "pattern": tokens}
    if ident:
        pattern["id"] = ident
    return pattern
