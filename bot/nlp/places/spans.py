"""Where a place span starts and ends (the helpers every pass uses), and the words that belong to a place:

- `with_span`, `span_is_free`: an entity moved; whether characters are free of other entities.
- `widen`: a place said with the building or part of it before it and the lot after it: "the yellow house on
  pine", "the end of oak ridge rd", "la casa azul de la Maple", "the Dollar General parking lot"; a Spanish
  landmark keeps its relation and "de" complement ("atras de la iglesia de St Mary's").
- `is_bare_kind`: "la feria", "the store": a kind of place, no place a clerk can find.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.nlp.places import gazetteer, spanish

Entity = dict[str, Any]


_LOOKBACK = 60  # characters before a place searched for the words that widen it (keeps searches short)

# "the yellow house on " / "his house on " / "the end of " / "the sidewalk on " before a street
_PREFIX_EN = re.compile(
    r"\b(?:the|a|his|her|their|my|our|that|this)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:house|farmhouse|home|trailer|duplex|sidewalk|end)\s+(?:on|of|off)\s+$",
    re.IGNORECASE,
)

# "the Hendersons on Creamery Rd", "los Henderson en Creamery Road": a family named by the street it lives on
_FAMILY_PREFIX = re.compile(
    r"\b(?:the\s+[A-Z][a-z]+s\s+(?:on|at|off)|los\s+[A-Z][a-z]+\s+(?:en|de\s+la|del))\s+$"
)

# "the house behind the bank", "the farm past the water tower": a building named by the landmark after it
_PREFIX_BEFORE_RELATION = re.compile(
    r"\b(?:the|a|his|her|their|my|our|that|this)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|farm|trailer|parsonage|cabin|shack)\s+$"
    r"|\b(?:la|una|su)\s+(?:casa|traila|granja|caba[nñ]a)(?:\s+[a-z]+)?\s+$",
    re.IGNORECASE,
)

# the same with the relation word before the landmark's span: "the farm past " + "the water tower"
_PREFIX_WITH_RELATION = re.compile(
    r"\b(?:the|a|his|her|their|my|our|that|this)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|farm|trailer|parsonage|cabin|shack)"
    r"\s+(?:behind|past|next\s+to|across\s+from|beside)\s+$",
    re.IGNORECASE,
)

_STARTS_WITH_RELATION = re.compile(
    r"^(?:behind|past|next\s+to|across\s+from|beside|atras|detras|junto|enfrente)\b", re.IGNORECASE
)

# "la casa azul de la " / "la casa verde del " before an address (the span starts at "casa")
_PREFIX_ES = re.compile(
    r"\b(?:la\s+|el\s+)?(?P<start>(?:casa|rancho|granja|traila|lecheria|caba[nñ]a|apartamentos)(?:\s+[a-z]+)?"
    r"\s+(?:del|de\s+la|de|al\s+final\s+de(?:\s+la)?))\s+$",
    re.IGNORECASE,
)

# A road spelt with its word: "la granja de la [calle 280]" is written as the road alone (no farm before it)
ROAD_START_ES = re.compile(
    r"^(?:calle|carretera|camino|ruta|avenida|county\s+road|cr|hwy|highway)\b", re.IGNORECASE
)

FARM_ES = re.compile(r"^(?:(?:el|la)\s+)?(?:rancho|granja|parque)\b", re.IGNORECASE)

# "the farm on 310th st", "the farm on 240th": a farm on a numbered township street is one place (the sets
# write it so; "the farm on [county road 9]" is written as the road)
_FARM_ON_NUMBERED = re.compile(
    r"\b(?:the|a|his|her|their|that|this)\s+(?:[a-z]+\s+)?farm\s+on\s+$", re.IGNORECASE
)

_NUMBERED_STREET = re.compile(r"^\d+(?:st|nd|rd|th)\b", re.IGNORECASE)

_TAIL = re.compile(r"^\s+(?:parking\s+lot|parking\s+ramp|playground|building|lot)\b", re.IGNORECASE)


def with_span(text: str, entity: Entity, start: int, end: int) -> Entity:
    """The entity moved to [start, end) of `text`, its value the words there."""
    return {**entity, "start": start, "end": end, "value": text[start:end]}


def span_is_free(others: Sequence[Entity], start: int, end: int, besides: Entity | None = None) -> bool:
    """No entity of `others` (but `besides`, the one being widened) overlaps characters [start, end)."""
    return not any(
        o is not besides and "start" in o and o["start"] < end and start < o["end"] for o in others
    )


def _widened(text: str, entity: Entity, others: Sequence[Entity]) -> Entity:
    start, end = entity["start"], entity["end"]
    if end - start > 3 and text[end - 3 : end] == " se":
        end -= 3  # "31 birch se sale": the ruler read "se" as south-east; the resident wrote it lower case
    tail = _TAIL.match(text[end:])
    if tail and not entity["value"][:1].isdigit():
        end += tail.end()
    window = text[max(0, start - _LOOKBACK) : start]
    prefix = _PREFIX_EN.search(window) or _PREFIX_ES.search(window)
    if prefix and "start" in prefix.groupdict() and FARM_ES.match(prefix.group("start")):
        prefix = None if ROAD_START_ES.match(entity["value"]) else prefix
    prefix = prefix or _FAMILY_PREFIX.search(window)
    if not prefix and _NUMBERED_STREET.match(entity["value"]):
        prefix = _FARM_ON_NUMBERED.search(window)
    if not prefix and _STARTS_WITH_RELATION.match(entity["value"]):
        prefix = _PREFIX_BEFORE_RELATION.search(window)
    if not prefix and not entity["value"][:1].isdigit():
        prefix = _PREFIX_WITH_RELATION.search(window)
    if prefix:
        begin = start - len(window) + prefix.start("start" if "start" in prefix.groupdict() else 0)
        start = begin if span_is_free(others, begin, start, entity) else start
    return with_span(text, entity, start, end) if (start, end) != (entity["start"], entity["end"]) else entity


# "atras de [la iglesia de St Mary's]": a relation the ruler left before a Spanish landmark it found
_RELATION_BEFORE_ES = re.compile(
    r"\b(?:enfrente|detras|atras|cerca|junto|afuera|arriba|abajo|debajo|al\s+lado|a\s+un\s+lado|a\s+espaldas)"
    r"\s+(?:de|a)\s+$",
    re.IGNORECASE,
)

_ARTICLE_LANDMARK_ES = re.compile(
    rf"^(?:el|la|los|las)\s+(?:{'|'.join(sorted(spanish.LANDMARK_NOUNS_ES, key=len, reverse=True))})\b",
    re.IGNORECASE,
)

_RELATION_LANDMARK_ES = re.compile(
    rf"^(?:{'|'.join(' '.join(r) for r in spanish.RELATIONS_ES)})\s+(?:(?:el|la|los|las)\s+)?"
    rf"(?:[a-z]+\s+)*(?:{'|'.join(sorted(spanish.LANDMARK_NOUNS_ES, key=len, reverse=True))})$",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _complement_es() -> re.Pattern[str]:
    """ "enfrente del panteon [de Freeport]", "detras de la escuela [de Kellogg]": what a landmark is "de"."""
    towns = "|".join(sorted(gazetteer.load_places()))
    return re.compile(
        rf"^\s+(?:de|del)(?:\s+(?:la|el))?\s+(?:(?i:{towns}|condado|rio|pueblo)\b|St\.?\s+[A-Z][\w']+"
        r"|(?!(?:[Cc]alle|[Ee]l|[Ll]a)\b)[A-Z][\w']+(?:\s+[A-Z][\w']+){0,2})"
    )


def _relation_landmark_es(text: str, entity: Entity, others: Sequence[Entity]) -> Entity:
    """A Spanish landmark led by a relation keeps both: "atras de la iglesia de St Mary's", "enfrente del
    panteon de Freeport" (the ruler found the landmark without its relation, or without its complement)."""
    start, end = entity["start"], entity["end"]
    if _ARTICLE_LANDMARK_ES.match(entity["value"]):
        relation = _RELATION_BEFORE_ES.search(text[max(0, start - 20) : start])
        start = start - len(relation.group(0)) if relation else start
    if _RELATION_LANDMARK_ES.match(text[start:end]):
        complement = _complement_es().match(text[end:])  # the towns come from the packs, read on first use
        end = end + complement.end() if complement else end
    if (start, end) == (entity["start"], entity["end"]) or not span_is_free(others, start, end, entity):
        return entity
    return with_span(text, entity, start, end)


def widen(text: str, locations: Sequence[Entity]) -> list[Entity]:
    """The places with the words that belong to them on either side (see module doc)."""
    widened = [_widened(text, entity, locations) for entity in locations]
    return [_relation_landmark_es(text, entity, widened) for entity in widened]


def _replace(
    text: str, places: list[Entity], start: int, end: int, others: Sequence[Entity], outer: int | None = None
) -> list[Entity]:
    """The places with one `location` at [start, end) instead of those inside [outer or start, end), if nothing
    else is there."""
    inside = [p for p in places if min(start, outer or start) <= p["start"] and p["end"] <= end]
    if not span_is_free([*others, *(p for p in places if p not in inside)], min(start, outer or start), end):
        return places
    new = {"entity": "location", "start": start, "end": end, "value": text[start:end]}
    return sorted([*(p for p in places if p not in inside), new], key=lambda p: p["start"])


_BARE_WORDS = frozenset(
    gazetteer.LANDMARK_MODIFIERS + spanish.LANDMARK_ADJECTIVES_ES + ("de",)
)  # "the old church", "la iglesia catolica"

_BARE_KINDS = frozenset(gazetteer.LANDMARK_NOUNS + spanish.LANDMARK_NOUNS_ES + ("granja",))


def is_bare_kind(value: str) -> bool:
    """ "la feria", "feria", "the store": a kind of place, with or without its article."""
    return is_bare(value) or is_bare(f"el {value}")


def is_bare(value: str) -> bool:
    words = value.lower().split()
    if not words or words[0] not in _ARTICLES:
        return False
    rest = [w for w in words[1:] if w not in _BARE_WORDS]
    return bool(rest) and (" ".join(rest) in _BARE_KINDS or " ".join(words[1:]) in _BARE_KINDS)


_ARTICLES = frozenset("the a an el la los las del al".split())
