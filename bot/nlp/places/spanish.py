"""Places said in Spanish: ruler patterns, and the words that give a place its role.

"en la calle Main" -> "calle Main"; "la esquina de 3rd y Elm"; "enfrente de la iglesia"; "por el Dollar
General"; "en el 412 de la Oak" -> "412 de la Oak"; spoken "seis doce calle cuatro norte". `bot.nlp.pipeline`
adds `location_sequences(...)` to its ruler; `bot.nlp.places` reads `OWNER_BEFORE` ("la gente del 220 de la
Walnut") and `DIRECTION_BEFORE` ("se fue hacia el parque") beside its English ones. The street names are the
packs' own (bot/jurisdictions/packs/places/), so a new city's streets work in Spanish too.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable
from typing import Any

from bot.nlp.places import gazetteer

Token = dict[str, Any]

Alternatives = list[list[Token]]

# Kinds of place, in Spanish ("detras de la escuela", "por la gasolinera").
LANDMARK_NOUNS_ES: tuple[str, ...] = (
    "iglesia", "escuela", "escuelita", "parque", "tienda", "tiendita", "biblioteca", "correo", "oficina de correos",
    "gasolinera", "cementerio", "panteon", "elevador", "elevador de granos", "rio", "lago", "puente",
    "estacionamiento", "bar", "cantina", "restaurante", "banco", "clinica", "hospital", "estacion de bomberos",
    "bomberos", "campo de beisbol", "campo de futbol", "cancha", "granja", "rancho", "alberca", "piscina",
    "ayuntamiento", "alcaldia", "oficina de la ciudad", "centro comunitario", "vias del tren", "vias",
    "lavanderia", "super", "supermercado", "farmacia", "trailas", "parque de trailas", "apartamentos",
    "apartments", "departamentos", "parada del camion", "parada de autobus", "granero", "establo", "veterinario",
    "caseta", "gasolinera", "secundaria", "primaria", "preparatoria", "guarderia", "cafeteria", "molino",
    "feria", "panaderia", "torre del agua",
)  # fmt: skip

# A part of a place named after it: "el estacionamiento del Dollar General", "la banqueta de la Prospect".
AREA_NOUNS_ES: tuple[str, ...] = (
    "estacionamiento", "parqueo", "parking", "lote", "patio", "banqueta", "acera", "orilla", "entrada",
)  # fmt: skip

# Of those, the ones that are part of a street too ("la banqueta de la Prospect"; "el patio de" a house is not).
STREET_AREA_NOUNS_ES: tuple[str, ...] = ("banqueta", "acera", "orilla")

LANDMARK_ADJECTIVES_ES: tuple[str, ...] = (
    "catolica", "luterana", "metodista", "bautista", "primaria", "secundaria", "publica", "vieja", "viejo",
    "nueva", "nuevo", "grande", "chica", "chico", "mexicana", "mexicano", "latina", "latino", "hispana",
)  # fmt: skip

# Relation words before a landmark: "enfrente de", "cerca del", "por", "atras de".
RELATIONS_ES: tuple[tuple[str, ...], ...] = (
    ("enfrente", "de"), ("enfrente",), ("en", "frente", "de"), ("frente", "a"), ("frente", "al"),
    ("detras", "de"), ("detras",), ("atras", "de"), ("atras",), ("afuera",), ("despues",), ("antes",), ("cerca", "de"), ("cerca",), ("al", "lado", "de"),
    ("al", "lado"), ("junto", "a"), ("junto",), ("afuera", "de"), ("por",), ("x",), ("pasando",),
    ("a", "un", "lado", "de"), ("despues", "de"), ("antes", "de"), ("a", "espaldas", "de"), ("rumbo", "a"),
    ("arriba", "de"), ("frente",),
)  # fmt: skip

# Shops people also ask the hours of ("a q hora abre la marqueta"): a place only after a relation word
# ("atras de la marketa", "enfrente de la lecheria")
RELATION_ONLY_NOUNS_ES: tuple[str, ...] = (
    "marketa", "marqueta", "lecheria", "llanteria", "ferreteria", "carniceria", "tortilleria", "taqueria",
)  # fmt: skip

ARTICLES_ES = ("el", "la", "los", "las", "del", "al")

# Spanish words that cannot be the name part of "<name> street" ("en county road", "x Walnut St", "la calle").
NOT_STREET_NAMES_ES = frozenset(
    "en el la los las del al de x por para y e con un una mi mis su sus calle esquina hacia cerca q que".split()
)

STREET_WORDS_ES = ("calle", "avenida", "av", "ave", "camino", "carretera", "callejon", "boulevard", "bulevar")

# Numbered roads: "carretera 61", "la carretera del condado 5", "camino del condado 12".
ROAD_WORDS_ES: tuple[tuple[str, ...], ...] = (
    ("carretera",), ("carretera", "del", "condado"), ("camino", "del", "condado"), ("ruta",),
    ("ruta", "rural"),
)  # fmt: skip

DIRECTIONS_ES = ("norte", "sur", "este", "oeste", "poniente", "oriente")

NUMBER_WORDS_ES = (
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis "
    "diecisiete dieciocho diecinueve veinte veinti veintiuno veintidos veintitres veinticuatro veinticinco "
    "veintiseis veintisiete veintiocho veintinueve treinta cuarenta cincuenta sesenta setenta ochenta noventa "
    "cien ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos ochocientos "
    "novecientos mil"
).split()

ORDINAL_WORDS_ES = (
    "primera primero segunda segundo tercera tercero cuarta cuarto quinta quinto sexta sexto septima septimo "
    "octava octavo novena noveno decima decimo"
).split()

# A place right after these words is where the animal lives (owner_location).
OWNER_BEFORE = re.compile(
    r"(?:\b(?:la\s+)?(?:gente|familia|se[nñ]ora?|se[nñ]or|vecinos?|vecinas?|due[nñ]os?|due[nñ]as?|muchachos?)\s+(?:del|de\s+la|de\s+el|de|que\s+vive\s+en)"
    r"|\b(?:el|la)\s+(?:dueno|duena)\s+(?:vive|esta)\s+en(?:\s+(?:la|el))?"
    r"|\bdue[nñ][oa]\s+es\s+(?:el|la)\s+de(?:l|\s+la)?(?:\s+la)?|\bvive[n]?\s+en(?:\s+(?:la|el))?"
    r"|\b(?:es|son)\s+(?:(?:los|las)\s+)?de(?:l|\s+la|\s+los)?|\b(?:viene[n]?|vino|vinieron)\s+de(?:l|\s+la)?"
    r"|\bsalio\s+de(?:l|\s+la)?(?:\s+casa\s+de(?:l|\s+la)?)?"
    # "son ellos, los de la 220 Walnut": an answer saying whose
    r"|\b(?:son|fueron)\s+ellos\W+(?:los|las)\s+de(?:l|\s+la)?"
    # "el perro de los del 409 Ash", "se les salio a los del rancho de ...": the people of a place are its owners
    r"|\b(?:de|a)\s+(?:los|las)\s+de(?:l|\s+la|\s+los)?"
    # "vive atras de la llanteria", "viven cerca del puente": a home placed by a landmark
    r"|\bvive[n]?)\s*$",
    re.IGNORECASE,
)

# "mi mama es mayor vive en la calle Water": a person's home, not the animal's
NOT_OWNER_BEFORE = re.compile(
    r"\b(?:mi|nuestra|nuestro)\s+(?:mama|madre|papa|padre|abuela|abuelo|abuelita|abuelito|tia|tio|hermana|hermano"
    r"|hija|hijo|amiga|amigo|suegra|suegro)\b[\w\s]{0,20}?\bvive\s+en(?:\s+(?:la|el))?\s*$",
    re.IGNORECASE,
)

# A place right after these words is where the animal went (direction).
DIRECTION_BEFORE = re.compile(
    r"(?:\bhacia|\brumbo\s+a(?:l)?|\b(?:se\s+)?(?:fue|fueron|va|van|iba|corrio|corrieron|salio)"
    r"(?:\s+corriendo)?(?:\s+(?:al|pal|para\s+el|hacia\s+el)\s+(?:norte|sur|este|oeste))?"
    r"(?:\s+(?:hacia|para|pa|pal|x|por|rumbo\s+a|a))?(?:\s+(?:el|la|los|las))?"
    r"|\b(?:se\s+)?(?:metio|metieron)\s+(?:a|al|en)(?:\s+(?:el|la))?)\s*$",
    re.IGNORECASE,
)

# Words joining a place to the road it is on ("por el Dollar General en la Belvidere").
JOINERS_ES = r"(?:en|en\s+la|sobre|sobre\s+la|por|por\s+la|pasando|cerca\s+de|cerca\s+de\s+la|de\s+la|del|de)"


def _in(words: Iterable[str]) -> Token:
    return {"LOWER": {"IN": sorted(set(words))}}


def _opt(token: Token) -> Token:
    return {**token, "OP": "?"}


def _words(phrase: str) -> list[Token]:
    return [{"LOWER": word} for word in phrase.split()]


def _sequences(*slots: Alternatives) -> list[list[Token]]:
    return [list(itertools.chain.from_iterable(choice)) for choice in itertools.product(*slots)]


# Units said after "y" in a number: "treinta y cinco", "setenta y uno".
_UNITS_ES = ("un", "uno", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")

ENGLISH_TYPES_ES = ("st", "street", "ave", "avenue", "road", "rd", "drive", "dr", "lane", "ln", "court", "ct")

# Words after "calle" that are no street name: "en la calle esta el perro", "en la calle corriendo"
NOT_AFTER_CALLE = (
    frozenset(
        """esta estan estaba estaban hay habia con sin cuando pero porque donde frente enfrente atras detras cerca junto
    ayer hoy ahorita ahora anoche otra otro toda todo todos todas sola solo suelto suelta sueltos sueltas mientras
    desde hasta tambien muy mas asi como pa pal para sobre entre abajo arriba alla aqui ahi alli les los las nos
    que porq xq pq mismo misma casi siempre nunca todavia luego despues antes tres veces frente""".split()
    )
    | frozenset(NUMBER_WORDS_ES)
    | frozenset(DIRECTIONS_ES)
    | frozenset(ORDINAL_WORDS_ES)
)

# a verb form ("corriendo", "ladrando", "estaba", "mordieron") is no name either
_LOWER_STREET_NAME: Token = {
    "IS_LOWER": True,
    "LOWER": {
        "REGEX": r"^(?!(?:" + "|".join(sorted(NOT_STREET_NAMES_ES | NOT_AFTER_CALLE)) + r")$)"
        r"(?![a-z]*(?:ando|iendo|aba|aban|aron|ieron)$)[a-z]{3,}$"
    },
}

# "la luz de la calle lleva una semana": a lower-case word after "calle" followed by an article or a pronoun is
# a verb, not a street name
_VERB_OBJECT = re.compile(
    r"^\s+(?:un|una|unos|unas|el|la|los|las|mi|mis|su|sus|lo|le|les|me|nos|muy|mucho|mucha|ya)\b",
    re.IGNORECASE,
)


def verb_after_calle(text: str, place: dict[str, Any]) -> bool:
    """Whether a place "calle <lower-case word>" is a street word and a verb ("la calle lleva una semana")."""
    value = text[place["start"] : place["end"]]
    words = value.split()
    unknown = len(words) == 2 and words[0].lower() == "calle" and words[1].islower()
    unknown = unknown and words[1] not in _known_street_names()
    return unknown and _VERB_OBJECT.match(text[place["end"] :]) is not None


@functools.lru_cache(maxsize=1)
def _known_street_names() -> frozenset[str]:
    return frozenset(gazetteer.ruler_street_names())


def spoken_numbers_es() -> Alternatives:
    """A number said in Spanish: "ochocientos cuarenta", "trescientos treinta y cinco", "ocho cero seis"."""
    words = {"LOWER": {"IN": NUMBER_WORDS_ES}, "OP": "+"}
    return [[words], [words, {"LOWER": "y"}, _in(_UNITS_ES)]]


def _house_of_street(
    known_any: Alternatives, number: Token, spoken: Alternatives, street_name: Alternatives
) -> list[list[Token]]:
    """412 de la Oak, el 29 de Creamery Road, ochocientos cuarenta de la segunda sur, la cuadra mil
    doscientos de la calle high, 412 calle Oak, seis doce calle cuatro norte."""
    street_word = _in(STREET_WORDS_ES)
    # optional tokens rather than alternatives: the ruler keeps the longest match, and fewer patterns run faster
    article, block = _opt(_in(("el", "la"))), _opt(_in(("cuadra", "bloque")))
    of_the = [_in(("de", "del")), _opt(_in(("la", "el")))]
    direction = _opt(_in(DIRECTIONS_ES))
    typed: Alternatives = [
        *[[*name, _opt(_in((*ENGLISH_TYPES_ES, "calle")))] for name in known_any],
        *[[street_word, *n] for n in street_name],
        [_in(ORDINAL_WORDS_ES)],
    ]
    numbers: Alternatives = [[number], *spoken]
    sequences = _sequences([[article, block]], numbers, [of_the], typed, [[direction]])
    sequences += _sequences(numbers, [[street_word]], street_name, [[direction]])
    return sequences


def _street_sequences(
    known_any: Alternatives, known_distinctive: Alternatives, number: Token
) -> list[list[Token]]:
    """calle Main, calle Oak 412, 412 de la Oak, seis doce calle cuatro norte, Cedar 88, carretera 61."""
    street_word = _in(STREET_WORDS_ES)
    direction_es: Alternatives = [[], [_in(DIRECTIONS_ES)]]
    spoken = {"LOWER": {"IN": NUMBER_WORDS_ES}, "OP": "+"}
    said = spoken_numbers_es()
    street_name: Alternatives = [*known_any, *said, [_in(ORDINAL_WORDS_ES)]]
    house_after: Alternatives = [[], [number], [spoken]]  # the number after the name: "calle Oak 412"
    sequences: list[list[Token]] = []
    sequences += _sequences([[street_word]], street_name, direction_es, house_after)
    # calle Fir, calle 310, camino 88: any Capitalised name or number after a street word
    any_name: Alternatives = [[{"IS_TITLE": True, "LOWER": {"NOT_IN": sorted(NOT_STREET_NAMES_ES)}}]]
    numbered: Alternatives = [[{"TEXT": {"REGEX": r"^\d{1,4}[a-zA-Z]?$"}}]]
    sequences += _sequences([[street_word]], [*any_name, *numbered], direction_es)
    # calle jeferson, calle sedar: after "calle" any lower-case word that is no Spanish word is a street name
    sequences += _sequences([[{"LOWER": "calle"}]], [[_LOWER_STREET_NAME]], direction_es)
    # la cuarta calle, tercera avenida
    sequences += _sequences([[_in(ORDINAL_WORDS_ES)]], [[street_word]], direction_es)
    sequences += _house_of_street(known_any, number, said, street_name)
    # la Walnut, Cedar 88, la Walnut 515 (a distinctive street after an article or before its number)
    english_type = _in(ENGLISH_TYPES_ES)
    sequences += _sequences([[{"LOWER": "la"}]], known_distinctive, [[], [number], [english_type]])
    sequences += _sequences(known_distinctive, [[number]])
    # la Mill Rd, la Park Avenue, la Bridge St 512: an English street with its type after "la" (longer than the
    # landmark "la mill" / "la park", so the ruler keeps the street)
    titled = {"IS_TITLE": True, "LOWER": {"NOT_IN": sorted(NOT_STREET_NAMES_ES)}}
    sequences.append([{"LOWER": "la"}, titled, _opt(titled), english_type, _opt(number)])
    # spoken numbers before a street: "doscientos cinco oak", "cinco cero ocho oak", "cuatro doce oak street"
    sequences += _sequences(said, known_distinctive, [[], [english_type]])
    # carretera 61, carretera setenta y uno, county road ocho
    roads: Alternatives = [_words(" ".join(words)) for words in ROAD_WORDS_ES]
    sequences += _sequences(roads, [[{"TEXT": {"REGEX": r"^\d{1,3}[a-zA-Z]?$"}}], *said])
    # "county road ocho", not "us" alone ("babysat for us once" is no road eleven)
    english_roads: Alternatives = [_words(" ".join(w)) for w in gazetteer.NUMBERED_ROAD_WORDS if w != ("us",)]
    sequences += _sequences(english_roads, said)
    return sequences


def _corner_sequences(known_any: Alternatives, known_distinctive: Alternatives) -> list[list[Token]]:
    """esquina de 3rd y Elm, la esquina de Main con 2nd, la esquina de tercera y cedar."""
    street_word = _in(STREET_WORDS_ES)
    names: Alternatives = [*known_any, [_in(ORDINAL_WORDS_ES)]]
    side: Alternatives = [
        *[[*name, _opt(street_word)] for name in names],
        *[[street_word, *n] for n in names],
    ]
    corner: Alternatives = [[_in(("esquina", "cruce", "interseccion")), _in(("de", "del"))]]
    joiner: Alternatives = [[_in(("y", "e", "con", "and", "&", "/"))]]
    before_side: Alternatives = [[], [_in(("la", "calle"))]]
    # "la Zumbro y Dodge", "la 3rd y linden": two streets joined by "y", no "esquina" (optional tokens, few patterns)
    first: Alternatives = [[_in(("la", "calle")), *name, _opt(street_word)] for name in names]
    second: Alternatives = [[_opt(_in(("la", *STREET_WORDS_ES))), *name, _opt(street_word)] for name in names]
    # "Main y 5th", "4th y Cherry", "Elm y Oak": a street and a numbered street, or two distinctive streets, joined
    # by "y" alone (the token "y", never "my" or "may")
    numbered: Alternatives = [[{"LOWER": {"REGEX": r"^\d{1,3}(?:st|nd|rd|th)$"}}, _opt(street_word)]]
    any_side: Alternatives = [[*name, _opt(street_word)] for name in known_any]
    strict_side: Alternatives = [[*name, _opt(street_word)] for name in known_distinctive]
    y: Alternatives = [[{"LOWER": "y"}]]
    return [
        *_sequences(corner, before_side, side, joiner, before_side, side),
        *_sequences(first, [[_in(("y", "e", "con"))]], second),
        *_sequences(any_side, y, numbered),
        *_sequences(numbered, y, any_side),
        *_sequences(strict_side, y, strict_side),
    ]


def _named_bases(named: Alternatives) -> Alternatives:
    """ "st. agnes church" -> "st. agnes": a named church or school said after "iglesia" or "escuela"."""
    kinds = {"church", "school", "park", "cafe", "trail"}
    return [name[:-1] for name in named if len(name) > 1 and str(name[-1].get("LOWER")) in kinds]


def _landmark_sequences(
    known_any: Alternatives, named: Alternatives, english_nouns: Iterable[str]
) -> list[list[Token]]:
    """enfrente de la iglesia, atras del Casey's, iglesia St. Agnes, estacionamiento del Dollar General."""
    relations: Alternatives = [list(_words(" ".join(words))) for words in RELATIONS_ES]
    spanish: Alternatives = [_words(noun) for noun in LANDMARK_NOUNS_ES]
    english = sorted(set(english_nouns) - set(LANDMARK_NOUNS_ES))
    nouns: Alternatives = [*spanish, [_in(n for n in english if " " not in n)]]
    nouns += [_words(n) for n in english if " " in n]
    adjective: Alternatives = [[_opt(_in(LANDMARK_ADJECTIVES_ES))]]
    article: Alternatives = [[_in(ARTICLES_ES)]]
    # iglesia St. Agnes, la escuela Sacred Heart
    kind: Alternatives = [[_in(("iglesia", "escuela", "parque", "cafe", "restaurante"))]]
    named_all: Alternatives = [*named, *_sequences(kind, _named_bases(named))]
    sequences: list[list[Token]] = []
    sequences += _sequences(relations, article, [*nouns, [_in(RELATION_ONLY_NOUNS_ES)]], adjective)
    sequences += _sequences([[_in(("el", "la", "los", "las"))]], nouns, adjective)  # not "del rancho"
    sequences += _sequences(relations, [[], *article], named_all)
    sequences += _sequences(kind, _named_bases(named))
    # el estacionamiento del Dollar General, el patio de la Sacred Heart School, la banqueta de la Prospect
    of_the: Alternatives = [
        [{"LOWER": "del"}],
        [{"LOWER": "de"}, _in(("la", "el", "los", "las"))],
        _words("de"),
    ]
    area: Alternatives = [[_in(AREA_NOUNS_ES)]]
    sequences += _sequences(area, of_the, named_all)
    street_area: Alternatives = [[_in(STREET_AREA_NOUNS_ES)]]
    sequences += _sequences(
        street_area, of_the, [*known_any, *[[_in(STREET_WORDS_ES), *n] for n in known_any]]
    )
    return sequences


# Heads that are a place only with a complement: "el sendero del rio", "el pasto de la escuela".
COMPLEMENT_HEADS_ES: tuple[str, ...] = ("estanque", "sendero", "pasto", "potrero", "corral", "campo", "lote")

# Kinds of place named right after: "los apartamentos Riverside", "el rancho Miller".
NAMED_KINDS_ES: tuple[str, ...] = ("apartamentos", "departamentos", "rancho", "granja", "trailas", "residencial")  # fmt: skip


def _complements() -> Alternatives:
    """What a Spanish landmark is "de": a town, the county, the river, a Capitalised name, another landmark."""
    towns = sorted(gazetteer.load_places())
    single = sorted({n for n in LANDMARK_NOUNS_ES if " " not in n} - {"bar", "super", "vias"})
    return [
        [_in((*towns, "condado", "rio", "pueblo"))],
        [
            {"IS_TITLE": True, "LOWER": {"NOT_IN": sorted(NOT_STREET_NAMES_ES)}, "OP": "+"},
            _opt({"LOWER": "'s"}),
        ],
        [{"TEXT": {"REGEX": r"^St\.?$"}}, {"IS_TITLE": True}, _opt({"LOWER": "'s"})],
        [_in(single)],
        [{"TEXT": "4"}, {"TEXT": "-"}, {"LOWER": "h"}],
    ]


_NOT_FAMILY = sorted(NOT_STREET_NAMES_ES | {"vecinos", "vecinas", "dueños", "duenos", "perros", "gringos"})


def _complement_sequences() -> list[list[Token]]:
    """el panteon de Freeport, el estanque del parque del condado, la iglesia de St Mary's, apartamentos
    Riverside: a landmark head-first with its "de" complement (not "de la calle X", a time, or the animal)."""
    of_the: Alternatives = [[_in(("de", "del")), _opt(_in(("la", "el", "los", "las")))]]
    heads_single = sorted(
        {n for n in (*LANDMARK_NOUNS_ES, *AREA_NOUNS_ES, *COMPLEMENT_HEADS_ES) if " " not in n}
    )
    heads: Alternatives = [[_in(heads_single)], *[_words(n) for n in LANDMARK_NOUNS_ES if " " in n]]
    complement = _complements()
    second: Alternatives = [[], *_sequences(of_the, complement)]
    article: Alternatives = [[_in(("el", "la", "los", "las"))]]
    named: Alternatives = [[{"IS_TITLE": True, "LOWER": {"NOT_IN": sorted(NOT_STREET_NAMES_ES)}, "OP": "+"}]]
    # "del rancho de los Weber", "la granja de los Schmidt": a farm named by the family, with or without article
    family: Alternatives = [
        [{"LOWER": "de"}, _in(("los", "las")), {"IS_TITLE": True, "LOWER": {"NOT_IN": _NOT_FAMILY}}]
    ]
    return [
        *_sequences(article, heads, of_the, complement, second),
        *_sequences(article, [[_in(NAMED_KINDS_ES)]], named),
        *_sequences([[_in(("rancho", "ranchito", "granja"))]], family),
    ]


def location_sequences(
    known_any: Alternatives,
    known_distinctive: Alternatives,
    named: Alternatives,
    number: Token,
    english_nouns: Iterable[str] = (),
) -> list[list[Token]]:
    """Spanish ruler sequences for `location`, given the English builder's street and landmark alternatives."""
    return [
        *_street_sequences(known_any, known_distinctive, number),
        *_corner_sequences(known_any, known_distinctive),
        *_landmark_sequences(known_any, named, english_nouns),
        *_complement_sequences(),
    ]


# "apartamento 12 de la Riverview", "el lote 14 del parque de trailas de la Industrial", "depa 5 del edificio de
# la Broadway": a numbered home inside a place is part of it (not "400 Main apartamento 5", written after it)
HOME_UNITS_ES = r"(?:apartamento|apto|depa|departamento|lote|traila|trailer|unidad)"

_UNIT_BEFORE = re.compile(
    rf"\b{HOME_UNITS_ES}\s+\d{{1,4}}[a-zA-Z]?\s+(?:del?|de\s+(?:la|los|las|el))\s+"
    r"(?:(?:[a-z]+\s+){1,3}?(?:del?|de\s+(?:la|los|las|el))\s+)?$",
    re.IGNORECASE,
)

# "apartamento [12 de la Riverview]": the ruler read the home's number as a house number
_UNIT_WORD_BEFORE = re.compile(rf"\b{HOME_UNITS_ES}\s+$", re.IGNORECASE)

_NUMBER_OF = re.compile(r"^\d{1,4}[a-zA-Z]?\s+(?:del?|de\s+(?:la|los|las|el))\s", re.IGNORECASE)


def unit_start(text: str, place: dict[str, Any]) -> int:
    """Where a place starts with the numbered home before it ("apartamento 12 de la [Riverview]")."""
    before = text[max(0, place["start"] - 60) : place["start"]]
    unit = _UNIT_BEFORE.search(before)
    if not unit and _NUMBER_OF.match(place["value"]):
        unit = _UNIT_WORD_BEFORE.search(before)
    return place["start"] - len(unit.group(0)) if unit else place["start"]
