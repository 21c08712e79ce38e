"""Places a resident names in more words than the ruler's patterns hold (round 9, from the spent h sets):

- `landmarks_on_streets`: a spot on a street is one place: "behind the parsonage on Washington St", "by the
  Dairy Queen on Front St", "in the alley behind Washington St", "por el Dairy Queen de la calle Front", "en el
  callejon atras de la calle Washington". The ruler found the street alone, and a clerk sent to "Washington
  St" walks the whole street.
- `corners_of_named_streets`: "at Hillcrest and Plum", "the corner of Sunrise and Forest": two capitalised
  names joined by "and" after "at" or "corner of" are a corner, though the pack lists neither street.
- `corrected_places`: "county road 7, no sorry, county road 9": the place the resident took back is dropped.
- `without_correction`: "the dog from 1300, no, 1330 Ridge Rd": the words before a corrected number are the
  words before the place ("from"), so its role is read as if the resident had not stumbled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from bot.nlp.place_spans import span_is_free
from bot.nlp.taxonomy import normalise_animal

Entity = dict[str, Any]

# the spot's relation to the resident's words: "behind the parsonage", "in the alley", "por el Dairy Queen"
_RELATION = (
    r"(?:behind|by|near|next\s+to|in\s+front\s+of|across\s+from|outside|beside|in|inside|at|along"
    r"|por|en|cerca\s+de|junto\s+a|enfrente\s+de|atras\s+de|detras\s+de|a|desde|hasta)"
)
_ARTICLE = r"(?:the|el|la|los|las)"
# the spot joined to its street: "on", "off", "behind"; "de la calle", "atras de la"
_JOIN = (
    r"(?:on|off|along|behind|by|near|just\s+off"
    r"|de\s+la|del|de|atras\s+de\s+la|atras\s+del|detras\s+de\s+la|atras\s+de|detras\s+de)"
)
_SPOT_BEFORE = re.compile(
    # "del callejon atras de la Main": "del" is a relation and its article in one word
    rf"(?:^|(?<=[\s,]))(?P<spot>(?:{_RELATION}\s+{_ARTICLE}|del)\s+(?P<words>(?:[\w'-]+\s+){{0,2}}[\w'-]+))\s+{_JOIN}\s+$",
    re.IGNORECASE,
)
# what the words of a spot may not be: a person or an animal is not a place ("by the dog on Elm"), nor a part
# of the street ("the end of Ash St", "in the ditch on county road 9") or of a house ("en el garage de la 1909
# Hillcrest"): the sets file those as the street or the house alone; nor a body part ("en la pierna"), nor a
# time ("in the morning on Elm")
_NOT_SPOT_WORDS = frozenset(
    """end corner middle side top bottom rest way back front other same one two three
    people folks family neighbor neighbors neighbour neighbours guy guys lady man woman kids kid boy girl owner
    owners house home yard place road street st ave avenue rd lane dr drive calle avenida carretera cuadra
    morning afternoon evening night day week weekend time hour hours minute minutes
    vecino vecinos vecina vecinas dueno duenos senor senora familia casa yarda patio esquina lado noche dia
    manana tarde rato fin grupo farm granja rancho gente patron jefe compadre amigo amiga primo tio tia hijo hija
    abuelo abuela cunado senorita muchacho muchacha chamaco nino nina
    ditch ditches culvert shoulder curve zanja cuneta orilla curva tubo desague
    porch garage attic roof chimney basement window stairs balcony
    porche garaje atico techo chimenea sotano ventana escaleras balcon piso potrero mesas
    leg arm hand face nose ear finger ankle pierna brazo mano cara nariz oreja dedo pata hocico tobillo""".split()
)
_MAX_GAP = 40  # characters between a spot and its street: "behind the parsonage on"


def _a_spot(words: str) -> bool:
    tokens = re.findall(r"[\w'-]+", words.lower())
    return bool(tokens) and not any(t in _NOT_SPOT_WORDS or normalise_animal(t) for t in tokens)


def landmarks_on_streets(
    text: str, locations: Sequence[Entity], others: Sequence[Entity] = ()
) -> list[Entity]:
    """Each street with the spot on it written just before it, as one place (see module doc)."""
    result = [dict(e) for e in locations]
    for entity in result:
        if entity["value"][
            :1
        ].isdigit():  # a house number is found already: "in the alley behind 1407 Roosevelt"
            continue
        window_start = max(0, entity["start"] - _MAX_GAP)
        match = _SPOT_BEFORE.search(text[window_start : entity["start"]])
        if not match or not _a_spot(match.group("words")):
            continue
        start = window_start + match.start("spot")
        rest = [e for e in [*result, *others] if e is not entity]
        if not span_is_free(rest, start, entity["start"]):
            continue
        entity.update(start=start, value=text[start : entity["end"]])
    return result


_NAME = r"[A-Z][a-z]{2,}"
_ORDINAL = r"\d{1,3}(?:st|nd|rd|th)"
_CORNER = re.compile(
    rf"\b(?:at|corner\s+of|intersection\s+of|esquina\s+de)\s+"
    rf"(?P<corner>(?:{_NAME}|{_ORDINAL})\s+(?:and|&|y)\s+(?:{_NAME}|{_ORDINAL}))\b(?!['’]s)(?!\s+[A-Z])"
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


# "7, no sorry, ", ", no wait, a la ", ", perdon, en la ": the resident takes back what came before. One separator
# between words, never two optional runs of spaces side by side (tests/security/test_linear_regexes.py).
_SEP = r"(?:\s*,\s*|\s+)"
_CORRECTION = (
    rf"{_SEP}?(?:no+|nope|perdon|perd[oó]n|sorry|oops)"
    rf"(?:{_SEP}(?:wait|sorry|perdon|i\s+mean|digo|mejor\s+dicho))?{_SEP}"
)
_CORRECTION_BETWEEN = re.compile(
    rf"^{_CORRECTION}(?:(?:a|en|on|at|in|de|to|onto)\s+)?(?:(?:la|el|the)\s+)?$",
    re.IGNORECASE,
)
_CORRECTED_NUMBER_BEFORE = re.compile(
    rf"\b\d{{1,5}}{_CORRECTION}(?:(?:from|at|de\s+la|del|de)\s+)?$", re.IGNORECASE
)


def corrected_places(text: str, locations: Sequence[Entity]) -> list[Entity]:
    """`locations` less each one the resident corrected with the next ("210th, no wait, 230th St")."""
    ordered = sorted(locations, key=lambda e: e["start"])
    dropped = {
        id(first)
        for first, second in pairwise(ordered)
        if _CORRECTION_BETWEEN.match(text[first["end"] : second["start"]])
    }
    return [e for e in ordered if id(e) not in dropped]


def without_correction(before: str) -> str:
    """The words before a place, less a number the resident corrected just before it: "the dog from 1300, no,
    " -> "the dog from "."""
    match = _CORRECTED_NUMBER_BEFORE.search(before)
    return before[: match.start()] if match else before
