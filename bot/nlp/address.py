"""Street-address normalisation, so one household is one key however a resident spells it.

"412 Oak Street", "412 oak st." and "412 OAK ST APT 2" all give "412 OAK ST": house number,
directionals and street suffix abbreviated as USPS Publication 28 does, upper case, and the unit
dropped (a complaint is about the household at the street address). Anything that is not a street
address with a house number ("behind the church", "corner of 3rd and Elm") gives None.
"""

from __future__ import annotations

import re

import usaddress

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
