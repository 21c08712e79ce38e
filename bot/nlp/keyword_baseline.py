"""The keyword baseline of the NLU evaluation (scripts/evaluate_nlu.py): a few regexes, first match wins.

What a model must beat by a margin: a report type a keyword rule finds is no evidence of understanding.
"""

from __future__ import annotations

import re

from bot.nlp.metrics import Span

BASELINE_INTENTS: list[tuple[str, re.Pattern[str]]] = [
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in [
        ("report_bite", r"\b(bit|bite|bitten|biting|attack\w*|maul\w*|nipped)\b"),
        ("report_barking", r"\b(bark\w*|howl\w*|yap\w*|crowing|whin\w*)\b"),
        ("check_status", r"\b(status|update|[a-z]{3}-\d{4}-\d+)\b"),
        ("ask_lost_pet", r"\b(lost|missing|ran away|impound|pound)\b"),
        ("ask_licensing", r"\b(licen[cs]\w*|tag|register)\b"),
        ("ask_ordinance", r"\b(legal\w*|law|ordinance|allowed|fine|rules?)\b"),
        ("report_at_large", r"\b(loose|stray|at large|running|roaming|wandering|got out)\b"),
        (
            "other_city_service",
            r"\b(pothole|water|bill|trash|garbage|recycl\w*|permit|plow\w*|streetlight)\b",
        ),
        ("bot_challenge", r"\b(bot|robot|automated|are you (a )?human)\b"),
        ("request_human", r"\b(person|human|someone|operator|agent)\b"),
        ("thanks", r"\b(thanks?|thx|ty|appreciate)\b"),
        ("goodbye", r"\b(bye|goodbye|see ya|good night)\b"),
        ("greet", r"^(hi|hello|hey|good (morning|afternoon|evening))\b"),
        ("affirm", r"^(yes|yeah|yep|yup|correct|sure|right|ok)\b"),
        ("deny", r"^(no|nope|nah|skip|not)\b"),
        ("inform", r"\b(since|every|my name|owner|still|\d+ \w+ (st|ave|rd))\b"),
        ("chitchat", r"\b(lol|haha|lmao|how are you|useless|dumb)\b"),
    ]
]
BASELINE_ANIMAL = re.compile(
    r"\b(dogs?|cats?|pupp(?:y|ies)|kittens?|horses?|cows?|cattle|pigs?|goats?|sheep|chickens?|roosters?|"
    r"raccoons?|skunks?|bats?|snakes?|fox(?:es)?|coyotes?|deer)\b",
    re.IGNORECASE,
)
BASELINE_SPECIES = {"puppy": "dog", "puppies": "dog", "kitten": "cat", "cattle": "cow", "rooster": "chicken"}
BASELINE_LOCATION = re.compile(
    r"\b\d+\s+(?:[nsew]\.?\s+)?[a-z0-9]+(?:\s+[a-z]+)?\s+(?:st|street|ave|avenue|rd|road|dr|drive|ln|lane|ct|court|blvd)\b",
    re.IGNORECASE,
)


def keyword_parse(text: str) -> tuple[str, list[str], list[Span]]:
    """(intent, animal species, location spans) by the first matching keyword rule."""
    intent = next((name for name, pattern in BASELINE_INTENTS if pattern.search(text)), "out_of_scope")
    animals: list[str] = []
    for match in BASELINE_ANIMAL.finditer(text):
        word = match.group(1).lower()
        word = BASELINE_SPECIES.get(word, word)
        animals.append(BASELINE_SPECIES.get(word.rstrip("s"), word.rstrip("s")) if word != "sheep" else word)
    locations = [Span(m.start(), m.end()) for m in BASELINE_LOCATION.finditer(text)]
    return intent, animals, locations
