"""Places said in Spanish (issue 12): ruler patterns, and the words that give a place its role.

"en la calle Main" -> "calle Main"; "la esquina de 3rd y Elm"; "enfrente de la iglesia"; "por el Dollar
General"; "en el 412 de la Oak" -> "412 de la Oak"; spoken "seis doce calle cuatro norte". `bot.nlp.pipeline`
adds `location_sequences(...)` to its ruler; `bot.nlp.places` reads `OWNER_BEFORE` ("la gente del 220 de la
Walnut") and `DIRECTION_BEFORE` ("se fue hacia el parque") beside its English ones. The street names are the
packs' own (bot/jurisdictions/packs/places/), so a new city's streets work in Spanish too.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

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
)  # fmt: skip
LANDMARK_ADJECTIVES_ES: tuple[str, ...] = (
    "catolica", "luterana", "metodista", "bautista", "primaria", "secundaria", "publica", "vieja", "viejo",
    "nueva", "nuevo", "grande", "chica", "chico",
)  # fmt: skip
# Relation words before a landmark: "enfrente de", "cerca del", "por", "atras de".
RELATIONS_ES: tuple[tuple[str, ...], ...] = (
    ("enfrente", "de"), ("enfrente",), ("en", "frente", "de"), ("frente", "a"), ("frente", "al"),
    ("detras", "de"), ("detras",), ("atras", "de"), ("cerca", "de"), ("cerca",), ("al", "lado", "de"),
    ("al", "lado"), ("junto", "a"), ("junto",), ("afuera", "de"), ("por",), ("x",), ("pasando",),
    ("a", "un", "lado", "de"), ("despues", "de"), ("antes", "de"), ("a", "espaldas", "de"), ("rumbo", "a"),
)  # fmt: skip
ARTICLES_ES = ("el", "la", "los", "las", "del", "al")
# Spanish words that cannot be the name part of "<name> street" ("en county road", "x Walnut St", "la calle").
NOT_STREET_NAMES_ES = frozenset(
    "en el la los las del al de x por para y e con un una mi mis su sus calle esquina hacia cerca q que".split()
)
STREET_WORDS_ES = ("calle", "avenida", "av", "ave", "camino", "carretera", "callejon", "boulevard", "bulevar")
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
    r"(?:\b(?:la\s+)?(?:gente|familia|senora?|senor|vecinos?|vecinas?|duenos?|duenas?|muchachos?)\s+(?:del|de\s+la|de\s+el|de|que\s+vive\s+en)"
    r"|\b(?:el|la)\s+(?:dueno|duena)\s+(?:vive|esta)\s+en|\bvive[n]?\s+en|\bes\s+de(?:l|\s+la|\s+los)?|\bviene[n]?\s+de(?:l|\s+la)?"
    r"|\bsalio\s+de(?:l|\s+la)?(?:\s+casa\s+de(?:l|\s+la)?)?)\s*$",
    re.IGNORECASE,
)
# A place right after these words is where the animal went (direction).
DIRECTION_BEFORE = re.compile(
    r"(?:\bhacia|\brumbo\s+a(?:l)?|\b(?:se\s+)?(?:fue|fueron|va|van|iba|corrio|corrieron|salio)"
    r"(?:\s+corriendo)?(?:\s+(?:hacia|para|pa|x|por|rumbo\s+a|a))?(?:\s+(?:el|la|los|las))?"
    r"|\b(?:se\s+)?(?:metio|metieron)\s+(?:a|al|en)(?:\s+(?:el|la))?)\s*$",
    re.IGNORECASE,
)
# Words joining a place to the road it is on ("por el Dollar General en la Belvidere").
JOINERS_ES = r"(?:en|en\s+la|sobre|sobre\s+la|por|por\s+la|pasando|cerca\s+de|cerca\s+de\s+la)"


def _in(words: Iterable[str]) -> Token:
    return {"LOWER": {"IN": sorted(set(words))}}


def _opt(token: Token) -> Token:
    return {**token, "OP": "?"}


def _words(phrase: str) -> list[Token]:
    return [{"LOWER": word} for word in phrase.split()]


def _sequences(*slots: Alternatives) -> list[list[Token]]:
    return [list(itertools.chain.from_iterable(choice)) for choice in itertools.product(*slots)]


def location_sequences(
    known_any: Alternatives, known_distinctive: Alternatives, named: Alternatives, number: Token
) -> list[list[Token]]:
    """Spanish ruler sequences for `location`, given the English builder's street and landmark alternatives."""
    street_word = _in(STREET_WORDS_ES)
    direction_es: Alternatives = [[], [_in(DIRECTIONS_ES)]]
    spoken = {"LOWER": {"IN": NUMBER_WORDS_ES}, "OP": "+"}
    spoken_street: Alternatives = [[spoken], [_in(ORDINAL_WORDS_ES)]]
    street_name: Alternatives = [*known_any, *spoken_street]
    sequences: list[list[Token]] = []
    # calle Main, avenida Belvidere, calle cuatro norte, calle 3rd
    sequences += _sequences([[street_word]], street_name, direction_es)
    # la cuarta calle, tercera avenida
    sequences += _sequences([[_in(ORDINAL_WORDS_ES)]], [[street_word]], direction_es)
    # 412 de la Oak, el 200 de la Pine, 412 calle Oak, seis doce calle cuatro norte
    of_the: Alternatives = [[{"LOWER": "de"}, _in(("la", "el"))], [{"LOWER": "de"}], [{"LOWER": "del"}]]
    with_type: Alternatives = [
        [*name, _opt({"LOWER": {"IN": ["st", "street", "ave", "avenue", "calle"]}})] for name in known_any
    ]
    sequences += _sequences(
        [[], [_in(("el", "la"))]], [[number]], of_the, [*with_type, *[[street_word, *n] for n in street_name]]
    )
    sequences += _sequences([[number], [spoken]], [[street_word]], street_name, direction_es)
    # la Walnut (a distinctive street after an article)
    sequences += _sequences([[{"LOWER": "la"}]], known_distinctive)
    # esquina de 3rd y Elm, la esquina de Main con 2nd, el cruce de Oak y Pine
    side: Alternatives = [
        *[[*name, _opt(street_word)] for name in known_any],
        *[[street_word, *n] for n in known_any],
    ]
    corner: Alternatives = [[_in(("esquina", "cruce", "interseccion")), _in(("de", "del"))]]
    joiner: Alternatives = [[_in(("y", "e", "con", "and", "&", "/"))]]
    sequences += _sequences(
        corner, [[], [_in(("la", "calle"))]], side, joiner, [[], [_in(("la", "calle"))]], side
    )
    # landmarks: enfrente de la iglesia, por el Dollar General, cerca del parque, el parque
    relations: Alternatives = [list(_words(" ".join(words))) for words in RELATIONS_ES]
    nouns: Alternatives = [_words(noun) for noun in LANDMARK_NOUNS_ES]
    adjective: Alternatives = [[_opt(_in(LANDMARK_ADJECTIVES_ES))]]
    article: Alternatives = [[_in(ARTICLES_ES)]]
    sequences += _sequences(relations, article, nouns, adjective)
    sequences += _sequences(article, nouns, adjective)
    sequences += _sequences(relations, [[], *article], named)
    return sequences
