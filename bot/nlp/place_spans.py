"""Where a place span starts and ends, and which found places are no place (called by bot.nlp.places; roads with
landmarks along them and ways are in bot.nlp.place_ways).

- `widen`: a place is said with the building or part of it before it and the lot after it: "the yellow
  house on pine", "the end of oak ridge rd", "la casa azul de la Maple", "the Dollar General parking lot";
  a Spanish reflexive "se" after an address is no south-east ("el 31 Birch se sale").
- `owner_of_animal`: "el perro del 600 Elm esta en mi yarda en el 604 Elm": the animal's address is where it
  lives when another place is where it happened, or when the message says "fue el perro del 811 Cherry".
- `drop_compounds` / `drop_bare_landmarks`: "the school" in "the school bus", or "the store" / "la granja" beside a street or
  an address that says where: a bare kind of place is dropped when a better place is given.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from bot.nlp import gazetteer, places_es

Entity = dict[str, Any]

_LOOKBACK = 60  # characters before a place searched for the words that widen it (keeps searches short)
# "the yellow house on " / "his house on " / "the end of " / "the sidewalk on " before a street
_PREFIX_EN = re.compile(
    r"\b(?:the|a|his|her|their|my|our|that|this)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:house|farmhouse|home|trailer|duplex|sidewalk|end)\s+(?:on|of|off)\s+$",
    re.IGNORECASE,
)
# "the Hendersons on Creamery Rd", "los Henderson en Creamery Road": a family named by the street it lives on
_FAMILY_PREFIX = re.compile(
    r"\b(?:the\s+[A-Z][a-z]+s\s+(?:on|at|off)|los\s+[A-Z][a-z]+\s+(?:en|de\s+la|del))\s+$"
)
# "the house behind the bank", "the farm past the water tower": a building named by the landmark after it
_PREFIX_BEFORE_RELATION = re.compile(
    r"\b(?:the|a|his|her|their|my|our|that|this)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|farm|trailer|parsonage|cabin|shack)\s+$"
    r"|\b(?:la|una|su)\s+(?:casa|traila|granja|caba[nñ]a)(?:\s+[a-z]+)?\s+$",
    re.IGNORECASE,
)
# the same with the relation word before the landmark's span: "the farm past " + "the water tower"
_PREFIX_WITH_RELATION = re.compile(
    r"\b(?:the|a|his|her|their|my|our|that|this)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|farm|trailer|parsonage|cabin|shack)"
    r"\s+(?:behind|past|next\s+to|across\s+from|beside)\s+$",
    re.IGNORECASE,
)
_STARTS_WITH_RELATION = re.compile(
    r"^(?:behind|past|next\s+to|across\s+from|beside|atras|detras|junto|enfrente)\b", re.IGNORECASE
)
# "the yellow house on division": after a house, a street that is also a word is a street
_HOUSE_ON = re.compile(
    r"\b(?:the|a|his|her|their|my|our)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|home|trailer|duplex)\s+on\s+"
    r"(?P<street>[a-z][a-z']+)\b",
    re.IGNORECASE,
)
# "from the house on the corner", "the yellow trailer on the corner" (a corner with no streets named)
_HOUSE_ON_CORNER = re.compile(
    r"\b(?:the|a|his|her|their|that)\s+(?:[a-z]+\s+){0,2}?(?:house|farmhouse|home|trailer|duplex|place)"
    r"\s+on\s+the\s+corner\b(?!\s+of\b)",
    re.IGNORECASE,
)
_HOUSE_ON_CORNER_ES = re.compile(
    r"\b(?:la|una|su)\s+(?:casa|traila)(?:\s+[a-z]+)?\s+de\s+la\s+esquina\b(?!\s+de\b)", re.IGNORECASE
)
_HOUSE_OF_STREET = re.compile(
    r"\bcasa(?:\s+[a-z]+)?\s+(?:del|de\s+la)\s+(?P<street>[a-z][a-z']+)\b", re.IGNORECASE
)
# "what time does the dollar general close", "a q hora cierra el Dollar General": the hours, not a place
_OPENING_HOURS = re.compile(
    r"^\W*(?:(?:do\s+you\s+know|can\s+you\s+tell\s+me|any\s+idea)\s+)?"
    r"(?:(?:what\s+time|when)\s+(?:(?:does|do|is|are|will)\s+)?(?:the\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,3}\s+"
    r"(?:opens?|closes?|closed|open|closing|opening)\b"
    r"|a\s+(?:q|que)\s+hora\s+(?:abre|cierra)n?\b)",
    re.IGNORECASE,
)
# "la casa azul de la " / "la casa verde del " before an address (the span starts at "casa")
_PREFIX_ES = re.compile(
    r"\b(?:la\s+|el\s+)?(?P<start>(?:casa|rancho|granja|traila|lecheria|caba[nñ]a|apartamentos)(?:\s+[a-z]+)?"
    r"\s+(?:del|de\s+la|de|al\s+final\s+de(?:\s+la)?))\s+$",
    re.IGNORECASE,
)
# A road spelt with its word: "la granja de la [calle 280]" is written as the road alone (no farm before it)
ROAD_START_ES = re.compile(
    r"^(?:calle|carretera|camino|ruta|avenida|county\s+road|cr|hwy|highway)\b", re.IGNORECASE
)
FARM_ES = re.compile(r"^(?:(?:el|la)\s+)?(?:rancho|granja|parque)\b", re.IGNORECASE)
# "the farm on 310th st", "the farm on 240th": a farm on a numbered township street is one place (the sets
# write it so; "the farm on [county road 9]" is written as the road)
_FARM_ON_NUMBERED = re.compile(
    r"\b(?:the|a|his|her|their|that|this)\s+(?:[a-z]+\s+)?farm\s+on\s+$", re.IGNORECASE
)
_NUMBERED_STREET = re.compile(r"^\d+(?:st|nd|rd|th)\b", re.IGNORECASE)
# "... Dollar General parking lot", "Sacred Heart School playground", "the Lark Toys building"
# (not before a house number, "el 412 de la Oak"; before an ordinal street it goes, "la 5th ave" -> "5th ave",
# though not before an ordinal corner, "la 3rd y linden")
_SPANISH_ARTICLE = re.compile(
    r"^(?:el|la|los|las)\s+(?=[^\d\s]|\d+(?:st|nd|rd|th)\b(?!.*\s(?:y|e|con)\s))", re.IGNORECASE
)
# "los vecinos de [la 4th]", "son de [la Walnut]": an owner's street is written without its article (not "la
# casa de la Aspen", "el 518 de la Poplar", nor a family, "los Henderson en Creamery Road")
_OWNER_STREET_ARTICLE = re.compile(r"^(?:el|la)\s+(?=\d+(?:st|nd|rd|th)\b|[A-Z])")
_TAIL = re.compile(r"^\s+(?:parking\s+lot|parking\s+ramp|playground|building|lot)\b", re.IGNORECASE)
_ANIMAL_OF = re.compile(r"^\s+(?:[a-z]+\s+)?(?:de\s+enfrente\s+)?(?:del|de(?:\s+la)?)\s+$", re.IGNORECASE)
_ANIMAL_AT = re.compile(r"^\s+at\s+$", re.IGNORECASE)
_OWN_BEFORE = re.compile(r"\b(?:my|our)\b(?:\s+[\w']+){0,3}\s+$", re.IGNORECASE)
_IT_WAS = re.compile(r"\b(?:fue|era)\s+(?:el|la|los|las|un|una)\s+$", re.IGNORECASE)
_BARKING_ES = re.compile(r"\b(?:ladr\w*|aull\w*|no\s+se\s+calla\w*|cantan?)\b", re.IGNORECASE)
_HOUSE_OF = re.compile(r"^\s+de\s+la\s+$", re.IGNORECASE)
_ARTICLES = frozenset("the a an el la los las del al".split())
_BARE_WORDS = frozenset(
    gazetteer.LANDMARK_MODIFIERS + places_es.LANDMARK_ADJECTIVES_ES + ("de",)
)  # "the old church", "la iglesia catolica"
_BARE_KINDS = frozenset(gazetteer.LANDMARK_NOUNS + places_es.LANDMARK_NOUNS_ES + ("granja",))
# "the school bus", "the store clerk": the kind of place names something else
_COMPOUND_AFTER = re.compile(
    r"^\s+(?:bus|buses|board|kids|children|teachers?|year|clerk|owner|manager|staff|truck|techs?|nurses?|bill"
    r"|appointment|alarm|sirens?)\b",
    re.IGNORECASE,
)
_COMPOUND_BEFORE = re.compile(
    r"\b(?:alarma|sirena|camion|troca|carro|muchach[ao]|doctora?|alguien|persona|se[nñ]ora?|emplead[ao])\s+(?:de|del)\s+$",
    re.IGNORECASE,
)


def with_span(text: str, entity: Entity, start: int, end: int) -> Entity:
    """The entity moved to [start, end) of `text`, its value the words there."""
    return {**entity, "start": start, "end": end, "value": text[start:end]}


def span_is_free(others: Sequence[Entity], start: int, end: int, besides: Entity | None = None) -> bool:
    """No entity of `others` (but `besides`, the one being widened) overlaps characters [start, end)."""
    return not any(
        o is not besides and "start" in o and o["start"] < end and start < o["end"] for o in others
    )


def _widened(text: str, entity: Entity, others: Sequence[Entity]) -> Entity:
    start, end = entity["start"], entity["end"]
    if end - start > 3 and text[end - 3 : end] == " se":
        end -= 3  # "31 birch se sale": the ruler read "se" as south-east; the resident wrote it lower case
    tail = _TAIL.match(text[end:])
    if tail and not entity["value"][:1].isdigit():
        end += tail.end()
    window = text[max(0, start - _LOOKBACK) : start]
    prefix = _PREFIX_EN.search(window) or _PREFIX_ES.search(window)
    if prefix and "start" in prefix.groupdict() and FARM_ES.match(prefix.group("start")):
        prefix = None if ROAD_START_ES.match(entity["value"]) else prefix
    prefix = prefix or _FAMILY_PREFIX.search(window)
    if not prefix and _NUMBERED_STREET.match(entity["value"]):
        prefix = _FARM_ON_NUMBERED.search(window)
    if not prefix and _STARTS_WITH_RELATION.match(entity["value"]):
        prefix = _PREFIX_BEFORE_RELATION.search(window)
    if not prefix and not entity["value"][:1].isdigit():
        prefix = _PREFIX_WITH_RELATION.search(window)
    if prefix:
        begin = start - len(window) + prefix.start("start" if "start" in prefix.groupdict() else 0)
        start = begin if span_is_free(others, begin, start, entity) else start
    return with_span(text, entity, start, end) if (start, end) != (entity["start"], entity["end"]) else entity


# "atras de [la iglesia de St Mary's]": a relation the ruler left before a Spanish landmark it found
_RELATION_BEFORE_ES = re.compile(
    r"\b(?:enfrente|detras|atras|cerca|junto|afuera|arriba|abajo|debajo|al\s+lado|a\s+un\s+lado|a\s+espaldas)"
    r"\s+(?:de|a)\s+$",
    re.IGNORECASE,
)
_ARTICLE_LANDMARK_ES = re.compile(
    rf"^(?:el|la|los|las)\s+(?:{'|'.join(sorted(places_es.LANDMARK_NOUNS_ES, key=len, reverse=True))})\b",
    re.IGNORECASE,
)
_RELATION_LANDMARK_ES = re.compile(
    rf"^(?:{'|'.join(' '.join(r) for r in places_es.RELATIONS_ES)})\s+(?:(?:el|la|los|las)\s+)?"
    rf"(?:[a-z]+\s+)*(?:{'|'.join(sorted(places_es.LANDMARK_NOUNS_ES, key=len, reverse=True))})$",
    re.IGNORECASE,
)


@lru_cache(maxsize=1)
def _complement_es() -> re.Pattern[str]:
    """ "enfrente del panteon [de Freeport]", "detras de la escuela [de Kellogg]": what a landmark is "de"."""
    towns = "|".join(sorted(gazetteer.load_places()))
    return re.compile(
        rf"^\s+(?:de|del)(?:\s+(?:la|el))?\s+(?:(?i:{towns}|condado|rio|pueblo)\b|St\.?\s+[A-Z][\w']+"
        r"|(?!(?:[Cc]alle|[Ee]l|[Ll]a)\b)[A-Z][\w']+(?:\s+[A-Z][\w']+){0,2})"
    )


def _relation_landmark_es(text: str, entity: Entity, others: Sequence[Entity]) -> Entity:
    """A Spanish landmark led by a relation keeps both: "atras de la iglesia de St Mary's", "enfrente del
    panteon de Freeport" (the ruler found the landmark without its relation, or without its complement)."""
    start, end = entity["start"], entity["end"]
    if _ARTICLE_LANDMARK_ES.match(entity["value"]):
        relation = _RELATION_BEFORE_ES.search(text[max(0, start - 20) : start])
        start = start - len(relation.group(0)) if relation else start
    if _RELATION_LANDMARK_ES.match(text[start:end]):
        complement = _complement_es().match(text[end:])  # the towns come from the packs, read on first use
        end = end + complement.end() if complement else end
    if (start, end) == (entity["start"], entity["end"]) or not span_is_free(others, start, end, entity):
        return entity
    return with_span(text, entity, start, end)


def houses_on_streets(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """ "the yellow house on division", "la casa verde de la Division": a street of a pack after a house,
    even one that is also a word; "the house on the corner" with no street named."""
    names = {street.lower() for street in streets}
    found = [
        {"entity": "location", "start": m.start(), "end": m.end(), "value": m.group(0)}
        for m in [*_HOUSE_ON_CORNER.finditer(text), *_HOUSE_ON_CORNER_ES.finditer(text)]
        if not any(e["start"] < m.end() and m.start() < e["end"] for e in entities if "start" in e)
    ]
    for match in [*_HOUSE_ON.finditer(text), *_HOUSE_OF_STREET.finditer(text)]:
        start, end = match.span("street")
        free = not any(e["start"] < end and start < e["end"] for e in entities if "start" in e)
        if free and match.group("street").lower() in names:
            found.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return found


def widen(text: str, locations: Sequence[Entity]) -> list[Entity]:
    """The places with the words that belong to them on either side (see module doc)."""
    widened = [_widened(text, entity, locations) for entity in locations]
    return [_relation_landmark_es(text, entity, widened) for entity in widened]


def not_places(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No place in a question about opening hours ("what time does the dollar general close"); a Spanish
    article before an incident place is not part of it ("en la [Riverside]", "en el [fairgrounds]"), though
    one before a house number stays ("el 412 de la Oak", as the Spanish sets write it)."""
    if _OPENING_HOURS.match(text):
        return []
    result = []
    for place in places:
        article = _SPANISH_ARTICLE.match(place["value"])
        if article and place["entity"] == "location":
            place = with_span(text, place, place["start"] + article.end(), place["end"])
        owner_article = _OWNER_STREET_ARTICLE.match(place["value"])
        if owner_article and place["entity"] == "owner_location":
            place = with_span(text, place, place["start"] + owner_article.end(), place["end"])
        # "on Brookside Dr." at the end of a sentence: the clerk's form has no period
        if place["value"].endswith("."):
            place = with_span(text, place, place["start"], place["end"] - 1)
        result.append(place)
    return result


def _animal_before(place: Entity, animals: Sequence[Entity]) -> Entity | None:
    """The last animal mentioned before a place, if any."""
    return max((a for a in animals if a["end"] <= place["start"]), key=lambda a: a["end"], default=None)


def _animal_at_address(text: str, place: Entity, animals: Sequence[Entity]) -> bool:
    animal = _animal_before(place, animals)
    between = text[animal["end"] : place["start"]] if animal else ""
    # "killed my daughters fair pig at 33098 County 11": the resident's own animal is where it happened
    own = animal and _OWN_BEFORE.search(text[max(0, animal["start"] - 30) : animal["start"]])
    return bool(animal and not own and _ANIMAL_AT.match(between) and place["value"][:1].isdigit())


def owner_of_animal(text: str, places: Sequence[Entity], animals: Sequence[Entity]) -> list[Entity]:
    """Spanish "el <animal> del <place>": where the animal lives, beside another place or after "fue"; English
    "the <animal> at <number street>" beside another place."""
    result = [dict(p) for p in places]
    incident = [p for p in result if p["entity"] == "location"]
    # "the dog at 44 Birch and the dog at 46 Birch bark": animals at addresses and no other place are incidents
    animals_at = [p for p in incident if _animal_at_address(text, p, animals)]
    for place in incident:
        if _is_bare(place["value"]):
            continue
        animal = _animal_before(place, animals)
        between = text[animal["end"] : place["start"]] if animal else ""
        # "the dog at 412 Oak went for my kid ... on Oak": an animal's address beside the incident's place
        if len(incident) > len(animals_at) and place in animals_at:
            place["entity"] = "owner_location"
        if animal is None or not _ANIMAL_OF.match(between):
            continue
        house = place["value"].lower().startswith(("casa", "traila")) and _HOUSE_OF.match(between)
        said_whose = _IT_WAS.search(text[max(0, animal["start"] - 20) : animal["start"]])
        at_home = _BARKING_ES.search(
            text
        )  # a barking dog's home is where it happens ("el perro de 318 Chestnut")
        if ((house or said_whose) and not at_home) or len(incident) > 1:
            place["entity"] = "owner_location"
    return result


def is_bare_kind(value: str) -> bool:
    """ "la feria", "feria", "the store": a kind of place, with or without its article."""
    return _is_bare(value) or _is_bare(f"el {value}")


def _is_bare(value: str) -> bool:
    words = value.lower().split()
    if not words or words[0] not in _ARTICLES:
        return False
    rest = [w for w in words[1:] if w not in _BARE_WORDS]
    return bool(rest) and (" ".join(rest) in _BARE_KINDS or " ".join(words[1:]) in _BARE_KINDS)


def _inside(text: str, place: Entity, places: Sequence[Entity]) -> bool:
    """Whether a place is followed by "at" or "in" and another incident place ("the playground at the park")."""
    return place["entity"] == "location" and any(
        other["entity"] == "location"
        and other["start"] > place["end"]
        and text[place["end"] : other["start"]].lower().split() in (["at"], ["in"])
        and text[place["end"]].isspace()
        for other in places
    )


def _names_something_else(text: str, place: Entity) -> bool:
    """ "the school bus", "la alarma de los bomberos": the kind of place names a thing or people."""
    before = text[max(0, place["start"] - _LOOKBACK) : place["start"]]
    return bool(_COMPOUND_AFTER.match(text[place["end"] :]) or _COMPOUND_BEFORE.search(before))


def drop_compounds(text: str, places: Sequence[Entity]) -> list[Entity]:
    """Without "the school" of "the school bus" or "los bomberos" of "la alarma de los bomberos"."""
    return [p for p in places if not (_is_bare(p["value"]) and _names_something_else(text, p))]


def drop_bare_landmarks(text: str, places: Sequence[Entity]) -> list[Entity]:
    """Without "the playground" at "the city park", and a bare "the store" beside a better incident place.
    ("the school" of "the school bus" is gone already: `drop_compounds` runs first, in places.py.)"""
    # "the playground at the city park": the bigger place says where
    kept = [p for p in places if not (_is_bare(p["value"]) and _inside(text, p, places))]
    better = any(p["entity"] == "location" and not _is_bare(p["value"]) for p in kept)
    return [p for p in kept if not (better and p["entity"] == "location" and _is_bare(p["value"]))]
