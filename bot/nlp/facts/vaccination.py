"""Whether the animal is vaccinated against rabies (Kellogg 58-10, Freeport 5 B): yes, no or don't know."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold
from bot.nlp.facts.yes_no import NO, UNKNOWN, UNKNOWN_RE, YES, yes_no_unknown

_VACCINE_TOPIC_RE = re.compile(r"\b(vaccin\w*|shots?|rabies|tags?)\b", re.I)
_NOT_VACCINATED_RE = re.compile(
    r"\b(not vaccinated|unvaccinated|no (shots|vaccin\w*|rabies (shot|tag|vaccine))|"
    r"(is|isn'?t|wasn'?t|hasn'?t|has not|doesn'?t have) (had )?(any |its |his |her )?(shots|vaccin\w*)|"
    r"not up to date)\b",
    re.I,
)
_VACCINATED_RE = re.compile(
    r"\b(vaccinated|(has|had|got) (its|his|her|all (its|his|her)) shots|shots are up to date|up to date|"
    r"rabies (tag|shot|vaccine))\b",
    re.I,
)
_VACCINE_TOPIC_ES = re.compile(r"\b(vacun\w*|rabia|placa)\b", re.I)
_NOT_VACCINATED_ES = re.compile(
    r"\b(no (esta|tiene|le han puesto|le pusieron) (las |sus |la )?vacun\w*|sin vacun\w*|no vacunad[oa]|"
    r"no tiene (la )?(vacuna )?(de (la )?)?rabia)\b",
    re.I,
)
_VACCINATED_ES = re.compile(
    r"\b(esta vacunad[oa]|tiene (sus |todas sus |la |las )?vacunas?|vacunad[oa]|tiene (la )?placa)\b", re.I
)
_UNKNOWN_ES = re.compile(r"\b(no (lo )?se|ni idea|quien sabe|no estoy segur[oa])\b", re.I)


def _spanish(folded: str) -> str | None:
    if not _VACCINE_TOPIC_ES.search(folded):
        return None
    if _UNKNOWN_ES.search(folded):
        return UNKNOWN
    if _NOT_VACCINATED_ES.search(folded):
        return NO
    return YES if _VACCINATED_ES.search(folded) else None


def vaccinated(text: str, only_question: bool = False) -> str | None:
    """YES / NO / UNKNOWN about rabies vaccination. A bare yes/no/don't know counts only when it was the
    only question asked (`only_question`); otherwise the reply must name shots or vaccination."""
    text = text or ""
    if _VACCINE_TOPIC_RE.search(text):
        if UNKNOWN_RE.search(text):
            return UNKNOWN
        if _NOT_VACCINATED_RE.search(text):
            return NO
        if _VACCINATED_RE.search(text):
            return YES
    spanish = _spanish(fold(text))
    if spanish:
        return spanish
    return yes_no_unknown(text) if only_question else None
