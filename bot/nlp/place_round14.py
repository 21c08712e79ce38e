"""Place rules of the fourteenth places pass (round 14, read from the spent sets blind-es12, blind-12m and the
residents' sets, by kinds of error counted first). Called from bot.nlp.places.place_entities."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.nlp.place_spans import span_is_free, with_span

Entity = dict[str, Any]

# The words before a bare street ("on Heron", "en la Heron", "del 207 de la Heron", "at 73 Heron"), searched in
# the characters just before the name; a house number right before it is part of the place.
_STREET_CUE_BEFORE = re.compile(
    r"(?:\b(?:on|along|down|up|off|toward|towards|from|calle|(?:en|por|x|de|a)\s+la)|(?P<number>\b\d{1,6}))\s$",
    re.IGNORECASE,
)
_LOOKBACK = 24
# An animal's noise, which puts its home where the noise is (bot.nlp.places.lone_owner_places): "barks", "whines",
# "the racket", "ladra", "aulla", "chilla y berrea", "haciendo escandalo", "hacen un relajo"
NOISE = re.compile(
    r"\b(?:bark\w*|howl\w*|yap\w*|whin\w*|racket|ladr\w*|aull\w*|chill\w*|berre\w*|escandal\w*|relajo)",
    re.IGNORECASE,
)


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
        lookback = max(0, entity["start"] - _LOOKBACK)
        cue = _STREET_CUE_BEFORE.search(text[lookback : entity["start"]])
        if not cue or value.lower() not in names:
            found.append(entity)
            continue
        start = lookback + cue.start("number") if cue.group("number") else entity["start"]
        found.append(with_span(text, {**entity, "entity": "location"}, start, entity["end"]))
    return found


# The resident bitten, in Spanish: "el perro de la casa cafe de la Heron me agarro la pantorrilla" (the English
# sets write "the dog from 1400 Orchard bit me" as the owner's)
_BIT_ME = re.compile(
    r"\bme\s+(?:mordi[oó]|agarr[oó]|prens[oó]|clav[oó]|lastim[oó]|arranc[oó])\b", re.IGNORECASE
)
_LIVES_BEFORE = re.compile(
    r"\b(?:viven?|lives?|stays?)\s+(?:en|on|at|in)\s+(?:(?:la|el|the)\s)?$", re.IGNORECASE
)


def bitten_at_owners(text: str, places: list[Entity]) -> list[Entity]:
    """An owner's place that is the message's only place, where the animal bit the resident, is the incident's."""
    if len(places) != 1 or places[0]["entity"] != "owner_location" or not _BIT_ME.search(text):
        return places
    if _LIVES_BEFORE.search(text[max(0, places[0]["start"] - _LOOKBACK) : places[0]["start"]]):
        return places  # "ella vive en la Greenwood": said to be where the owner lives
    return [{**places[0], "entity": "location"}]


# "en la 61 por el Kwik Trip", "en medio de la 94 cerca de la salida de Freeport": a highway said by its number alone
# with a landmark along it (bot.nlp.place_ways.roads_with_landmarks joins a road the ruler found)
_BARE_HIGHWAY = re.compile(
    r"\b(?:la|el)\s(?P<road>\d{2,3})(?=\s(?:por|x|cerca\sde|junto\sa)\s)", re.IGNORECASE
)
_TAIL_REACH = 16  # a place the ruler found along the road starts this close after its number


def bare_highways(text: str, places: list[Entity]) -> list[Entity]:
    """A highway's number and the landmark along it as one `location` (the landmark's own place folded in)."""
    from bot.nlp.place_ways import _ALONG_TAIL

    for match in _BARE_HIGHWAY.finditer(text):
        start, road_end = match.span("road")
        tail = _ALONG_TAIL.match(text[road_end:])
        end = road_end + tail.end() if tail else road_end
        along = [p for p in places if road_end <= p["start"] <= road_end + _TAIL_REACH]
        end = max([end, *(p["end"] for p in along)])
        if end == road_end or not span_is_free(places, start, end, along[0] if along else None):
            continue
        if len(along) > 1 or (along and along[0]["entity"] != "location"):
            continue
        # "la frontage road de la 94 por la salida": the road beside it is the same place
        beside = [
            p for p in places if p["entity"] == "location" and text[p["end"] : start].lower() == " de la "
        ]
        along += beside
        start = beside[0]["start"] if beside else start
        road = {"entity": "location", "start": start, "end": end, "value": text[start:end]}
        places = sorted([*(p for p in places if p not in along), road], key=lambda p: p["start"])
    return places


# "caminando x la Creamery", "iba caminando x la iglesia metodista", "paso corriendo x la feria": the place walked
# along is the place, without its "x la" (the sets write "Creamery", "iglesia metodista", "feria")
_WALKING_BEFORE = re.compile(r"\b(?:caminando|corriendo|trotando|paseando)\s$", re.IGNORECASE)
_BY_WAY_START = re.compile(r"^(?:x|por)\s(?:la|el)\s(?=\w)", re.IGNORECASE)


def places_walked_along(text: str, places: list[Entity]) -> list[Entity]:
    """A `location` said as "x la <place>" after a walking word loses its "x la"."""
    result = []
    for place in places:
        by_way = _BY_WAY_START.match(place["value"])
        if place["entity"] == "location" and by_way and _WALKING_BEFORE.search(text[: place["start"]][-14:]):
            place = with_span(text, place, place["start"] + by_way.end(), place["end"])
        result.append(place)
    return result


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
