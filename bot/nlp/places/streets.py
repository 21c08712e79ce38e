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

from bot.nlp.places import gazetteer
from bot.nlp.places.patterns import COMMON_WORD_STREETS

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


def street_name(match: StreetMatch, text: str = "") -> str:
    """'Belvidere Avenue': the city's name with the type the resident gave, or 'Street' when none."""
    _, street_type = _split(text) if text else ("", None)
    return f"{match.canonical} {_TYPE_NAMES.get(street_type or 'st', 'Street')}"


def did_you_mean(match: StreetMatch, text: str = "") -> str:
    """'Did you mean Belvidere Avenue?' with the type the resident gave, or 'Street' when none."""
    return f"Did you mean {street_name(match, text)}?"


class PlaceStreet(NamedTuple):
    """A street of the city found in a place the resident gave, spelt otherwise than the city spells it."""

    words: str  # the resident's words for the street name, lower case: "belvedere"
    match: StreetMatch
    corrected: (
        str  # the place with the city's spelling: "317 Belvidere", "by the dollar general on Belvidere"
    )
    street: str  # how to name it in a question: "Belvidere Street", "Belvidere Avenue"


_STREET_AFTER = re.compile(r"\b(?:on|along|off|of|down|at)\s+(.+)$", re.IGNORECASE)

_AND = re.compile(r"(?<!\s)\s+(?:and|&)\s+", re.IGNORECASE)  # (?<!\s): one start per run of spaces (linear)

SHORT_NAME = 4  # a name this short or shorter matches only exactly ("elm" is not "ekm")


def _candidates(place: str) -> list[str]:
    """The parts of a place that may be a street: the whole, what follows 'on'/'of'/..., each side of 'and'."""
    parts = [place]
    after = _STREET_AFTER.search(place)
    if after:
        parts.append(after.group(1))
    for part in list(parts):
        sides = [side.strip() for side in _AND.split(" ".join(part.split()))]
        if len(sides) == 2:
            parts += sides
    return parts


def street_in_place(place: str, pack_streets: Sequence[str]) -> PlaceStreet | None:
    """The first street name in `place` that fuzzy-matches a street of `pack_streets` without being spelt as
    the city spells it ("317 belvedere" -> Belvidere, 88.9); None when every street in it is spelt right,
    or there is none."""
    for part in _candidates(place):
        name, _ = _split(part)
        if not name or len(name.split()) > 3 or _numbered_street(name):
            continue
        cutoff = MATCH_CUTOFF if len(name) > SHORT_NAME else 100.0
        match = match_street(part, pack_streets, cutoff=cutoff)
        if match is None or match.canonical.lower() == name:
            continue
        words = r"\s+".join(re.escape(w) for w in name.split())
        found = re.search(rf"(?<![\w'-]){words}(?![\w'-])", place, re.IGNORECASE)
        if found is None:
            continue
        corrected = place[: found.start()] + match.canonical + place[found.end() :]
        return PlaceStreet(name, match, corrected, street_name(match, part))
    return None


def _says(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w']){re.escape(name)}(?![\w'])", text) is not None


def names_a_city_place(place: str, code: str) -> bool:
    """Whether `place` names a landmark of city `code` ("by the dollar general") or one of its streets
    ("on belvidere", or misspelt "on belvedere"; a street that is also a word, "park", needs its type).
    Such a place is one a clerk can find, though bot.nlp.facts.place_words.is_findable_location knows no names."""
    text = place.lower()
    if any(_says(text, landmark) for landmark in gazetteer.landmarks_by_city().get(code, ())):
        return True
    # "Kellogg" is a street of Kellogg and the city's name: "somewhere in Kellogg" names no place
    streets = tuple(s for s in gazetteer.city_streets(code) if s.lower() != code)
    if any(_says(text, s.lower()) for s in streets if s.lower() not in COMMON_WORD_STREETS):
        return True
    found = street_in_place(place, streets)
    return found is not None and found.match.canonical.lower() not in COMMON_WORD_STREETS
