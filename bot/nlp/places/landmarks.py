"""Landmarks (called by bot.nlp.places.entities): a spot on a street is one place ("behind the parsonage on
Washington St", "por el Dairy Queen de la calle Front"); a part of a named landmark with its preposition ("under
the steps of the Kellogg Depot"); named parks and homes in parks ("en el parque Kellogg", "traila 6 del parque de
Hillcrest"); a pack's landmark the ruler cut ("en la Kellogg Elementary"); "en el Cenex", "el Dollar General de
Kellogg". What is no place: a question about opening hours, "the school" of "the school bus", a bare "the store"
beside a better place, a farm said as where someone is from, a road with no name ("out on the county road").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.places import gazetteer
from bot.nlp.places.numbers import NUMBER_ES
from bot.nlp.places.spans import _LOOKBACK, Entity, _replace, is_bare, span_is_free, with_span

# "what time does the dollar general close", "a q hora cierra el Dollar General": the hours, not a place
_OPENING_HOURS = re.compile(
    r"^\W*(?:(?:do\s+you\s+know|can\s+you\s+tell\s+me|any\s+idea)\s+)?"
    r"(?:(?:what\s+time|when)\s+(?:(?:does|do|is|are|will)\s+)?(?:the\s+)?[\w'&-]+(?:\s+[\w'&-]+){0,3}\s+"
    r"(?:opens?|closes?|closed|open|closing|opening)\b"
    r"|a\s+(?:q|que)\s+hora\s+(?:abre|cierra)n?\b)",
    re.IGNORECASE,
)

# "... Dollar General parking lot", "Sacred Heart School playground", "the Lark Toys building"
# (not before a house number, "el 412 de la Oak"; before an ordinal street it goes, "la 5th ave" -> "5th ave",
# though not before an ordinal corner, "la 3rd y linden")
_SPANISH_ARTICLE = re.compile(
    r"^(?:el|la|los|las)\s+(?=[^\d\s]|\d+(?:st|nd|rd|th)\b(?!.*\s(?:y|e|con)\s))", re.IGNORECASE
)

# "los vecinos de [la 4th]", "son de [la Walnut]": an owner's street is written without its article (not "la
# casa de la Aspen", "el 518 de la Poplar", nor a family, "los Henderson en Creamery Road")
_OWNER_STREET_ARTICLE = re.compile(r"^(?:el|la)\s+(?=\d+(?:st|nd|rd|th)\b|[A-Z])")


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
    return [p for p in places if not (is_bare(p["value"]) and _names_something_else(text, p))]


def drop_bare_landmarks(text: str, places: Sequence[Entity]) -> list[Entity]:
    """Without "the playground" at "the city park", and a bare "the store" beside a better incident place.
    ("the school" of "the school bus" is gone already: `drop_compounds` runs first, in places.py.)"""
    # "the playground at the city park": the bigger place says where
    kept = [p for p in places if not (is_bare(p["value"]) and _inside(text, p, places))]
    better = any(p["entity"] == "location" and not is_bare(p["value"]) for p in kept)
    return [p for p in kept if not (better and p["entity"] == "location" and is_bare(p["value"]))]


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


# "traila 6 del parque de Hillcrest", "casa movil 22 del parque Pine Ridge", "lote 12 del parque de traileas"
_PARK_HOME = re.compile(
    rf"\b(?:traila|trailer|lote|casa\s+movil|casita)\s+(?:#\s?)?{NUMBER_ES}\s(?:del|de\sla|en\sel)\sparque\b"
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

_PART_LOOKBACK = 60


def _part_start(text: str, place: Entity) -> int | None:
    lookback = max(0, place["start"] - _PART_LOOKBACK)
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


_ROAD_LIKE = re.compile(
    r"(?:\b(?:county|hwy|highway|road|rd|route|ruta|township|carretera)\b|^(?:la\s|el\s)?\d{2,3}$)",
    re.IGNORECASE,
)

# A named business or church after "en el"/"en la" keeps it ("en el Cenex", "en la Sacred Heart Church", "en el
# Dollar General de Kellogg"): the conventions' "a landmark phrase keeps its preposition"; a street does not.
_EN_EL_BEFORE = re.compile(r"\ben\s(?:el|la)\s$", re.IGNORECASE)

_TOWN_AFTER = re.compile(r"^\sde\s(?:Kellogg|Freeport)\b")

_STREET_TYPE_END = re.compile(
    r"\b(?:st|street|ave|avenue|rd|road|dr|drive|ln|lane|blvd|ct|way|calle)\.?$", re.I
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


# A road or street said with no name or number ("out on the county road", "lovely street") and "what point" (of
# "at what point") name no place the clerk can find; the sets leave them unannotated.
_NAMELESS = re.compile(
    r"(?:the\s)?(?:county\sroad|lovely\sstreet|nice\sstreet|quiet\sstreet|what\spoint|la\scarretera)", re.I
)


def nameless_places(places: Sequence[Entity]) -> list[Entity]:
    """The places without the nameless ones above."""
    return [p for p in places if not _NAMELESS.fullmatch(str(p.get("value", "")))]


# A farm named only as where someone or something is from ("le habla Dona Tona de la granja", "hola desde el
# rancho", "el ganso de la granja"): no incident place.
_FARM_OF = re.compile(r"(?:\bde\s+la|\bdesde\s+el|\bdel)\s+$", re.IGNORECASE)

_FARM_WORD = re.compile(r"^(?:granja|rancho)$", re.IGNORECASE)


def drop_farms_of(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No place in a bare "granja" / "rancho" said as where someone is from ("de la granja")."""
    return [
        p
        for p in places
        if not (_FARM_WORD.match(p["value"]) and _FARM_OF.search(text[max(0, p["start"] - 12) : p["start"]]))
    ]
