"""Place rules of the sixteenth places pass (round 16, read from the spent sets blind-12o and blind-es14 by
kinds of error that the overlap span score counts). Called from bot.nlp.places.place_entities, last."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.nlp.place_round14 import NOISE
from bot.nlp.place_spans import span_is_free, with_span

Entity = dict[str, Any]

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
# A town street with a common thing by it, said in Spanish ("la Main junto al banco", "la Main x el banco"):
# the street alone is the place, as blind-es14 writes it. A rural road with a landmark along it stays one span
# ("la County Road 10 cerca del puente", "la County Road 12 por el molino"), and so does English ("Hwy 42 by
# the church", the English sets' writing).
_COMMON_TAIL = re.compile(r"(?<!\s)\.?\s(?:cerca del|junto al|x el)\s[a-z]+$")
_LEADING_ES = re.compile(r"^(?:en|x|por)\s+(?:la|el)\s+", re.IGNORECASE)
# A farm named only as where someone or something is from ("le habla Dona Tona de la granja", "hola desde el
# rancho", "el ganso de la granja"): no incident place.
_FARM_OF = re.compile(r"(?:\bde\s+la|\bdesde\s+el|\bdel)\s+$", re.IGNORECASE)
_FARM_WORD = re.compile(r"^(?:granja|rancho)$", re.IGNORECASE)
# The words that start a way before "toward": "headed toward the clubhouse", "down toward the river".
_WAY_VERB_BEFORE = re.compile(r"\b(?:headed|down)\s+$", re.IGNORECASE)
# The goal after a Spanish way: "pal norte rumbo a la presa".
_RUMBO_AFTER = re.compile(r"^\s+rumbo\s+(?:al|a\s+la|a\s+el|a)\s+[a-z]+\b", re.IGNORECASE)


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


def drop_farms_of(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No place in a bare "granja" / "rancho" said as where someone is from ("de la granja")."""
    return [
        p
        for p in places
        if not (_FARM_WORD.match(p["value"]) and _FARM_OF.search(text[max(0, p["start"] - 12) : p["start"]]))
    ]


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


# "the dog at 1604 Sunset Rd has barked for hours": a barking dog "at" an address with no word of living there
# is the incident place (the sets' convention), even with its bare street said elsewhere in the message ("the
# people at 226 Walnut" is an owner; a dog at an address that bit someone on the street is the owner's home).
_AT_BEFORE = re.compile(r"\bdogs?\s+at\s+$", re.IGNORECASE)
_HOME_WORDS = re.compile(r"\b(?:lives?|living|owners?|owns?|from|home|house)\b", re.IGNORECASE)


def animals_at_addresses(text: str, places: Sequence[Entity]) -> list[Entity]:
    """An owner_location said as "the dog at <address>", with no word of a home, is the location."""
    if (
        not NOISE.search(text)
        or _HOME_WORDS.search(text)
        or any(p["entity"] == "location" and p["value"][:1].isdigit() for p in places)
    ):
        return list(places)
    return [
        {**p, "entity": "location"}
        if p["entity"] == "owner_location" and _AT_BEFORE.search(text[max(0, p["start"] - 20) : p["start"]])
        else p
        for p in places
    ]


def finish(
    text: str, places: Sequence[Entity], others: Sequence[Entity], streets: Sequence[str]
) -> list[Entity]:
    """The round's rules, in order, on the roled places."""
    places = rural_numbered_roads_es(text, drop_farms_of(text, places), others)
    places = animals_at_addresses(text, roads_without_common_tails(text, places, streets))
    return whole_ways(text, places)
