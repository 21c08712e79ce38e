"""What Open311 may show the public of a place that is not a street address ("Landmarks
keep their names. Open311's public answer may show a landmark or an intersection (not private), and still
never a house number").

A place is shown as the resident wrote it only when every word of it is public: a numbered road ("county
road 9"), a street of the city's pack, a numbered street ("3rd"), a landmark of the pack ("Dollar General"), a
kind of landmark ("the grain elevator"), a direction, or a joining word ("past", "corner of", "and"). Anything
else (a person's name, "my neighbour's", a house or box number) and the answer is the city's name only.
Landmarks and kinds of landmark count as whole phrases: "house" of "shelter house" or "trailer" of "trailer
park" alone is not public ("the fourth house on Oak" names a home as surely as its number).
"""

from __future__ import annotations

import re

from bot.nlp.places import gazetteer

_JOINERS = frozenset(
    "on off along past just near by behind across from next to in front of beside the a at up down out over "
    "corner intersection and & between end side lot parking north south east west of".split()
)
_ORDINAL = re.compile(r"^\d{1,3}(?:st|nd|rd|th)$")
_WORD = re.compile(r"[a-z0-9&]+(?:['’-][a-z0-9]+)*")


def _numbered_roads() -> re.Pattern[str]:
    words = sorted((r"\s+".join(map(re.escape, road)) for road in gazetteer.NUMBERED_ROAD_WORDS), key=len)
    return re.compile(rf"\b(?:{'|'.join(reversed(words))})\s+\d{{1,4}}\b")


def _public_words(code: str) -> frozenset[str]:
    names = [*gazetteer.city_streets(code), *gazetteer.STREET_TYPES, *gazetteer.DIRECTIONS,
             *gazetteer.ORDINAL_WORDS]  # fmt: skip
    return frozenset(word for name in names for word in _WORD.findall(name.lower())) | _JOINERS


def _without_phrases(text: str, phrases: list[str]) -> str:
    """`text` with each of `phrases` (whole words, longest first) blanked out."""
    for phrase in sorted(phrases, key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(phrase.lower())}s?(?!\w)", " ", text)
    return text


def public_place(text: str | None, code: str) -> str | None:
    """`text` when every word of it is public in city `code` (see module doc), else None."""
    place = (text or "").strip()
    if not place or len(place) > 120:
        return None
    rest = _numbered_roads().sub(" ", place.lower())
    rest = _without_phrases(rest, [*gazetteer.landmarks_by_city().get(code, ()), *gazetteer.LANDMARK_NOUNS])
    allowed = _public_words(code)
    words = _WORD.findall(rest)
    if any(word not in allowed and not _ORDINAL.match(word) for word in words):
        return None
    return place
