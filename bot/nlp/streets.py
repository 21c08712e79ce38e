"""Fuzzy matching of a street name against a city's street list (rapidfuzz): "Belvedere Ave" -> Belvidere.

    match = match_street("317 belvedere ave", city_streets("kellogg"))
    if match and match.uncertain:
        ask(did_you_mean(match, "317 belvedere ave"))     # "Did you mean Belvidere Avenue?"

Only the name part is compared: the house number, a direction, the street type, a unit and "the 400
block of" are removed first. Scores are rapidfuzz `fuzz.ratio` (0-100) on lower-case names.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from rapidfuzz import fuzz, process

from bot.nlp import gazetteer

MATCH_CUTOFF = 80.0  # below: no match at all
CERTAIN_SCORE = 95.0  # at or above: take the street without asking

_TYPE_NAMES = {
    "st": "Street", "str": "Street", "street": "Street", "ave": "Avenue", "av": "Avenue", "avenue": "Avenue",
    "rd": "Road", "road": "Road", "dr": "Drive", "drive": "Drive", "ln": "Lane", "lane": "Lane",
    "blvd": "Boulevard", "boulevard": "Boulevard", "ct": "Court", "court": "Court", "pl": "Place",
    "cir": "Circle", "circle": "Circle", "ter": "Terrace", "terrace": "Terrace", "trl": "Trail",
    "trail": "Trail", "pkwy": "Parkway", "parkway": "Parkway",
}  # fmt: skip
_BLOCK = re.compile(r"^(?:the\s+)?\d+\s+(?:hundred\s+)?(?:block|blk)\.?\s+(?:of\s+)?", re.IGNORECASE)
_NUMBER = re.compile(r"^\d+[a-z]?\s+", re.IGNORECASE)
_UNIT = re.compile(r"(?<!\s)\s+(?:apt|apartment|unit|ste|suite|lot|#)\s*#?\s*\w+$", re.IGNORECASE)
_WORD = re.compile(r"[a-z0-9'.-]+")


class StreetMatch(NamedTuple):
    """The city's street name (display form, without type) and how close the resident's words were."""

    canonical: str
    score: float

    @property
    def uncertain(self) -> bool:
        """True when the assistant should ask "Did you mean ...?" rather than take it."""
        return self.score < CERTAIN_SCORE


def _split(text: str) -> tuple[str, str | None]:
    """(name part, street type word or None) of an address or street: '317 N Belvedere Ave.' -> ('belvedere', 'ave')."""
    cleaned = _UNIT.sub("", _NUMBER.sub("", _BLOCK.sub("", text.strip().lower())))
    words = [w.strip(".") for w in _WORD.findall(cleaned)]
    directions = set(gazetteer.DIRECTIONS)
    street_type = None
    while words and words[-1] in directions:
        words.pop()
    if words and words[-1] in gazetteer.STREET_TYPES:
        street_type = words.pop()
    while words and words[-1] in directions:
        words.pop()
    while words and words[0] in directions:
        words.pop(0)
    return " ".join(words), street_type


def _numbered_street(name: str) -> str | None:
    if re.fullmatch(r"\d{1,3}(?:st|nd|rd|th)", name):
        return name
    if name in gazetteer.ORDINAL_WORDS:
        number = gazetteer.ORDINAL_WORDS.index(name) + 1
        return f"{number}{'st' if number == 1 else 'nd' if number == 2 else 'rd' if number == 3 else 'th'}"
    return None


def match_street(text: str, pack_streets: Sequence[str], cutoff: float = MATCH_CUTOFF) -> StreetMatch | None:
    """The closest street of `pack_streets` to the name in `text`, or None when none scores `cutoff`."""
    name, _ = _split(text)
    numbered = _numbered_street(name)
    if numbered:  # numbered streets are not in the lists: "4th", "fourth" -> "4th"
        return StreetMatch(numbered, 100.0)
    if not name or not pack_streets:
        return None
    choices = {street.lower(): street for street in pack_streets}
    best = process.extractOne(name, list(choices), scorer=fuzz.ratio, score_cutoff=cutoff)
    if best is None:
        return None
    return StreetMatch(choices[best[0]], round(float(best[1]), 1))


def did_you_mean(match: StreetMatch, text: str = "") -> str:
    """'Did you mean Belvidere Avenue?' with the type the resident gave, or 'Street' when none."""
    _, street_type = _split(text) if text else ("", None)
    return f"Did you mean {match.canonical} {_TYPE_NAMES.get(street_type or 'st', 'Street')}?"
