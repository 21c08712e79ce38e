"""Does a message say that an animal bit (or killed) someone? (never file a bite under
another type).

A bite filed as "at large" or "wildlife" gets no 911 advice, is not urgent and pages nobody. When the
classifiers rank another report type first but the resident's own words say an animal bit a person or an
animal, `bot.nlp.facts.ambiguity.arbitrate` asks ("Is it barking, loose, or did it bite someone?") instead of
filing. Only a bite that is said happened counts: "it didn't bite", "no lo mordio", "nobody bit", "a bit
scared" and "every bit of it" do not, and neither does "the cables" that squirrels chewed ("mordieron los
cables" has no person or animal after it).

The patterns are written to run in linear time (tests/security/test_linear_regexes.py): each is a fixed
alternation of words with single-space gaps, no nested repetition.
"""

from __future__ import annotations

import re

# an object that is someone or something's animal: "bit my wife", "bit a kid", "bit the mailman", "bit him"
_OBJECT = (
    r"(?:my|our|his|her|their|your|a|an|the|this|that|me|him|us|them|someone|somebody|"
    r"[a-z]+'s|[a-z]+s')"
)
# English: "bit my son", "bitten", "got bit", "was nipped", "killed our hens", "mauled a lamb"
_BITE_EN_RE = re.compile(
    rf"\b(?:(?:bit|bites|nipped|killed|mauled|attacked) {_OBJECT}\b"
    r"|(?:got|get|gets|getting|was|were|been|be|is) (?:bit|bitten|nipped|mauled)\b"
    r"|\bbitten\b)",
    re.IGNORECASE,
)
# Spanish: "mordio a mi hijo", "me mordio", "le mordio", "mato a mis gallinas", "lo mordieron"
_BITE_ES_RE = re.compile(
    r"\b(?:(?:mordio|mordió|mordieron|mato|mató|mataron) (?:a|al)\b"
    r"|(?:me|le|les|nos|lo|la|los|las) (?:mordio|mordió|mordieron)\b"
    r"|(?:fue|fui|fueron|esta|está|salio|salió) mordid[oa]s?\b)",
    re.IGNORECASE,
)
# a bite said without "bit": "got me right in the calf", "grabbed my finger", "got
# hold of our collie's nose", "took a chunk out of my arm": a grabbing verb, at most four words, a body part
_BODY = (
    r"(?:hands?|arms?|forearms?|legs?|calf|calves|ankles?|foot|feet|fingers?|thumbs?|wrists?|face|cheek|lips?|nose|ears?"
    r"|neck|shoulders?|thighs?|knees?|shins?|muzzle|snout|throat|belly|hip)"
)
_GRAB_EN_RE = re.compile(
    r"\b(?:grabbed|got (?:hold of|me|him|her|us|them|my|our|his|their|your)|latched onto|clamped onto"
    r"|clamped down on|sank its teeth into|sunk its teeth into|took a chunk out of|tore into|ripped into"
    rf"|chomped(?: on| down on)?|nailed)(?: [a-z']+){{0,4}} {_BODY}\b"
    # "dog inflicted wounds", "puncture wounds", "two holes in her neck", "teeth marks"
    r"|\b(?:dog|animal|cat)[- ](?:inflicted|bite) (?:wounds?|injur[a-z]+)"
    r"|\bpuncture (?:wounds?|marks?)|\b(?:teeth|tooth) marks|\b(?:two|2|deep) holes in\b"
    # "my goat has bite wounds all over"
    r"|\bbite (?:wounds|marks)\b",
    re.IGNORECASE,
)
# "me agarro la mano", "le agarro la pierna", "me clavo los dientes", "me arranco un pedazo del brazo", "heridas
# de perro"
_GRAB_ES_RE = re.compile(
    r"\b(?:me|le|nos|les) (?:agarro|agarró|clavo|clavó|arranco|arrancó|prendio|prendió|mordisqueo|mordisqueó)\b"
    r"|\bclav(?:o|ó) los dientes|\bheridas de (?:perro|gato|animal|mordida)",
    re.IGNORECASE,
)
# a bite said not to have happened: "didn't bite", "nobody bit", "no lo mordio", "no ha mordido"
_NEGATED_RE = re.compile(
    r"\b(?:didn'?t|did not|doesn'?t|does not|hasn'?t|has not|haven'?t|have not|never|nobody|"
    r"no one|not|no|nunca|nadie|tampoco)"
    r"(?: (?:lo|la|le|les|me|nos|ha|han|got|get|been|yet|actually|really|anyone|anybody))?"
    r"(?: (?:lo|la|le|ha|han|been|got))? "
    r"(?:bit|bite|bitten|bites|biting|nipped|mordio|mordió|mordido|muerde|mordieron|killed|mato|mató)\b",
    re.IGNORECASE,
)


# a habit, not a bite that happened: "my ferret got out, he bites a little" (a lost pet)
_HABIT_RE = re.compile(r"\b(?:bites|nips) (?:a little|a bit|a lot|sometimes|when)\b", re.IGNORECASE)


def says_bitten(text: str) -> bool:
    """True when the words say an animal bit, nipped, mauled or killed a person or an animal, and the
    message nowhere says that a bite did not happen (then the classifiers alone decide)."""
    if not text:
        return False
    flat = _HABIT_RE.sub(" ", " ".join(text.split()))
    if _NEGATED_RE.search(flat):
        return False
    return any(p.search(flat) for p in (_BITE_EN_RE, _BITE_ES_RE, _GRAB_EN_RE, _GRAB_ES_RE))


# any word of a bite, an attack or a wound, in either language. Much wider than
# `says_bitten`: it is a necessary condition, not evidence. "my daughter's kitten snuck out ... black with a
# white spot" and "nos faltan dos borregas del potrero" were filed as bites by a classifier that had learnt
# "my daughter" and "nos" from bite reports; a bite said with none of these words is asked about instead.
# Over every training and evaluation message, 99% of bites have one (docs/nlu-evaluation.md).
_HARM_RE = re.compile(
    r"\b(?:bit|bites?|biting|bitten|bitting|bti|nip\w*|snap\w*|attack\w*|maul\w*|chomp\w*|scratch\w*|claw\w*"
    r"|kill\w*|dead|died|wound\w*|bleed\w*|bled|bleding|blood\w*|stitch\w*|punctur\w*|teeth|tooth|fangs?"
    r"|lung\w*|latch\w*|grab\w*|clamp\w*|nail\w*|tore|torn|rip\w*|chunk|hold of|turned on|went for|after (?:me|my|him|her|us|our)|(?:go|goes|going|gone|went) after"
    r"|(?:on|in|by) the (?:legs?|arms?|hands?|ankles?|calf|face|foot|feet|neck|butt|rear)"
    r"|jump\w* (?:on|at)|got (?:me|him|her|them|us|my|his|our|their)|injur\w*|hurt\w*|rabies|swollen|peck\w*"
    r"|mord\w*|muerd\w*|atac\w*|ara[nñ]\w*|rasgu\w*|rasgad\w*|mato|mató|mataron|matado|muert\w*|murio|murió"
    r"|despedaz\w*|destroz\w*|herid\w*|sangr\w*|dientes|colmillos|puntadas|agarr\w*|lastim\w*|rabia"
    r"|prens\w*|prend\w*|arranc\w*|pic[oó]|picaron|picad\w*|brinc\w*|alcanz\w*|rompi\w*|hoyos|marcad\w*"
    r"|marquita|atraves\w*|comieron|emergencias|hinchad\w*|hinchando|golpe\w*"
    # "tenia a mi gato del cuello ... esta en el veterinario"
    r"|(?:del|de la|por el|por la) (?:cuello|pescuezo|pierna|mano|brazo|cara|pata|oreja|nariz|hocico)"
    r"|vet|vets|veterinari\w*"
    r"|se (?:le|me|nos|les) (?:fue|fueron|echo|echó|avent\w*|tir\w*|lanz\w*))\b",
    re.IGNORECASE,
)


def mentions_harm(text: str) -> bool:
    """True when any word of the message speaks of a bite, an attack or a wound (not whether one happened)."""
    return bool(text) and _HARM_RE.search(" ".join(text.split())) is not None
