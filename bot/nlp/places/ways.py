"""Ways: where the animal went, as `direction` (called by bot.nlp.places.entities): "heading toward the park",
"went toward the ball diamonds", "drove off north on Hwy 61", "se fue para el norte", "al este x la carretera
10", "pal lado del campo de futbol"; a way keeps its words of direction and the street gone along
("[hacia el rio x la Water]") and its verb ("headed toward the clubhouse").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.places import spanish
from bot.nlp.places.roles import WAY_BEFORE_ES
from bot.nlp.places.spans import Entity, span_is_free, with_span

_WAY_PHRASE = re.compile(
    r"\b(?:went|ran|running|go(?:ing|es)?|heading|headed|took\s+off|trotting|walking|wandered|left|scared\s+it\s+off"
    r"|chased\s+it\s+off)\s+(?P<en>(?:(?:north|south|east|west)\s+|out\s+)?(?:towards?|past)\s+the\s+"
    r"(?:[a-z]+\s+){0,2}?[a-z]+?(?=\s*(?:[,.;!?]|$|\s+(?:and|but|then|now|again|lol|at|on)\b)))"
    r"|\b(?P<es>(?:para\s+el\s+lado\s+del?|pal\s+rumbo\s+de(?:\s+(?:la|el|las|los))?|pal|hacia\s+(?:la|el))\s+"
    r"(?:[a-z]+\s+){0,1}?[a-z]+(?=\s*(?:[,.;!?]|$|\s+(?:y|pero|ahorita|otra)\b)))",
    re.IGNORECASE,
)


def _free_finds(text: str, entities: Sequence[Entity], pattern: re.Pattern[str], kind: str) -> list[Entity]:
    """An entity of `kind` for each match of `pattern` (its named group that matched) no entity covers."""
    found: list[Entity] = []
    for match in pattern.finditer(text):
        start, end = match.span(next(name for name, value in match.groupdict().items() if value))
        if span_is_free([*entities, *found], start, end):
            found.append({"entity": kind, "start": start, "end": end, "value": text[start:end]})
    return found


def way_phrases(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """A `direction` for a way to a place no pattern knows ("went toward the ball diamonds")."""
    return _free_finds(text, entities, _WAY_PHRASE, "direction")


_WAY_LOOKBACK = 60  # characters before a place searched for a way's compass words

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

_COMPASS_ES = rf"(?:{'|'.join(spanish.DIRECTIONS_ES)})"

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
    [toward the river]"), as the sets write it."""
    result = []
    for place in places:
        if place["entity"] == "direction":
            window = text[max(0, place["start"] - _WAY_LOOKBACK) : place["start"]]
            cue = _DIRECTION_CUE.search(window)
            way = None if cue else _WAY_WORDS.search(window) or WAY_BEFORE_ES.search(window)
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


# "se va pal lado del campo de futbol", "se fue pal rumbo del rio": a way to a place no pattern knows
WAY_PHRASE_ES = re.compile(
    r"\b(?P<es>(?:pal|pa\s+el|para\s+el)\s+(?:rumbo|lado)\s+(?:del|de\s+(?:la|el|los|las))\s+"
    r"(?:[a-z]+\s+){0,2}?[a-z]+(?=\s*(?:[,.;!?]|$|\s+(?:y|pero|ahorita|otra)\b)))",
    re.IGNORECASE,
)


def way_phrases_es(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """A `direction` for "pal lado del campo de futbol", "pal rumbo del rio" where no entity is."""
    found: list[Entity] = []
    for match in WAY_PHRASE_ES.finditer(text):
        start, end = match.span("es")
        if span_is_free([*entities, *found], start, end):
            found.append({"entity": "direction", "start": start, "end": end, "value": text[start:end]})
    return found


# "east on Belvidere" + " toward the school", "hacia el este x la Belvidere" + " rumbo a la escuela": one way
_WAY_START = re.compile(r"^(?:towards?|rumbo\s+al?|hacia)\b", re.IGNORECASE)


def joined_ways(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A `direction` and the way right after it (a direction, or a place said with "rumbo a") as one way."""
    result: list[Entity] = []
    for place in sorted(places, key=lambda p: p["start"]):
        previous = result[-1] if result else None
        way = place["entity"] == "direction" or bool(_WAY_START.match(place["value"]))
        if (
            previous
            and previous["entity"] == "direction"
            and way
            and not text[previous["end"] : place["start"]].strip()
        ):
            result[-1] = with_span(text, previous, previous["start"], place["end"])
            continue
        result.append(place)
    return result


# "x la " / "por la " right before a street that is part of a way ("se fue x la Apple hacia la Plum")
_BY_WAY_OF = re.compile(r"\b(?:x|por)\s(?:la|el)\s$", re.IGNORECASE)

_BY_WAY_OF_AFTER = re.compile(r"^\s(?:x|por)\s(?:la|el)\s$", re.IGNORECASE)

# "irse x la Spruce hacia la Main", "se fue x la Apple": leaving by the street (not "corriendo x la calle
# Stearns hacia el parque", where it is now: the sets write that street as the `location`)
_GOING_BEFORE = re.compile(
    r"\b(?:irse|se\s(?:fue|fueron|va|van|iba|iban))\s(?:x|por)\s(?:la|el)\s$",
    re.IGNORECASE,
)


def streets_of_ways(text: str, places: list[Entity]) -> list[Entity]:
    """A street gone along right before or after a way is part of it: "[hacia el rio x la Water]", "los vi irse
    [x la Spruce hacia la Main]" (the sets write the whole way as the `direction`)."""
    result: list[Entity] = []
    for place in sorted(places, key=lambda p: p["start"]):
        previous = result[-1] if result else None
        if previous and previous["entity"] == "direction" and place["entity"] == "location":
            if _BY_WAY_OF_AFTER.match(text[previous["end"] : place["start"]]):
                result[-1] = with_span(text, previous, previous["start"], place["end"])
                continue
        if previous and previous["entity"] == "location" and place["entity"] == "direction":
            going = _GOING_BEFORE.search(text[max(0, previous["start"] - 30) : previous["start"]])
            if going and not text[previous["end"] : place["start"]].strip():
                result[-1] = with_span(text, place, _way_start(text, previous["start"]), place["end"])
                continue
        if place["entity"] == "direction" and _BY_WAY_OF.search(
            text[max(0, place["start"] - 8) : place["start"]]
        ):
            place = with_span(text, place, _way_start(text, place["start"]), place["end"])
        result.append(place)
    return result


def _way_start(text: str, start: int) -> int:
    """Where "x la " / "por el " before `start` begins."""
    found = _BY_WAY_OF.search(text[max(0, start - 8) : start])
    return start - len(found.group(0)) if found else start


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


def leaving_ways(text: str, places: Sequence[Entity]) -> list[Entity]:
    """Directions for the ways above, folding in the places the ruler found inside them."""
    found = list(places)
    for match in [*_WAY_EN.finditer(text), *_WAY_ES.finditer(text)]:
        found = _with_way(text, found, *match.span("way"))
    for match in _ALONG_ROAD_EN.finditer(text):
        road = [p for p in found if p["start"] == match.end("way") and p.get("entity") == "location"]
        if road:
            found = _with_way(text, found, match.start("way"), road[0]["end"])
    return found


# The words that start a way before "toward": "headed toward the clubhouse", "down toward the river".
_WAY_VERB_BEFORE = re.compile(r"\b(?:headed|down)\s+$", re.IGNORECASE)

# The goal after a Spanish way: "pal norte rumbo a la presa".
_RUMBO_AFTER = re.compile(r"^\s+rumbo\s+(?:al|a\s+la|a\s+el|a)\s+[a-z]+\b", re.IGNORECASE)


def whole_ways(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A way keeps the verb or adverb before "toward" ("headed toward the clubhouse") and the goal after a
    Spanish compass way ("pal norte rumbo a la presa")."""
    result = []
    for place in places:
        if place["entity"] == "direction":
            before = _WAY_VERB_BEFORE.search(text[max(0, place["start"] - 12) : place["start"]])
            if before and place["value"].lower().startswith("toward"):
                place = with_span(text, place, place["start"] - len(before.group(0)), place["end"])
            after = _RUMBO_AFTER.match(text[place["end"] :])
            if after and span_is_free(places, place["end"], place["end"] + after.end()):
                place = with_span(text, place, place["start"], place["end"] + after.end())
        result.append(place)
    return result
