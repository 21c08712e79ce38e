"""The places in a message, told apart (issue 9): where it happened, where the animal lives, where it went.

Runs on the entities our spaCy ruler found (`integrations.nlu_components.PlaceRoles` calls `place_entities`):

1. A misspelt street the ruler could not know ("317 belvedere", "on belvedere") becomes a `location` when
   it fuzzy-matches a street of a pack (bot.nlp.streets), with the city's name in `street_match`.
2. A place and the road or street it is on or along is one place: "county road 9" + "past" +
   "the grain elevator" -> "county road 9 past the grain elevator"; "by the dollar general" + "on
   belvedere" -> "by the dollar general on belvedere"; "the gas station" + "on" + "hwy 42" -> one.
3. Roles. A place right after "from", or after "lives at/on", "belongs to ... at", is where the animal
   lives: `owner_location`. A place after "towards", "heading", "went into", ... is where it went:
   `direction`. Everything else stays `location`, the incident place.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.nlp import (
    place_es_more,
    place_homes,
    place_more,
    place_phrases,
    place_round14,
    place_round15,
    place_round16,
    place_spans,
    place_tails,
    place_ways,
    places_es,
    street_names,
)
from bot.nlp.location_patterns import COMMON_WORD_STREETS
from bot.nlp.place_spans import span_is_free
from bot.nlp.streets import match_street

Entity = dict[str, Any]

# Words joining a place to the road or street it is on ("past", "on") when the two are next to each other.
_JOINERS = r"(?:on|off|along|past|just past|near|by|behind|across from|north of|south of|east of|west of|before|after)"
# A landmark span that starts with its relation word ("near the school") joins the street before it.
_RELATION_START = re.compile(
    r"^(?:near|by|past|behind|above|across\s+from|next\s+to|in\s+front\s+of|beside|up\s+by|down\s+by|out\s+by"
    r"|por|x|cerca|enfrente|frente|atras|detras|junto|al\s+lado|pasando)\b",
    re.IGNORECASE,
)
_OWNER_BEFORE = re.compile(
    r"(?:\bfrom|\blives?\s+(?:at|on|in|over\s+on|down\s+on)|\bliving\s+(?:at|on)|\bbelongs?\s+to\s+[A-Za-z\s']{0,30}?\s+(?:at|on)"
    r"|\b(?:the\s+)?(?:people|folks|family|owners?|guy|lady|man|woman|couple|renters|tenants)\s+(?:at|on|over\s+at|from"
    # "the family in the green house, 411 Chestnut", "the guy in the trailer on Elm"
    r"|in(?:\s+the\s+(?:[a-z]+\s+){0,2}?(?:house|home|trailer|place|duplex)\s*(?:,|at|on)?)?)"
    r"|\bowners?\s+(?:lives?|is|are)\s+(?:at|on)|\bowned\s+by\s+[\w\s']{0,30}?\s+(?:at|on)|\bkept\s+at|\bhome\s+(?:at|on))\s*$",
    re.IGNORECASE,
)
# Whose place only beside another incident place (alone, the sets file it as the incident's: "dogs from the
# farm on county road 9 are roaming"): "the donkey from the farm on Golf Rd is out again, standing by the golf
# course entrance", "keeps getting out of their yard at 907 Oak and coming into ours at 909 Oak"
_WEAK_OWNER_CUES = (
    r"\bfrom\s+the\s+(?:[a-z]+\s+)?(?:farm|ranch|property)\s+(?:on|at)"
    r"|\b(?:out\s+of|from)\s+(?:their|his|her)\s+(?:yard|house|place|property|pen|kennel)\s+(?:on|at)"
    r"|\bout\s+of\s+the\s+(?:yard|pen|kennel)\s+(?:on|at)"
)
_OWNER_BEFORE_MORE = re.compile(
    r"(?:\b(?:came|comes|come|coming|got|gets|ran|charged|bolted|jumped|escaped|broke)\s+out\s+of"
    # "Dog of neighbor 1008 Sunrise", "I think dog is from house 604 Elm", "from up the road at 33120 County 11"
    r"|\bof\s+(?:the\s+|my\s+)?neighbou?rs?|\bfrom\s+house|\bfrom\s+(?:up|down)\s+the\s+road\s+at|\bbelongs?\s+to|\bbelonging\s+to|\bfrom\s+across\s+the\s+street\s+(?:at|on)"
    r"|\bfrom\s+the\s+(?:[a-z]+\s+)?(?:place|house|home)\s+(?:on|at)"
    # "he lives in the green house at 309 Lake St"
    r"|\blives?\s+in\s+the\s+(?:[a-z]+\s+){0,2}?(?:house|home|trailer|place)\s+(?:on|at)|"
    + _WEAK_OWNER_CUES
    + r")\s*$",
    re.IGNORECASE,
)
# "the barking from ...", "on the way home from ...", "driving home on ...", "I live in ...": no owner's home
_NOT_OWNER_BEFORE = re.compile(
    r"(?:\b(?:bark\w*|nois\w*|howl\w*|yap\w*|whin\w*|sounds?|way\s+home|walking\s+home|back)\s+from"
    r"(?:\s+the\s+(?:[a-z]+\s+)?(?:place|house|home)\s+(?:on|at))?"
    r"|\b(?:driving|walking|way|going|coming|heading|riding|biking|come|came)\s+home\s+(?:on|at)"
    r"|\b(?:i|we)\s+live\s+(?:at|on|in)"
    # a person's home, not the animal's: "my elderly mother lives at", "a girl from the bus stop"
    r"|\b(?:my|our)\s+(?:[a-z]+\s+)?(?:mother|mom|dad|father|grandma|grandmother|grandpa|grandfather|aunt|uncle"
    r"|sister|brother|daughter|son|friend)\s+lives\s+(?:at|on|in)"
    r"|\b(?:girl|boy|kid|kids|child|children|student|students)\s+from)\s*$",
    re.IGNORECASE,
)
_CALLING_FROM = re.compile(
    r"\b(?:calling|texting|writing|here|i'?m|i\s+am|we\s+are|live)\s+from\s*$"
    # "hi its the lady from Mill Rd again": the resident who writes, not the animal's owner
    r"|\b(?:it'?s|its|it\s+is|this\s+is)\s+(?:the|your)\s+(?:lady|guy|man|woman|neighbor|neighbour)\s+from\s*$"
    # "wild turkeys chasing people at the post office": people who are there, not who own it
    r"|\b(?:chasing|chased|chases|attacking|bothering|scaring)\s+(?:the\s+)?(?:people|folks)\s+(?:at|on)\s*$",
    re.IGNORECASE,
)
# "its them, 220 Walnut": an answer saying whose
_THEM_BEFORE = re.compile(r"\b(?:it'?s|its|it\s+is|it\s+was)\s+them\W*$", re.IGNORECASE)
# "we live on Sunset Dr", "vivimos en la Sunset Dr" in a message about the resident's own animal that got out or
# is lost: the animal's home (the sets disagree on "it got out of our place on Elm", so that stays `location`)
_OWN_HOME_BEFORE = re.compile(
    r"(?:\b(?:we|i)\s+live\s+(?:at|on|in)|\b(?:vivimos|vivo)\s+en(?:\s+(?:la|el))?)\s*$", re.IGNORECASE
)
_OWN_ANIMAL_LOST = re.compile(
    r"\b(?:my|our|mi|mis|nuestr[oa]s?)\b.{0,40}?\b(?:missing|lost|got\s+out|slipped\s+out|ran\s+away|ran\s+off"
    r"|se\s+(?:me\s+|nos\s+)?(?:perdio|perdieron|salio|salieron|escapo|escaparon))\b"
    r"|\b(?:se\s+(?:me\s+|nos\s+)?(?:perdio|perdieron|salio|salieron|escapo|escaparon))\b.{0,40}?\b(?:mi|mis|nuestr[oa]s?)\b"
    r"|\b(?:can'?t|cannot|couldn'?t)\s+find\s+(?:him|her|them|it)\b|\bno\s+(?:lo|la|los|las)\s+hallamos\b",
    re.IGNORECASE,
)
_DIRECTION_BEFORE = re.compile(
    r"(?:\btowards?|\bheading(?:\s+(?:for|to|into|down|up))?|\bheaded(?:\s+(?:for|to|into|down|up))?"
    r"|\b(?:went|ran|running|go(?:ing)?|took\s+off)(?:\s+off)?\s+(?:into|to|towards?|down|up|over\s+to)"
    r"|\bin\s+the\s+direction\s+of"
    r"|\b(?:went|go(?:ing|es)?|heading|headed|ran|running|took\s+off)\s+(?:north|south|east|west)\w*\s+(?:on|down|along|up))\s*$",
    re.IGNORECASE,
)
_NUMBER_WORD = re.compile(r"\b(\d{1,6})\s+([a-z][a-z']{3,}(?:\s+[a-z][a-z']{3,})?)\b", re.IGNORECASE)
_ON_WORD = re.compile(r"\b(?:on|along|down)\s+([a-z][a-z']{2,})\b", re.IGNORECASE)
_ON_WORD_AFTER = re.compile(r"^\s+(?:on|off|along)\s+([a-z][a-z']{3,})\b", re.IGNORECASE)
# "the bus stop on 7th", "the daycare on 3rd": a landmark on an ordinal street
_ON_ORDINAL_AFTER = re.compile(
    r"^\s+(?:on|off)\s+\d{1,3}(?:st|nd|rd|th)\b(?:\s+(?:st|street|ave|avenue)\b)?", re.IGNORECASE
)
_AFTER_BARE_STREET = re.compile(
    r"^(?:\s*[,.;:!?)]|\s*$|\s+(?:bit|bites|barks|barked|barking|is|are|was|were|has|have|keeps|went|got|and|on|in|"
    r"at|by|near|since|every|all|right|again|attacked|chased|howls|howling|crows|runs|ran|gets|got)\b)",
    re.IGNORECASE,
)
# "on Laurel", "calle Sycamore" (a common street name), "1203 Orchard", "en la Eagle" (a street that is also
# a word, written in capitals): bare streets the ruler leaves, said exactly.
_BARE_STREET = re.compile(
    r"\b(?P<cue>on|along|down|up|off|end\s+of|toward|towards|calle|(?:en|por|x|de)\s+la|(?P<number>\d{1,6})(?:\s+de\s+la)?)"
    r"\s+(?P<name>[A-Za-z][a-z]{2,})\b(?!\s*'s)"
)
_COUNTY_ROAD = re.compile(r"county\s+(?:road|rd)\b", re.IGNORECASE)
FUZZY_STREET_SCORE = 85.0  # a street the ruler did not know is taken as a place at or above this score


def _location(text: str, start: int, end: int, **extra: Any) -> Entity:
    return {"entity": "location", "start": start, "end": end, "value": text[start:end], **extra}


def _street_hit(words: str, streets: Sequence[str], numbered: bool = False) -> Any:
    """A fuzzy street match for a bare word; short words and ordinary words ("on park") must match exactly.

    A word that is also an ordinary word ("cherry", "park") counts only after a house number (`numbered`).
    """
    if words.lower() in COMMON_WORD_STREETS and not numbered:
        return None
    cutoff = FUZZY_STREET_SCORE if len(words) > 4 else 100.0
    match = match_street(words, streets, cutoff=cutoff)
    return match if match and not match.canonical[0].isdigit() else None


def fuzzy_streets(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """Locations for "317 belvedere" or "on belvedere" where the ruler found nothing (misspelt streets)."""
    found: list[Entity] = []
    candidates = [
        (m.start(), m.end(), m.group(2))
        for m in _NUMBER_WORD.finditer(text)
        if m.group(2).split()[0].lower() not in COMMON_WORD_STREETS
    ]
    # "18 Cherry bit my son": a street that is also a word ("cherry", "park") only before a verb or a stop
    candidates += [
        (m.start(), m.start(2) + len(m.group(2).split()[0]), m.group(2).split()[0])
        for m in _NUMBER_WORD.finditer(text)
        if m.group(2).split()[0].lower() in COMMON_WORD_STREETS
        and _AFTER_BARE_STREET.match(text[m.start(2) + len(m.group(2).split()[0]) :])
    ]
    candidates += [(m.start(1), m.end(1), m.group(1)) for m in _ON_WORD.finditer(text)]
    for start, end, words in candidates:
        if not span_is_free([*entities, *found], start, end):
            continue
        for length in (len(words.split()), 1):  # "belvedere ave" first, then "belvedere"
            part = " ".join(words.split()[:length])
            match = _street_hit(part, streets, numbered=text[start].isdigit())
            if match:
                stop = start + text[start:end].lower().index(part.lower()) + len(part)
                found.append(_location(text, start, stop, street_match=match.canonical))
                break
    return found


def _bare_street_name(name: str, streets: set[str]) -> bool:
    """A common US street name in any case; a street that is also a word (or the city's, `streets` lower
    case) only in capitals."""
    lowered = name.lower()
    if lowered in street_names.DISTINCTIVE:
        return True
    return (lowered in COMMON_WORD_STREETS or lowered in streets) and name[0].isupper()


def bare_streets(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """Locations for "on Laurel", "calle Sycamore", "1203 Orchard", "en la Eagle" the ruler did not find."""
    found: list[Entity] = []
    city_streets = {street.lower() for street in streets}
    for match in _BARE_STREET.finditer(text):
        if not _bare_street_name(match.group("name"), city_streets):
            continue
        start = match.start("number") if match.group("number") else match.start("name")
        if match.group("cue").lower() == "calle":
            start = match.start("cue")
        if span_is_free([*entities, *found], start, match.end("name")):
            found.append(_location(text, start, match.end("name")))
    return found


def _extend_on_street(text: str, entity: Entity, others: Sequence[Entity], streets: Sequence[str]) -> Entity:
    """ "by the dollar general" + " on belvedere" -> one place, when the next word fuzzy-matches a street.

    After a landmark ("the laundromat on depot") a street that is also a word counts too."""
    match = _ON_WORD_AFTER.match(text[entity["end"] :])
    landmark = not entity["value"][:1].isdigit()
    ordinal = _ON_ORDINAL_AFTER.match(text[entity["end"] :]) if landmark else None
    if ordinal:
        match = ordinal
    elif not match or not _street_hit(match.group(1), streets, numbered=landmark):
        return entity
    end = entity["end"] + match.end()
    if not span_is_free(others, entity["start"], end, entity):
        return entity
    return {**entity, "end": end, "value": text[entity["start"] : end]}


def _farm_on_road(text: str, farm: Entity, road: Entity) -> bool:
    """ "la granja de la calle 280", "el rancho del county road 9": the Spanish sets write the incident's road
    alone ("vive en la granja del county road 9" stays the owner's whole place)."""
    return bool(
        place_spans.ROAD_START_ES.match(road["value"])
        and place_spans.FARM_ES.match(farm["value"])
        and place_role(text, farm) == "location"
    )


def merge_adjacent(text: str, locations: list[Entity]) -> list[Entity]:
    """Join a place and the road it is on when only a joiner word separates them."""
    merged: list[Entity] = []
    for entity in sorted(locations, key=lambda e: e["start"]):
        if merged:
            previous = merged[-1]
            between = text[previous["end"] : entity["start"]]
            joined = re.fullmatch(
                rf"\s+(?:{_JOINERS}|{places_es.JOINERS_ES})\s+", between, re.IGNORECASE
            ) or (re.fullmatch(r"\s+", between) and _RELATION_START.match(entity["value"]))
            # "42380 Stearns" + "County Road 12": a county road named by its county
            joined = joined or (re.fullmatch(r"\s+", between) and _COUNTY_ROAD.match(entity["value"]))
            # "el Kellogg Community Center en la feria": a bare kind of place after "en la" is no road
            spanish_of = re.fullmatch(r"\s+(?:en|en\s+la|en\s+el|de|de\s+la|del)\s+", between, re.IGNORECASE)
            bare_after = spanish_of and place_spans.is_bare_kind(entity["value"])
            bare_after = bare_after or (spanish_of and _farm_on_road(text, previous, entity))
            if joined and not bare_after and not _DIRECTION_BEFORE.search(text[: entity["start"]]):
                merged[-1] = {
                    **previous,
                    "end": entity["end"],
                    "value": text[previous["start"] : entity["end"]],
                }
                continue
        merged.append(entity)
    return merged


# Cues that say whose place it is only when another place is where it happened: alone, "a canine kept at
# 1902 Dodge St", "los vecinos del 1416 Stearns tienen un pastor" name where the barking is ("es de los
# vecinos del ..." says whose it is).
_WEAK_OWNER_BEFORE = re.compile(
    r"(?:\bkept\s+at|(?<!de\s)(?<!de\slos\s)(?<!de\slas\s)\b(?:los\s+|las\s+)?vecin[oa]s\s+(?:del|de\s+la|de)"
    # "ese chucho de los del 18 de la Apple no me deja dormir" (not "es de los del ...", which says whose)
    r"|(?<!\bes\s)(?<!\bson\s)\b(?:de|a)\s+(?:los|las)\s+de(?:l|\s+la|\s+los)?|"
    + _WEAK_OWNER_CUES
    + r")\s*$",
    re.IGNORECASE,
)


# The same for a barking animal, whose home is where the noise is: "el perro de los vecinos de la calle Heron
# ladra", "the people on Maple Ct let it bark" (not "es de los vecinos de ...", which says whose it is)
_BARKING_OWNER_BEFORE = re.compile(
    r"(?:(?<!\bes\sde\slos\s)(?<!\bson\sde\slos\s)\bvecin[oa]s\s+(?:del|de\s+la|de)"
    r"|\bthe\s+(?:people|folks|neighbou?rs)\s+(?:on|at))\s*$",
    re.IGNORECASE,
)
_BARKING = place_round14.NOISE  # "barks", "howls", "ladra", "chilla y berrea", "hacen un relajo"


def _weak_owner(text: str, place: Entity) -> bool:
    before = text[: place["start"]]
    if place_more.owner_cue(before, place["value"]) and not _OWN_ANIMAL_LOST.search(text):
        return False  # "two dogs from the farm at 18100 County Road 81": whose, even alone
    barking = _BARKING_OWNER_BEFORE.search(before) and _BARKING.search(text)
    return bool(_WEAK_OWNER_BEFORE.search(before) or barking)


def lone_owner_places(text: str, places: list[Entity]) -> list[Entity]:
    """An owner's place by a weak cue, or any owner's place of a barking animal, is the incident's when the
    message names no other incident place."""
    if any(p["entity"] == "location" for p in places):
        return places
    # a barking animal's home is where the noise is: "the owner at 116 School St puts the boxer out ... it barks"
    barking = _BARKING.search(text) is not None
    return [
        {**p, "entity": "location"}
        if p["entity"] == "owner_location" and (barking or _weak_owner(text, p))
        else p
        for p in places
    ]


def _from_unit(text: str, entity: Entity, others: Sequence[Entity]) -> Entity:
    """The place with the numbered home before it: "apartamento 12 de la Riverview" (bot.nlp.places_es)."""
    start = places_es.unit_start(text, entity)
    if start == entity["start"] or not span_is_free(others, start, entity["end"], entity):
        return entity
    return {**entity, "start": start, "value": text[start : entity["end"]]}


def _without_article_end(before: str) -> str:
    """ "owner lives at the " -> "owner lives at " (a string test: a regex ending in \\s* is quadratic)."""
    stripped = before.rstrip()
    if stripped[-4:].lower() == " the":
        return stripped[:-3]
    return before


def place_role(text: str, entity: Entity) -> str:
    """`owner_location`, `direction` or `location` for a place, from the words just before it."""
    # "owner lives at the corner of High and Front": the ruler's corner starts after its article
    before = _without_article_end(place_phrases.without_correction(text[: entity["start"]]))
    if any(
        p.search(before) for p in (_DIRECTION_BEFORE, places_es.DIRECTION_BEFORE, place_more.WAY_BEFORE_ES)
    ):
        return "direction"
    own_home = _OWN_HOME_BEFORE.search(before) and not place_es_more.own_home_address(entity["value"])
    if _THEM_BEFORE.search(before) or (own_home and _OWN_ANIMAL_LOST.search(text)):
        return "owner_location"
    if places_es.NOT_OWNER_BEFORE.search(before) or place_more.NOT_OWNER_BEFORE.search(before):
        return "location"
    owner = _OWNER_BEFORE.search(before) or _OWNER_BEFORE_MORE.search(before)
    owner = owner or place_more.owner_cue(before, text[entity["start"] : entity["end"]])
    if (owner or places_es.OWNER_BEFORE.search(before)) and not (
        _CALLING_FROM.search(before) or _NOT_OWNER_BEFORE.search(before)
    ):
        return "owner_location"
    return "location"


def place_entities(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """The message's entities with places found, joined and given their roles (pure; see module doc)."""
    entities = place_round14.streets_named_like_animals(text, entities, streets)
    others = [e for e in entities if e.get("entity") != "location"]
    locations = [
        e
        for e in entities
        if e.get("entity") == "location" and "start" in e and not places_es.verb_after_calle(text, e)
    ]
    locations += fuzzy_streets(text, [*others, *locations], streets)
    locations += bare_streets(text, [*others, *locations], streets)
    locations += place_round15.bare_corners(text, [*others, *locations], streets)
    locations = place_tails.drop_drive_throughs(text, locations)
    locations += place_tails.rural_places(text, [*others, *locations])
    locations += place_spans.houses_on_streets(text, [*others, *locations], streets)
    locations += place_phrases.corners_of_named_streets(text, [*others, *locations])
    locations = [_extend_on_street(text, e, locations, streets) for e in locations]
    locations = place_tails.with_house_numbers(text, place_spans.widen(text, locations))
    locations = [_from_unit(text, e, locations) for e in locations]
    locations = place_more.fire_numbers_es(text, locations)
    locations = place_homes.homes_in_complexes(text, locations)
    locations = place_es_more.widen(text, locations, others, streets)
    locations = place_phrases.landmarks_on_streets(
        text, place_phrases.corrected_places(text, locations), others
    )
    places = [{**e, "entity": place_role(text, e)} for e in merge_adjacent(text, locations)]
    places = place_tails.road_tails(text, place_ways.roads_with_landmarks(text, places), streets)
    places = place_es_more.road_corners(text, place_es_more.town_tails(text, places, others), others)
    places = place_spans.drop_compounds(text, places)
    places = place_spans.owner_of_animal(text, places, [e for e in others if e.get("entity") == "animal"])
    places = place_more.drop_workplaces(text, lone_owner_places(text, places))
    places = place_round14.bitten_at_owners(text, places)
    places = place_spans.drop_bare_landmarks(text, places)
    places += place_ways.compass_directions(text, [*others, *places])
    places += place_tails.way_phrases(text, [*others, *places])
    places += place_more.way_phrases_es(text, [*others, *places])
    places = place_ways.direction_cues(text, place_spans.not_places(text, places))
    places = place_es_more.finish(text, place_more.joined_ways(text, places))
    places = place_round15.finish(text, places, streets)
    places = place_round16.finish(text, places, others, streets)
    return sorted([*others, *places], key=lambda e: e.get("start", 0))
