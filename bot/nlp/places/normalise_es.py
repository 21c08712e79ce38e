"""Places said in Spanish, put in the English street form the clerk and the USPS normaliser read.

"seis doce calle cuatro norte" -> "612 N 4th St"; "412 de la Oak" -> "412 Oak"; "calle Main" -> "Main St";
"la cuarta avenida" -> "4th Ave". `bot.nlp.places.normalise` calls `english_form` first; text with no Spanish street
words is returned unchanged, so English places are untouched.
"""

from __future__ import annotations

import re
import unicodedata

from text_to_num import alpha2digit

_DIRECTIONS = {"norte": "N", "sur": "S", "este": "E", "oeste": "W", "poniente": "W", "oriente": "E"}

_ORDINALS = {
    "primera": 1, "primero": 1, "segunda": 2, "segundo": 2, "tercera": 3, "tercero": 3, "cuarta": 4,
    "cuarto": 4, "quinta": 5, "quinto": 5, "sexta": 6, "sexto": 6, "septima": 7, "septimo": 7, "octava": 8,
    "octavo": 8, "novena": 9, "noveno": 9, "decima": 10, "decimo": 10,
}  # fmt: skip

_ORDINAL_WORDS = {number: word for word, number in _ORDINALS.items() if word.endswith("a")}

_TYPES = {"calle": "St", "avenida": "Ave", "av": "Ave", "camino": "Rd", "carretera": "Hwy", "callejon": "Aly"}

_SPANISH_MARK = re.compile(
    r"\b(calle|avenida|camino|carretera|callejon|de la|del|norte|sur|oeste|poniente|oriente|"
    + "|".join(_ORDINALS)
    + r")\b",
    re.I,
)

_NUMBER_WORDS_ES = re.compile(
    r"\b(cero|uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|"
    r"veinte|veinti\w+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento|\w+cientos)\b",
    re.I,
)

_DIGIT_RUN = re.compile(r"\b\d+(?: \d+)+\b")

_DIR = r"(?P<dir>norte|sur|este|oeste|poniente|oriente)"

_TYPE = r"(?P<type>calle|avenida|av|camino|carretera|callejon)"

_NAME = r"(?P<name>\d{1,3}|" + "|".join(_ORDINALS) + r"|[a-z][a-z'\-]+(?: [a-z][a-z'\-]+)?)"

# [612] [la] calle 4 [norte]; [612] [la] cuarta calle [norte]; 412 de la Oak [St]
_TYPE_FIRST = re.compile(
    rf"^(?:(?P<number>\d+[a-z]?)\s+)?(?:(?:la|el)\s+)?{_TYPE}\s+{_NAME}(?:\s+{_DIR})?$", re.I
)

_ORDINAL_FIRST = re.compile(
    rf"^(?:(?P<number>\d+)\s+)?(?:(?:la|el)\s+)?(?P<name>{'|'.join(_ORDINALS)})\s+{_TYPE}(?:\s+{_DIR})?$",
    re.I,
)

# calle Oak 412, Cedar 88, la Walnut 515, calle 4 norte 612: the house number after the street
_NUMBER_AFTER = re.compile(
    rf"^(?:(?:la|el)\s+)?(?:{_TYPE}\s+)?{_NAME}(?:\s+{_DIR})?\s+(?P<number>\d{{1,6}})$", re.I
)

_NOT_A_STREET_NAME = frozenset(
    "apt apartment unit lot suite ste box no route rte rr hwy highway road rd carretera county co cr csah township "
    "twp state us interstate rural ruta room trailer trlr door gate exit mile milla".split()
)

# carretera 61, la carretera del condado 5, camino del condado 12: numbered roads keep their number
_ROAD = re.compile(
    r"^(?:(?:la|el)\s+)?(?P<road>carretera\s+del\s+condado|camino\s+del\s+condado|carretera|ruta)\s+"
    r"(?P<number>\d{1,3})$",
    re.I,
)

_ROAD_NAMES = {
    "carretera del condado": "County Road",
    "camino del condado": "County Road",
    "carretera": "Hwy",
}

# la cuadra 1200 de la calle high -> 1200 block of High St; segunda sur -> S 2nd St; county road 8
_BLOCK_OF = re.compile(
    r"^(?:(?:la|el)\s+)?(?:cuadra|bloque)\s+(?P<number>\d+)\s+(?:de\s+la|de\s+el|del|de)\s+(?P<rest>.+)$",
    re.I,
)

_ORDINAL_ALONE = re.compile(rf"^(?:(?:la|el)\s+)?(?P<name>{'|'.join(_ORDINALS)})(?:\s+{_DIR})?$", re.I)

_ENGLISH_ROAD = re.compile(
    r"^(?:county|co|state|us|township|twp)?\s*(?:road|rd|highway|hwy|route)\s+\d{1,3}$", re.I
)

_NUMBER_OF_THE = re.compile(
    r"^(?:(?:el|la)\s+)?(?P<number>\d+[a-z]?)\s+(?:de\s+la|de\s+el|del|de)\s+(?P<rest>.+)$", re.I
)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _ordinal(number: int) -> str:
    suffix = "th" if number % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _street_name(name: str) -> str:
    lowered = name.lower()
    if lowered in _ORDINALS:
        return _ordinal(_ORDINALS[lowered])
    if lowered.isdigit():
        return _ordinal(int(lowered))
    return " ".join(word[:1].upper() + word[1:] for word in name.split())


def _assemble(match: re.Match[str]) -> str:
    groups = match.groupdict()
    direction = _DIRECTIONS.get((groups.get("dir") or "").lower(), "")
    parts = [
        groups.get("number") or "",
        direction,
        _street_name(groups["name"]),
        _TYPES[groups["type"].lower()],
    ]
    return " ".join(part for part in parts if part)


def _number_after(written: str) -> str | None:
    """ "calle Oak 412" -> "412 Oak St"; "Cedar 88" -> "88 Cedar"; None when the number ends no street."""
    match = _NUMBER_AFTER.match(written)
    if not match or match.group("name").split()[0].lower() in _NOT_A_STREET_NAME:
        return None
    if match.group("type"):
        return _assemble(match)
    direction = _DIRECTIONS.get((match.group("dir") or "").lower(), "")
    return " ".join(
        part for part in (match.group("number"), direction, _street_name(match.group("name"))) if part
    )


def _numbered_road(written: str) -> str | None:
    """ "carretera 61" -> "Hwy 61"; "carretera del condado 5" -> "County Road 5"."""
    match = _ROAD.match(written)
    if not match:
        return None
    road = re.sub(r"\s+", " ", match.group("road").lower())
    return f"{_ROAD_NAMES.get(road, 'Route')} {match.group('number')}"


def _known_street(written: str) -> bool:
    """ "205 oak": a house number and a street of a pack (Spanish number words said before the street)."""
    from bot.nlp.places.gazetteer import all_street_names

    match = re.match(r"^\d+\s+(?P<name>[a-z][a-z' ]*)$", written, re.I)
    return bool(match) and match.group("name").strip().lower() in all_street_names()


def _special_forms(written: str) -> str | None:
    """ "cuadra 1200 de la calle high" -> "1200 block of High St"; "segunda sur" -> "S 2nd St";
    "county road 8" (said "county road ocho") stays in its English words, with digits."""
    block = _BLOCK_OF.match(written)
    if block:
        rest = english_form(block.group("rest"))
        return (
            f"{block.group('number')} block of {rest if rest != block.group('rest') else _street_name(rest)}"
        )
    ordinal = _ORDINAL_ALONE.match(written)
    if ordinal:
        direction = _DIRECTIONS.get((ordinal.group("dir") or "").lower(), "")
        return " ".join(p for p in (direction, _street_name(ordinal.group("name")), "St") if p)
    return written if _ENGLISH_ROAD.match(written) else None


def english_form(text: str) -> str:
    """The place in English street form when it is said in Spanish, else the text unchanged."""
    if not text:
        return text
    trailing = _number_after(re.sub(r"^(?:en|por)\s+", "", _fold(text).strip(" .,"), flags=re.I))
    if trailing and not _SPANISH_MARK.search(_fold(text)):
        return trailing  # "Cedar 88", "Belvidere 317": the Spanish order with no Spanish word
    if not (_SPANISH_MARK.search(_fold(text)) or _NUMBER_WORDS_ES.search(_fold(text))):
        return text
    written = alpha2digit(_fold(text).strip(" .,"), "es", threshold=0)
    written = _DIGIT_RUN.sub(lambda m: m.group(0).replace(" ", ""), written)
    written = re.sub(
        r"\b(\d{1,2})[ªº]", lambda m: _ORDINAL_WORDS.get(int(m.group(1)), m.group(1)), written
    )  # "4ª" -> cuarta
    written = re.sub(r"^(?:en|por)\s+", "", written, flags=re.I)
    road = _numbered_road(written)
    if road:
        return road
    for pattern in (_TYPE_FIRST, _ORDINAL_FIRST):
        match = pattern.match(written)
        if match:
            return _assemble(match)
    special = _special_forms(written)
    if special:
        return special
    match = _NUMBER_OF_THE.match(written)
    if match and not re.match(r"(?:la|el)?\s*(?:noche|manana|tarde)\b", match.group("rest"), re.I):
        rest = english_form(match.group("rest"))
        return f"{match.group('number')} {rest if rest != match.group('rest') else _street_name(rest)}"
    # Spanish number words before an English street ("cuatro doce oak street" -> "412 oak street")
    typed_street = re.match(
        r"^\d+\s+.*\b(street|st|avenue|ave|road|rd|drive|dr|lane|ln|court|ct|way|hwy)\.?$", written, re.I
    )
    if _NUMBER_WORDS_ES.search(_fold(text)) and (typed_street or _known_street(written)):
        return written
    return _number_after(written) or text
