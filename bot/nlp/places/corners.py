"""Corners: two streets said together ("at Hillcrest and Plum", "Olive y Center", "Walnut and Ridge", "CR 12 y la
190th St"), a street said alone as a sentence ("Basswood."), and the alley between or the length along a street
("el callejon entre ...", "a lo largo de ...").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.places import street_names
from bot.nlp.places.spans import Entity, span_is_free, with_span

_NAME = r"[A-Z][a-z]{2,}"

_ORDINAL_NAME = r"\d{1,3}(?:st|nd|rd|th)"

_CORNER = re.compile(
    rf"\b(?:at|corner\s+of|intersection\s+of|esquina\s+de)\s+"
    rf"(?P<corner>(?:{_NAME}|{_ORDINAL_NAME})\s+(?:and|&|y)\s+(?:{_NAME}|{_ORDINAL_NAME}))\b(?!['’]s)(?!\s+[A-Z])"
)

# capitalised words that are no street: "at Mom and Dad's", "at Target and Walmart" stays a place (a clerk can
# find both), but people and days are not
_NOT_CORNER_NAMES = frozenset(
    """mom dad mum grandma grandpa mother father sister brother aunt uncle friends
    monday tuesday wednesday thursday friday saturday sunday christmas easter thanksgiving
    the this that then there""".split()
)


def corners_of_named_streets(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """Corners of two capitalised names after "at" / "corner of" that no other entity covers."""
    found = []
    for match in _CORNER.finditer(text):
        start, end = match.span("corner")
        names = re.findall(r"[A-Za-z]+", match.group("corner").lower())[::2]  # not "and" / "y"
        if any(name in _NOT_CORNER_NAMES or normalise_animal(name) for name in names):
            continue
        if span_is_free([*entities, *found], start, end):
            found.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return found


_ROAD_START = re.compile(
    r"^(?:(?:la|el)\s)?(?:carretera|hwy|highway|county|cr|csah|ruta|camino|township|\d{2,3}(?:st|nd|rd|th)?\b|i-?\d)",
    re.IGNORECASE,
)

# " y la 190th St", " y la 190": the cross road of a corner the ruler did not find
_CROSS_ROAD = re.compile(
    r"^\sy\s(?:la\s|el\s)?\d{2,3}(?:st|nd|rd|th)?\b(?:\s(?:st|street|ave|rd|road)\b)?", re.IGNORECASE
)

_CORNER_JOIN = re.compile(r"\s(?:y|e)\s(?:la\s|el\s)?")


def road_corners(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """ "CR 12 y la 190th St", "250th St y la carretera 61", "la county 9 y la 190": two roads are one corner."""
    result: list[Entity] = []
    for place in sorted(places, key=lambda p: p["start"]):
        previous = result[-1] if result else None
        between = text[previous["end"] : place["start"]] if previous else ""
        if (
            previous
            and previous["entity"] == place["entity"] == "location"
            and _CORNER_JOIN.fullmatch(between)
            and _ROAD_START.match(previous["value"])
            and _ROAD_START.match(place["value"])
        ):
            result[-1] = with_span(text, previous, previous["start"], place["end"])
            continue
        cross = _CROSS_ROAD.match(text[place["end"] :]) if place["entity"] == "location" else None
        if cross and _ROAD_START.match(place["value"]):
            end = place["end"] + cross.end()
            if span_is_free([*others, *places], place["start"], end, place):
                place = with_span(text, place, place["start"], end)
        result.append(place)
    return result


# "en el callejon entre la Pine y la Elm", "a lo largo de la Basswood": an alley between streets and a way along
# a street keep their words, as the sets write them
_ALONG_BEFORE = re.compile(
    r"\b(?:(?:en\s)?(?:el\s)?callejon\sentre|a\slo\slargo\sde)\s(?:la\s|el\s)?$", re.IGNORECASE
)


def alleys_and_alongs(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """A street or corner with "el callejon entre" / "a lo largo de" before it starts at those words."""
    result = []
    for place in places:
        along = _ALONG_BEFORE.search(text[max(0, place["start"] - 30) : place["start"]])
        start = place["start"] - len(along.group(0)) if along else place["start"]
        if along and span_is_free([*others, *places], start, place["end"], place):
            place = with_span(text, place, start, place["end"])
        result.append(place)
    return result


# A corner said without "corner of" ("Olive and Center", "Olive y Center"): two streets of a city.
_BARE_CORNER = re.compile(r"\b(?P<a>[A-Z][a-z]{2,})\s(?:and|y|&)\s(?P<b>[A-Z][a-z]{2,})\b")

# A street alone as a whole sentence ("Still barking. Basswood. Day 9."), the place of a short report.
_LONE_NAME = re.compile(r"(?:^|[.!?]\s)(?P<name>[A-Z][a-z]{2,})(?=[.!?]|$)")


def _street(name: str, streets: set[str]) -> bool:
    return name.lower() in streets or name.lower() in street_names.DISTINCTIVE


def bare_corners(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """Corners of two streets said bare, and a street said alone as a sentence, as incident places."""
    names = {street.lower() for street in streets}
    found: list[Entity] = []
    spans = [
        (m.start(), m.end())
        for m in _BARE_CORNER.finditer(text)
        if _street(m["a"], names) and _street(m["b"], names)
    ]
    spans += [
        (m.start("name"), m.end("name")) for m in _LONE_NAME.finditer(text) if _street(m["name"], names)
    ]
    for start, end in spans:
        if span_is_free([*entities, *found], start, end):
            found.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return found
