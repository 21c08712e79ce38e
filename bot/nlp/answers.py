"""Reading residents' short answers: yes/no/don't know, who was bitten, names, places, corrections.

Pure functions over text, shared by the assistant's form validation and any other channel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

YES, NO, UNKNOWN = "yes", "no", "unknown"

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
    r"^\W*(?:(hi|hey|hello)\W*)?(my name is|my name's|name is|name's|name:|i am|i'm|im|this is|it'?s|call me)\s+",
    re.I,
)
_VAGUE_PLACE_RE = re.compile(
    r"^\W*(here|there|home|my (house|home|place|street|road|yard|neighborhood|block)|"
    r"next door|around( here)?|outside|the street|my neighbou?r'?s?( house)?|across the street|"
    r"down the street|nearby|in town|somewhere|everywhere|idk|i don'?t know|not sure)\W*$",
    re.I,
)
_PERSON_RE = re.compile(
    r"\b(me|i was|i got|myself|person|my (son|daughter|kid|child|husband|wife|mom|dad|mother|father|"
    r"friend|neighbou?r|boy|girl|grandson|granddaughter|brother|sister|partner)|a (man|woman|boy|girl|kid|child|"
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
    if _UNKNOWN_RE.search(text):
        return UNKNOWN
    if intent == "affirm" or _YES_RE.search(text):
        return YES
    if intent == "deny" or _NO_RE.search(text):
        return NO
    return None


def is_cancel(text: str) -> bool:
    return bool(_CANCEL_RE.search(text or ""))


def victim_kind(text: str, answering: bool = True) -> str | None:
    """'person' or 'animal' for who was bitten, or None when the words do not say.

    `answering`: the text answers "who was bitten?", so a bare "an animal" says it; in a report ("I need
    to report an animal bite", "a dog bit ...") only an owned animal ("my cat") names an animal victim."""
    text = text or ""
    person = _PERSON_RE.search(text)
    animal = _OWN_ANIMAL_RE.search(text) or (_ANIMAL_VICTIM_RE.search(text) if answering else None)
    if person and animal:
        # "my dog and me": a person was bitten, which is what decides urgency
        return "person"
    if person:
        return "person"
    if animal:
        return "animal"
    return None


def declines_name(text: str, intent: str | None = None) -> bool:
    return intent == "deny" or bool(_SKIP_NAME_RE.search(text or ""))


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
    "bite bit barking loose yes no please help hello thanks thank city hall street st ave road".split()
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
    if len(text) < 3 or _VAGUE_PLACE_RE.match(text):
        return False
    return bool(_FINDABLE_RE.search(text))


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
    return None


_INJURY_RE = re.compile(
    r"\b(bleed(ing)?|blood|stitch(es)?|hospital|er\b|emergency room|urgent care|doctor|ambulance|"
    r"broke the skin|skin (is |was )?broken|puncture|deep bite|wound)\b",
    re.I,
)
_BITER_AFTER_BY_RE = re.compile(r"\b(bitten|attacked|bit|nipped|mauled)\s+by\b", re.I)


def mentions_injury(text: str) -> bool:
    """Whether a bite report already says the skin was broken or care was needed."""
    return bool(_INJURY_RE.search(text or ""))


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
    return bool(_STATUS_RE.search(text or ""))


_CORRECTS_RE = re.compile(
    r"\b(actually|i mean|i meant|correction|sorry,? (it'?s|it was)|not a \w+,? (it'?s|a))\b", re.I
)


def corrects(text: str) -> bool:
    """Whether the resident is correcting something said before ("actually it's a raccoon")."""
    return bool(_CORRECTS_RE.search(text or ""))
