"""Place rules of the fifteenth places pass (round 15, read from the spent sets blind-es13, blind-12n and the
residents' sets, by kinds of error counted first). Called from bot.nlp.places.place_entities, last."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.nlp import street_names
from bot.nlp.location_patterns import NUMBER_WORDS
from bot.nlp.place_spans import span_is_free
from bot.nlp.places_es import NUMBER_WORDS_ES

Entity = dict[str, Any]

# A part of a named landmark or corner is the place, with its preposition ("under the steps of the Kellogg
# Depot", "at the bus stop at Grant and Roosevelt", "debajo del porche de la Freeport City Office", "junto al
# tanque de agua de la Hill"): the words just before the ruler's landmark.
_PARTS_EN = (
    r"steps|stairs|porch|(?:sledding\s+)?hill|bus\s+stop|tank|cemetery|playground|bleachers|loading\s+dock|"
    r"dumpsters?|entrance|front\s+doors?|back\s+doors?"
)
_PART_BEFORE_EN = re.compile(
    rf"\b(?:under|on|in|at|behind|beside|by|near|inside|outside)\s+the\s+(?:{_PARTS_EN})"
    r"(?:\s+(?:of|at|by|behind)(?:\s+the)?)?\s$",
    re.IGNORECASE,
)
_PARTS_ES = (
    r"escaleras|escalones|porche|loma(?:\s+de\s+los\s+trineos)?|tanque(?:\s+de\s+agua)?|"
    r"cementerio(?:\s+catolico)?|parada(?:\s+del\s+bus|\s+de\s+los\s+buses|\s+del\s+camion)?|juegos|gradas|"
    r"entrada|puerta"
)
_PART_BEFORE_ES = re.compile(
    r"\b(?:en|debajo|abajo|arriba|junto|atras|detras|enfrente|cerca|afuera|adentro)(?:\s+de)?"
    rf"\s+(?:el|la|los|las|al|del)\s+(?:{_PARTS_ES})(?:\s+(?:del|de\s+la|de\s+los|de\s+las|de))?\s$",
    re.IGNORECASE,
)
# An address or a street's landmark keeps its own span ("under the porch at 40 Walnut", "en las escaleras de la
# biblioteca en la Jefferson", the residents' sets): only a named landmark or corner takes its part.
_ADDRESS_OR_ON_STREET = re.compile(r"^(?:the\s+)?(?:\d|calle\b)|\s(?:on|en\s+la|de\s+la)\s", re.IGNORECASE)
# A landmark the ruler found with its own preposition ("behind Kellogg Elementary") follows the part directly.
_STARTS_WITH_PLACE_WORD = re.compile(r"(?:behind|by|near|atras|detras|junto|cerca)\b", re.IGNORECASE)
_LOOKBACK = 60
# A fire number and its road, said apart: "fire number 21930, 600th Ave", "numero de fuego 21930, la 600th".
_FIRE_NUMBER = re.compile(r"(?:fire\s+(?:number|no\.?|#)|numero\s+de\s+fuego)\s*#?\s*\d{3,6}$", re.IGNORECASE)
_FIRE_GAP = re.compile(r",\s?(?:on\s|la\s|en\s+la\s)?", re.IGNORECASE)
# A corner said without "corner of" ("Olive and Center", "Olive y Center"): two streets of a city.
_CORNER = re.compile(r"\b(?P<a>[A-Z][a-z]{2,})\s(?:and|y|&)\s(?P<b>[A-Z][a-z]{2,})\b")
# A street alone as a whole sentence ("Still barking. Basswood. Day 9."), the place of a short report.
_LONE_NAME = re.compile(r"(?:^|[.!?]\s)(?P<name>[A-Z][a-z]{2,})(?=[.!?]|$)")


def _part_start(text: str, place: Entity) -> int | None:
    lookback = max(0, place["start"] - _LOOKBACK)
    before = text[lookback : place["start"]]
    if _ADDRESS_OR_ON_STREET.search(str(place.get("value", ""))):
        return None
    for pattern in (_PART_BEFORE_EN, _PART_BEFORE_ES):
        match = pattern.search(before)
        if match is None:
            continue
        joined = before[match.start() :].rstrip().split()[-1].lower()
        # "on the sledding hill behind X" needs X's own preposition; "the steps of X" its "of"
        if joined in {"of", "at", "by", "behind", "the", "del", "de", "la", "los", "las"} or (
            _STARTS_WITH_PLACE_WORD.match(str(place.get("value", "")))
        ):
            return lookback + match.start()
    return None


def parts_of_landmarks(text: str, places: Sequence[Entity]) -> list[Entity]:
    """An incident place widened over the part of it the resident names, and a place inside dropped."""
    found = [dict(place) for place in places]
    for place in found:
        start = _part_start(text, place) if place.get("entity") == "location" else None
        if start is not None:
            place.update(start=start, value=text[start : place["end"]])
    return [
        place
        for place in found
        if not any(
            other is not place and other["start"] <= place["start"] and place["end"] <= other["end"]
            for other in found
        )
    ]


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
            and _FIRE_NUMBER.search(str(last.get("value", "")))
            and _FIRE_GAP.fullmatch(gap)
        ):
            found[-1] = {**last, "end": place["end"], "value": text[last["start"] : place["end"]]}
            continue
        found.append(place)
    return found


def _street(name: str, streets: set[str]) -> bool:
    return name.lower() in streets or name.lower() in street_names.DISTINCTIVE


def bare_corners(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """Corners of two streets said bare, and a street said alone as a sentence, as incident places."""
    names = {street.lower() for street in streets}
    found: list[Entity] = []
    spans = [
        (m.start(), m.end())
        for m in _CORNER.finditer(text)
        if _street(m["a"], names) and _street(m["b"], names)
    ]
    spans += [
        (m.start("name"), m.end("name")) for m in _LONE_NAME.finditer(text) if _street(m["name"], names)
    ]
    for start, end in spans:
        if span_is_free([*entities, *found], start, end):
            found.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return found


# Roads said with spoken numbers ("county road one fifty seven", "la ruta rural dos caja cuarenta y uno",
# "la county ciento cincuenta y siete"), which the ruler cuts after the first number word or misses.
_NUMBER_WORD = "(?:" + "|".join(sorted({*NUMBER_WORDS, *NUMBER_WORDS_ES}, key=len, reverse=True)) + ")"
_NUMBER = rf"(?:\d{{1,4}}|{_NUMBER_WORD}(?:\s(?:y\s)?{_NUMBER_WORD})*)\b"
_MORE_NUMBER_WORDS = re.compile(rf"^(?:\s(?:y\s)?{_NUMBER_WORD}\b)+", re.IGNORECASE)
_ROAD_NUMBER_END = re.compile(
    rf"\b(?:county\s(?:road|rd)|hwy|highway|rural|township\s(?:road|rd))\s{_NUMBER_WORD}$", re.IGNORECASE
)
_BOX_AFTER = re.compile(rf"^\s(?:caja|box)\s{_NUMBER}", re.IGNORECASE)
_RUTA_BEFORE = re.compile(r"\bruta\s$", re.IGNORECASE)
_SPOKEN_COUNTY = re.compile(rf"\bcounty\s(?:road\s|rd\s)?{_NUMBER_WORD}(?:\s(?:y\s)?{_NUMBER_WORD})*\b", re.I)
# What is along a rural road, after it ("by mile marker six", "x la linea del township", "cerca del area de
# descanso", "una milla al norte de Kellogg", "como media milla al sur del Sand Prairie Wildlife Area"): the
# conventions make a road with a landmark along it one span.
_ROAD_TAIL = re.compile(
    rf"^\s(?:(?:by|near|at|past)\s(?:the\s)?(?:mile\smarker|township\sline)(?:\s{_NUMBER})?"
    rf"|(?:por|x|cerca\sde)\sla\s(?:milla|linea\sdel\s(?:township|condado))(?:\s{_NUMBER})?"
    r"|cerca\sdel\sarea\sde\sdescanso"
    r"|(?:(?:como|about)\s)?(?:una|media|a|half\sa|one|\d)\s(?:milla|mile)s?\s"
    r"(?:al\s(?:norte|sur|este|oeste)\sdel?|(?:north|south|east|west)\sof)\s(?:the\s)?(?-i:[A-Z][\w'-]*(?:\s[A-Z][\w'-]*){0,3}))",
    re.IGNORECASE,
)
_ROAD_LIKE = re.compile(
    r"(?:\b(?:county|hwy|highway|road|rd|route|ruta|township|carretera)\b|^(?:la\s|el\s)?\d{2,3}$)",
    re.IGNORECASE,
)
# "en la 61 una milla al norte", "de la 42 x la linea": a highway by its number alone, with what is along it
_BARE_HIGHWAY = re.compile(r"\b(?:en|de)\sla\s(?P<road>\d{2,3})\b(?=\s)", re.IGNORECASE)


def _widened(text: str, places: list[Entity], place: Entity, start: int, end: int) -> list[Entity]:
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
        found = _widened(text, found, place, start, end)
    for match in _SPOKEN_COUNTY.finditer(text):
        if span_is_free(found, match.start(), match.end()):
            new = {"entity": "location", "start": match.start(), "end": match.end(), "value": match.group()}
            found = sorted([*found, new], key=lambda p: p["start"])
    return found


def road_tails(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A rural road and the mile marker, township line, rest area or distance from a town along it, as one."""
    found = list(places)
    for match in _BARE_HIGHWAY.finditer(text):
        if _ROAD_TAIL.match(text[match.end() :]) and span_is_free(found, *match.span("road")):
            road = {
                "entity": "location",
                "start": match.start("road"),
                "end": match.end(),
                "value": match["road"],
            }
            found = sorted([*found, road], key=lambda p: p["start"])
    for place in list(found):
        tail = _ROAD_TAIL.match(text[place["end"] :])
        if place.get("entity") == "location" and tail and _ROAD_LIKE.search(place["value"]):
            found = _widened(text, found, place, place["start"], place["end"] + tail.end())
    return found


# Ways the residents' sets write as `direction` that no earlier rule finds: a compass way along a road after a
# leaving verb ("drove off north on Hwy 61", "se fue al norte x la 61"), a way toward a farm or into a field by
# its side (a field alone, "ran off into the field", is no way the sets write) ("ran east toward the farm with the red silo", "went into the cornfield on the north side", "se metio
# pal campo de maiz del lado norte") and going down a street ("va bajando x la Depot").
_LEAVING_EN = r"(?:drove(?:\s+off)?|took\s+off|went(?:\s+off)?|ran(?:\s+off)?|run(?:\s+off)?|headed|running)"
_WAY_EN = re.compile(
    rf"\b{_LEAVING_EN}\s+(?P<way>(?:(?:north|south|east|west)\s+)?(?:toward|towards)\s+the\s+(?-i:[A-Z][a-z]+\s+)?"
    r"(?:farm|place|house|woods|barn|creek|river|tracks)(?:\s+with\s+the\s+[a-z]+\s+[a-z]+)?\b"
    r"|into\s+the\s+(?:[a-z]+\s+)?(?:cornfield|field|woods|pasture|trees|corn|beans)"
    r"\s+on\s+the\s+(?:north|south|east|west)\s+side\b)",
    re.IGNORECASE,
)
_ALONG_ROAD_EN = re.compile(
    rf"\b{_LEAVING_EN}\s+(?P<way>(?:north|south|east|west)\s+(?:on|along|down|up)\s)", re.I
)
_WAY_ES = re.compile(
    r"\b(?P<way>pal\s+(?:campo|monte|bosque|rancho|arroyo|rio|llano)(?:\s+de\s+[a-z]+)?\s+del\s+lado\s+"
    r"(?:norte|sur|este|oeste)\b"
    r"|(?:bajando|subiendo)\s+(?:x|por)\s+la\s+(?-i:[A-Z][a-z]+)\b"
    r"|(?<=se\sfue\s)al\s+(?:norte|sur|este|oeste)\s+(?:x|por)\s+la\s+(?:\d{1,3}|(?-i:[A-Z][a-z]+))\b)",
    re.IGNORECASE,
)


def _with_way(text: str, places: list[Entity], start: int, end: int) -> list[Entity]:
    """The places with a `direction` over [start, end) instead of those inside it, if none crosses it."""
    inside = [p for p in places if start <= p["start"] and p["end"] <= end]
    rest = [p for p in places if not any(p is q for q in inside)]
    if not span_is_free(rest, start, end):
        return places
    way = {"entity": "direction", "start": start, "end": end, "value": text[start:end]}
    return sorted([*rest, way], key=lambda p: p["start"])


def way_phrases(text: str, places: Sequence[Entity]) -> list[Entity]:
    """Directions for the ways above, folding in the places the ruler found inside them."""
    found = list(places)
    for match in [*_WAY_EN.finditer(text), *_WAY_ES.finditer(text)]:
        found = _with_way(text, found, *match.span("way"))
    for match in _ALONG_ROAD_EN.finditer(text):
        road = [p for p in found if p["start"] == match.end("way") and p.get("entity") == "location"]
        if road:
            found = _with_way(text, found, match.start("way"), road[0]["end"])
    return found


# A named business or church after "en el"/"en la" keeps it ("en el Cenex", "en la Sacred Heart Church", "en el
# Dollar General de Kellogg"): the conventions' "a landmark phrase keeps its preposition"; a street does not.
_EN_EL_BEFORE = re.compile(r"\ben\s(?:el|la)\s$", re.IGNORECASE)
_TOWN_AFTER = re.compile(r"^\sde\s(?:Kellogg|Freeport)\b")
_STREET_TYPE_END = re.compile(
    r"\b(?:st|street|ave|avenue|rd|road|dr|drive|ln|lane|blvd|ct|way|calle)\.?$", re.I
)
# Whose a place is, said as a statement about the owners or the house ("the owners are the Petersons, on Hill St",
# "los duenos son los Peterson, en la Hill", "the house is 1203 Lincoln Ave", "la casa es el 1203 de la Lincoln").
_OWNERS_ARE_BEFORE = re.compile(
    r"(?:\bowners?\s(?:is|are)\s(?:the\s)?(?-i:[A-Z])[\w']*,?\s(?:on|at)\s"
    r"|\bduenos?\s(?:es|son)\s(?:los\s|las\s|el\s|la\s)?(?-i:[A-Z])[\w']*,?\sen\s(?:la\s|el\s)?"
    r"|\bthe\shouse\sis\s|\bla\scasa\ses\s)$",
    re.IGNORECASE,
)


def _named_landmark(value: str, streets: set[str]) -> bool:
    if any(c.isdigit() for c in value) or _ROAD_LIKE.search(value) or _STREET_TYPE_END.search(value):
        return False
    return value[:1].isupper() and value.lower() not in streets and not _STREET_TYPE_END.search(value)


def landmarks_with_en_el(text: str, places: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """A named landmark's `location` with the "en el" before it and the town after it."""
    names = {street.lower() for street in streets}
    found: list[Entity] = []
    for place in places:
        start, end = place["start"], place["end"]
        if place.get("entity") == "location" and _named_landmark(str(place.get("value", "")), names):
            before = _EN_EL_BEFORE.search(text[max(0, start - 6) : start])
            start -= len(before.group()) if before else 0
            town = _TOWN_AFTER.match(text[end:]) if before else None
            end += town.end() if town else 0
        found.append({**place, "start": start, "end": end, "value": text[start:end]})
    return found


def owners_said_as_statements(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A place after "the owners are the X, on" or "the house is" is the owner's, when the message has another
    place for the incident (the house alone, "the house is 315 Valley Dr", is where it happened)."""
    found = []
    for place in places:
        statement = _OWNERS_ARE_BEFORE.search(text[max(0, place["start"] - 50) : place["start"]])
        owners = statement is not None and statement.group().lower().startswith(("owner", "duen"))
        elsewhere = any(p is not place and p.get("entity") == "location" for p in places)
        if place.get("entity") == "location" and statement and (owners or elsewhere):
            place = {**place, "entity": "owner_location"}
        found.append(place)
    return found


# A road or street said with no name or number ("out on the county road", "lovely street") and "what point" (of
# "at what point") name no place the clerk can find; the sets leave them unannotated.
_NAMELESS = re.compile(
    r"(?:the\s)?(?:county\sroad|lovely\sstreet|nice\sstreet|quiet\sstreet|what\spoint|la\scarretera)", re.I
)


def nameless_places(places: Sequence[Entity]) -> list[Entity]:
    """The places without the nameless ones above."""
    return [p for p in places if not _NAMELESS.fullmatch(str(p.get("value", "")))]


def finish(text: str, places: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """The round's rules, in order, on the roled places."""
    places = road_tails(text, spoken_roads(text, owners_said_as_statements(text, nameless_places(places))))
    places = landmarks_with_en_el(text, places, streets)
    return way_phrases(text, fire_numbers_with_roads(text, parts_of_landmarks(text, places)))
