"""Reading residents' short answers: yes/no/don't know, who was bitten, names, places, corrections.

Pure functions over text, shared by the assistant's form validation and any other channel.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

YES, NO, UNKNOWN = "yes", "no", "unknown"


def fold(text: str) -> str:
    """Accents off ("sí" -> "si", "gruñía" -> "grunia"): Spanish is read the way it is texted, without them."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# --- Spanish (issue 12): read on the accent-folded text beside the English patterns -----------------------
_UNKNOWN_ES = re.compile(
    r"\b(no (lo )?se|no sabemos|quien sabe|ni idea|no estoy segur[oa]|a lo mejor|tal vez|quizas?|desconozco|"
    r"no tengo idea|sepa)\b",
    re.I,
)
_YES_ES = re.compile(
    r"^\W*(si+|sip|claro|correcto|asi es|exacto|dale|orale|sale|simon|aja|esta bien|de acuerdo|por supuesto|"
    r"mandalo|envialo|afirmativo|ok si)\b",
    re.I,
)
_NO_ES = re.compile(r"^\W*(nel|nop|para nada|negativo|ya no|ya se fue|ya no esta|todavia no)\b", re.I)
_CANCEL_ES = re.compile(r"^\W*(cancela(r|lo)?|olvidalo|no (lo )?mandes|no (lo )?envies|ya no)\b", re.I)
_SKIP_NAME_ES = re.compile(
    r"^\W*(omitir|saltar|anonim[oa]|prefiero no|no quiero (dar|decir)|sin nombre|no gracias|mejor no)\b", re.I
)
_PERSON_ES = re.compile(
    r"\b(a mi(?! (perr|gat|mascota|caball|chiv|cabr|gallin|borreg|conej|animal))|me (mordio|mordieron|ataco|"
    r"atacaron|arano)|mi (hij[oa]|nin[oa]|espos[oa]|mama|papa|herman[oa]|niet[oa]|vecin[oa]|amig[oa]|bebe|"
    r"muchach[oa]|suegr[oa]|prim[oa]|tia|tio)|(un|una|al|a la|a un|a una) (nin[oa]|senor|senora|hombre|mujer|"
    r"muchach[oa]|joven|cartero|repartidor|persona|senorita)|persona|alguien|ninos?|ninas?|a nosotros|humano)\b",
    re.I,
)
_OWN_ANIMAL_ES = re.compile(
    r"\b((mi|mis|nuestr[oa]s?|otr[oa]s?) (perr|perrit|gat|gatit|mascota|caball|chiv|cabr|gallin|borreg|conej|"
    r"animal|pat)\w*|(al|a la) (perr|gat|mascota)\w* del vecino)\b",
    re.I,
)
_ANIMAL_VICTIM_ES = re.compile(r"\b(un animal|animal|una mascota|mascota|el perro|el gato)\b", re.I)
_INJURY_ES = re.compile(
    r"\b(rompio la piel|le rompio|me rompio|sangr\w*|puntos|fue al doctor|fuimos al doctor|al doctor|hospital|"
    r"emergencias|urgencias|clinica|ambulancia|herida|mordida profunda|le abrio|me abrio|la piel rota)\b",
    re.I,
)
_NO_INJURY_ES = re.compile(
    r"\b(no (le |me )?rompio (la piel)?|no sangr\w*|sin sangre|nomas (un|el) (moreton|susto))\b", re.I
)
_STATUS_ES = re.compile(
    r"\b(estatus|como va (mi|la|el)|que paso con|seguimiento|novedades|noticias de|ya hicieron algo|"
    r"mi (queja|reporte|denuncia|caso) (de|del|que)|numero de referencia|referencia)\b",
    re.I,
)
_CORRECTS_ES = re.compile(
    r"\b(en realidad|perdon,? (es|era)|quise decir|me equivoque|no era (un|una) \w+|mas bien|corrijo|corrijo:)\b",
    re.I,
)
_VAGUE_PLACE_ES = re.compile(
    r"^\W*(aqui|ahi|alli|alla|en (mi|la) casa|mi casa|mi calle|mi patio|al lado|enfrente|afuera|por aqui|"
    r"en el barrio|en la calle|cerca|no se|ni idea|en el pueblo)\W*$",
    re.I,
)
_FINDABLE_ES = re.compile(
    r"\b(calle|avenida|esquina|carretera|camino|cuadra|iglesia|escuela|parque|tienda|gasolinera|biblioteca|"
    r"correo|cementerio|panteon|rio|puente|estacionamiento|rancho|granja|elevador|\d+ de la)\b",
    re.I,
)
_LOCATION_PREFIX_ES = re.compile(
    r"^(?:\W*(esta en|estan en|es en|fue en|en la|en el|en|por la|por el|la direccion es|direccion:)\s+)+",
    re.I,
)
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

_UNKNOWN_RE = re.compile(
    r"\b(d(o|0)n'?t know|dont know|dunno|not sure|no idea|unsure|idk|can'?t tell|maybe|unknown|no clue)\b",
    re.I,
)
_YES_RE = re.compile(
    r"^\W*(y|ya|yes+|yea+h?|yep|yup|sure|correct|right|ok(ay)?|affirmative|it is|it was|still here|"
    r"definitely|absolutely|of course|uh huh|i think so|sure is|send it|send)\b",
    re.I,
)
_NO_RE = re.compile(
    r"^\W*(n|no+|nope|nah|not really|negative|it'?s gone|gone|it left|no it|not anymore)\b", re.I
)
_CANCEL_RE = re.compile(r"^\W*(cancel|never ?mind|forget it|don'?t send|do not send|stop)\b", re.I)
_SKIP_NAME_RE = re.compile(
    r"^\W*(skip|no+|nope|anonymous|anon|rather not|i'?d rather not|prefer not|no name|none|not telling|"
    r"no thanks|n/?a)\b",
    re.I,
)
# Linear on any input (issue 10): one run of \W that can split only after a greeting. The old
# `^\W*(hi|hey|hello)?\W*` split a run of punctuation two ways: 12,000 "!" took 63 s.
_NAME_PREFIX_RE = re.compile(
    r"^\W*(?:(hi|hey|hello|hola|buenas)\W*)?(my name is|my name's|name is|name's|name:|i am|i'm|im|this is|it'?s|call me|"
    r"me llamo|mi nombre es|yo soy|soy|le habla|habla|aqui|aquí|con)\s+",
    re.I,
)
_VAGUE_PLACE_RE = re.compile(
    r"^\W*(here|there|home|my (house|home|place|street|road|yard|neighborhood|block)|"
    r"next door|around( here)?|outside|the street|my neighbou?r'?s?( house)?|across the street|"
    r"down the street|nearby|in town|somewhere|everywhere|idk|i don'?t know|not sure)\W*$",
    re.I,
)
# who was bitten is a person; "my wifes hand", "my sons arm": a possessive texted without its apostrophe too
_PERSON_RE = re.compile(
    r"\b(me|i was|i got|myself|person|my (son|daughter|kid|child|husband|wife|mom|dad|mother|father|"
    r"friend|neighbou?r|boy|girl|grandson|granddaughter|brother|sister|partner)(?:'?s)?|a (man|woman|boy|girl|kid|child|"
    r"jogger|runner|mail ?carrier|delivery driver)|kid|child|human|someone|somebody|us)\b",
    re.I,
)
_OWN_ANIMAL_RE = re.compile(
    r"\b(my|our|another|the neighbou?rs?'? ?s?) (dog|cat|puppy|kitten|pet|horse|goat|chickens?|sheep|animal|"
    r"pony|rabbit|bunny|duck|calf|lamb)s?\b",
    re.I,
)
# a bare "an animal" answers "a person or an animal?", but says nothing in "an animal bite"
_ANIMAL_VICTIM_RE = re.compile(r"\b(an animal|animal|a pet|pet|the (dog|cat))\b", re.I)


def yes_no_unknown(text: str, intent: str | None = None) -> str | None:
    """'yes', 'no' or 'unknown' for a short answer; None when it is none of those."""
    text = (text or "").strip()
    folded = fold(text)
    if _UNKNOWN_RE.search(text) or _UNKNOWN_ES.search(folded):
        return UNKNOWN
    if intent == "affirm" or _YES_RE.search(text) or _YES_ES.search(folded):
        return YES
    if intent == "deny" or _NO_RE.search(text) or _NO_ES.search(folded):
        return NO
    return None


def is_cancel(text: str) -> bool:
    return bool(_CANCEL_RE.search(text or "") or _CANCEL_ES.search(fold(text)))


def victim_kind(text: str, answering: bool = True) -> str | None:
    """'person' or 'animal' for who was bitten, or None when the words do not say.

    `answering`: the text answers "who was bitten?", so a bare "an animal" says it; in a report ("I need
    to report an animal bite", "a dog bit ...") only an owned animal ("my cat") names an animal victim."""
    text = text or ""
    folded = fold(text)
    person = _PERSON_RE.search(text) or _PERSON_ES.search(folded)
    animal = _OWN_ANIMAL_RE.search(text) or _OWN_ANIMAL_ES.search(folded)
    if not animal and answering:
        animal = _ANIMAL_VICTIM_RE.search(text) or _ANIMAL_VICTIM_ES.search(folded)
    if person and animal:
        # "my dog and me": a person was bitten, which is what decides urgency
        return "person"
    if person:
        return "person"
    if animal:
        return "animal"
    return None


def declines_name(text: str, intent: str | None = None) -> bool:
    return intent == "deny" or bool(_SKIP_NAME_RE.search(text or "") or _SKIP_NAME_ES.search(fold(text)))


def clean_name(text: str) -> str | None:
    """The name in 'my name is Jane Doe' or 'jane'; None if it does not look like a name."""
    name = _NAME_PREFIX_RE.sub("", (text or "").strip()).strip(" .!,")
    words = name.split()
    if not 1 <= len(words) <= 4 or len(name) > 60:
        return None
    if not all(re.fullmatch(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'.\-]*", w) for w in words):
        return None
    if any(w.lower().strip(".'") in _NOT_NAME_WORDS for w in words):
        return None
    return " ".join(w[:1].upper() + w[1:] for w in words)


# words that are not in a person's name: "talk to a person", "what's the status", "a dog"
_NOT_NAME_WORDS = frozenset(
    "a an the to of at on in is it i me my you your we our what whats where when why how who can could "
    "want need talk speak call person someone somebody human status complaint report dog cat animal "
    "bite bit barking loose yes no please help hello thanks thank city hall street st ave road "
    # Spanish (issue 12): "un perro", "la calle", "por favor" are not names
    "el la los las un una unos unas de del al en y que q por para con mi su es son esta si hola gracias favor "
    "calle perro perros gato gatos animal queja reporte ayuda persona alguien estatus hablar quiero ladra "
    "mordio suelto noche dia todos todas cada".split()
)

_FINDABLE_RE = re.compile(
    r"((?<!\d)\d+\s+\w+)|"  # a house number and a street: 412 Oak (from the run's first digit: linear)
    r"(\b(corner|intersection)\b)|(\b\w+\s+(and|&|at|n)\s+\w+\s*(st|street|ave|avenue|rd|road|dr|drive)?\b)|"
    r"(\bblock\b)|"
    r"(\b(church|school|park|library|post office|city hall|cemetery|playground|ball ?field|gas station|"
    r"store|bar|tavern|cafe|restaurant|bank|elevator|depot|river|creek|lake|trail|bridge|highway|hwy|"
    r"county road|cr|lot|apartments?|mobile home|trailer park|community center|fire (hall|station)|"
    r"clinic|hospital|arena|pool|campground|bus stop|ballpark|museum|main st|main street)\b)|"
    r"(\b(st|street|ave|avenue|rd|road|dr|drive|ln|lane|blvd|ct|court|way|pl|place|hwy|trl|cir)\b)",
    re.I,
)


def is_findable_location(text: str) -> bool:
    """Whether a clerk could find the place: an address, corner, block, street or landmark."""
    text = (text or "").strip()
    if len(text) < 3 or _VAGUE_PLACE_RE.match(text) or _VAGUE_PLACE_ES.match(fold(text)):
        return False
    return bool(_FINDABLE_RE.search(text) or _FINDABLE_ES.search(fold(text)))


# every leading prefix at once ("it's at 412 oak"), so a long run of them is one linear pass, not one
# pass (and one copy of the text) per prefix
_LOCATION_PREFIX_RE = re.compile(
    r"^(?:\W*(it'?s|it is|they'?re|they are|i'?m|we'?re|the address is|address is|address:|location:|"
    r"location is|at|on|near|by|in)\s+)+",
    re.I,
)


def clean_location(text: str) -> str:
    """'it's at 412 oak st.' -> '412 oak st'; keeps the resident's own wording otherwise."""
    text = (text or "").strip()
    previous = None
    while previous != text:
        previous = text
        text = _LOCATION_PREFIX_RE.sub("", text).strip()
        text = _LOCATION_PREFIX_ES.sub("", text).strip()
    return text.rstrip(" .!?")


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
    """'la direccion es 500 Elm St', 'cambia el nombre a Ana' (issue 12)."""
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


_INJURY_RE = re.compile(
    r"\b(bleed(ing)?|blood|stitch(es)?|hospital|er\b|emergency room|urgent care|doctor|ambulance|"
    r"broke the skin|skin (is |was )?broken|puncture|deep bite|wound)\b",
    re.I,
)
_BITER_AFTER_BY_RE = re.compile(r"\b(bitten|attacked|bit|nipped|mauled)\s+by\b", re.I)


def mentions_injury(text: str) -> bool:
    """Whether a bite report already says the skin was broken or care was needed."""
    folded = fold(text)
    spanish = bool(_INJURY_ES.search(folded)) and not _NO_INJURY_ES.search(folded)
    return bool(_INJURY_RE.search(text or "")) or spanish


def choose_biting_animal(text: str, mentions: list[tuple[int, str]]) -> str | None:
    """Of several animals mentioned (start offset, species), the one that bit.

    "a pit bull bit my cat" -> the first; "my cat was bitten by a husky" -> the one after "by".
    """
    if not mentions:
        return None
    ordered = sorted(mentions)
    by = _BITER_AFTER_BY_RE.search(text or "")
    if by:
        after = [species for start, species in ordered if start > by.end()]
        if after:
            return after[0]
    return ordered[0][1]


_STATUS_RE = re.compile(
    r"\b(status|update|updates|reference|heard back|any news|follow(ing)? up|progress|what happened (to|with)|"
    r"did (you|anyone|someone) (get|see|do)|check on|(kel|fre)-\d)\b",
    re.I,
)


def asks_status(text: str) -> bool:
    """Whether the message asks about an earlier report ("I want to make a complaint" does not)."""
    return bool(_STATUS_RE.search(text or "") or _STATUS_ES.search(fold(text)))


_CORRECTS_RE = re.compile(
    r"\b(actually|i mean|i meant|correction|sorry,? (it'?s|it was)|not a \w+,? (it'?s|a))\b", re.I
)


def corrects(text: str) -> bool:
    """Whether the resident is correcting something said before ("actually it's a raccoon")."""
    return bool(_CORRECTS_RE.search(text or "") or _CORRECTS_ES.search(fold(text)))
