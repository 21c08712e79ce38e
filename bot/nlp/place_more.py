"""Round 12 place rules, most of them Spanish (called by bot.nlp.places; places_es.py is full), from the spent
sets blind-12l and blind-es11:

- `WAY_BEFORE_ES`, `way_phrases_es`: the words of a way to a place: "se fue [pal rumbo de la Belvidere]", "se
  fueron [pal lado del Sauk River]", "ya se fue [pa donde esta el Kwik Trip]", "se van [pal lado del campo de
  futbol]" (`direction`, with its words); `joined_ways`: a way right after a way is one ("[east on Belvidere
  toward the school]").
- `fire_numbers_es`: a Spanish fire number is one place with its words and road: "numero de fuego 24380 de
  la 400th", "numero de fuego 12845" alone; a place ending in "County" keeps its number ("de la County 18").
- `owner_cue`: "del rancho del" / "from the farm at" before a numbered place, and "lives somewhere on", say
  whose place it is; `NOT_OWNER_BEFORE`: "home from the hospital" does not.
- `drop_workplaces`: "I work at Lark Toys", "trabajo en Lark Toys" is no place of the report beside another.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.place_spans import Entity, span_is_free, with_span

# "pal rumbo de la ", "para el lado del ", "pa donde esta el ": the way before a place (no verb needed)
WAY_BEFORE_ES = re.compile(
    r"\b(?:pal|pa\s+el|para\s+el)\s+(?:rumbo|lado)\s+(?:del|de(?:\s+(?:la|el|los|las))?)\s+$"
    r"|\b(?:pa|pal|para)\s+donde\s+(?:esta|estan|queda)(?:\s+(?:el|la|los|las))?\s+$",
    re.IGNORECASE,
)
# "se va pal lado del campo de futbol", "se fue pal rumbo del rio": a way to a place no pattern knows
WAY_PHRASE_ES = re.compile(
    r"\b(?P<es>(?:pal|pa\s+el|para\s+el)\s+(?:rumbo|lado)\s+(?:del|de\s+(?:la|el|los|las))\s+"
    r"(?:[a-z]+\s+){0,2}?[a-z]+(?=\s*(?:[,.;!?]|$|\s+(?:y|pero|ahorita|otra)\b)))",
    re.IGNORECASE,
)
_FIRE_WORDS_ES = re.compile(r"\bnumero\s+de\s+fuego\s+(?:#\s*)?$", re.IGNORECASE)
_FIRE_ALONE_ES = re.compile(r"\b(?P<place>numero\s+de\s+fuego\s+(?:#\s*)?\d{3,6})\b", re.IGNORECASE)
# "18422 de la County" + " 18": the road's number the ruler left off
_COUNTY_NUMBER = re.compile(r"^\s+\d{1,3}\b")
_FARM_OR_HOME_BEFORE = re.compile(
    # "la mula del rancho del numero de fuego ...", "los puercos de la granja del 30115 de la 400th"
    r"(?:(?P<farm_es>\b(?:del|de\s+la)\s+(?:rancho|granja)\s+del)"
    # "two dogs from the farm at 18100 County Road 81", "the mule from the farm at fire number ..."
    r"|(?P<farm_en>\bfrom\s+the\s+(?:[a-z]+\s+)?farm\s+at)"
    # "it lives somewhere on Sunset Dr"
    r"|\blives\s+(?:somewhere|someplace)\s+(?:on|at|in|along|off))\s+$",
    re.IGNORECASE,
)
_FARM_START_ES = re.compile(r"^(?:rancho|granja)\s+del\s+(?=\d|numero\b)", re.IGNORECASE)
_NUMBERED = re.compile(r"^(?:\d|numero\b|fire\s+number\b)", re.IGNORECASE)


def owner_cue(before: str, value: str) -> bool:
    """Whose place, from the words before it: a farm's numbered place ("dogs from the farm at 18100 County Road
    81", "del rancho del numero de fuego 18422"), or where the animal "lives somewhere on"."""
    farm = _FARM_START_ES.match(value)  # "dos perros del [rancho del 18100 de la County 81]"
    if farm:
        before, value = before + farm.group(0), value[farm.end() :]
    cue = _FARM_OR_HOME_BEFORE.search(before)
    if cue is None:
        return False
    return not (cue.group("farm_es") or cue.group("farm_en")) or bool(_NUMBERED.match(value))


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


# "my daughter is home from the hospital": where a person came back from, not the animal's home
NOT_OWNER_BEFORE = re.compile(r"\b(?:home|back)\s+from\s+$", re.IGNORECASE)
# "I work at Lark Toys and there's a loose golden on Hwy 61": the resident's work, beside the incident's place
_WORK_BEFORE = re.compile(
    r"\b(?:i|we)\s+(?:work|works)\s+(?:at|in|for)\s+$|\btrabajo\s+en\s+$", re.IGNORECASE
)


def drop_workplaces(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No `location` for the resident's workplace when another place is where it happened."""
    work = [p for p in places if p["entity"] == "location" and _WORK_BEFORE.search(text[: p["start"]])]
    if not any(p["entity"] == "location" and p not in work for p in places):
        return list(places)
    return [p for p in places if p not in work]
