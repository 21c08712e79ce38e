"""Place words: street types, directions, landmark kinds (English), and each city's own names.

Each city's street and landmark names live with its jurisdiction pack, in
`bot/jurisdictions/packs/places/<code>.yml` (development lists for Kellogg and Freeport); a new city
brings its own file. The pipeline builder reads them at build time; nothing is read at import time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

PLACES_DIR = Path(__file__).resolve().parents[2] / "jurisdictions" / "packs" / "places"

# Numbered streets residents write as ordinals ("3rd", "third"), shared by both cities.
ORDINAL_WORDS: tuple[str, ...] = tuple(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
)

STREET_TYPES: tuple[str, ...] = (
    "st",
    "street",
    "str",
    "ave",
    "av",
    "avenue",
    "rd",
    "road",
    "dr",
    "drive",
    "ln",
    "lane",
    "blvd",
    "boulevard",
    "ct",
    "court",
    "pl",
    "cir",
    "circle",
    "ter",
    "terrace",
    "trl",
    "trail",
    "pkwy",
    "parkway",
    "aly",
    "barn",
    "red barn",
    "woods",
    "loop",
    "path",
    "row",
    "pt",
    "point",
)

# "Highway 61", "County Road 18": a road word followed by a number.
NUMBERED_ROAD_WORDS: tuple[tuple[str, ...], ...] = (
    ("highway",),
    ("hwy",),
    ("us",),
    ("us", "highway"),
    ("us", "hwy"),
    ("state", "highway"),
    ("state", "hwy"),
    ("county", "road"),
    ("county", "rd"),
    ("co", "rd"),
    ("co", "road"),
    ("cty", "rd"),
    ("cty", "road"),
    ("cr",),
    ("county", "highway"),
    ("county", "hwy"),
    ("csah",),
    ("route",),
    ("rte",),
    ("rural", "route"),
    ("rr",),
    ("township", "road"),
    ("twp", "rd"),
    ("state", "route"),
)

DIRECTIONS: tuple[str, ...] = (
    "n",
    "s",
    "e",
    "w",
    "ne",
    "nw",
    "se",
    "sw",
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
)

UNIT_WORDS: tuple[str, ...] = ("apt", "apartment", "unit", "ste", "suite", "lot", "trlr", "#", "no")

# Kinds of place a clerk can find in a town this size ("behind the church", "by the school").
LANDMARK_NOUNS: tuple[str, ...] = (
    "church",
    "school",
    "elementary",
    "elementary school",
    "high school",
    "middle school",
    "park",
    "city park",
    "dog park",
    "playground",
    "library",
    "post office",
    "gas station",
    "station",
    "bar",
    "tavern",
    "cafe",
    "restaurant",
    "store",
    "grocery store",
    "grocery",
    "elevator",
    "grain elevator",
    "water tower",
    "ballfield",
    "ballfields",
    "ball field",
    "ball fields",
    "ballpark",
    "baseball field",
    "softball field",
    "softball fields",
    "football field",
    "soccer field",
    "fairgrounds",
    "fair grounds",
    "cemetery",
    "graveyard",
    "river",
    "creek",
    "bridge",
    "trail",
    "bike trail",
    "pool",
    "swimming pool",
    "community center",
    "city hall",
    "fire hall",
    "fire station",
    "fire department",
    "bank",
    "clinic",
    "nursing home",
    "daycare",
    "day care",
    "apartments",
    "apartment building",
    "trailer park",
    "trailer court",
    "mobile home park",
    "campground",
    "boat landing",
    "landing",
    "dam",
    "railroad tracks",
    "tracks",
    "depot",
    "laundromat",
    "car wash",
    "dollar store",
    "motel",
    "co-op",
    "coop",
    "feed mill",
    "mill",
    "creamery",
    "bus stop",
    "parking lot",
    "senior center",
    "legion",
    "vfw",
    "ball diamond",
    "tennis courts",
    "basketball court",
    "skate park",
    "rec center",
    "bowling alley",
    "hardware store",
    "liquor store",
    "muni",
    "post office box",
    "hospital",
    "vet clinic",
    "vet",
    "kennel",
    "bike path",
    "walking path",
    "walking trail",
    "path",
    "feed store",
    "farm store",
    "grain bins",
    "sale barn",
    "school bus stop",
    "boat ramp",
    "ice rink",
    "hockey rink",
    "golf course",
    "gravel pit",
    "truck stop",
    "convenience store",
    "supermarket",
    "pharmacy",
    "drug store",
    "post office parking lot",
    "church parking lot",
    "school parking lot",
    "parking ramp",
    "barn",
    "red barn",
    "woods",
    "playground equipment",
    "school playground",
    "splash pad",
    "picnic shelter",
    "shelter house",
)

# Words allowed between "the" and a landmark noun ("the old lutheran church").
LANDMARK_MODIFIERS: tuple[str, ...] = (
    "old",
    "new",
    "big",
    "little",
    "small",
    "catholic",
    "lutheran",
    "methodist",
    "baptist",
    "public",
    "city",
    "county",
    "community",
    "elementary",
    "high",
    "middle",
    "kellogg",
    "freeport",
    "wabasha",
    "main",
    "east",
    "west",
    "north",
    "south",
    "upper",
    "lower",
    "abandoned",
    "empty",
    "local",
)

# Relations that are part of a landmark location ("behind the church" names a findable place; "at" does not add).
LANDMARK_RELATIONS: tuple[tuple[str, ...], ...] = (
    ("behind",),
    ("by",),
    ("near",),
    ("next", "to"),
    ("across", "from"),
    ("in", "front", "of"),
    ("outside",),
    ("outside", "of"),
    ("beside",),
    ("across", "the", "street", "from"),
    ("down", "by"),
    ("over", "by"),
    ("up", "by"),
    ("out", "by"),
    ("in", "back", "of"),
    ("back", "of"),
    ("under",),
    ("above",),
)


@dataclass(frozen=True)
class CityPlaces:
    """One city's street and landmark names, from `bot/jurisdictions/packs/places/<code>.yml`."""

    code: str
    streets: tuple[str, ...]  # display form, without the type: "Belvidere", "Sand Prairie"
    landmarks: tuple[str, ...]  # display form: "Dollar General", "Casey's"


def _landmark_variants(name: str) -> set[str]:
    """Lower-case ways residents write a landmark: "casey's" -> also "caseys"; "st. agnes" <-> "st agnes"."""
    lowered = name.lower()
    variants = {lowered, lowered.replace("'s", "s")}
    variants |= {v.replace("st. ", "st ") for v in variants} | {
        v.replace("st ", "st. ", 1) for v in variants if v.startswith("st ")
    }
    return variants


def _read_places(path: Path) -> CityPlaces:
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(raw, dict) or not isinstance(raw.get("code"), str):
        raise ValueError(f"{path.name}: a places file needs a `code`")
    lists = {key: raw.get(key) or [] for key in ("streets", "landmarks")}
    for key, values in lists.items():
        if not isinstance(values, list) or not all(isinstance(v, str) and v.strip() for v in values):
            raise ValueError(f"{path.name}: `{key}` must be a list of names")
    return CityPlaces(
        code=raw["code"],
        streets=tuple(v.strip() for v in lists["streets"]),
        landmarks=tuple(v.strip() for v in lists["landmarks"]),
    )


def load_places(directory: Path | None = None) -> dict[str, CityPlaces]:
    """Every city's places file, keyed by pack code (read when first asked, then cached)."""
    return _load_places(directory or PLACES_DIR)


@lru_cache(maxsize=4)
def _load_places(directory: Path) -> dict[str, CityPlaces]:
    places: dict[str, CityPlaces] = {}
    for path in sorted(directory.glob("*.yml")):
        city = _read_places(path)
        if city.code in places:
            raise ValueError(f"{path.name}: duplicate places for {city.code}")
        places[city.code] = city
    return places


def city_streets(code: str) -> tuple[str, ...]:
    """The street names (display form) of one city; empty for a city without a places file."""
    city = load_places().get(code)
    return city.streets if city else ()


def city_landmarks(code: str) -> tuple[str, ...]:
    city = load_places().get(code)
    return city.landmarks if city else ()


def streets_by_city() -> dict[str, tuple[str, ...]]:
    """Lower-case street names per city code (what the entity ruler and speech hints use)."""
    return {code: tuple(name.lower() for name in city.streets) for code, city in load_places().items()}


def landmarks_by_city() -> dict[str, tuple[str, ...]]:
    """Lower-case landmark names per city code, with the derived variants."""
    return {
        code: tuple(sorted({v for name in city.landmarks for v in _landmark_variants(name)}))
        for code, city in load_places().items()
    }


def all_street_names() -> tuple[str, ...]:
    """Every street name of every city (lower case), de-duplicated, longest first."""
    names = {name for streets in streets_by_city().values() for name in streets}
    return tuple(sorted(names, key=lambda name: (-len(name), name)))


def ruler_street_names() -> tuple[str, ...]:
    """The packs' street names and the common US ones (bot.nlp.places.street_names), lower case, longest first:
    what the entity ruler knows as a street, so a new city's "88 Juniper" is found before its list is."""
    from bot.nlp.places import street_names

    names = set(all_street_names()) | street_names.DISTINCTIVE | street_names.ORDINARY_WORDS
    return tuple(sorted(names, key=lambda name: (-len(name), name)))


def all_named_landmarks() -> tuple[str, ...]:
    names = {name for landmarks in landmarks_by_city().values() for name in landmarks}
    return tuple(sorted(names, key=lambda name: (-len(name), name)))


def __getattr__(name: str) -> Any:
    """`STREETS` and `NAMED_LANDMARKS` as before the lists moved into the packs (read lazily)."""
    if name == "STREETS":
        return streets_by_city()
    if name == "NAMED_LANDMARKS":
        return landmarks_by_city()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
