"""What a place span leaves out (called by bot.nlp.places): the landmark or cross street along a road, the words
of a way, and rural places the ruler has no pattern for.

- `road_tails`: "Sauk River Rd near the canoe landing", "County Rd 9 half mile north of 190th", "Franklin near
  Grant", "la County 2 por la curva": a road with what is along it is one place (the annotation conventions:
  "A road with a landmark along it is one location span").
- `way_phrases`: a way to a place no ruler pattern knows: "went toward the ball diamonds", "se va para el lado
  del puente", "agarro pal rumbo de las vias".
- `with_house_numbers`: "42380 [Stearns County Road 12]": the house number before a named road is its own.
- `drop_drive_throughs`: "Bank drive thru" is no street called Bank Drive.
- `rural_places`: "fire number 41820" (a rural address), "en la 290" (a numbered township road said in Spanish),
  "the hobby farm on 210th", a dropped pin ("44.308, -91.999").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.place_spans import Entity, span_is_free, with_span

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
