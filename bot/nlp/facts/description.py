"""What the animal looks like (colour, size, breed, collar, markings), from a report's own words: "there's a loose dog on Main St, its brown and big",
"hay un perro suelto en la Main, es cafe y grande, sin collar" (every fact from any
message, the first included; before, the form asked "What does it look like?" right after it was told).

The words around the animal are a look too ("a big brown lab with a red collar is loose on Elm", "un perro
cafe grande anda suelto"): the colour, size and coat words right before it (English) or right after it
(Spanish), a "with/con/sin ... collar" after it, and the breed when it is one, never the bare species.

A part of the message (cut at commas and full stops) is a look when, after an opening "it's", "es" or
"tiene", every word in it is a word of colour, size, coat or collar, a filler ("and", "a", "muy") or an
animal word, and it names no place the message gave. Anything else stays unsaid: "it's a big problem"
and "for a little while" are no look, and nothing is filled from words that do not say it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.animals.taxonomy_es import spanish_terms
from bot.nlp.facts.text import fold

LOOK_WORDS = frozenset(
    # English: colour, coat, size, build, what it wears
    "black white brown tan grey gray golden yellow red orange cream blond blonde silver chocolate brindle "
    "blue green pink purple dark light pale rust fawn buff liver roan dapple dappled speckled freckled "
    "spotted spots spot patches striped stripes tabby calico merle tricolor fluffy shaggy curly fuzzy "
    "short long haired hair coat big small large little huge tiny medium sized size skinny thin fat chubby "
    "stocky young old collar collars harness bandana sweater halter muzzle "
    # Spanish, as texted (no accents)
    "negro negra negros negras blanco blanca blancos blancas cafe cafes cafecito gris grises pinto pinta "
    "manchado manchada manchas atigrado atigrada amarillo amarilla rojo roja dorado dorada canelo canela "
    "peludo peluda pelo corto largo grande grandes chico chica chicos chiquito chiquita pequeno pequena "
    "mediano mediana flaco flaca gordo gorda viejo vieja joven cachorro collar correa placa sueter".split()
)
FILLERS = frozenset(
    "a an the and or with no some kind of kinda sort sorta very really pretty like color colour colored "
    "coloured mix mixed ish on its y o con sin un una muy medio bien tipo de color como algo about around "
    # how many there are, and what they wear that is no look alone ("black cows with ear tags")
    "one two three four five six seven eight nine ten dozen couple few several dos tres cuatro cinco seis "
    "ear tag tags".split()
)
# an opening that says the words after it describe the animal
_OPENING = re.compile(
    r"^(?:and\s+|y\s+)?(?:it'?s|it\s+is|he'?s|he\s+is|she'?s|she\s+is|they'?re|they\s+are|it\s+has|has|"
    r"wearing|es|son|esta|tiene|trae|lleva)\s+",
    re.IGNORECASE,
)
_PARTS = re.compile(r"[,.;!?\n]+")
_WORD = re.compile(r"[a-z]+")
MAX_LOOK_WORDS = 10


COLOURS = frozenset(
    "black white brown tan grey gray golden yellow red orange cream blond blonde silver chocolate brindle blue "
    "green pink spotted tabby calico merle negro negra blanco blanca cafe gris pinto pinta amarillo rojo".split()
)


def _is_look(words: list[str]) -> bool:
    if not words or len(words) > MAX_LOOK_WORDS:
        return False
    known = [w in LOOK_WORDS or w in FILLERS or bool(normalise_animal(w)) for w in words]
    if not any(w in LOOK_WORDS for w in words):
        # no colour or size, but kinds finer than the species: "about 8 ewes and a ram", "two heifers"
        return all(known) and any(normalise_animal(w) and _is_breed(w) for w in words)
    if all(known):
        return True
    # a breed the taxonomy does not list, after a colour: "black angus", "brown mutt" (not "a big problem")
    return all(known[:-1]) and any(w in COLOURS for w in words[:-1])


_ARTICLE = re.compile(r"^(?:(?:it'?s|it\s+is|it\s+was|a|an|the|es|un|una)\s+)+", re.IGNORECASE)


def breed_in(text: str) -> str | None:
    """A reply that is a breed alone ("german shepherd", "a husky", "golden retriever"), never the bare
    species ("a dog", "a raccoon")."""
    phrase = _ARTICLE.sub("", (text or "").strip()).strip(" .!,")
    if 0 < len(phrase.split()) <= 3 and _is_breed(phrase):
        return phrase
    return None


def describes(text: str, places: Sequence[str] = ()) -> str | None:
    """What the reply says the animal looks like, only from words that describe it; None when none do
    ("I think so", "it has tags", "yes, still out on the road")."""
    kept = [look_in(part, places) or breed_in(part) for part in _PARTS.split(text or "")]
    kept = [part for part in kept if part]
    return ", ".join(dict.fromkeys(kept)) or None


_WITH_GEAR = re.compile(
    r"^\s+(?:with|w/|con|sin|no)\s+(?:(?:a|an|un|una)\s+)?(?:[a-z]+\s+){0,2}?"
    r"(?:collar|harness|tags?|bandana|sweater|correa|placa|sueter)(?:\s+(?:rojo|roja|azul|verde|negro|negra|rosa))?\b",
    re.IGNORECASE,
)
_WORDS_AFTER = re.compile(r"^(?:\s+[A-Za-z]+){1,3}")


def _look_words(words: list[str]) -> list[str]:
    """The run of look words (with "and"/"y" between them) at the start of `words`."""
    kept: list[str] = []
    for word in words:
        if fold(word).lower() in LOOK_WORDS:
            kept.append(word)
        elif fold(word).lower() not in ("and", "y", "muy", "very") or not kept:
            break
        else:
            kept.append(word)
    while kept and fold(kept[-1]).lower() in ("and", "y", "muy", "very"):
        kept.pop()
    return kept


def _is_breed(animal: str) -> bool:
    """ "lab", "german shepherd": more than the species; "dog", "dogs", "perro" are the species alone."""
    species, word = normalise_animal(animal), fold(animal).lower().strip()
    return bool(species) and word.rstrip("s") != species and word not in spanish_terms()


def look_of_animal(text: str, start: int, end: int) -> str | None:
    """The look said around the animal at text[start:end]: "big brown lab", "perro cafe grande", "with a red
    collar"; None when no colour, size, coat or gear word is there."""
    before = text[:start].rsplit(None, 4)[-4:]  # the last four words; rsplit keeps this linear in the text
    ahead = list(reversed(_look_words(list(reversed(before)))))
    after = _WORDS_AFTER.match(text[end:])
    behind = _look_words(after.group(0).split()) if after else []
    gear = _WITH_GEAR.match(text[end + len(" ".join(behind)) + (1 if behind else 0) :])
    if not (ahead or behind or gear):
        return None
    animal = text[start:end]
    breed = [animal] if _is_breed(animal) else []
    words = " ".join([*ahead, *breed, *behind])
    return ", ".join(part for part in (words, gear.group(0).strip() if gear else "") if part)


def look_in(text: str, places: Sequence[str] = ()) -> str | None:
    """The parts of `text` that say what the animal looks like, joined, or None when none does."""
    said_places = [fold(p).lower() for p in places if p]
    kept = []
    for part in _PARTS.split(text or ""):
        part = part.strip()
        folded = fold(part).lower()
        if not part or any(place in folded for place in said_places):
            continue
        opening = _OPENING.match(part)
        body = part[opening.end() :] if opening else part
        if _is_look(_WORD.findall(fold(body).lower())):
            kept.append(body)
    return ", ".join(kept) or None
