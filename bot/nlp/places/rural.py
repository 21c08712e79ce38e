"""Rural roads and what is along them (called by bot.nlp.places.entities): "county road 9 past the grain
elevator", "hwy 42 near the bait shop", "Sauk River Rd near the canoe landing", "County Rd 9 half mile north of
190th", "la County 2 por la curva"; fire numbers ("fire number 41820", "numero de fuego 24380 de la 400th"), a
fire number and its road past a comma; numbered township roads said in Spanish ("en la 290", "el 24460 de la
42"); spoken road numbers and boxes ("county road one fifty seven", "la ruta rural dos caja cuarenta y uno");
mile markers, township lines, rest areas and distances from a town; a road by its town side or exit; a dropped
pin ("44.308, -91.999"). A town street with a common thing along it in Spanish is the street alone ("la Main
junto al banco" -> "Main").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.places.corners import _ROAD_START
from bot.nlp.places.landmarks import _ROAD_LIKE
from bot.nlp.places.rural_numbers import SPOKEN_NUMBER, widened_over
from bot.nlp.places.spans import Entity, span_is_free, with_span
from bot.nlp.places.ways import _free_finds

# Kinds of thing along a road a resident names it by ("by the Becker dairy", "past the water plant").
_HEADS_EN = (
    "landing|dairy|ponds?|plant|bridge|trailhead|limits|intersection|area|elevator|bins|tracks|cemetery|church"
    "|school|dam|creek|river|bottoms?|field|hall|station|diamonds?|curve|turnoff|exit\\s+ramp|on-ramp|off-ramp|entrance|lot|culvert"
    "|bend|hill|barns?|silo|quarry|dump|lagoon|dock|launch|campground|mill|feedlot|farm|store|shop|park|tower"
    "|sign|marker|crossing|overpass|underpass|gate|mailbox(?:es)?|driveway|cul\\s+de\\s+sac|light|lights|woods"
    "|county\\s+line|junction"
)

_HEADS_ES = (
    "curva|salida|puente|iglesia|escuela|tienda|granja|pueblo|rio|parque|vias|entrada|esquina|torre|gasolinera"
    "|milla\\s+\\d{1,3}|wildlife\\s+area|lecheria|establo|presa|cementerio|campo|bosque|laguna|pedrera|corral"
)

_ORDINAL = r"\d{1,3}(?:st|nd|rd|th)\b(?:\s+(?:st|street|ave|avenue|rd|road)\b)?"

_FIRE_NUMBER = r"fire\s+(?:number|num|no\.?|#)\s*\d{3,6}\b"

_JOIN_EN = (
    r"(?:near|by|past|just\s+past|across\s+from|at|before|after|between"
    r"|(?:(?:about\s+)?(?:a\s+|half\s+a\s+|a\s+half\s+|half\s+|\d\s+)?(?:quarter\s+)?miles?\s+)?(?:north|south|east|west)\s+of)"
)

_JOIN_ES = r"(?:cerca\s+del?|por|pasando|junto\s+al?|enfrente\s+del?|al\s+(?:norte|sur|este|oeste)\s+del?)"

# The landmark: at most three words before its kind ("the Becker dairy", "the Hwy 61 intersection"), none
# that starts another phrase ("County Road 24 west of town and the farm" is the road west of town).
_WORD = r"(?!(?:and|or|but|the|a|where|that|with|y|o|pero|la|el)\b)[a-z0-9'-]+\s+"

_TAIL_EN = re.compile(
    rf"^\s+{_JOIN_EN}\s+(?:(?:the|a)\s+)?(?:(?:{_WORD}){{0,3}}?(?:{_HEADS_EN})\b|{_ORDINAL}|{_FIRE_NUMBER})",
    re.IGNORECASE,
)

_TAIL_ES = re.compile(
    rf"^\s+{_JOIN_ES}\s+(?:(?:la|el|los|las)\s+)?(?:{_WORD}){{0,2}}?(?:{_HEADS_ES})\b"
    # "la salida pa Albany", "el puente de Freeport"
    r"(?:\s+(?:pa|para|de|del)\s+[A-Z][a-z]+\b)?",
    re.IGNORECASE,
)

# " about a mile east of Freeport", " como una milla al este de Freeport": a road placed by a town and a distance
_TAIL_TOWN = re.compile(
    r"^\s+(?:(?:about|like|como|unas?)\s+)?(?:a|one|two|half\s+a|a\s+half|\d|una|media|dos)\s+(?:quarter\s+)?"
    r"(?:miles?|millas?)\s+(?:(?:north|south|east|west)\s+of|al\s+(?:norte|sur|este|oeste)\s+de)\s+[A-Z][a-z]+\b"
)

# " near Grant", " near Sand Prairie": the one or two words after the joiner, tried as a pack's street
_TAIL_STREET = re.compile(
    rf"^\s+{_JOIN_EN}\s+(?P<name>[A-Za-z][a-z]+)(?:\s+(?P<second>[a-z]+))?\b", re.IGNORECASE
)


def _tail_end(after: str, known: set[str]) -> int | None:
    """Where the landmark, fire number or pack street along a road ends in the text `after` it, if it does."""
    tail = _TAIL_EN.match(after) or _TAIL_ES.match(after) or _TAIL_TOWN.match(after)
    if tail:
        return tail.end()
    street = _TAIL_STREET.match(after)
    if not street:
        return None
    if street.group("second") and f"{street['name']} {street['second']}".lower() in known:
        return street.end("second")
    return street.end("name") if street["name"].lower() in known else None


def road_tails(text: str, places: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """A `location` and the landmark, cross street or fire number along it, as one place."""
    known = {street.lower() for street in streets}
    result: list[Entity] = []
    absorbed: list[Entity] = []
    for place in places:
        tail_end = _tail_end(text[place["end"] :], known) if place["entity"] == "location" else None
        if tail_end is not None:
            end = place["end"] + tail_end
            # a landmark the ruler found inside the tail ("at [the bridge]") becomes part of the road's place
            inside = [
                o
                for o in places
                if o["start"] >= place["end"] and o["end"] <= end and o["entity"] == "location"
            ]
            if span_is_free([o for o in places if o not in inside], place["start"], end, place):
                place = with_span(text, place, place["start"], end)
                absorbed.extend(inside)
        result.append(place)
    return [p for p in result if not any(p is a for a in absorbed)]


_RURAL = re.compile(
    # "fire number 41820", "fire # 30487" (bot.nlp.places joins the road after it: "fire number 41820 on 210th St")
    rf"(?P<place>\b{_FIRE_NUMBER}"
    # a dropped pin: "44.308, -91.999"
    r"|(?<![\d.])-?\d{2}\.\d{3,6},\s*-?\d{2,3}\.\d{3,6}(?![\d.]))"
    # "en la 290", "de la 370", "atras de la 485": a township road by its number (not "de la 10 pm")
    r"|\b(?:en|de)\s+(?P<es_road>la\s+[1-9]\d{2})\b"
    r"(?!\s*(?:am|pm|de\s+la\s+(?:noche|manana|tarde)|dolares|pesos|horas?)\b)"
    # "on 210th", "crossing 290th near": a numbered rural road said without its type
    r"|\b(?:on|off|along|crossing|down|up)\s+(?P<road>[1-9]\d{2}(?:st|nd|rd|th))\b"
    r"(?!\s+(?:birthday|anniversary|time|call|complaint))",
    re.IGNORECASE,
)


def rural_places(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """Locations for fire numbers, numbered township roads and dropped pins the ruler does not find."""
    return _free_finds(text, entities, _RURAL, "location")


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


_TOWNS = r"(?:[Kk]ellogg|[Ff]reeport|KELLOGG|FREEPORT|[A-Z][a-z]{2,})"

# " al oeste de Freeport", " x la salida de Freeport", " en la linea del condado de Wabasha"
_TOWN_TAIL = re.compile(
    rf"^\s(?:al\s(?:norte|sur|este|oeste)\sde\s{_TOWNS}\b"
    rf"|(?:x|por|a|en)\sla\s(?:salida|entrada)\s(?:de|pa|para|a)\s{_TOWNS}\b"
    rf"|en\sla\s(?:linea|raya)\sdel\scondado(?:\sde\s{_TOWNS}\b)?)"
)

# "la 61 al norte de Kellogg": a highway said by its number alone, placed by a town
_BARE_HIGHWAY_WITH_SIDE = re.compile(
    r"\b(?:la|el)\s(?P<road>\d{2,3}\b)(?=\s(?:al\s(?:norte|sur|este|oeste)\sde)\s)"
)


def town_tails(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """A road with the town side or exit it is by, as one place; a bare highway number so placed is a road."""
    for match in _BARE_HIGHWAY_WITH_SIDE.finditer(text):
        start = match.start("road")
        if span_is_free([*others, *places], start, match.end("road")):
            places = [
                *places,
                {"entity": "location", "start": start, "end": match.end("road"), "value": match["road"]},
            ]
    result = []
    for place in sorted(places, key=lambda p: p["start"]):
        tail = _TOWN_TAIL.match(text[place["end"] :])
        if tail and place["entity"] == "location" and _ROAD_START.match(place["value"]):
            end = place["end"] + tail.end()
            if span_is_free([*others, *places], place["start"], end, place):
                place = with_span(text, place, place["start"], end)
        result.append(place)
    return result


# "en la 61 por el Kwik Trip", "en medio de la 94 cerca de la salida de Freeport": a highway said by its number alone
# with a landmark along it (roads_with_landmarks above joins a road the ruler found)
_BARE_HIGHWAY_ALONG = re.compile(
    r"\b(?:la|el)\s(?P<road>\d{2,3})(?=\s(?:por|x|cerca\sde|junto\sa)\s)", re.IGNORECASE
)

_TAIL_REACH = 16  # a place the ruler found along the road starts this close after its number


def bare_highways(text: str, places: list[Entity]) -> list[Entity]:
    """A highway's number and the landmark along it as one `location` (the landmark's own place folded in)."""
    for match in _BARE_HIGHWAY_ALONG.finditer(text):
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


# What is along a rural road, after it ("by mile marker six", "x la linea del township", "cerca del area de
# descanso", "una milla al norte de Kellogg", "como media milla al sur del Sand Prairie Wildlife Area"): the
# conventions make a road with a landmark along it one span.
_ROAD_TAIL = re.compile(
    rf"^\s(?:(?:by|near|at|past)\s(?:the\s)?(?:mile\smarker|township\sline)(?:\s{SPOKEN_NUMBER})?"
    rf"|(?:por|x|cerca\sde)\sla\s(?:milla|linea\sdel\s(?:township|condado))(?:\s{SPOKEN_NUMBER})?"
    r"|cerca\sdel\sarea\sde\sdescanso"
    r"|(?:(?:como|about)\s)?(?:una|media|a|half\sa|one|\d)\s(?:milla|mile)s?\s"
    r"(?:al\s(?:norte|sur|este|oeste)\sdel?|(?:north|south|east|west)\sof)\s(?:the\s)?(?-i:[A-Z][\w'-]*(?:\s[A-Z][\w'-]*){0,3}))",
    re.IGNORECASE,
)

# "en la 61 una milla al norte", "de la 42 x la linea": a highway by its number alone, with what is along it
_BARE_HIGHWAY_ES = re.compile(r"\b(?:en|de)\sla\s(?P<road>\d{2,3})\b(?=\s)", re.IGNORECASE)


def rural_road_tails(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A rural road and the mile marker, township line, rest area or distance from a town along it, as one."""
    found = list(places)
    for match in _BARE_HIGHWAY_ES.finditer(text):
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
            found = widened_over(text, found, place, place["start"], place["end"] + tail.end())
    return found


# A town street with a common thing by it, said in Spanish ("la Main junto al banco", "la Main x el banco"):
# the street alone is the place, as blind-es14 writes it. A rural road with a landmark along it stays one span
# ("la County Road 10 cerca del puente", "la County Road 12 por el molino"), and so does English ("Hwy 42 by
# the church", the English sets' writing).
_COMMON_TAIL = re.compile(r"(?<!\s)\.?\s(?:cerca del|junto al|x el)\s[a-z]+$")

_LEADING_ES = re.compile(r"^(?:en|x|por)\s+(?:la|el)\s+", re.IGNORECASE)


def _road_head(value: str, streets: set[str]) -> bool:
    """The words are a town street's bare name ("la Main"); a rural road with a landmark along it stays one
    span ("la County Road 10 cerca del puente", the convention's road with a landmark)."""
    return _LEADING_ES.sub("", value).rstrip(".").lower() in streets


def roads_without_common_tails(text: str, places: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """ "en la Main junto al banco" -> "Main": a road with a common, unnamed thing along it is the road
    alone."""
    names = {s.lower() for s in streets}
    result = []
    for place in places:
        tail = _COMMON_TAIL.search(place["value"]) if place["entity"] == "location" else None
        if (
            tail
            and not text[place["end"] :].startswith(" de ")
            and _road_head(place["value"][: tail.start()], names)
        ):
            head = place["value"][: tail.start()]
            lead = _LEADING_ES.match(head)
            start = place["start"] + (lead.end() if lead else 0)
            place = with_span(text, place, start, place["start"] + len(head))
        result.append(place)
    return result
