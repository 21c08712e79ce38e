"""Whether the animal acts aggressive (growling, charging, chasing) or friendly, in English and Spanish."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold
from bot.nlp.facts.yes_no import NO, YES

_NOT_AGGRESSIVE_RE = re.compile(
    r"\b(not (really |at all )?(aggressive|mean|dangerous|vicious)|no,? not aggressive|friendly|calm|"
    r"scared|skittish|timid|harmless|seems (fine|ok|okay|nice|sweet)|gentle|just wandering|not acting|"
    r"just eating|just (standing|sitting|walking) (around|there))\b",
    re.I,
)
_AGGRESSIVE_RE = re.compile(
    r"\b(aggressive|growl(ing|ed|s)?|snarl(ing|ed)?|charg(ing|ed)|chas(ing|ed)|lung(ing|ed)|attack(ing|ed)?|"
    r"mean|vicious|dangerous|went after|going after|bit(ing)? at|showing teeth|teeth bared)\b",
    re.I,
)
_NOT_AGGRESSIVE_ES = re.compile(
    r"\b(no (es|esta|parece|se ve) (muy |nada )?(agresiv[oa]|brav[oa]|mal[oa]|peligros[oa])|no,? no es agresiv[oa]|"
    r"mans[oa]|tranquil[oa]|amigable|carinos[oa]|asustad[oa]|tiene miedo|no hace nada|nomas anda|solo anda|"
    r"se ve (bien|amigable|tranquilo))\b",
    re.I,
)
_AGGRESSIVE_ES = re.compile(
    r"\b(agresiv[oa]s?|brav[oa]s?|grun\w*|gruni\w*|enseno los dientes|ensenaba los dientes|me correteo|correteo|"
    r"corretea\w*|persigu\w*|persegu\w*|ataco|atacando|ataca|se me echo encima|se abalanzo|muy mal[oa]|"
    r"peligros[oa]|queria morder|tiraba mordidas|lanzaba mordidas)\b",
    re.I,
)


def aggressive(text: str) -> str | None:
    """YES / NO from what the reply says about the animal's behaviour; None when it does not say."""
    text, folded = text or "", fold(text)
    if _NOT_AGGRESSIVE_RE.search(text) or _NOT_AGGRESSIVE_ES.search(folded):
        return NO
    if _AGGRESSIVE_RE.search(text) or _AGGRESSIVE_ES.search(folded):
        return YES
    return None
