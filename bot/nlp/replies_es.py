"""Spanish facts in a reply (issue 12), read by `bot.nlp.replies` beside its English patterns.

"sigue ahi" / "ya se fue" (still there), "se fue hacia el parque" (which way), "agresivo", "grunia", "me
correteo" (aggressive), "esta vacunado" (rabies), "la gente del 220 de la Walnut" (owner). Each pattern runs on
accent-folded text; each reader returns None when the words do not say it.
"""

from __future__ import annotations

import re

from bot.nlp.answers import NO, UNKNOWN, YES, fold

STILL_THERE = re.compile(
    r"\b(sigue (ahi|aqui|alli|alla|afuera|en (el|la|mi) \w+)|todavia (esta|anda|sigue)|aun (esta|anda|sigue)|"
    r"ahi (sigue|esta todavia)|sigue ladrando ahi|no se ha ido)\b",
    re.I,
)
GONE = re.compile(
    r"\b(ya se fue|se fue|se fueron|ya no (esta|anda|lo veo|la veo)|se escapo|se salio corriendo|se lo llevaron|"
    r"desaparecio|ya se lo llevo|se metio a su casa)\b",
    re.I,
)
DIRECTION = re.compile(
    r"\b((?:se\s+)?(?:fue|fueron|va|van|iba|corrio|corrieron|salio)\s+(?:corriendo\s+)?(?:hacia|para|pa|rumbo\s+a|"
    r"x|por|al|a\s+la)\b[^,.;!?]{0,60}|hacia\s+(?:el|la|los|las)\s+[^,.;!?]{1,50}|"
    r"(?:hacia|para\s+el|rumbo\s+al?)\s+(?:norte|sur|este|oeste|poniente|oriente)\b[^,.;!?]{0,40})",
    re.I,
)
NOT_AGGRESSIVE = re.compile(
    r"\b(no (es|esta|parece|se ve) (muy |nada )?(agresiv[oa]|brav[oa]|mal[oa]|peligros[oa])|no,? no es agresiv[oa]|"
    r"mans[oa]|tranquil[oa]|amigable|carinos[oa]|asustad[oa]|tiene miedo|no hace nada|nomas anda|solo anda|"
    r"se ve (bien|amigable|tranquilo))\b",
    re.I,
)
AGGRESSIVE = re.compile(
    r"\b(agresiv[oa]s?|brav[oa]s?|grun\w*|gruni\w*|enseno los dientes|ensenaba los dientes|me correteo|correteo|"
    r"corretea\w*|persigu\w*|persegu\w*|ataco|atacando|ataca|se me echo encima|se abalanzo|muy mal[oa]|"
    r"peligros[oa]|queria morder|tiraba mordidas|lanzaba mordidas)\b",
    re.I,
)
_VACCINE_TOPIC = re.compile(r"\b(vacun\w*|rabia|placa)\b", re.I)
_NOT_VACCINATED = re.compile(
    r"\b(no (esta|tiene|le han puesto|le pusieron) (las |sus |la )?vacun\w*|sin vacun\w*|no vacunad[oa]|"
    r"no tiene (la )?(vacuna )?(de (la )?)?rabia)\b",
    re.I,
)
_VACCINATED = re.compile(
    r"\b(esta vacunad[oa]|tiene (sus |todas sus |la |las )?vacunas?|vacunad[oa]|tiene (la )?placa)\b", re.I
)
_UNKNOWN = re.compile(r"\b(no (lo )?se|ni idea|quien sabe|no estoy segur[oa])\b", re.I)
OWNER_UNKNOWN = re.compile(
    r"\b(no se de quien (es|son)|no se quien es el dueno|no tiene dueno|sin dueno|de nadie|callejer[oa]s?|"
    r"no se (de )?quien)\b",
    re.I,
)
_OWNER = re.compile(
    r"\b((?:la\s+)?(?:gente|familia|senora?|senor|vecin[oa]s?|duen[oa]s?|muchach[oa]s?)\s+(?:del|de\s+la|de\s+el|de"
    r"|que\s+vive\s+en)\s+[^,.;!?]{2,50}|(?:el|la)\s+duen[oa]\s+(?:vive\s+en|se\s+llama|es)\s+[^,.;!?]{2,50}|"
    r"es\s+de\s+(?:la\s+gente|los\s+vecinos|la\s+familia|el\s+senor|la\s+senora|los)\s+[^,.;!?]{2,50})",
    re.I,
)


def vaccinated(folded: str) -> str | None:
    """YES / NO / UNKNOWN when the (accent-folded) reply talks about vaccination; None otherwise."""
    if not _VACCINE_TOPIC.search(folded):
        return None
    if _UNKNOWN.search(folded):
        return UNKNOWN
    if _NOT_VACCINATED.search(folded):
        return NO
    if _VACCINATED.search(folded):
        return YES
    return None


def owner(text: str) -> str | None:
    """Whose animal it is, in the resident's words ("la gente del 220 de la Walnut"), or None."""
    folded = fold(text or "")
    match = _OWNER.search(folded)
    if not match:
        return None
    # the resident's own spelling, from the same offsets (folding keeps one character per character here)
    original = (text or "")[match.start() : match.end()] if len(folded) == len(text or "") else match.group(0)
    return original.strip()
