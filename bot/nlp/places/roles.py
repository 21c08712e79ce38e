"""A place's role: `location` (where it happened), `owner_location` (where the animal lives) or `direction`
(where it went), from the words around it (called by bot.nlp.places.entities).

- `place_role`: from the words just before the place: "from", "lives at", "the people at", "son del", "el
  dueno vive en" are the owner's; "towards", "heading", "se fue hacia" a direction; "I live on", "calling from",
  "the barking from" are neither.
- Beside other places: an owner's place by a weak cue, or of a barking animal, is the incident's when it is the
  only place (`lone_owner_places`); the resident bitten at the owner's (`bitten_at_owners`); "el perro del 600
  Elm esta en mi yarda" (`owner_of_animal`); "the owners are the Petersons, on Hill St"; the home an animal
  came out of; "the dog at <address>" with no word of a home.
- Places of people, not of the animal: the resident's workplace, a clinic, the school run, the mail.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.places import spanish
from bot.nlp.places.addresses import _STREET_LOOKBACK, without_correction
from bot.nlp.places.numbers import NUMBER_WORD_ES
from bot.nlp.places.patterns import NUMBER_WORDS
from bot.nlp.places.spans import Entity, is_bare

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


def _weak_owner(text: str, place: Entity) -> bool:
    before = text[: place["start"]]
    if owner_cue(before, place["value"]) and not _OWN_ANIMAL_LOST.search(text):
        return False  # "two dogs from the farm at 18100 County Road 81": whose, even alone
    barking = _BARKING_OWNER_BEFORE.search(before) and NOISE.search(text)
    return bool(_WEAK_OWNER_BEFORE.search(before) or barking)


def lone_owner_places(text: str, places: list[Entity]) -> list[Entity]:
    """An owner's place by a weak cue, or any owner's place of a barking animal, is the incident's when the
    message names no other incident place."""
    if any(p["entity"] == "location" for p in places):
        return places
    # a barking animal's home is where the noise is: "the owner at 116 School St puts the boxer out ... it barks"
    barking = NOISE.search(text) is not None
    return [
        {**p, "entity": "location"}
        if p["entity"] == "owner_location" and (barking or _weak_owner(text, p))
        else p
        for p in places
    ]


def _without_article_end(before: str) -> str:
    """ "owner lives at the " -> "owner lives at " (a string test: a regex ending in \\s* is quadratic)."""
    stripped = before.rstrip()
    if stripped[-4:].lower() == " the":
        return stripped[:-3]
    return before


def place_role(text: str, entity: Entity) -> str:
    """`owner_location`, `direction` or `location` for a place, from the words just before it."""
    # "owner lives at the corner of High and Front": the ruler's corner starts after its article
    before = _without_article_end(without_correction(text[: entity["start"]]))
    if any(p.search(before) for p in (_DIRECTION_BEFORE, spanish.DIRECTION_BEFORE, WAY_BEFORE_ES)):
        return "direction"
    own_home = _OWN_HOME_BEFORE.search(before) and not own_home_address(entity["value"])
    if _THEM_BEFORE.search(before) or (own_home and _OWN_ANIMAL_LOST.search(text)):
        return "owner_location"
    if spanish.NOT_OWNER_BEFORE.search(before) or NOT_OWNER_BEFORE.search(before):
        return "location"
    owner = _OWNER_BEFORE.search(before) or _OWNER_BEFORE_MORE.search(before)
    owner = owner or owner_cue(before, text[entity["start"] : entity["end"]])
    if (owner or spanish.OWNER_BEFORE.search(before)) and not (
        _CALLING_FROM.search(before) or _NOT_OWNER_BEFORE.search(before)
    ):
        return "owner_location"
    return "location"


_ANIMAL_OF = re.compile(r"^\s+(?:[a-z]+\s+)?(?:de\s+enfrente\s+)?(?:del|de(?:\s+la)?)\s+$", re.IGNORECASE)

_ANIMAL_AT = re.compile(r"^\s+at\s+$", re.IGNORECASE)

_OWN_BEFORE = re.compile(r"\b(?:my|our)\b(?:\s+[\w']+){0,3}\s+$", re.IGNORECASE)

_IT_WAS = re.compile(r"\b(?:fue|era)\s+(?:el|la|los|las|un|una)\s+$", re.IGNORECASE)

_BARKING_ES = re.compile(r"\b(?:ladr\w*|aull\w*|no\s+se\s+calla\w*|cantan?)\b", re.IGNORECASE)

_HOUSE_OF = re.compile(r"^\s+de\s+la\s+$", re.IGNORECASE)


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
        if is_bare(place["value"]):
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


# "pal rumbo de la ", "para el lado del ", "pa donde esta el ": the way before a place (no verb needed)
WAY_BEFORE_ES = re.compile(
    r"\b(?:pal|pa\s+el|para\s+el)\s+(?:rumbo|lado)\s+(?:del|de(?:\s+(?:la|el|los|las))?)\s+$"
    r"|\b(?:pa|pal|para)\s+donde\s+(?:esta|estan|queda)(?:\s+(?:el|la|los|las))?\s+$",
    re.IGNORECASE,
)

_FARM_OR_HOME_BEFORE = re.compile(
    # "la mula del rancho del numero de fuego ...", "los puercos de la granja del 30115 de la 400th"
    r"(?:(?P<farm_es>\b(?:del|de\s+la)\s+(?:rancho|granja)\s+del)"
    # "two dogs from the farm at 18100 County Road 81", "the mule from the farm at fire number ..."
    r"|(?P<farm_en>\bfrom\s+the\s+(?:[a-z]+\s+)?farm\s+at)"
    # "it lives somewhere on Sunset Dr"
    r"|\blives\s+(?:somewhere|someplace)\s+(?:on|at|in|along|off))\s+$",
    re.IGNORECASE,
)

_FARM_START_ES = re.compile(r"^(?:rancho|granja)\s+del\s+(?=\d|numero\b)", re.IGNORECASE)

_NUMBERED = re.compile(r"^(?:\d|numero\b|fire\s+number\b)", re.IGNORECASE)


def owner_cue(before: str, value: str) -> bool:
    """Whose place, from the words before it: a farm's numbered place ("dogs from the farm at 18100 County Road
    81", "del rancho del numero de fuego 18422"), or where the animal "lives somewhere on"."""
    farm = _FARM_START_ES.match(value)  # "dos perros del [rancho del 18100 de la County 81]"
    if farm:
        before, value = before + farm.group(0), value[farm.end() :]
    cue = _FARM_OR_HOME_BEFORE.search(before)
    if cue is None:
        return False
    return not (cue.group("farm_es") or cue.group("farm_en")) or bool(_NUMBERED.match(value))


# "my daughter is home from the hospital": where a person came back from, not the animal's home
NOT_OWNER_BEFORE = re.compile(r"\b(?:home|back)\s+from\s+$", re.IGNORECASE)

# "I work at Lark Toys and there's a loose golden on Hwy 61": the resident's work, beside the incident's place
_WORK_BEFORE = re.compile(
    r"\b(?:i|we)\s+(?:work|works)\s+(?:at|in|for)\s+$|\btrabajo\s+en\s+$", re.IGNORECASE
)


def drop_workplaces(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No `location` for the resident's workplace when another place is where it happened."""
    work = [p for p in places if p["entity"] == "location" and _WORK_BEFORE.search(text[: p["start"]])]
    if not any(p["entity"] == "location" and p not in work for p in places):
        return list(places)
    return [p for p in places if p not in work]


# "cuando fue por el correo", "sali x el correo": an errand, not a way
_ERRAND = re.compile(
    r"\b(?:fue|fui|iba|ibamos|va|voy|vas|sali|salio|salimos|salia|ir|vine|vino)\s+$", re.IGNORECASE
)

_ERRAND_PLACE = re.compile(r"^(?:por|x)\s+el\s+(?:correo|pan|mandado|periodico)$", re.IGNORECASE)

# the spoken English numbers a house number starts with (patterns.NUMBER_WORDS less "zero oh hundred")
_HOUSE_NUMBER_WORDS_EN = "|".join(w for w in NUMBER_WORDS if w not in ("zero", "oh", "hundred"))

# "we live at 1016 Jefferson", "vivimos en el novecientos uno de la calle maple": a house number said
_HOUSE_NUMBER_START = re.compile(
    rf"^(?:(?:el|la)\s)?(?:\d{{1,6}}\b|{NUMBER_WORD_ES}\b|(?:{_HOUSE_NUMBER_WORDS_EN})\b)",
    re.IGNORECASE,
)


def own_home_address(value: str) -> bool:
    """Whether the resident's home, said after "we live at" in a message about their own lost animal, is a
    house number (the sets write it `location`; a bare street they write both ways, so it stays the owner's)."""
    return _HOUSE_NUMBER_START.match(value) is not None


# People's errands and care, no place of the report: "ella fue a la clinica", "ya esta en el hospital", "fui a
# emergencias", "los ninos q van a la escuela", "el bus de la escuela", "limpiando la escuela"
_CARE_PLACE = re.compile(
    r"^(?:(?:a|en|al)\s)?(?:(?:la|el)\s)?(?:clinica|hospital|emergencias|veterinari[oa])$", re.IGNORECASE
)

_SCHOOL = re.compile(r"^(?:(?:a|en)\s)?(?:la\s)?escuela$", re.IGNORECASE)

_PEOPLE_AT_SCHOOL_BEFORE = re.compile(
    r"\b(?:(?:q|que|cuando)\s(?:van|pasan|iban|pasaban|llegan|vienen|salen)\s(?:a|de)\s(?:la\s)?"
    r"|(?:bus|camion)\sde\s(?:la\s)?|limpiando\s(?:la\s)?|recogi\s\w+\s\w+\s\w+\sen\s(?:la\s)?"
    r"|\b(?:va|iba|van|iban)\scaminando\sa\s(?:la\s)?)$",
    re.IGNORECASE,
)


def drop_people_places(text: str, places: Sequence[Entity]) -> list[Entity]:
    """No place for where people went or were (a clinic, the school run), and none for fetching the mail."""
    kept = []
    for p in places:
        before = text[max(0, p["start"] - 40) : p["start"]]
        if _CARE_PLACE.match(p["value"]) or (
            _SCHOOL.match(p["value"]) and _PEOPLE_AT_SCHOOL_BEFORE.search(before)
        ):
            continue
        if _ERRAND_PLACE.match(p["value"]) and _ERRAND.search(before[-12:]):
            continue
        kept.append(p)
    return kept


# "se salio por debajo de la cerca del 510 de la Mckinley", "salio de una casa del bloque 600 de la Kellogg",
# "el chucho de don Beto del 417 de la Chestnut": the animal's home, named before where it is now
_CAME_OUT_OF = re.compile(
    r"\b(?:se\s)?(?:salio|salieron|escapo|escaparon)\b(?:\s[\w']+){0,7}?\s(?:del|de\sla|de)\s(?:una?\s)?$"
    r"|\b(?:de\s(?:don|dona)\s[A-Z][a-z]+)\sdel\s$",
    re.IGNORECASE,
)

_HOME_VALUE = re.compile(
    r"^(?:(?:la|el)\s)?(?:\d{1,6}\b|bloque\s\d|casa\s(?:del?|de\sla)\s(?:\d|bloque\s\d))", re.IGNORECASE
)


def homes_animals_left(text: str, places: list[Entity]) -> list[Entity]:
    """An address the animal came out of is the owner's when another place is where it is (or what it did)."""
    incident = [p for p in places if p["entity"] == "location"]
    if len(incident) < 2:
        return places
    result = []
    for place in places:
        before = text[max(0, place["start"] - 60) : place["start"]]
        if place in incident and _HOME_VALUE.match(place["value"]) and _CAME_OUT_OF.search(before):
            place = {**place, "entity": "owner_location"}
        result.append(place)
    return result


# An animal's noise, which puts its home where the noise is (bot.nlp.places.lone_owner_places): "barks", "whines",
# "the racket", "ladra", "aulla", "chilla y berrea", "haciendo escandalo", "hacen un relajo"
NOISE = re.compile(
    r"\b(?:bark\w*|howl\w*|yap\w*|whin\w*|racket|ladr\w*|aull\w*|chill\w*|berre\w*|escandal\w*|relajo)",
    re.IGNORECASE,
)

# The resident bitten, in Spanish: "el perro de la casa cafe de la Heron me agarro la pantorrilla" (the English
# sets write "the dog from 1400 Orchard bit me" as the owner's)
_BIT_ME = re.compile(
    r"\bme\s+(?:mordi[oó]|agarr[oó]|prens[oó]|clav[oó]|lastim[oó]|arranc[oó])\b", re.IGNORECASE
)

_LIVES_BEFORE = re.compile(
    r"\b(?:viven?|lives?|stays?)\s+(?:en|on|at|in)\s+(?:(?:la|el|the)\s)?$", re.IGNORECASE
)


def bitten_at_owners(text: str, places: list[Entity]) -> list[Entity]:
    """An owner's place that is the message's only place, where the animal bit the resident, is the incident's."""
    if len(places) != 1 or places[0]["entity"] != "owner_location" or not _BIT_ME.search(text):
        return places
    if _LIVES_BEFORE.search(text[max(0, places[0]["start"] - _STREET_LOOKBACK) : places[0]["start"]]):
        return places  # "ella vive en la Greenwood": said to be where the owner lives
    return [{**places[0], "entity": "location"}]


# Whose a place is, said as a statement about the owners or the house ("the owners are the Petersons, on Hill St",
# "los duenos son los Peterson, en la Hill", "the house is 1203 Lincoln Ave", "la casa es el 1203 de la Lincoln").
_OWNERS_ARE_BEFORE = re.compile(
    r"(?:\bowners?\s(?:is|are)\s(?:the\s)?(?-i:[A-Z])[\w']*,?\s(?:on|at)\s"
    r"|\bduenos?\s(?:es|son)\s(?:los\s|las\s|el\s|la\s)?(?-i:[A-Z])[\w']*,?\sen\s(?:la\s|el\s)?"
    r"|\bthe\shouse\sis\s|\bla\scasa\ses\s)$",
    re.IGNORECASE,
)


def owners_said_as_statements(text: str, places: Sequence[Entity]) -> list[Entity]:
    """A place after "the owners are the X, on" or "the house is" is the owner's, when the message has another
    place for the incident (the house alone, "the house is 315 Valley Dr", is where it happened)."""
    found = []
    for place in places:
        statement = _OWNERS_ARE_BEFORE.search(text[max(0, place["start"] - 50) : place["start"]])
        owners = statement is not None and statement.group().lower().startswith(("owner", "duen"))
        elsewhere = any(p is not place and p.get("entity") == "location" for p in places)
        if place.get("entity") == "location" and statement and (owners or elsewhere):
            place = {**place, "entity": "owner_location"}
        found.append(place)
    return found


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
