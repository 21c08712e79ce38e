"""Rural places said with numbers (called by bot.nlp.places.entities): fire numbers ("numero de fuego 24380 de
la 400th", a fire number and the road after it past a comma), roads with their spoken numbers and box ("county
road one fifty seven", "la ruta rural dos caja cuarenta y uno"), and a rural house number on a numbered highway
said the Spanish way ("el 24460 de la 42")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.places.patterns import NUMBER_WORDS
from bot.nlp.places.spanish import NUMBER_WORDS_ES
from bot.nlp.places.spans import Entity, span_is_free, with_span

_FIRE_WORDS_ES = re.compile(r"\bnumero\s+de\s+fuego\s+(?:#\s*)?$", re.IGNORECASE)

_FIRE_ALONE_ES = re.compile(r"\b(?P<place>numero\s+de\s+fuego\s+(?:#\s*)?\d{3,6})\b", re.IGNORECASE)

# "18422 de la County" + " 18": the road's number the ruler left off
_COUNTY_NUMBER = re.compile(r"^\s+\d{1,3}\b")


def _fire_number(text: str, place: Entity, places: Sequence[Entity]) -> Entity:
    if place["entity"] != "location" or not place["value"][:1].isdigit():
        return place
    words = _FIRE_WORDS_ES.search(text[max(0, place["start"] - 25) : place["start"]])
    if not words:
        return place
    start = place["start"] - len(words.group(0))
    return (
        with_span(text, place, start, place["end"])
        if span_is_free(places, start, place["end"], place)
        else place
    )


def _county_number(text: str, place: Entity, places: Sequence[Entity]) -> Entity:
    """ "18100 de la County" + " 81", "la Stearns County" + " 12": the road's number the ruler left off."""
    number = (
        _COUNTY_NUMBER.match(text[place["end"] :]) if place["value"].lower().endswith(" county") else None
    )
    end = place["end"] + number.end() if number else place["end"]
    return (
        with_span(text, place, place["start"], end)
        if number and span_is_free(places, place["start"], end, place)
        else place
    )


def fire_numbers_es(text: str, places: Sequence[Entity]) -> list[Entity]:
    """ "numero de fuego 24380 de la 400th": the ruler's "24380 de la 400th" with its words; alone, a place.
    A place ending in "County" keeps the road's number after it ("del 18100 de la County 81")."""
    result = [_county_number(text, place, places) for place in places]
    result = [_fire_number(text, place, result) for place in result]
    for match in _FIRE_ALONE_ES.finditer(text):
        start, end = match.span("place")
        if span_is_free(result, start, end):
            result.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return result


# A fire number and its road, said apart: "fire number 21930, 600th Ave", "numero de fuego 21930, la 600th".
_FIRE_NUMBER_END = re.compile(
    r"(?:fire\s+(?:number|no\.?|#)|numero\s+de\s+fuego)\s*#?\s*\d{3,6}$", re.IGNORECASE
)

_FIRE_GAP = re.compile(r",\s?(?:on\s|la\s|en\s+la\s)?", re.IGNORECASE)


def fire_numbers_with_roads(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A fire number and the road said right after it, past a comma, are one place."""
    ordered = sorted(places, key=lambda p: p.get("start", 0))
    found: list[Entity] = []
    for place in ordered:
        last = found[-1] if found else None
        gap = text[last["end"] : place["start"]] if last else ""
        if (
            last is not None
            and last.get("entity") == place.get("entity")
            and _FIRE_NUMBER_END.search(str(last.get("value", "")))
            and _FIRE_GAP.fullmatch(gap)
        ):
            found[-1] = {**last, "end": place["end"], "value": text[last["start"] : place["end"]]}
            continue
        found.append(place)
    return found


# Roads said with spoken numbers ("county road one fifty seven", "la ruta rural dos caja cuarenta y uno",
# "la county ciento cincuenta y siete"), which the ruler cuts after the first number word or misses.
_SPOKEN_NUMBER_WORD = "(?:" + "|".join(sorted({*NUMBER_WORDS, *NUMBER_WORDS_ES}, key=len, reverse=True)) + ")"

SPOKEN_NUMBER = rf"(?:\d{{1,4}}|{_SPOKEN_NUMBER_WORD}(?:\s(?:y\s)?{_SPOKEN_NUMBER_WORD})*)\b"

_MORE_NUMBER_WORDS = re.compile(rf"^(?:\s(?:y\s)?{_SPOKEN_NUMBER_WORD}\b)+", re.IGNORECASE)

_ROAD_NUMBER_END = re.compile(
    rf"\b(?:county\s(?:road|rd)|hwy|highway|rural|township\s(?:road|rd))\s{_SPOKEN_NUMBER_WORD}$",
    re.IGNORECASE,
)

_BOX_AFTER = re.compile(rf"^\s(?:caja|box)\s{SPOKEN_NUMBER}", re.IGNORECASE)

_RUTA_BEFORE = re.compile(r"\bruta\s$", re.IGNORECASE)

_SPOKEN_COUNTY = re.compile(
    rf"\bcounty\s(?:road\s|rd\s)?{_SPOKEN_NUMBER_WORD}(?:\s(?:y\s)?{_SPOKEN_NUMBER_WORD})*\b", re.I
)


def widened_over(text: str, places: list[Entity], place: Entity, start: int, end: int) -> list[Entity]:
    """`place` over [start, end), the places inside folded in, if nothing else is there."""
    if not any(p is place for p in places):
        return places
    inside = [p for p in places if p is not place and start <= p["start"] and p["end"] <= end]
    rest = [p for p in places if p is not place and p not in inside]
    if not span_is_free(rest, start, end):
        return places
    new = {**place, "start": start, "end": end, "value": text[start:end]}
    return sorted([*rest, new], key=lambda p: p["start"])


def spoken_roads(text: str, places: Sequence[Entity]) -> list[Entity]:
    """Roads with their spoken numbers and box, and a spoken county road the ruler missed."""
    found = list(places)
    for place in list(found):
        start, end = place["start"], place["end"]
        if place.get("entity") != "location":
            continue
        if _ROAD_NUMBER_END.search(place["value"]):
            more = _MORE_NUMBER_WORDS.match(text[end:])
            end += more.end() if more else 0
            box = _BOX_AFTER.match(text[end:])
            end += box.end() if box else 0
        # "la ruta rural 2 caja 118": the ruler's rural route starts at "rural"
        ruta = _RUTA_BEFORE.search(text[max(0, start - 5) : start])
        start -= len(ruta.group()) if ruta and place["value"].lower().startswith("rural ") else 0
        found = widened_over(text, found, place, start, end)
    for match in _SPOKEN_COUNTY.finditer(text):
        if span_is_free(found, match.start(), match.end()):
            new = {"entity": "location", "start": match.start(), "end": match.end(), "value": match.group()}
            found = sorted([*found, new], key=lambda p: p["start"])
    return found


# A rural address on a numbered highway said the Spanish way: "el 24460 de la 42", "son del 24420 de la 42".
# The ruler knows "de la 600th" and "de la County 12", not a bare highway number.
_RURAL_ON_NUMBER_ES = re.compile(
    r"\b(?:el|del)\s+(?P<place>\d{4,6}\s+de\s+la\s+\d{1,3})\b(?!\s*(?:st|nd|rd|th|de|del|%)\b|\s+y\s+la\b)",
    re.IGNORECASE,
)

# The owner's home said before it: "son del", "el dueno vive en el", "viene del".
_OWNER_BEFORE_ES = re.compile(
    r"(?:\bson|\bviene[n]?|\bdue[nñ][oa]\s+vive\s+en|\bdue[nñ][oa]s\s+viven\s+en)\s+(?:el|del)\s+$",
    re.IGNORECASE,
)


def rural_numbered_roads_es(text: str, places: Sequence[Entity], others: Sequence[Entity]) -> list[Entity]:
    """ "en el 24460 de la 42": a rural house number on a numbered highway, the incident place unless the
    owner's home is said before it ("son del 24420 de la 42")."""
    found: list[Entity] = []
    for match in _RURAL_ON_NUMBER_ES.finditer(text):
        start, end = match.span("place")
        if not span_is_free([*others, *places, *found], start, end):
            continue
        owner = _OWNER_BEFORE_ES.search(text[max(0, match.start() - 30) : start])
        role = "owner_location" if owner else "location"
        found.append({"entity": role, "start": start, "end": end, "value": text[start:end]})
    return [*places, *found]
