"""Whose animal it is: taken only when the words name a person, a family or a place ("the people at 220
Walnut", "owned by Tom Berg", "the Larsons, they live there", "la gente de la 220 Walnut"); UNKNOWN when
they say nobody knows ("a stray", "no idea whose"). "They live there" names the place of the report as the
owner's (the suggested household, docs/rules.md "Who a complaint is against")."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold
from bot.nlp.facts.yes_no import UNKNOWN

_OWNER_UNKNOWN_RE = re.compile(
    r"\b(no idea whose|don'?t know (who|whose|the owner)|stray|wild|nobody'?s?|no owner|not sure (who|whose)|"
    r"unknown owner)\b",
    re.I,
)
_OWNER_RE = re.compile(
    r"\b((?:the )?(?:people|family|folks|guy|man|lady|woman|owners?|neighbou?rs?|kids?|house)\s+"
    r"(?:at|on|from|who lives? (?:at|on)|living at|over at)\s+[^,.;!?]{2,50}|"
    r"(?:owned by|belongs to|it'?s owner is|the owners? (?:is|are)|owner'?s name is)\s+[^,.;!?]{2,50}|"
    r"(?:the )?(?:corner|white|blue|yellow|green|red|brown|grey|gray) house (?:at|on) [^,.;!?]{2,40}|"
    r"from \d+\s+[A-Za-z][^,.;!?]{1,40}?(?=\s+(?:is|was|went|got|bit|ran|came|attacked)\b|[,.;!?]|$))",
    re.I,
)
# "they live at 20 fir st", "the owner lives on Elm"
_LIVES_AT_RE = re.compile(
    r"\b(?:they|he|she|owners?|the owners?)\s+lives?\s+(?:at|on|in)\s+(?P<place>[^,.;!?]{2,50})", re.I
)
# "they live there", "the people who live there", "the owners live there": the owner is at the report's place
_LIVE_THERE_RE = re.compile(
    r"\b(?:(?:they|he|she|the owners?|owners?) lives? (?:there|here|right there)|"
    r"(?:the )?(?:people|folks|family) (?:who|that) lives? there|it'?s their (?:dog|cat|animal))\b",
    re.I,
)
# a family by name: "the Larsons", "the Johnsons next door", "the Meyer family"
_FAMILY_RE = re.compile(
    r"\bthe (?:(?P<plural>[A-Z][a-z]+s)\b(?: next door| across the street)?|"
    r"(?P<family>[A-Za-z]+) family)\b"
)
_OWNER_UNKNOWN_ES = re.compile(
    r"\b(no se de quien (es|son)|no se quien es el dueno|no tiene dueno|sin dueno|de nadie|callejer[oa]s?|"
    r"no se (de )?quien)\b",
    re.I,
)
_OWNER_ES = re.compile(
    r"\b((?:la\s+)?(?:gente|familia|senora?|senor|vecin[oa]s?|duen[oa]s?|muchach[oa]s?)\s+(?:del|de\s+la|de\s+el|de"
    r"|que\s+vive\s+en)\s+[^,.;!?]{2,50}|(?:el|la)\s+duen[oa]\s+(?:vive\s+en|se\s+llama|es)\s+[^,.;!?]{2,50}|"
    r"es\s+de\s+(?:la\s+gente|los\s+vecinos|la\s+familia|el\s+senor|la\s+senora|los)\s+[^,.;!?]{2,50})",
    re.I,
)


def _spanish(text: str) -> str | None:
    folded = fold(text or "")
    match = _OWNER_ES.search(folded)
    if not match:
        return None
    # the resident's own spelling, from the same offsets (folding keeps one character per character here)
    original = (text or "")[match.start() : match.end()] if len(folded) == len(text or "") else match.group(0)
    return original.strip()


def owner(text: str, place: str | None = None) -> str | None:
    """Whose animal it is, as said ("the people at 220 Walnut", "from 511 Chestnut" -> "511 Chestnut"); with
    "they live there", the people at `place`; UNKNOWN when the reply says nobody knows; None when it does not
    say."""
    text = text or ""
    family = _FAMILY_RE.search(text)
    who = family.group(0) if family else "the people"
    if _LIVE_THERE_RE.search(text) and place:
        return f"{who} at {place}"
    lives = _LIVES_AT_RE.search(text)
    if lives:
        return f"{who} at {lives.group('place').strip()}"
    match = _OWNER_RE.search(text)
    if match:
        return re.sub(
            r"^(?:from|owned by|belongs to|the owners? (?:is|are))\s+", "", match.group(0).strip(), flags=re.I
        )
    if family:
        return family.group(0)
    if _OWNER_UNKNOWN_RE.search(text) or _OWNER_UNKNOWN_ES.search(fold(text)):
        return UNKNOWN
    return _spanish(text)
