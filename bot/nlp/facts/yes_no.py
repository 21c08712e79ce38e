"""Yes, no and don't know, in English and Spanish, and the words that cancel a report."""

from __future__ import annotations

import re

from bot.nlp.facts.text import clauses, fold

YES, NO, UNKNOWN = "yes", "no", "unknown"
NOT_KNOWN = "not known"  # an optional detail asked twice and not answered: filed as no fact

_UNKNOWN_ES = re.compile(
    r"\b(no (lo )?se|no sabemos|quien sabe|ni idea|no estoy segur[oa]|a lo mejor|tal vez|quizas?|desconozco|"
    r"no tengo idea|sepa)\b",
    re.I,
)
_YES_ES = re.compile(
    r"^\W*(si+|sip|claro|correcto|asi es|exacto|dale|orale|sale|simon|aja|esta bien|de acuerdo|por supuesto|"
    r"mandalo|envialo|afirmativo|ok si)\b",
    re.I,
)
_NO_ES = re.compile(r"^\W*(nel|nop|para nada|negativo|ya no|ya se fue|ya no esta|todavia no)\b", re.I)
_CANCEL_ES = re.compile(r"^\W*(cancela(r|lo)?|olvidalo|no (lo )?mandes|no (lo )?envies|ya no)\b", re.I)
UNKNOWN_RE = re.compile(
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
# what may follow a yes or no in a bare answer ("yes please", "no not really", "si claro")
_BARE_TAIL = frozenset(
    "yes yeah yep no nope not really sure i i'm im think so it is was please thanks claro si se definitely "
    "absolutely of course ok okay honestly sorry just lo la verdad pues".split()
)


def yes_no_unknown(text: str, intent: str | None = None) -> str | None:
    """'yes', 'no' or 'unknown' for a short answer; None when it is none of those."""
    text = (text or "").strip()
    folded = fold(text)
    if UNKNOWN_RE.search(text) or _UNKNOWN_ES.search(folded):
        return UNKNOWN
    if intent == "affirm" or _YES_RE.search(text) or _YES_ES.search(folded):
        return YES
    if intent == "deny" or _NO_RE.search(text) or _NO_ES.search(folded):
        return NO
    return None


def bare_yes_no(clause: str) -> str | None:
    """The yes, no or don't know of a clause that says nothing else ("yes", "no, not really", "si claro");
    None for "yes it bled" (which says more)."""
    answer = yes_no_unknown(clause)
    if answer is None:
        return None
    folded = fold(clause).lower()
    if answer == UNKNOWN:  # "i really don't know", "no se", not "i don't know their name"
        folded = _UNKNOWN_ES.sub(" ", UNKNOWN_RE.sub(" ", folded))
    words = re.findall(r"[a-z']+", folded)
    return answer if all(word in _BARE_TAIL for word in words) else None


def only_dont_know(text: str) -> bool:
    """The whole message is "I don't know" / "not sure" / "no sé": it answers every part asked."""
    parts = clauses(text)
    return bool(parts) and all(bare_yes_no(part) == UNKNOWN for part in parts)


def leading_yes_no(text: str) -> str | None:
    """The yes or no a message opens with, when that opening clause says nothing else ("yes, still out on
    the road" -> yes)."""
    parts = clauses(text)
    return bare_yes_no(parts[0]) if parts else None


def is_cancel(text: str) -> bool:
    return bool(_CANCEL_RE.search(text or "") or _CANCEL_ES.search(fold(text)))
