"""Whether a clerk could find a place from the words, and the place without its lead-in words and fillers
("it's at 412 oak st." -> "412 oak st"). Where a place is in a message is read by bot.nlp's place readers."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold, strip_fillers

_VAGUE_PLACE_RE = re.compile(
    r"^\W*(here|there|home|my (house|home|place|street|road|yard|neighborhood|block)|"
    r"next door|around( here)?|outside|the street|my neighbou?r'?s?( house)?|across the street|"
    r"down the street|nearby|in town|somewhere|everywhere|idk|i don'?t know|not sure)\W*$",
    re.I,
)
_VAGUE_PLACE_ES = re.compile(
    r"^\W*(aqui|ahi|alli|alla|en (mi|la) casa|mi casa|mi calle|mi patio|al lado|enfrente|afuera|por aqui|"
    r"en el barrio|en la calle|cerca|no se|ni idea|en el pueblo)\W*$",
    re.I,
)
_FINDABLE_RE = re.compile(
    r"((?<!\d)\d+\s+\w+)|"  # a house number and a street: 412 Oak (from the run's first digit: linear)
    r"(\b(corner|intersection)\b)|(\b\w+\s+(and|&|at|n)\s+\w+\s*(st|street|ave|avenue|rd|road|dr|drive)?\b)|"
    r"(\bblock\b)|"
    r"(\b(rural route|rr|route|township road|twp rd) \w+)|"  # a rural road and its number: "rural route three"
    r"(\b(church|school|park|library|post office|city hall|cemetery|playground|ball ?field|gas station|"
    r"store|bar|tavern|cafe|restaurant|bank|elevator|depot|river|creek|lake|trail|bridge|highway|hwy|"
    r"county road|cr|lot|apartments?|mobile home|trailer park|community center|fire (hall|station)|"
    r"clinic|hospital|arena|pool|campground|bus stop|ballpark|museum|main st|main street)\b)|"
    r"(\b(st|street|ave|avenue|rd|road|dr|drive|ln|lane|blvd|ct|court|way|pl|place|hwy|trl|cir)\b)",
    re.I,
)
_FINDABLE_ES = re.compile(
    r"\b(calle|avenida|esquina|carretera|camino|cuadra|iglesia|escuela|parque|tienda|gasolinera|biblioteca|"
    r"correo|cementerio|panteon|rio|puente|estacionamiento|rancho|granja|elevador|ruta|\d+ de la)\b",
    re.I,
)
# every leading prefix at once ("it's at 412 oak"), so a long run of them is one linear pass
_LOCATION_PREFIX_RE = re.compile(
    r"^(?:\W*(it'?s|it is|they'?re|they are|i'?m|we'?re|the address is|address is|address:|location:|"
    r"location is|at|on|near|by|in)\s+)+",
    re.I,
)
_LOCATION_PREFIX_ES = re.compile(
    r"^(?:\W*(esta en|estan en|es en|fue en|en la|en el|en|por la|por el|la direccion es|direccion:)\s+)+",
    re.I,
)


def is_findable_location(text: str) -> bool:
    """Whether a clerk could find the place: an address, corner, block, street or landmark."""
    text = (text or "").strip()
    if len(text) < 3 or _VAGUE_PLACE_RE.match(text) or _VAGUE_PLACE_ES.match(fold(text)):
        return False
    return bool(_FINDABLE_RE.search(text) or _FINDABLE_ES.search(fold(text)))


def clean_location(text: str) -> str:
    """'it's at 412 oak st.' -> '412 oak st', 'um, 412 oak' -> '412 oak'; the resident's own wording otherwise."""
    text = strip_fillers((text or "").strip())
    previous = None
    while previous != text:
        previous = text
        text = _LOCATION_PREFIX_RE.sub("", text).strip()
        text = _LOCATION_PREFIX_ES.sub("", text).strip()
    return text.rstrip(" .!?")
