"""The entity ruler's `location` patterns, built by job: streets and house numbers, numbered roads,
corners, blocks, landmarks, and (from bot.nlp.places.spanish) the Spanish forms. `bot.nlp.pipeline` adds
`location_patterns()` to its ruler. The street and landmark names come from bot/nlp/places/gazetteer.py.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.nlp.places import gazetteer, spanish, street_names

Token = dict[str, Any]

Alternatives = list[list[Token]]

# Street names that are also ordinary words: only tagged with a street type or inside an intersection
# with a "corner of" prefix, so "3 school kids" or "2 park benches" are not addresses.
COMMON_WORD_STREETS = (
    frozenset(
        """park church school river mill depot lake hill ridge water high front center garden meadow valley
    prairie forest golf county industrial heritage railroad division sunset sunrise orchard eagle heron
    bluff apple cherry plum grant highland fairview evergreen brookside""".split()
    )
    | street_names.ORDINARY_WORDS
)

# Words that cannot be the name part of "<name> street" ("my street", "the street", "this road").
NOT_STREET_NAMES = sorted(
    set(
        """a an the my our your his her their its this that these those same next other every each
        any some no one whole down behind beside near past around outside under front up across over along on in at by of to from for with into onto off
        and or but is was are were be been it he she they we you i me us them him there here dead end
        side back far near busy quiet cross dirt gravel paved private public old new big little own
        county nobody somebody someone anyone everyone anybody everybody people""".split()
    )
    | spanish.NOT_STREET_NAMES_ES  # "en county road 9", "x Walnut St"
)

NUMBER_WORDS = (
    "zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred"
).split()

# Kinds of place the ruler knows beyond gazetteer.LANDMARK_NOUNS, kept out of the lookup table so DIET's
# features (and so the intents) stay as trained: "the City Office", "the white farmhouse".
RULER_LANDMARK_NOUNS = (
    *gazetteer.LANDMARK_NOUNS, "city office", "farmhouse", "township hall", "town hall", "barns",
    "turkey barns", "overpass", "bakery", "bait shop", "river trail", "park and ride",
)  # fmt: skip

# Landmark kinds that take a street's name: "the Riverview apartments", "the Oak Street school".
NAMED_BY_STREET = ("apartments", "apartment building", "trailer park", "trailer court", "school")

# Numbers said after a road word ("county road five", "county road twenty two"): one to ninety.
ROAD_NUMBER_WORDS = NUMBER_WORDS[2:29]

_UNITS, _TENS = NUMBER_WORDS[2:11], NUMBER_WORDS[21:29]

_JOINERS = ["and", "&", "/", "@"]

# Last words of a street named like a place ("66 Valley View", "210 Eagle Heights"): a street only after a
# house number and written with capitals, so "a nice view" or "the hills" are no address.
NAME_SUFFIXES = (
    "view", "vista", "heights", "hills", "ridge", "crossing", "hollow", "knoll", "glen", "bend", "landing",
    "meadows", "estates", "grove",
)  # fmt: skip


def opt(token: Token) -> Token:
    return {**token, "OP": "?"}


def one_of(words: Iterable[str]) -> Token:
    return {"LOWER": {"IN": sorted(set(words))}}


def phrase_tokens(phrase: str) -> list[Token]:
    """Token pattern for a phrase as our tokenizer splits it (kept simple: whitespace and apostrophes)."""
    tokens: list[Token] = []
    for word in phrase.split():
        if word.endswith("'s") and len(word) > 2:
            tokens.extend([{"LOWER": word[:-2]}, {"LOWER": "'s"}])
        elif word.endswith(".") and len(word) > 1:  # "St." is one token, "st." two
            tokens.extend([{"LOWER": {"IN": [word[:-1], word]}}, {"ORTH": ".", "OP": "?"}])
        elif "-" in word.strip("-"):  # "stop-n-go": the tokenizer splits at each hyphen
            parts = word.split("-")
            tokens.extend(t for part in parts[:-1] for t in ({"LOWER": part}, {"ORTH": "-"}))
            tokens.append({"LOWER": parts[-1]})
        else:
            tokens.append({"LOWER": word})
    return tokens


def sequences(*slots: Alternatives) -> list[list[Token]]:
    return [list(itertools.chain.from_iterable(choice)) for choice in itertools.product(*slots)]


def _ordinal_suffix(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


@dataclass(frozen=True)
class _Parts:
    """The pieces every kind of street pattern is made of."""

    number: Token  # a house number: "412", "412b"
    spoken_number: list[Token]  # "four twelve", "twenty one hundred"
    ordinal_numeral: Token  # "270th", "3rd"
    street_type: Token
    opt_direction: Alternatives
    known_any: Alternatives  # a pack's street, an ordinal
    known_distinctive: Alternatives  # the same, less the streets that are ordinary words
    typed_name: Alternatives  # a street with its type: "Oak St", "Belvedere Road"
    generic_name: Token  # any word that may name a street
    roads: Alternatives  # "hwy 61", "county road five", "RR 2 box 14"


def _roads() -> Alternatives:
    """Numbered roads: "hwy 61", "us highway 61", "county road 18", "co rd twenty two", "RR 2 box 14"."""
    road_words = [
        one_of(word for words in gazetteer.NUMBERED_ROAD_WORDS for word in words[:1]),
        opt(one_of(word for words in gazetteer.NUMBERED_ROAD_WORDS for word in words[1:])),
    ]
    # "RR 2 box 14", and in Spanish "RR 2 caja 56"
    road_box: Alternatives = [[], [one_of(["box", "caja"]), {"TEXT": {"REGEX": r"^\d{1,5}$"}}]]
    road_number: Alternatives = [
        [{"TEXT": {"REGEX": r"^\d{1,3}[a-zA-Z]?$"}}],
        # said: "county road five", "county road twenty two" (not "oh", "hundred", "zero")
        [one_of(ROAD_NUMBER_WORDS)],
        [one_of(_TENS), one_of(_UNITS)],
    ]
    # interstates: "I-94", "I94", "interstate 94", "I-94 frontage rd" (a capital I, so no "i 94"); typed lower
    # case, "i-94" and "i94" (never the pronoun) are the interstate too
    interstate: Alternatives = [
        [{"TEXT": {"REGEX": r"^I-?\d{1,3}$"}}],
        [{"TEXT": {"REGEX": r"^i-?\d{1,3}$"}}],
        [{"LOWER": "interstate"}, {"TEXT": {"REGEX": r"^\d{1,3}$"}}],
    ]
    frontage: Alternatives = [[], [{"LOWER": "frontage"}, one_of(["rd", "road", "rd."])]]
    return [*sequences([road_words], road_number, road_box), *sequences(interstate, frontage)]


def _parts() -> _Parts:
    names = gazetteer.ruler_street_names()
    single = [name for name in names if " " not in name]
    multi: Alternatives = [phrase_tokens(name) for name in names if " " in name]
    distinctive = [name for name in single if name not in COMMON_WORD_STREETS]
    types = list(gazetteer.STREET_TYPES) + [t + "." for t in gazetteer.STREET_TYPES]
    directions = list(gazetteer.DIRECTIONS) + [d + "." for d in gazetteer.DIRECTIONS]
    ordinals = [f"{n}{_ordinal_suffix(n)}" for n in range(1, 40)] + list(gazetteer.ORDINAL_WORDS)
    ordinal_numeral = {"LOWER": {"REGEX": r"^\d{1,3}(?:st|nd|rd|th)$"}}  # "270th street", "110th st"
    street_type = one_of(types)
    generic_name = {"IS_ALPHA": True, "LOWER": {"NOT_IN": NOT_STREET_NAMES + types + directions}}
    known_any: Alternatives = [[one_of(single + ordinals)], [ordinal_numeral], *multi]
    # two unknown words before a type: not a lower-case word before a capitalised one ("plowed Heron Ln",
    # "my paper route Chestnut St" are "Heron Ln", "Chestnut St")
    first_word = {**generic_name, "IS_LOWER": False}
    lower_word = {**generic_name, "IS_LOWER": True}
    typed_names = [*known_any, [generic_name], [first_word, generic_name], [lower_word, lower_word]]
    return _Parts(
        number={"TEXT": {"REGEX": r"^\d{1,6}[a-zA-Z]?$"}},
        spoken_number=[{"LOWER": {"IN": list(NUMBER_WORDS)}, "OP": "+"}],
        ordinal_numeral=ordinal_numeral,
        street_type=street_type,
        opt_direction=[[], [one_of(directions)]],
        known_any=known_any,
        known_distinctive=[[one_of(distinctive + ordinals)], [ordinal_numeral], *multi],
        typed_name=[[*name, street_type] for name in typed_names],
        generic_name=generic_name,
        roads=_roads(),
    )


def _titled_names() -> Alternatives:
    """ "Valley View", "Eagle Heights", "Sunny Ridge Estates": name words and a place-like last word, in capitals."""
    word = {"IS_TITLE": True, "IS_ALPHA": True, "LOWER": {"NOT_IN": NOT_STREET_NAMES}}
    suffix = {"IS_TITLE": True, "LOWER": {"IN": sorted(NAME_SUFFIXES)}}
    return [[word, suffix], [word, word, suffix]]


def _view_streets() -> Alternatives:
    """ "Valley View", "Prairie View", "Lake Vw": USPS counts View (VW) as a street suffix; both words in capitals."""
    word = {"IS_TITLE": True, "IS_ALPHA": True, "LOWER": {"NOT_IN": NOT_STREET_NAMES}}
    view = {"ORTH": {"IN": ["View", "VIEW", "Vw", "VW"]}}
    return [[word, view], [word, word, view]]


def _of_town() -> Alternatives:
    """ "west of Freeport", "al oeste de Kellogg": a road placed by the town."""
    towns = one_of(gazetteer.load_places())  # a named town: "north of town" adds nothing a clerk can use
    compass = one_of(["north", "south", "east", "west", "norte", "sur", "este", "oeste"])
    return [[compass, {"LOWER": "of"}, towns], [{"LOWER": "al"}, compass, {"LOWER": "de"}, towns]]


def _county_roads() -> Alternatives:
    """The road words after a county's name: "Stearns County Road 12", "Wabasha County Hwy 5", and
    the number alone ("Stearns County 12")."""
    number = {"TEXT": {"REGEX": r"^\d{1,3}[a-zA-Z]?$"}}
    return [[one_of(["road", "rd", "highway", "hwy"]), number], [number]]


def _street_sequences(p: _Parts) -> list[list[Token]]:
    """House-number addresses, typed or said, and streets and roads on their own."""
    unit: Alternatives = [
        [],
        [one_of(gazetteer.UNIT_WORDS), opt({"ORTH": "#"}), {"TEXT": {"REGEX": r"^#?[0-9a-zA-Z]{1,4}$"}}],
        [{"ORTH": "#"}, {"TEXT": {"REGEX": r"^[0-9a-zA-Z]{1,4}$"}}],
    ]
    direction = p.opt_direction
    return [
        # 412 Oak St, 412 n oak street apt 3, 1520 hwy 61 e, 414 oak (a distinctive known street, no type)
        *sequences([[p.number]], direction, p.typed_name, direction, unit),
        *sequences([[p.number]], direction, p.known_distinctive, direction, unit),
        *sequences([[p.number]], p.roads, direction),
        # Highway 10 west of Freeport, Stearns County Road 12, hwy 61 al oeste de Kellogg
        *sequences(p.roads, _of_town()),
        *sequences([[{"IS_TITLE": True, "IS_ALPHA": True}]], [[{"LOWER": "county"}]], _county_roads()),
        *sequences([[p.number]], direction, _titled_names(), direction, unit),
        # Speech-to-text spells numbers out: "four twelve oak street", "twenty one hundred main street"
        *sequences([p.spoken_number], direction, p.typed_name, direction),
        *sequences([p.spoken_number], direction, p.known_distinctive, direction),
        # Oak St, N 3rd Ave, Main Street E, Highway 61
        *sequences(direction, p.typed_name, direction),
        *sequences(direction, _view_streets(), direction),
        *p.roads,
    ]


def _corner_sequences(p: _Parts) -> list[list[Token]]:
    """Intersections. With "corner of" any street word will do; bare, both sides must look like streets."""
    side_loose: Alternatives = [
        *[[*name, opt(p.street_type)] for name in p.known_any],
        [p.generic_name, p.street_type],
        [p.generic_name],
        *p.roads,
    ]
    side_strict: Alternatives = [
        *[[*name, opt(p.street_type)] for name in p.known_distinctive],
        *p.typed_name,
        *p.roads,
    ]
    conjunction: Alternatives = [[one_of([*_JOINERS, "n", "an", "at", "x"])]]
    prefixes: Alternatives = [
        [{"LOWER": {"IN": ["corner", "corners", "intersection"]}}, {"LOWER": "of"}],
        [{"LOWER": "corner"}],
    ]
    direction, joiner = p.opt_direction, [[one_of(_JOINERS)]]
    # A numbered street makes the other side a street too: "cherry and 3rd", "3rd and park"
    numbered_side: Alternatives = [[p.ordinal_numeral, opt(p.street_type)]]
    any_side: Alternatives = [[*name, opt(p.street_type)] for name in p.known_any]
    return [
        *sequences(prefixes, direction, side_loose, conjunction, direction, side_loose),
        *sequences(direction, side_strict, joiner, direction, side_strict),
        *sequences(any_side, joiner, numbered_side),
        *sequences(numbered_side, joiner, any_side),
    ]


def _block_sequences(p: _Parts) -> list[list[Token]]:
    """Blocks: the 400 block of oak, 300 blk n main st, twenty two hundred block of main."""
    block_word: Alternatives = [
        [one_of(["block", "blk", "blk."])],
        [{"LOWER": "hundred"}, {"LOWER": "block"}],
    ]
    block_street: Alternatives = [
        *[[*name, opt(p.street_type)] for name in p.known_any],
        [p.generic_name, p.street_type],
        *p.roads,
    ]
    article: Alternatives = [[], [{"LOWER": "the"}]]
    numbers: Alternatives = [[p.number], p.spoken_number]
    return sequences(article, numbers, block_word, [[], [{"LOWER": "of"}]], p.opt_direction, block_street)


def _named_landmarks() -> Alternatives:
    """The packs' named places ("Kwik Trip"), and saints' churches and schools ("st. mary's church")."""
    named: Alternatives = [phrase_tokens(name) for name in gazetteer.all_named_landmarks()]
    named.append(
        [
            one_of(["st", "st.", "saint"]),
            opt({"ORTH": "."}),
            {"IS_ALPHA": True},
            opt({"LOWER": "'s"}),
            opt(one_of(["catholic", "lutheran", "episcopal", "orthodox"])),
            one_of(["church", "school", "cemetery", "parish"]),
        ]
    )
    return named


def _named_park() -> list[Token]:
    name = {"IS_TITLE": True, "IS_ALPHA": True, "LOWER": {"NOT_IN": NOT_STREET_NAMES}}
    return [name, {"ORTH": "Park"}]


def _saint() -> list[Token]:
    """ "St. Agnes", "Saint Mary's": a parish named alone, a place only after a relation word ("behind St.
    Agnes", "atras de St. Agnes"), so "I live in St Cloud" names no place."""
    name = {"IS_TITLE": True, "IS_ALPHA": True, "LOWER": {"NOT_IN": NOT_STREET_NAMES}}
    kind = opt(one_of(["church", "school", "cemetery", "parish"]))
    return [one_of(["st", "st.", "saint"]), opt({"ORTH": "."}), name, opt({"LOWER": "'s"}), kind]


def _landmark_sequences(p: _Parts, named: Alternatives) -> list[list[Token]]:
    """Landmarks: behind the church, by the old lutheran church, near Kwik Trip, the Riverview apartments."""
    relations: Alternatives = [[], *[[{"LOWER": w} for w in words] for words in gazetteer.LANDMARK_RELATIONS]]
    modifier = opt(one_of(gazetteer.LANDMARK_MODIFIERS))
    nouns: Alternatives = [phrase_tokens(noun) for noun in RULER_LANDMARK_NOUNS]
    by_street: Alternatives = [phrase_tokens(noun) for noun in NAMED_BY_STREET]
    the: Alternatives = [[{"LOWER": "the"}]]
    return [
        *sequences(relations, [[{"LOWER": "the"}, modifier, modifier]], nouns),
        # With a relation word the article is often dropped: "in front of city hall", "behind church".
        *sequences(relations[1:], [[modifier, modifier]], nouns),
        *sequences(relations, [[], *the], named),
        *sequences([*relations[1:], [{"LOWER": "at"}]], [_saint()]),
        *sequences(relations, the, p.known_any, [[], [opt(p.street_type)]], by_street),
        # a named park, in capitals: "Heritage Park", "en el Riverside Park"
        *sequences(relations, [[], *the], [_named_park()]),
    ]


def location_patterns() -> list[dict[str, Any]]:
    """Every `location` pattern of the ruler, in a stable order (the build is deterministic)."""
    p = _parts()
    named = _named_landmarks()
    found = [
        *_street_sequences(p),
        *_corner_sequences(p),
        *_block_sequences(p),
        *_landmark_sequences(p, named),
        # Spanish
        *spanish.location_sequences(
            p.known_any, p.known_distinctive, [*named, _saint()], p.number, RULER_LANDMARK_NOUNS
        ),
    ]
    return [{"label": "location", "pattern": sequence} for sequence in found if sequence]
