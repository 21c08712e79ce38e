"""Round 13 place rules, most of them Spanish (called by bot.nlp.places; places_es.py and place_more.py are
full), from the spent sets blind-12l, blind-es11 and the residents' sets:

- `homes_in_parks`: a numbered trailer in a named park is one place: "la traila 6 del parque de Hillcrest",
  "la casa movil 22 del parque Pine Ridge", "el lote 12 del parque de traileas".
- `named_parks`: a park or trail named after its kind is one place: "en el parque Kellogg", "EN EL PARQUE
  FREEPORT", "el trail Lake Wobegon" (the ruler found the kind alone).
- `numbered_streets`: a street with its house number after "numero": "la calle olive numero doce cero ocho",
  "la carretera del condado 9 numero 19044".
- `town_tails`: a road placed by a town's exit or side is one place: "la carretera 10 al oeste de Freeport",
  "la Hwy 10 x la salida de Freeport", "la carretera 61 en la linea del condado de Wabasha", and a bare
  highway number so placed is a road ("la 61 al norte de Kellogg").
- `road_corners`: two roads joined by "y" are a corner: "CR 12 y la 190th St", "la county 9 y la 190".
- `drop_errands`: "fue por el correo" (to fetch the mail) is no way and no place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from bot.nlp import gazetteer, place_round14
from bot.nlp.location_patterns import NUMBER_WORDS
from bot.nlp.place_spans import Entity, span_is_free, with_span
from bot.nlp.places_es import NUMBER_WORDS_ES

_NUMBER_WORD = "(?:" + "|".join(sorted(NUMBER_WORDS_ES, key=len, reverse=True)) + ")"
# "22", "diecinueve", "doce cero ocho", "trescientos cuarenta y dos": a number in digits or up to six words
_NUMBER = rf"(?:\d{{1,6}}|{_NUMBER_WORD}(?:\s(?:y\s)?{_NUMBER_WORD}){{0,5}})\b"
_TOWNS = r"(?:[Kk]ellogg|[Ff]reeport|KELLOGG|FREEPORT|[A-Z][a-z]{2,})"
# "traila 6 del parque de Hillcrest", "casa movil 22 del parque Pine Ridge", "lote 12 del parque de traileas"
_PARK_HOME = re.compile(
    rf"\b(?:traila|trailer|lote|casa\s+movil|casita)\s+(?:#\s?)?{_NUMBER}\s(?:del|de\sla|en\sel)\sparque\b"
    r"(?:\sde\s(?:la\s)?(?:trailas|traileas|trailers|casas\smoviles)\b)?"
    r"(?:\s(?:de\s(?:la\s|los\s)?)?(?:(?-i:[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2})\b|(?P<lower>[a-z]{4,})\b))?",
    re.IGNORECASE,
)
# "en el parque Kellogg", "el trail Lake Wobegon": the kind of place and its capitalised name after it
_NAMED_PARK = re.compile(
    r"\b(?:en\s+el\s+|el\s+)?(?P<kind>parque|parquecito|trail|sendero)\s+"
    r"(?P<name>(?:[Kk]ellogg|[Ff]reeport|KELLOGG|FREEPORT)\b|(?-i:[A-Z][a-z]+(?:\s[A-Z][a-z]+){0,2})\b)",
    re.IGNORECASE,
)
_NAME_IS_CAPITALISED = re.compile(r"^[A-Z]")
# " numero doce cero ocho", " numero 19044", " #1520": the house number after a street
_NUMBER_AFTER = re.compile(rf"^\s(?:numero|num|no\.?|#)\s?{_NUMBER}", re.IGNORECASE)
_STREET_OR_ROAD = re.compile(r"^(?:la\s|el\s)?(?:calle|carretera|camino|avenida|ruta)\b", re.IGNORECASE)
# " al oeste de Freeport", " x la salida de Freeport", " en la linea del condado de Wabasha"
_TOWN_TAIL = re.compile(
    rf"^\s(?:al\s(?:norte|sur|este|oeste)\sde\s{_TOWNS}\b"
    rf"|(?:x|por|a|en)\sla\s(?:salida|entrada)\s(?:de|pa|para|a)\s{_TOWNS}\b"
    rf"|en\sla\s(?:linea|raya)\sdel\scondado(?:\sde\s{_TOWNS}\b)?)"
)
_ROAD = re.compile(
    r"^(?:(?:la|el)\s)?(?:carretera|hwy|highway|county|cr|csah|ruta|camino|township|\d{2,3}(?:st|nd|rd|th)?\b|i-?\d)",
    re.IGNORECASE,
)
# "la 61 al norte de Kellogg": a highway said by its number alone, placed by a town
_BARE_HIGHWAY = re.compile(r"\b(?:la|el)\s(?P<road>\d{2,3}\b)(?=\s(?:al\s(?:norte|sur|este|oeste)\sde)\s)")
# " y la 190th St", " y la 190": the cross road of a corner the ruler did not find
_CROSS_ROAD = re.compile(
    r"^\sy\s(?:la\s|el\s)?\d{2,3}(?:st|nd|rd|th)?\b(?:\s(?:st|street|ave|rd|road)\b)?", re.IGNORECASE
)
_CORNER_JOIN = re.compile(r"\s(?:y|e)\s(?:la\s|el\s)?")
# "cuando fue por el correo", "sali x el correo": an errand, not a way
_ERRAND = re.compile(
    r"\b(?:fue|fui|iba|ibamos|va|voy|vas|sali|salio|salimos|salia|ir|vine|vino)\s+$", re.IGNORECASE
)
_ERRAND_PLACE = re.compile(r"^(?:por|x)\s+el\s+(?:correo|pan|mandado|periodico)$", re.IGNORECASE)


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


def homes_in_parks(
    text: str, places: list[Entity], others: Sequence[Entity], streets: Sequence[str]
) -> list[Entity]:
    """A numbered trailer and the park it is in, as one place (a lower-case name only if it is a street's)."""
    known = {word.lower() for street in streets for word in street.split()}
    for match in _PARK_HOME.finditer(text):
        end = match.end()
        if match["lower"] and match["lower"].lower() not in known:
            end = match.start("lower") - 1
        places = _replace(text, places, match.start(), end, others)
    return places


def named_parks(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """ "en el parque Kellogg" for the ruler's "el parque"; a capitalised name or a town's, said after the kind."""
    for match in _NAMED_PARK.finditer(text):
        capitals = _NAME_IS_CAPITALISED.match(match["kind"]) or text[match.start("kind")].isupper()
        if not capitals and not _NAME_IS_CAPITALISED.match(match["name"]):
            continue
        kind_found = any(p["start"] <= match.start("kind") < p["end"] for p in places)
        if (
            kind_found
        ):  # "en el parque Kellogg" keeps its preposition; the sets write "el trail Lake Wobegon" bare
            start = match.start() if match["kind"].lower().startswith("parque") else match.start("kind")
            places = _replace(text, places, start, match.end(), others, outer=match.start())
    return places


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


def town_tails(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """A road with the town side or exit it is by, as one place; a bare highway number so placed is a road."""
    for match in _BARE_HIGHWAY.finditer(text):
        start = match.start("road")
        if span_is_free([*others, *places], start, match.end("road")):
            places = [
                *places,
                {"entity": "location", "start": start, "end": match.end("road"), "value": match["road"]},
            ]
    result = []
    for place in sorted(places, key=lambda p: p["start"]):
        tail = _TOWN_TAIL.match(text[place["end"] :])
        if tail and place["entity"] == "location" and _ROAD.match(place["value"]):
            end = place["end"] + tail.end()
            if span_is_free([*others, *places], place["start"], end, place):
                place = with_span(text, place, place["start"], end)
        result.append(place)
    return result


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
            and _ROAD.match(previous["value"])
            and _ROAD.match(place["value"])
        ):
            result[-1] = with_span(text, previous, previous["start"], place["end"])
            continue
        cross = _CROSS_ROAD.match(text[place["end"] :]) if place["entity"] == "location" else None
        if cross and _ROAD.match(place["value"]):
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


def widen(text: str, places: list[Entity], others: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """The round's widenings before roles: homes in parks, named parks, street numbers after "numero"."""
    places = whole_landmarks(text, homes_in_parks(text, places, others, streets), others)
    places = numbered_streets(text, named_parks(text, places, others), others)
    return place_round14.touching_names(text, alleys_and_alongs(text, places, others))


# the spoken English numbers a house number starts with (location_patterns.NUMBER_WORDS less "zero oh hundred")
_HOUSE_NUMBER_WORDS_EN = "|".join(w for w in NUMBER_WORDS if w not in ("zero", "oh", "hundred"))
# "we live at 1016 Jefferson", "vivimos en el novecientos uno de la calle maple": a house number said
_HOUSE_NUMBER_START = re.compile(
    rf"^(?:(?:el|la)\s)?(?:\d{{1,6}}\b|{_NUMBER_WORD}\b|(?:{_HOUSE_NUMBER_WORDS_EN})\b)",
    re.IGNORECASE,
)


def own_home_address(value: str) -> bool:
    """Whether the resident's home, said after "we live at" in a message about their own lost animal, is a
    house number (the sets write it `location`; a bare street they write both ways, so it stays the owner's)."""
    return _HOUSE_NUMBER_START.match(value) is not None


@lru_cache(maxsize=1)
def _landmark_names() -> re.Pattern[str]:
    """The packs' landmarks of two words or more, longest first (read on first use)."""
    names = {n for city in gazetteer.landmarks_by_city().values() for n in city if " " in n}
    return re.compile(
        r"\b(?:" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w'])",
        re.IGNORECASE,
    )


def whole_landmarks(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    """ "en la Kellogg Elementary": a place the ruler cut inside a pack's landmark (the street "la Kellogg")
    ends where the landmark does."""
    result = []
    for place in places:
        for match in _landmark_names().finditer(text, max(0, place["start"] - 1), place["end"] + 40):
            if place["start"] <= match.start() < place["end"] < match.end():
                if span_is_free([*others, *places], place["start"], match.end(), place):
                    place = with_span(text, place, place["start"], match.end())
                break
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


# People's errands and care, no place of the report: "ella fue a la clinica", "ya esta en el hospital", "fui a
# emergencias", "los ninos q van a la escuela", "el bus de la escuela", "limpiando la escuela"
_CARE_PLACE = re.compile(
    r"^(?:(?:a|en|al)\s)?(?:(?:la|el)\s)?(?:clinica|hospital|emergencias|veterinari[oa])$", re.IGNORECASE
)
_SCHOOL = re.compile(r"^(?:(?:a|en)\s)?(?:la\s)?escuela$", re.IGNORECASE)
_PEOPLE_AT_SCHOOL_BEFORE = re.compile(
    r"\b(?:(?:q|que|cuando)\s(?:van|pasan|iban|pasaban|llegan|vienen|salen)\s(?:a|de)\s(?:la\s)?"
    r"|(?:bus|camion)\sde\s(?:la\s)?|limpiando\s(?:la\s)?|recogi\s\w+\s\w+\s\w+\sen\s(?:la\s)?"
    r"|\b(?:va|iba|van|iban)\scaminando\sa\s(?:la\s)?)$",
    re.IGNORECASE,
)


def drop_people_places(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No place for where people went or were (a clinic, the school run), and none for fetching the mail."""
    kept = []
    for p in places:
        before = text[max(0, p["start"] - 40) : p["start"]]
        if _CARE_PLACE.match(p["value"]) or (
            _SCHOOL.match(p["value"]) and _PEOPLE_AT_SCHOOL_BEFORE.search(before)
        ):
            continue
        if _ERRAND_PLACE.match(p["value"]) and _ERRAND.search(before[-12:]):
            continue
        kept.append(p)
    return kept


def finish(text: str, places: list[Entity]) -> list[Entity]:
    """The round's last steps, after the ways are joined: people's places dropped, streets of ways kept."""
    places = place_round14.bare_highways(text, drop_people_places(text, places))
    return place_round14.places_walked_along(text, streets_of_ways(text, homes_animals_left(text, places)))


# "se salio por debajo de la cerca del 510 de la Mckinley", "salio de una casa del bloque 600 de la Kellogg",
# "el chucho de don Beto del 417 de la Chestnut": the animal's home, named before where it is now
_CAME_OUT_OF = re.compile(
    r"\b(?:se\s)?(?:salio|salieron|escapo|escaparon)\b(?:\s[\w']+){0,7}?\s(?:del|de\sla|de)\s(?:una?\s)?$"
    r"|\b(?:de\s(?:don|dona)\s[A-Z][a-z]+)\sdel\s$",
    re.IGNORECASE,
)
_HOME_VALUE = re.compile(
    r"^(?:(?:la|el)\s)?(?:\d{1,6}\b|bloque\s\d|casa\s(?:del?|de\sla)\s(?:\d|bloque\s\d))", re.IGNORECASE
)


def homes_animals_left(text: str, places: list[Entity]) -> list[Entity]:
    """An address the animal came out of is the owner's when another place is where it is (or what it did)."""
    incident = [p for p in places if p["entity"] == "location"]
    if len(incident) < 2:
        return places
    result = []
    for place in places:
        before = text[max(0, place["start"] - 60) : place["start"]]
        if place in incident and _HOME_VALUE.match(place["value"]) and _CAME_OUT_OF.search(before):
            place = {**place, "entity": "owner_location"}
        result.append(place)
    return result
