"""Street-address normalisation, so one household is one key however a resident spells it.

"412 Oak Street", "412 oak st." and "412 OAK ST APT 2" all give "412 OAK ST": house number,
directionals and street suffix abbreviated as USPS Publication 28 does, upper case, and the unit
dropped (a complaint is about the household at the street address). Anything that is not a street
address with a house number ("behind the church", "corner of 3rd and Elm") gives None.
"""

from __future__ import annotations

import re

import usaddress

from bot.nlp.places.normalise_es import english_form

# USPS Publication 28, appendix C1 (the suffixes small Minnesota cities use, and the common rest).
_SUFFIX_VARIANTS: dict[str, tuple[str, ...]] = {
    "ALY": ("ALLEY", "ALLEE", "ALLY"),
    "AVE": ("AVENUE", "AV", "AVEN", "AVENU", "AVN", "AVNUE"),
    "BLVD": ("BOULEVARD", "BOUL", "BOULV"),
    "BND": ("BEND",),
    "BR": ("BRANCH", "BRNCH"),
    "BRG": ("BRIDGE", "BRDGE"),
    "BYP": ("BYPASS", "BYPA", "BYPAS", "BYPS"),
    "CIR": ("CIRCLE", "CIRC", "CIRCL", "CRCL", "CRCLE"),
    "CT": ("COURT", "CRT"),
    "CTR": ("CENTER", "CEN", "CENT", "CENTR", "CENTRE", "CNTER", "CNTR"),
    "CV": ("COVE",),
    "CRK": ("CREEK",),
    "XING": ("CROSSING", "CRSSNG"),
    "DR": ("DRIVE", "DRIV", "DRV"),
    "EST": ("ESTATE",),
    "ESTS": ("ESTATES",),
    "EXPY": ("EXPRESSWAY", "EXP", "EXPR", "EXPRESS", "EXPW"),
    "EXT": ("EXTENSION", "EXTN", "EXTNSN"),
    "FLD": ("FIELD",),
    "FLDS": ("FIELDS",),
    "FRY": ("FERRY", "FRRY"),
    "FWY": ("FREEWAY", "FREEWY", "FRWAY", "FRWY"),
    "GDN": ("GARDEN", "GARDN", "GRDEN", "GRDN"),
    "GLN": ("GLEN",),
    "GRN": ("GREEN",),
    "GRV": ("GROVE", "GROV"),
    "HBR": ("HARBOR", "HARB", "HARBR", "HRBOR"),
    "HL": ("HILL",),
    "HLS": ("HILLS",),
    "HOLW": ("HOLLOW", "HLLW", "HOLLOWS", "HOLWS"),
    "HTS": ("HEIGHTS", "HT"),
    "HWY": ("HIGHWAY", "HIGHWY", "HIWAY", "HIWY", "HWAY"),
    "IS": ("ISLAND", "ISLND"),
    "JCT": ("JUNCTION", "JCTION", "JCTN", "JUNCTN", "JUNCTON"),
    "KNL": ("KNOLL", "KNOL"),
    "LK": ("LAKE",),
    "LKS": ("LAKES",),
    "LN": ("LANE",),
    "LNDG": ("LANDING", "LNDNG"),
    "LOOP": ("LOOPS",),
    "MDW": ("MEADOW",),
    "MDWS": ("MEADOWS", "MEDOWS"),
    "ML": ("MILL",),
    "MNR": ("MANOR",),
    "MT": ("MOUNT", "MNT"),
    "MTN": ("MOUNTAIN", "MNTAIN", "MNTN", "MOUNTIN", "MTIN"),
    "ORCH": ("ORCHARD", "ORCHRD"),
    "OVAL": ("OVL",),
    "PARK": ("PRK", "PARKS"),
    "PKWY": ("PARKWAY", "PARKWY", "PKWAY", "PKY", "PARKWAYS", "PKWYS"),
    "PASS": (),
    "PATH": ("PATHS",),
    "PIKE": ("PIKES",),
    "PL": ("PLACE",),
    "PLZ": ("PLAZA", "PLZA"),
    "PT": ("POINT",),
    "RD": ("ROAD",),
    "RDG": ("RIDGE", "RDGE"),
    "RIV": ("RIVER", "RVR", "RIVR"),
    "ROW": (),
    "RTE": ("ROUTE",),
    "RUN": (),
    "SQ": ("SQUARE", "SQR", "SQRE", "SQU"),
    "ST": ("STREET", "STRT", "STR"),
    "TER": ("TERRACE", "TERR"),
    "TRL": ("TRAIL", "TRAILS", "TRLS"),
    "TRCE": ("TRACE", "TRACES"),
    "TPKE": ("TURNPIKE", "TRNPK", "TURNPK"),
    "VLY": ("VALLEY", "VALLY", "VLLY"),
    "VW": ("VIEW",),
    "VIS": ("VISTA", "VIST", "VST", "VSTA"),
    "WALK": ("WALKS",),
    "WAY": ("WY",),
}

_SUFFIXES: dict[str, str] = {
    variant: abbreviation
    for abbreviation, variants in _SUFFIX_VARIANTS.items()
    for variant in (abbreviation, *variants)
}

_DIRECTIONALS: dict[str, str] = {
    "NORTH": "N",
    "SOUTH": "S",
    "EAST": "E",
    "WEST": "W",
    "NORTHEAST": "NE",
    "NORTHWEST": "NW",
    "SOUTHEAST": "SE",
    "SOUTHWEST": "SW",
    "N": "N",
    "S": "S",
    "E": "E",
    "W": "W",
    "NE": "NE",
    "NW": "NW",
    "SE": "SE",
    "SW": "SW",
}

_NOT_WORD = re.compile(r"[^A-Z0-9 ]+")

_SPACES = re.compile(r"\s+")

_HOUSE_NUMBER = re.compile(r"^\d+[A-Z]?$")


def _clean(part: str) -> str:
    """Upper case, punctuation out ("st." -> "ST", "N." -> "N"), single spaces."""
    return _SPACES.sub(" ", _NOT_WORD.sub(" ", part.upper())).strip()


def _directional(part: str) -> str:
    cleaned = _clean(part).replace(" ", "")
    return _DIRECTIONALS.get(cleaned, cleaned)


def _suffix(part: str) -> str:
    cleaned = _clean(part)
    return _SUFFIXES.get(cleaned, cleaned)


def normalise_address(text: str) -> str | None:
    """The household key of a street address ("412 OAK ST"), or None when it is not one."""
    if not text or not text.strip():
        return None
    text = english_form(text)  # "412 de la Oak" -> "412 Oak"
    try:
        tagged, kind = usaddress.tag(text)
    except usaddress.RepeatedLabelError:
        return None
    if kind != "Street Address":
        return None
    number = _clean(tagged.get("AddressNumber", "")).replace(" ", "")
    name = _clean(tagged.get("StreetName", ""))
    # a house number is what makes it a household ("Oak St" alone is a street, not a place)
    if not name or not _HOUSE_NUMBER.match(number):
        return None
    parts = [
        number,
        _directional(tagged.get("StreetNamePreDirectional", "")),
        # "Hwy 61", "County Road 18": the type comes before the name
        _suffix(tagged.get("StreetNamePreType", "")),
        name,
        _suffix(tagged.get("StreetNamePostType", "")),
        _directional(tagged.get("StreetNamePostDirectional", "")),
    ]
    return " ".join(part for part in parts if part)


# --- spoken places: "six twelve north fourth street" -> "612 N 4th St" ---------------------------------------
_NUMBER_WORD = (
    r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)"
)

_SPOKEN_OH = re.compile(rf"\b(?P<before>{_NUMBER_WORD}) (?:oh|o)\b(?= {_NUMBER_WORD}\b)", re.I)

_DIGIT_RUN = re.compile(r"\b\d+(?: \d+)+\b")

_BLOCK_OF = re.compile(r"^(?:the )?(?P<n>\d+) block of (?P<street>.+)$", re.I)

_ORDINAL = re.compile(r"^(\d+)(ST|ND|RD|TH)$")


def _title(word: str) -> str:
    ordinal = _ORDINAL.match(word)
    if ordinal:
        return ordinal.group(1) + ordinal.group(2).lower()
    if word in _DIRECTIONALS.values():
        return word
    return word[:1] + word[1:].lower()


def spoken_place(text: str) -> str:
    """A place as a clerk would write it, from how it was said or typed.

    Number words become digits (text2num), a house number said in parts is joined ("six twelve" -> 612,
    "one oh three" -> 103), and a street address is put in USPS form by usaddress-scourgify, in title case
    ("612 N 4th St"). A landmark or a corner keeps the resident's words, digits aside; a place with no number
    words is returned as it was typed."""
    from scourgify import normalize_address_record
    from scourgify.exceptions import AddressNormalizationError
    from text_to_num import alpha2digit

    text = english_form((text or "").strip())  # "seis doce calle cuatro norte" -> "612 N 4th St"
    if not re.search(rf"\b{_NUMBER_WORD}\b", text, re.I):
        return text  # typed as the resident wrote it
    spoken = _SPOKEN_OH.sub(lambda m: f"{m['before']} zero", text)
    written = alpha2digit(spoken, "en", threshold=0)
    written = _DIGIT_RUN.sub(lambda m: m.group(0).replace(" ", ""), written)
    block = _BLOCK_OF.match(written)
    if block:
        return f"{block['n']} block of {' '.join(_title(w.upper()) for w in block['street'].split())}"
    if normalise_address(written) is None:
        return written
    try:
        line = normalize_address_record(written)["address_line_1"]
    except (AddressNormalizationError, KeyError, TypeError, ValueError):
        return written
    return " ".join(_title(word) for word in str(line).split()) if line else written
