"""Streets and house-number addresses the ruler could not find or cut short (called by bot.nlp.places.entities).

- `fuzzy_streets`: a misspelt street of a pack ("317 belvedere", "on belvedere"), with the city's name in
  `street_match`; `bare_streets`: "on Laurel", "calle Sycamore", "1203 Orchard", "en la Eagle".
- `extend_on_street`: "by the dollar general" + " on belvedere" -> one place; `houses_on_streets`: "the yellow
  house on division"; `with_house_numbers`: "42380 [Stearns County Road 12]"; `from_unit`: "apartamento 12 de
  la Riverview"; `numbered_streets`: "calle olive numero doce cero ocho"; `touching_names`: a name the ruler cut
  in two.
- `streets_named_like_animals`: "vive en la Heron" is a street, not a bird; `drop_drive_throughs`: "Bank drive
  thru" is no street.
- `corrected_places`, `without_correction`: "county road 7, no sorry, county road 9": the place taken back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from bot.nlp.places import spanish, street_names
from bot.nlp.places.numbers import NUMBER_ES
from bot.nlp.places.patterns import COMMON_WORD_STREETS
from bot.nlp.places.spans import Entity, span_is_free, with_span
from bot.nlp.places.streets import match_street

_NUMBER_THEN_WORDS = re.compile(r"\b(\d{1,6})\s+([a-z][a-z']{3,}(?:\s+[a-z][a-z']{3,})?)\b", re.IGNORECASE)

_ON_WORD = re.compile(r"\b(?:on|along|down)\s+([a-z][a-z']{2,})\b", re.IGNORECASE)

_ON_WORD_AFTER = re.compile(r"^\s+(?:on|off|along)\s+([a-z][a-z']{3,})\b", re.IGNORECASE)

# "the bus stop on 7th", "the daycare on 3rd": a landmark on an ordinal street
_ON_ORDINAL_AFTER = re.compile(
    r"^\s+(?:on|off)\s+\d{1,3}(?:st|nd|rd|th)\b(?:\s+(?:st|street|ave|avenue)\b)?", re.IGNORECASE
)

_AFTER_BARE_STREET = re.compile(
    r"^(?:\s*[,.;:!?)]|\s*$|\s+(?:bit|bites|barks|barked|barking|is|are|was|were|has|have|keeps|went|got|and|on|in|"
    r"at|by|near|since|every|all|right|again|attacked|chased|howls|howling|crows|runs|ran|gets|got)\b)",
    re.IGNORECASE,
)

# "on Laurel", "calle Sycamore" (a common street name), "1203 Orchard", "en la Eagle" (a street that is also
# a word, written in capitals): bare streets the ruler leaves, said exactly.
_BARE_STREET = re.compile(
    r"\b(?P<cue>on|along|down|up|off|end\s+of|toward|towards|calle|(?:en|por|x|de)\s+la|(?P<number>\d{1,6})(?:\s+de\s+la)?)"
    r"\s+(?P<name>[A-Za-z][a-z]{2,})\b(?!\s*'s)"
)

FUZZY_STREET_SCORE = 85.0  # a street the ruler did not know is taken as a place at or above this score


def _location(text: str, start: int, end: int, **extra: Any) -> Entity:
    return {"entity": "location", "start": start, "end": end, "value": text[start:end], **extra}


def _street_hit(words: str, streets: Sequence[str], numbered: bool = False) -> Any:
    """A fuzzy street match for a bare word; short words and ordinary words ("on park") must match exactly.

    A word that is also an ordinary word ("cherry", "park") counts only after a house number (`numbered`).
    """
    if words.lower() in COMMON_WORD_STREETS and not numbered:
        return None
    cutoff = FUZZY_STREET_SCORE if len(words) > 4 else 100.0
    match = match_street(words, streets, cutoff=cutoff)
    return match if match and not match.canonical[0].isdigit() else None


def fuzzy_streets(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """Locations for "317 belvedere" or "on belvedere" where the ruler found nothing (misspelt streets)."""
    found: list[Entity] = []
    candidates = [
        (m.start(), m.end(), m.group(2))
        for m in _NUMBER_THEN_WORDS.finditer(text)
        if m.group(2).split()[0].lower() not in COMMON_WORD_STREETS
    ]
    # "18 Cherry bit my son": a street that is also a word ("cherry", "park") only before a verb or a stop
    candidates += [
        (m.start(), m.start(2) + len(m.group(2).split()[0]), m.group(2).split()[0])
        for m in _NUMBER_THEN_WORDS.finditer(text)
        if m.group(2).split()[0].lower() in COMMON_WORD_STREETS
        and _AFTER_BARE_STREET.match(text[m.start(2) + len(m.group(2).split()[0]) :])
    ]
    candidates += [(m.start(1), m.end(1), m.group(1)) for m in _ON_WORD.finditer(text)]
    for start, end, words in candidates:
        if not span_is_free([*entities, *found], start, end):
            continue
        for length in (len(words.split()), 1):  # "belvedere ave" first, then "belvedere"
            part = " ".join(words.split()[:length])
            match = _street_hit(part, streets, numbered=text[start].isdigit())
            if match:
                stop = start + text[start:end].lower().index(part.lower()) + len(part)
                found.append(_location(text, start, stop, street_match=match.canonical))
                break
    return found


def _bare_street_name(name: str, streets: set[str]) -> bool:
    """A common US street name in any case; a street that is also a word (or the city's, `streets` lower
    case) only in capitals."""
    lowered = name.lower()
    if lowered in street_names.DISTINCTIVE:
        return True
    return (lowered in COMMON_WORD_STREETS or lowered in streets) and name[0].isupper()


def bare_streets(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """Locations for "on Laurel", "calle Sycamore", "1203 Orchard", "en la Eagle" the ruler did not find."""
    found: list[Entity] = []
    city_streets = {street.lower() for street in streets}
    for match in _BARE_STREET.finditer(text):
        if not _bare_street_name(match.group("name"), city_streets):
            continue
        start = match.start("number") if match.group("number") else match.start("name")
        if match.group("cue").lower() == "calle":
            start = match.start("cue")
        if span_is_free([*entities, *found], start, match.end("name")):
            found.append(_location(text, start, match.end("name")))
    return found


def extend_on_street(text: str, entity: Entity, others: Sequence[Entity], streets: Sequence[str]) -> Entity:
    """ "by the dollar general" + " on belvedere" -> one place, when the next word fuzzy-matches a street.

    After a landmark ("the laundromat on depot") a street that is also a word counts too."""
    match = _ON_WORD_AFTER.match(text[entity["end"] :])
    landmark = not entity["value"][:1].isdigit()
    ordinal = _ON_ORDINAL_AFTER.match(text[entity["end"] :]) if landmark else None
    if ordinal:
        match = ordinal
    elif not match or not _street_hit(match.group(1), streets, numbered=landmark):
        return entity
    end = entity["end"] + match.end()
    if not span_is_free(others, entity["start"], end, entity):
        return entity
    return {**entity, "end": end, "value": text[entity["start"] : end]}


def from_unit(text: str, entity: Entity, others: Sequence[Entity]) -> Entity:
    """The place with the numbered home before it: "apartamento 12 de la Riverview" (bot.nlp.places.spanish)."""
    start = spanish.unit_start(text, entity)
    if start == entity["start"] or not span_is_free(others, start, entity["end"], entity):
        return entity
    return {**entity, "start": start, "value": text[start : entity["end"]]}


# "the yellow house on division": after a house, a street that is also a word is a street
_HOUSE_ON = re.compile(
    r"\b(?:the|a|his|her|their|my|our)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|home|trailer|duplex)\s+on\s+"
    r"(?P<street>[a-z][a-z']+)\b",
    re.IGNORECASE,
)

# "from the house on the corner", "the yellow trailer on the corner" (a corner with no streets named)
_HOUSE_ON_CORNER = re.compile(
    r"\b(?:the|a|his|her|their|that)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|home|trailer|duplex|place)"
    r"\s+on\s+the\s+corner\b(?!\s+of\b)",
    re.IGNORECASE,
)

_HOUSE_ON_CORNER_ES = re.compile(
    r"\b(?:la|una|su)\s+(?:casa|traila)(?:\s+[a-z]+)?\s+de\s+la\s+esquina\b(?!\s+de\b)", re.IGNORECASE
)

_HOUSE_OF_STREET = re.compile(
    r"\bcasa(?:\s+[a-z]+)?\s+(?:del|de\s+la)\s+(?P<street>[a-z][a-z']+)\b", re.IGNORECASE
)


def houses_on_streets(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """ "the yellow house on division", "la casa verde de la Division": a street of a pack after a house,
    even one that is also a word; "the house on the corner" with no street named."""
    names = {street.lower() for street in streets}
    found = [
        {"entity": "location", "start": m.start(), "end": m.end(), "value": m.group(0)}
        for m in [*_HOUSE_ON_CORNER.finditer(text), *_HOUSE_ON_CORNER_ES.finditer(text)]
        if not any(e["start"] < m.end() and m.start() < e["end"] for e in entities if "start" in e)
    ]
    for match in [*_HOUSE_ON.finditer(text), *_HOUSE_OF_STREET.finditer(text)]:
        start, end = match.span("street")
        free = not any(e["start"] < end and start < e["end"] for e in entities if "start" in e)
        if free and match.group("street").lower() in names:
            found.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return found


_DRIVE_THROUGH = re.compile(r"^[\s-]*(?:thru|through|in)\b", re.IGNORECASE)


def drop_drive_throughs(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No "<word> drive" street when the next word makes it a drive-through ("the Bank drive thru")."""
    return [
        p
        for p in places
        if not (p["value"].lower().endswith(" drive") and _DRIVE_THROUGH.match(text[p["end"] :]))
    ]


_HOUSE_NUMBER_BEFORE = re.compile(r"\b\d{3,6}\s+$")


def with_house_numbers(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A `location` starting with a capitalised name widened back over the house number before it."""
    result = []
    for place in places:
        number = _HOUSE_NUMBER_BEFORE.search(text[max(0, place["start"] - 8) : place["start"]])
        if number and place["value"][:1].isupper():
            start = place["start"] - len(number.group(0))
            if span_is_free(places, start, place["end"], place):
                place = with_span(text, place, start, place["end"])
        result.append(place)
    return result


# "7, no sorry, ", ", no wait, a la ", ", perdon, en la ": the resident takes back what came before. One separator
# between words, never two optional runs of spaces side by side (tests/security/test_linear_regexes.py).
_SEP = r"(?:\s*,\s*|\s+)"

_CORRECTION = (
    rf"{_SEP}?(?:no+|nope|perdon|perd[oó]n|sorry|oops)"
    rf"(?:{_SEP}(?:wait|sorry|perdon|i\s+mean|digo|mejor\s+dicho))?{_SEP}"
)

_CORRECTION_BETWEEN = re.compile(
    rf"^{_CORRECTION}(?:(?:a|en|on|at|in|de|to|onto)\s+)?(?:(?:la|el|the)\s+)?$",
    re.IGNORECASE,
)

_CORRECTED_NUMBER_BEFORE = re.compile(
    rf"\b\d{{1,5}}{_CORRECTION}(?:(?:from|at|de\s+la|del|de)\s+)?$", re.IGNORECASE
)


def corrected_places(text: str, locations: Sequence[Entity]) -> list[Entity]:
    """`locations` less each one the resident corrected with the next ("210th, no wait, 230th St")."""
    ordered = sorted(locations, key=lambda e: e["start"])
    dropped = {
        id(first)
        for first, second in pairwise(ordered)
        if _CORRECTION_BETWEEN.match(text[first["end"] : second["start"]])
    }
    return [e for e in ordered if id(e) not in dropped]


def without_correction(before: str) -> str:
    """The words before a place, less a number the resident corrected just before it: "the dog from 1300, no,
    " -> "the dog from "."""
    match = _CORRECTED_NUMBER_BEFORE.search(before)
    return before[: match.start()] if match else before


# " numero doce cero ocho", " numero 19044", " #1520": the house number after a street
_NUMBER_AFTER = re.compile(rf"^\s(?:numero|num|no\.?|#)\s?{NUMBER_ES}", re.IGNORECASE)

_STREET_OR_ROAD = re.compile(r"^(?:la\s|el\s)?(?:calle|carretera|camino|avenida|ruta)\b", re.IGNORECASE)


def numbered_streets(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """A street or road with "numero <n>" after it keeps the number: "calle olive numero doce cero ocho"."""
    result = []
    for place in places:
        after = _NUMBER_AFTER.match(text[place["end"] :])
        if after and _STREET_OR_ROAD.match(place["value"]):
            end = place["end"] + after.end()
            if span_is_free([*others, *places], place["start"], end, place):
                place = with_span(text, place, place["start"], end)
        result.append(place)
    return result


# The words before a bare street ("on Heron", "en la Heron", "del 207 de la Heron", "at 73 Heron"), searched in
# the characters just before the name; a house number right before it is part of the place.
_STREET_CUE_BEFORE = re.compile(
    r"(?:\b(?:on|along|down|up|off|toward|towards|from|calle|(?:en|por|x|de|a)\s+la)|(?P<number>\b\d{1,6}))\s$",
    re.IGNORECASE,
)

_STREET_LOOKBACK = 24


def streets_named_like_animals(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """An "animal" the ruler found that is a city's street written in capitals after a street's cue ("vive en
    la Heron", "the dog from 207 Heron") is that street: a `location` for the place rules to widen and role."""
    names = {street.lower() for street in streets}
    found: list[Entity] = []
    for entity in entities:
        value = str(entity.get("value", ""))
        if entity.get("entity") != "animal" or "start" not in entity or not value[:1].isupper():
            found.append(entity)
            continue
        lookback = max(0, entity["start"] - _STREET_LOOKBACK)
        cue = _STREET_CUE_BEFORE.search(text[lookback : entity["start"]])
        if not cue or value.lower() not in names:
            found.append(entity)
            continue
        start = lookback + cue.start("number") if cue.group("number") else entity["start"]
        found.append(with_span(text, {**entity, "entity": "location"}, start, entity["end"]))
    return found


def touching_names(text: str, places: list[Entity]) -> list[Entity]:
    """Two places the ruler cut from one name, a space apart, the second capitalised ("3308 de Golf" + "Course Rd"
    of "Golf Course Rd"), are one place."""
    result: list[Entity] = []
    for place in sorted(places, key=lambda p: p["start"]):
        last = result[-1] if result else None
        if (
            last is not None
            and text[last["end"] : place["start"]] == " "
            and last["value"][-1:].isalpha()
            and last["value"].split()[-1][:1].isupper()
            and place["value"][:1].isupper()
        ):
            result[-1] = with_span(text, last, last["start"], place["end"])
            continue
        result.append(place)
    return result
