"""Where the animal is now: still there, or gone, and which way it went ("heading towards the park", "se fue
hacia el parque"). Each reader returns None when the words do not say it."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold
from bot.nlp.facts.yes_no import NO, YES

_STILL_THERE_RE = re.compile(
    r"\b(still (here|there|out|around|in (the|my) (yard|street|road))|it'?s (here|there) now|right outside|"
    r"hasn'?t (left|moved)|is still)\b",
    re.I,
)
_GONE_RE = re.compile(
    r"\b(it'?s gone|gone now|(it |they )?(left|ran off|took off|ran away|wandered off|went (away|off|home))|"
    r"not (there|here) any ?more|no longer (there|here)|not anymore)\b",
    re.I,
)
# "ran down Elm" is where it went; "walking down the middle of the road" is where it is (still there)
_DIRECTION_RE = re.compile(
    r"\b((?:heading|headed|going|went|ran|took off)\s+(?:off\s+)?"
    r"(?:towards?|to|into|down|up|along|across|north|south|east|west|over)\b[^,.;!?]{0,60}|"
    r"(?:running|walking|wandered|wandering)\s+(?:off\s+)?(?:towards?|to|into|north|south|east|west)\b[^,.;!?]{0,60}|"
    r"towards? the [^,.;!?]{1,50}|(?:north|south|east|west)(?:bound|ward)?\b[^,.;!?]{0,40})",
    re.I,
)
STILL_THERE_ES = re.compile(
    r"\b(sigue (ahi|aqui|alli|alla|afuera|en (el|la|mi) \w+)|todavia (esta|anda|sigue)|aun (esta|anda|sigue)|"
    r"ahi (sigue|esta todavia|andan?)|sigue ladrando ahi|no se ha ido)\b",
    re.I,
)
GONE_ES = re.compile(
    r"\b(ya se fue|se fue|se fueron|ya no (esta|anda|lo veo|la veo)|se escapo|se salio corriendo|se lo llevaron|"
    r"desaparecio|ya se lo llevo|se metio a su casa)\b",
    re.I,
)
DIRECTION_ES = re.compile(
    r"\b((?:se\s+)?(?:fue|fueron|va|van|iba|corrio|corrieron|salio)\s+(?:corriendo\s+)?(?:hacia|para|pa|rumbo\s+a|"
    r"x|por|al|a\s+la)\b[^,.;!?]{0,60}|hacia\s+(?:el|la|los|las)\s+[^,.;!?]{1,50}|"
    r"(?:hacia|para\s+el|rumbo\s+al?)\s+(?:norte|sur|este|oeste|poniente|oriente)\b[^,.;!?]{0,40})",
    re.I,
)


def still_there(text: str) -> str | None:
    """YES when the reply says the animal is still there, NO when it left; None when it says neither."""
    text = text or ""
    if _STILL_THERE_RE.search(text) or STILL_THERE_ES.search(fold(text)):
        return YES
    if _GONE_RE.search(text) or _DIRECTION_RE.search(text) or GONE_ES.search(fold(text)):
        return NO
    return None


def direction(text: str) -> str | None:
    """Which way it went, in the resident's words ("heading towards the park"), or None."""
    match = _DIRECTION_RE.search(text or "") or DIRECTION_ES.search(fold(text))
    return match.group(0).strip() if match else None
