"""A resident correcting a fact ("actually it's a raccoon", "the address is 500 Elm St", "cambia el nombre a
Ana"), and asking about an earlier report instead of making one."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.nlp.facts.text import fold


@dataclass(frozen=True)
class Correction:
    slot: str
    value: str


# "<field words> is/to/: <value>" -> slot; first match wins, so longer keys come first.
_CORRECTION_KEYS: tuple[tuple[str, str], ...] = (
    (r"(my )?name", "complainant_name"),
    (r"(the )?(address|location|place|street|where)", "location"),
    (r"(the )?(animal|species|kind of animal)", "animal"),
    (r"(the )?(description|colou?r|looks?)", "animal_description"),
    (r"(how often|frequency)", "barking_frequency"),
    (r"(time of day|what time)", "barking_time_of_day"),
    (r"(since when|since|started|how long)", "barking_since"),
    (r"(direction|which way|went)", "direction"),
    (r"(still there)", "still_there"),
    (r"(aggressive|aggression)", "aggressive"),
    (r"(who was bitten|victim)", "victim"),
    (r"(injury|injured|skin|medical)", "injury"),
    (r"(when|date|time)", "bite_when"),
    (r"(owner)", "owner_known"),
    (r"(vaccinated|vaccination|rabies)", "vaccinated"),
)
_CORRECTION_LEAD = r"^\W*(please\s+)?((change|fix|correct|update|make)\s+)?(the\s+)?"
_CORRECTION_KEYS_ES: tuple[tuple[str, str], ...] = (
    (r"(mi |el )?nombre", "complainant_name"),
    (r"(la )?(direccion|ubicacion|lugar|calle)", "location"),
    (r"(el )?(animal|tipo de animal)", "animal"),
    (r"(la )?(descripcion|color)", "animal_description"),
    (r"(el )?(dueno|duena)", "owner_known"),
    (r"(la )?(hora|fecha)", "bite_when"),
)
_CORRECTION_LEAD_ES = (
    r"^\W*(por favor\s+)?((cambia|cambiar|cambie|corrige|corregir|pon|ponga)\s+)?(el\s+|la\s+)?"
)
# "sorry, wrong address, it's 414 oak st", "perdon, me equivoque de direccion, es ..."
_PLACE_CORRECTION_RE = re.compile(
    r"\b(?:wrong (?:address|place|street|location)|i meant|i mean|sorry,? (?:it'?s|it is|it was)|"
    r"me equivoque de (?:direccion|lugar|calle)|quise decir)\b",
    re.I,
)
_CORRECTS_RE = re.compile(
    r"\b(actually|i mean|i meant|correction|sorry,? (it'?s|it was)|not a \w+,? (it'?s|a))\b", re.I
)
_CORRECTS_ES = re.compile(
    r"\b(en realidad|perdon,? (es|era)|quise decir|me equivoque|no era (un|una) \w+|mas bien|corrijo|corrijo:)\b",
    re.I,
)
_STATUS_RE = re.compile(
    r"\b(status|update|updates|reference|heard back|any news|follow(ing)? up|progress|what happened (to|with)|"
    r"did (you|anyone|someone) (get|see|do)|check on|(kel|fre)-\d)\b",
    re.I,
)
_STATUS_ES = re.compile(
    r"\b(estatus|como va (mi|la|el)|que paso con|seguimiento|novedades|noticias de|ya hicieron algo|"
    r"mi (queja|reporte|denuncia|caso) (de|del|que)|numero de referencia|referencia)\b",
    re.I,
)


def parse_correction(text: str, allowed: set[str]) -> Correction | None:
    """A field correction such as 'the address is 500 Elm St' or 'change name to Bob' or 'since: 9pm'."""
    text = (text or "").strip()
    for key, slot in _CORRECTION_KEYS:
        if slot not in allowed:
            continue
        match = re.match(
            _CORRECTION_LEAD + key + r"\s*(is|was|should be|to|=|:|-)\s*(?P<value>.+)$", text, re.I
        )
        if match and match.group("value").strip():
            return Correction(slot, match.group("value").strip().rstrip("."))
    return _spanish_correction(text, allowed)


def _spanish_correction(text: str, allowed: set[str]) -> Correction | None:
    """'la direccion es 500 Elm St', 'cambia el nombre a Ana'."""
    folded = fold(text)
    for key, slot in _CORRECTION_KEYS_ES:
        if slot not in allowed:
            continue
        pattern = _CORRECTION_LEAD_ES + key + r"\s*(es|era|a|por|debe ser|=|:|-)\s+(?P<value>.+)$"
        match = re.match(pattern, folded, re.I)
        if match and match.group("value").strip():
            value = text[match.start("value") :] if len(folded) == len(text) else match.group("value")
            return Correction(slot, value.strip().rstrip("."))
    return None


def corrects_place(text: str) -> bool:
    """Whether the message says the place given before was wrong ("sorry, wrong address, it's ...")."""
    return bool(_PLACE_CORRECTION_RE.search(text or "") or _PLACE_CORRECTION_RE.search(fold(text)))


def corrects(text: str) -> bool:
    """Whether the resident is correcting something said before ("actually it's a raccoon")."""
    return bool(_CORRECTS_RE.search(text or "") or _CORRECTS_ES.search(fold(text)))


def asks_status(text: str) -> bool:
    """Whether the message asks about an earlier report ("I want to make a complaint" does not)."""
    return bool(_STATUS_RE.search(text or "") or _STATUS_ES.search(fold(text)))
