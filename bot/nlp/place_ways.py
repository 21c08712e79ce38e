"""Roads and ways (called by bot.nlp.places): a road with the landmark along it the ruler does not know
("hwy 42 near the bait shop", "calle Hillcrest por la torre del agua"), and a way said with compass words or
with no place in it ("se fue para el norte", "al este x la carretera 10", "heading toward town"); a way keeps
its words of direction ("[toward the river]", "[hacia el rio]").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp import place_more, places_es
from bot.nlp.place_spans import Entity, span_is_free, with_span

_LOOKBACK = 60  # characters before a place searched for a way's compass words


_COMPASS = re.compile(
    r"\b(?:(?:fue|fueron|corrio|corrieron|iba|iban|va|van|salio)(?:\s+corriendo)?\s+"
    # "se fue para el norte", "van pal norte pa la carretera", "se fue hacia la carretera", "van pa la ciudad"
    r"(?P<es>(?:(?:pal|al|para\s+el)\s+(?:norte|sur|este|oeste)\s+)?(?:para|hacia|pa)\s+(?:la|el)\s+"
    r"(?:carretera|ciudad|pueblo|centro)"
    r"|(?:(?:para|hacia|rumbo\s+a)\s+el|pal|rumbo\s+al)\s+(?:norte|sur|este|oeste|centro|pueblo)"
    r"(?!\s+(?:hacia|pa|para|x|por)\b))"
    r"|(?P<en>towards?\s+(?:town|downtown|the\s+highway)))\b",
    re.IGNORECASE,
)


# "hwy 42 near the bait shop", "highway 61 near mile marker 40", "carretera 61 cerca de la milla 40", "calle
# Hillcrest por la torre del agua", "carretera 42 por la tienda de carnada": a road with a landmark along it that
# the ruler does not know is one place
_ROAD = re.compile(
    r"^(?:calle|carretera|camino|ruta|county\s+(?:road|rd\b|\d)|cr|hwy|highway|township\s+(?:road|rd\b)|interstate|i-?\d"
    r"|\d+\s|[A-Z][a-z]+\s+"
    r"(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Ln|Lane)\b)",
    re.IGNORECASE,
)
_ALONG_HEADS = (
    "shop|marker|tower|stand|pit|sign|torre|milla|salon|gravera|granjas|tienda|gasolinera|elevador|puente"
    "|salida|lagunas?|curva|area"
)
_ALONG_TAIL = re.compile(
    r"^\s+(?:near|by|past|pasando|por|cerca\s+de(?:l)?|junto\s+al?)\s+(?:(?:the|el|la|los|las)\s+)?"
    # a named exit only ("near the Freeport exit"; "hwy 42 by the exit" is the road)
    rf"(?:[a-z0-9'-]+\s+){{0,2}}?(?:{_ALONG_HEADS}|[A-Z][a-z]+\s+exit)\b(?:\s+\d{{1,3}}\b)?"
    # "de carnada", "de Freeport": what the landmark is of (not a time of day)
    r"(?:\s+(?:de|del)\s+(?:(?:la|el)\s+)?(?!noche\b|dia\b|mañana\b|manana\b|tarde\b)(?:[a-z]+|[A-Z][a-z]+\b))?"
)
_LANDMARK_END = re.compile(rf"\b(?:{_ALONG_HEADS})$", re.IGNORECASE)
_OF_WORD = re.compile(r"^\s+de\s+(?!la\b|el\b|los\b|las\b|mi\b|su\b|noche\b|dia\b|manana\b|tarde\b)[a-z]+\b")


def roads_with_landmarks(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A road and the unknown landmark along it as one place (see the patterns above)."""
    result = []
    for place in places:
        after = text[place["end"] :]
        if place["entity"] == "location" and _ROAD.match(place["value"]):
            tail = _ALONG_TAIL.match(after)
            if not tail and _LANDMARK_END.search(place["value"]):
                tail = _OF_WORD.match(after)  # "carretera 42 por la tienda" + " de carnada"
            if tail and span_is_free(places, place["start"], place["end"] + tail.end(), place):
                place = with_span(text, place, place["start"], place["end"] + tail.end())
        result.append(place)
    return result


_COMPASS_ES = rf"(?:{'|'.join(places_es.DIRECTIONS_ES)})"
# "se fue pal norte hacia el puente", "al este x la carretera 10", "pal sur x las vias": a way said with a compass
# word keeps it and what follows ("hacia el parque", "toward the river" stay as the older sets write them)
_DIRECTION_CUE = re.compile(
    rf"\b(?:al|pal|para\s+el|hacia\s+el)\s+{_COMPASS_ES}\s+(?:hacia|para|pa|pal|x|por|rumbo\s+al?)"
    r"(?:\s+(?:el|la|los|las))?\s+$",
    re.IGNORECASE,
)


# Words of a way before its place: "west toward", "out toward", "down the steps and toward", "hacia la", "pal".
_WAY_WORDS = re.compile(
    r"(?:\b(?:(?:north|south|east|west)(?:ward)?|out|back|straight)\s+)?"
    r"\b(?:towards?|into|onto|down|up|across|past|over\s+to)\s+$"
    # "went north on wabasha"
    r"|\b(?:north|south|east|west)(?:ward)?\s+(?:on|along)\s+$"
    r"|\b(?:derechito\s+)?(?:hacia|pa|pal|para|rumbo\s+al?)(?:\s+(?:el|la|los|las))?\s+$",
    re.IGNORECASE,
)


def direction_cues(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A `direction` with its compass words before it ("la carretera 10" -> "al este x la carretera 10"), or
    else with its words of direction ("toward the river", "hacia el rio"; never the verb before them, "ran off
    [toward the river]"), as the sets write it since round 10."""
    result = []
    for place in places:
        if place["entity"] == "direction":
            window = text[max(0, place["start"] - _LOOKBACK) : place["start"]]
            cue = _DIRECTION_CUE.search(window)
            way = None if cue else _WAY_WORDS.search(window) or place_more.WAY_BEFORE_ES.search(window)
            start = place["start"] - len((cue or way).group(0)) if cue or way else place["start"]
            if cue or (way and span_is_free(places, start, place["end"], place)):
                place = with_span(text, place, start, place["end"])
        result.append(place)
    return result


def compass_directions(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """ "se fue para el norte", "heading toward town": a `direction` no ruler place covers."""
    found = []
    for match in _COMPASS.finditer(text):
        group = "es" if match.group("es") else "en"
        start, end = match.span(group)
        if not any(e["start"] < end and start < e["end"] for e in entities if "start" in e):
            found.append({"entity": "direction", "start": start, "end": end, "value": text[start:end]})
    return found
