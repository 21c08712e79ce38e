"""A place and the road it is on, joined when only a joiner word separates them: "county road 9" + "past" +
"the grain elevator" -> "county road 9 past the grain elevator"; "the gas station" + "on" + "hwy 42" -> one."""

from __future__ import annotations

import re

from bot.nlp.places import spanish
from bot.nlp.places.roles import _DIRECTION_BEFORE, place_role
from bot.nlp.places.spans import FARM_ES, ROAD_START_ES, Entity, is_bare_kind

# Words joining a place to the road or street it is on ("past", "on") when the two are next to each other.
_JOINERS = r"(?:on|off|along|past|just past|near|by|behind|across from|north of|south of|east of|west of|before|after)"

# A landmark span that starts with its relation word ("near the school") joins the street before it.
_RELATION_START = re.compile(
    r"^(?:near|by|past|behind|above|across\s+from|next\s+to|in\s+front\s+of|beside|up\s+by|down\s+by|out\s+by"
    r"|por|x|cerca|enfrente|frente|atras|detras|junto|al\s+lado|pasando)\b",
    re.IGNORECASE,
)

_COUNTY_ROAD = re.compile(r"county\s+(?:road|rd)\b", re.IGNORECASE)


def _farm_on_road(text: str, farm: Entity, road: Entity) -> bool:
    """ "la granja de la calle 280", "el rancho del county road 9": the Spanish sets write the incident's road
    alone ("vive en la granja del county road 9" stays the owner's whole place)."""
    return bool(
        ROAD_START_ES.match(road["value"])
        and FARM_ES.match(farm["value"])
        and place_role(text, farm) == "location"
    )


def merge_adjacent(text: str, locations: list[Entity]) -> list[Entity]:
    """Join a place and the road it is on when only a joiner word separates them."""
    merged: list[Entity] = []
    for entity in sorted(locations, key=lambda e: e["start"]):
        if merged:
            previous = merged[-1]
            between = text[previous["end"] : entity["start"]]
            joined = re.fullmatch(rf"\s+(?:{_JOINERS}|{spanish.JOINERS_ES})\s+", between, re.IGNORECASE) or (
                re.fullmatch(r"\s+", between) and _RELATION_START.match(entity["value"])
            )
            # "42380 Stearns" + "County Road 12": a county road named by its county
            joined = joined or (re.fullmatch(r"\s+", between) and _COUNTY_ROAD.match(entity["value"]))
            # "el Kellogg Community Center en la feria": a bare kind of place after "en la" is no road
            spanish_of = re.fullmatch(r"\s+(?:en|en\s+la|en\s+el|de|de\s+la|del)\s+", between, re.IGNORECASE)
            bare_after = spanish_of and is_bare_kind(entity["value"])
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
