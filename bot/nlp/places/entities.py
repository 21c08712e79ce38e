"""The places in a message, told apart: where it happened, where the animal lives, where it went.

Runs on the entities our spaCy ruler found (`integrations.nlu_components.PlaceRoles` calls `place_entities`),
in five stages, each a sequence of passes over the places so far; the order is part of the behaviour:

1. Found: what the ruler missed: a misspelt street of a pack ("317 belvedere", `streets.match_street`, with
   the city's name in `street_match`), bare streets and corners, fire numbers, houses on streets.
2. Widened: each place over the words that belong to it: the house or lot before it, the street it is on
   ("by the dollar general on belvedere"), a home in a complex, a named park, a corrected place dropped.
3. Roled: neighbouring places joined ("county road 9 past the grain elevator"), then each given its role
   (`roles.place_role`): `owner_location` where the animal lives ("from 511 Chestnut"), `direction` where
   it went ("heading towards the park"), else `location`, where it happened.
4. Ways: directions no ruler place covers ("se fue para el norte", "went toward the ball diamonds").
5. Last: roads with what is along them, parts of landmarks, people's places, whole ways.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.nlp.places import homes, spanish
from bot.nlp.places.addresses import (
    bare_streets,
    corrected_places,
    drop_drive_throughs,
    extend_on_street,
    from_unit,
    fuzzy_streets,
    houses_on_streets,
    numbered_streets,
    streets_named_like_animals,
    touching_names,
    with_house_numbers,
)
from bot.nlp.places.corners import (
    alleys_and_alongs,
    bare_corners,
    corners_of_named_streets,
    road_corners,
)
from bot.nlp.places.joins import merge_adjacent
from bot.nlp.places.landmarks import (
    drop_bare_landmarks,
    drop_compounds,
    drop_farms_of,
    homes_in_parks,
    landmarks_on_streets,
    landmarks_with_en_el,
    named_parks,
    nameless_places,
    not_places,
    parts_of_landmarks,
    whole_landmarks,
)
from bot.nlp.places.roles import (
    animals_at_addresses,
    bitten_at_owners,
    drop_people_places,
    drop_workplaces,
    homes_animals_left,
    lone_owner_places,
    owner_of_animal,
    owners_said_as_statements,
    place_role,
)
from bot.nlp.places.rural import (
    bare_highways,
    road_tails,
    roads_with_landmarks,
    roads_without_common_tails,
    rural_places,
    rural_road_tails,
    town_tails,
)
from bot.nlp.places.rural_numbers import (
    fire_numbers_es,
    fire_numbers_with_roads,
    rural_numbered_roads_es,
    spoken_roads,
)
from bot.nlp.places.spans import Entity, widen
from bot.nlp.places.ways import (
    compass_directions,
    direction_cues,
    joined_ways,
    leaving_ways,
    places_walked_along,
    streets_of_ways,
    way_phrases,
    way_phrases_es,
    whole_ways,
)


def _found(
    text: str, entities: Sequence[Entity], streets: Sequence[str]
) -> tuple[list[Entity], list[Entity]]:
    """(the other entities, the locations): the ruler's and those it missed."""
    entities = streets_named_like_animals(text, entities, streets)
    others = [e for e in entities if e.get("entity") != "location"]
    locations = [
        e
        for e in entities
        if e.get("entity") == "location" and "start" in e and not spanish.verb_after_calle(text, e)
    ]
    locations += fuzzy_streets(text, [*others, *locations], streets)
    locations += bare_streets(text, [*others, *locations], streets)
    locations += bare_corners(text, [*others, *locations], streets)
    locations = drop_drive_throughs(text, locations)
    locations += rural_places(text, [*others, *locations])
    locations += houses_on_streets(text, [*others, *locations], streets)
    locations += corners_of_named_streets(text, [*others, *locations])
    return others, locations


def _widened(
    text: str, locations: list[Entity], others: Sequence[Entity], streets: Sequence[str]
) -> list[Entity]:
    locations = [extend_on_street(text, e, locations, streets) for e in locations]
    locations = with_house_numbers(text, widen(text, locations))
    locations = [from_unit(text, e, locations) for e in locations]
    locations = fire_numbers_es(text, locations)
    locations = homes.homes_in_complexes(text, locations)
    locations = whole_landmarks(text, homes_in_parks(text, locations, others, streets), others)
    locations = numbered_streets(text, named_parks(text, locations, others), others)
    locations = touching_names(text, alleys_and_alongs(text, locations, others))
    return landmarks_on_streets(text, corrected_places(text, locations), others)


def _roled(
    text: str, locations: list[Entity], others: Sequence[Entity], streets: Sequence[str]
) -> list[Entity]:
    places = [{**e, "entity": place_role(text, e)} for e in merge_adjacent(text, locations)]
    places = road_tails(text, roads_with_landmarks(text, places), streets)
    places = road_corners(text, town_tails(text, places, others), others)
    places = drop_compounds(text, places)
    places = owner_of_animal(text, places, [e for e in others if e.get("entity") == "animal"])
    places = drop_workplaces(text, lone_owner_places(text, places))
    places = bitten_at_owners(text, places)
    return drop_bare_landmarks(text, places)


def _ways(text: str, places: list[Entity], others: Sequence[Entity]) -> list[Entity]:
    places += compass_directions(text, [*others, *places])
    places += way_phrases(text, [*others, *places])
    places += way_phrases_es(text, [*others, *places])
    return direction_cues(text, not_places(text, places))


def _last(text: str, places: list[Entity], others: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    places = joined_ways(text, places)
    places = bare_highways(text, drop_people_places(text, places))
    places = places_walked_along(text, streets_of_ways(text, homes_animals_left(text, places)))
    places = rural_road_tails(
        text, spoken_roads(text, owners_said_as_statements(text, nameless_places(places)))
    )
    places = landmarks_with_en_el(text, places, streets)
    places = leaving_ways(text, fire_numbers_with_roads(text, parts_of_landmarks(text, places)))
    places = rural_numbered_roads_es(text, drop_farms_of(text, places), others)
    places = animals_at_addresses(text, roads_without_common_tails(text, places, streets))
    return whole_ways(text, places)


def place_entities(text: str, entities: Sequence[Entity], streets: Sequence[str]) -> list[Entity]:
    """The message's entities with places found, joined and given their roles (pure; see module doc)."""
    others, locations = _found(text, entities, streets)
    places = _roled(text, _widened(text, locations, others, streets), others, streets)
    places = _last(text, _ways(text, places, others), others, streets)
    return sorted([*others, *places], key=lambda e: e.get("start", 0))
