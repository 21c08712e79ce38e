"""Who was bitten: a person or an animal (Freeport 11 C and Kellogg 58-10 turn on it), from the words and
their context: "got bit on the ankle" and "bit my hand" are the resident; "I was walking my dog and the
shepherd bit him" is the dog; "my son" is a person, "my chickens" are animals."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold

PERSON, ANIMAL = "person", "animal"

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
# who was bitten is a person; "my wifes hand", "my sons arm": a possessive texted without its apostrophe too
_PERSON_RE = re.compile(
    r"\b(me|i was|i got|myself|person|my (son|daughter|kid|child|husband|wife|mom|dad|mother|father|"
    r"friend|neighbou?r|boy|girl|grandson|granddaughter|brother|sister|partner|baby|nephew|niece)(?:'?s)?|"
    r"a (man|woman|boy|girl|kid|child|jogger|runner|mail ?carrier|delivery driver)|the (mail ?man|mail ?carrier|"
    r"mailman|postman|delivery (guy|driver)|jogger|neighbou?r kid)|kid|child|human|someone|somebody|us)\b",
    re.I,
)
_ANIMAL_WORDS = (
    r"dog|dogs|cat|cats|puppy|puppies|kitten|kittens|pet|pets|horse|horses|goat|goats|chicken|chickens|hens?|"
    r"sheep|animal|animals|pony|rabbit|rabbits|bunny|ducks?|calf|calves|lamb|lambs|lab|collie|cow|cows"
)
_OWN_ANIMAL_RE = re.compile(rf"\b(my|our|another|the neighbou?rs?'? ?s?) ({_ANIMAL_WORDS})\b", re.I)
# a bare "an animal" answers "a person or an animal?", but says nothing in "an animal bite"
_ANIMAL_VICTIM_RE = re.compile(r"\b(an animal|animal|a pet|pet|the (dog|cat))\b", re.I)
# the resident, in the first person: "got bit", "i was bitten", "bit me", "bit my hand", "on my ankle"
_BODY = (
    r"(hand|hands|arm|arms|leg|legs|ankle|ankles|foot|feet|finger|fingers|face|calf|thigh|wrist|butt|knee)"
)
_FIRST_PERSON_RE = re.compile(
    rf"^\W*(?:got|get|was|been) (?:bit|bitten|nipped)\b|\b(?:i|we) (?:got|was|were|been) (?:bit|bitten|nipped)\b"
    rf"|\b(?:bit|bite|bitten|nipped|grabbed) (?:me|us)\b|\b(?:bit|nipped|grabbed|got) my {_BODY}\b"
    rf"|^\W*(?:bit|bitten|nipped) on (?:my|the) {_BODY}\b|\bon my {_BODY}\b",
    re.I,
)
# "bit him", "went after it": a pronoun that stands for the last thing named before it
_BITE_PRONOUN_RE = re.compile(
    r"\b(?:bit|bitten|attacked|went after|mauled|nipped|killed|grabbed|got) (him|her|it|them)\b", re.I
)
_NAMED_RE = re.compile(
    rf"\b(?:my|our) (?P<animal>{_ANIMAL_WORDS})\b|\bmy (?P<person>son|daughter|kid|child|husband|wife|mom|dad|"
    r"grandson|granddaughter|brother|sister|friend|boy|girl|baby)\b",
    re.I,
)
_PRONOUN_ES = re.compile(r"\b(lo|la|los|las) (mordio|mordieron|ataco|atacaron)\b", re.I)
_NAMED_ES = re.compile(
    r"\b(?:mi|mis|nuestr[oa]s?) (?:(?P<animal>perr|gat|mascota|caball|chiv|cabr|gallin|borreg|conej|pat)\w*|"
    r"(?P<person>hij|nin|espos|herman|niet|bebe)\w*)",
    re.I,
)


def _by_pronoun(text: str) -> str | None:
    """ "I was walking my dog and the shepherd bit him": the pronoun is the last thing named before it."""
    folded = fold(text)
    for pronoun_re, named_re, source in (
        (_BITE_PRONOUN_RE, _NAMED_RE, text),
        (_PRONOUN_ES, _NAMED_ES, folded),
    ):
        pronoun = pronoun_re.search(source)
        if not pronoun:
            continue
        named = list(named_re.finditer(source[: pronoun.start()]))
        if named:
            return ANIMAL if named[-1].group("animal") else PERSON
    return None


def victim_kind(text: str, answering: bool = True) -> str | None:
    """'person' or 'animal' for who was bitten, or None when the words do not say.

    `answering`: the text answers "who was bitten?", so a bare "an animal" says it; in a report ("I need
    to report an animal bite", "a dog bit ...") only an owned animal ("my cat") names an animal victim."""
    text = text or ""
    folded = fold(text)
    by_pronoun = _by_pronoun(text)
    if by_pronoun:
        return by_pronoun
    if _FIRST_PERSON_RE.search(text):
        return PERSON
    person = _PERSON_RE.search(text) or _PERSON_ES.search(folded)
    animal = _OWN_ANIMAL_RE.search(text) or _OWN_ANIMAL_ES.search(folded)
    if not animal and answering:
        animal = _ANIMAL_VICTIM_RE.search(text) or _ANIMAL_VICTIM_ES.search(folded)
    if person:
        return PERSON  # "my dog and me": a person was bitten, which is what decides urgency
    return ANIMAL if animal else None


_BITER_AFTER_BY_RE = re.compile(r"\b(bitten|attacked|bit|nipped|mauled)\s+by\b", re.I)


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
