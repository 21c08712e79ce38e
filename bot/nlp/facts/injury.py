"""Whether a bite broke the skin or needed care (Freeport 5 B), or killed the animal bitten."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold

_INJURY_RE = re.compile(
    r"\b(bleed(ing)?|bled|blood|bloody|stitch(es)?|hospital|er\b|emergency room|urgent care|doctor|ambulance|"
    r"broke the skin|skin (is |was )?broken|puncture|deep bite|wound)\b",
    re.I,
)
_INJURY_ES = re.compile(
    r"\b(rompio la piel|le rompio|me rompio|sangr\w*|puntos|fue al doctor|fuimos al doctor|al doctor|hospital|"
    r"emergencias|urgencias|clinica|ambulancia|herida|mordida profunda|le abrio|me abrio|la piel rota)\b",
    re.I,
)
_NO_INJURY_RE = re.compile(
    r"\b(didn'?t break the skin|did not break the skin|no (blood|bleeding)|not bleeding|(he|she|i|it)'?s fine|"
    r"just a (scratch|bruise)|no marks?)\b",
    re.I,
)
_NO_INJURY_ES = re.compile(
    r"\b(no (le |me )?rompio (la piel)?|no sangr\w*|sin sangre|nomas (un|el) (moreton|susto))\b", re.I
)
# a death of the bitten animal (or person) is an injury: "two are dead", "it killed one", "se murieron dos"
_DEATH_RE = re.compile(
    r"\b(dead|died|killed|passed away|didn'?t make it|muert[oa]s?|muri[a-z]*|mataron|mato)\b", re.I
)
_NO_DEATH_RE = re.compile(r"\b(no|not|nobody|no one|none|nothing|nadie|ninguno|ninguna|ni)\b[^,.;]*$", re.I)


def says_no_injury(text: str) -> bool:
    """ "no it didn't break the skin", "he's fine, no blood", "no le rompio la piel"."""
    return bool(_NO_INJURY_RE.search(text or "") or _NO_INJURY_ES.search(fold(text)))


def mentions_injury(text: str) -> bool:
    """Whether a bite report already says the skin was broken or care was needed."""
    if says_no_injury(text):
        return False
    return bool(_INJURY_RE.search(text or "") or _INJURY_ES.search(fold(text)))


def mentions_death(text: str) -> bool:
    """Whether the answer says the bitten animal (or person) died, and not that nobody did."""
    folded = fold(text)
    match = _DEATH_RE.search(folded)
    return bool(match) and not _NO_DEATH_RE.search(folded[: match.start()])


def injury(text: str) -> str | None:
    """'yes' (skin broken, care, a death), 'no' (said not), or None when the words do not say."""
    if says_no_injury(text):
        return "no"
    return "yes" if mentions_injury(text) or mentions_death(text) else None
