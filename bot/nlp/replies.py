"""Several answers in one reply, and the facts a report message states beside its main point.

"brown lab with a red collar, still here, not aggressive" answers three questions; "the german shepherd from
511 Chestnut" names the owner; "heading towards the park" is where it went, not where it is. Pure functions
over text; each returns None when the words do not say it (nothing is guessed).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.nlp import replies_es
from bot.nlp.answers import _UNKNOWN_RE, NO, UNKNOWN, YES, fold, mentions_injury, victim_kind, yes_no_unknown

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
_DIRECTION_RE = re.compile(
    r"\b((?:heading|headed|going|went|ran|running|walking|wandered|took off)\s+(?:off\s+)?"
    r"(?:towards?|to|into|down|up|along|across|north|south|east|west|over)\b[^,.;!?]{0,60}|"
    r"towards? the [^,.;!?]{1,50}|(?:north|south|east|west)(?:bound|ward)?\b[^,.;!?]{0,40})",
    re.I,
)
_NOT_AGGRESSIVE_RE = re.compile(
    r"\b(not (really |at all )?(aggressive|mean|dangerous|vicious)|no,? not aggressive|friendly|calm|"
    r"scared|skittish|timid|harmless|seems (fine|ok|okay|nice|sweet)|gentle|just wandering|not acting)\b",
    re.I,
)
_AGGRESSIVE_RE = re.compile(
    r"\b(aggressive|growl(ing|ed)?|snarl(ing|ed)?|charg(ing|ed)|chas(ing|ed)|lung(ing|ed)|attack(ing|ed)?|"
    r"mean|vicious|dangerous|went after|going after|bit(ing)? at|showing teeth|teeth bared)\b",
    re.I,
)
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
_OWNER_UNKNOWN_RE = re.compile(
    r"\b(no idea whose|don'?t know (who|whose|the owner)|stray|wild|nobody'?s|no owner|not sure whose|"
    r"unknown owner)\b",
    re.I,
)
_OWNER_RE = re.compile(
    r"\b((?:the )?(?:people|family|folks|guy|man|lady|woman|owners?|neighbou?rs?|kids?|house)\s+"
    r"(?:at|on|from|who lives? (?:at|on)|living at|over at)\s+[^,.;!?]{2,50}|"
    r"(?:owned by|belongs to|it'?s owner is|the owner is|owner'?s name is)\s+[^,.;!?]{2,50}|"
    r"from \d+\s+[A-Za-z][^,.;!?]{1,40}?(?=\s+(?:is|was|went|got|bit|ran|came|attacked)\b|[,.;!?]|$))",
    re.I,
)
_CLAUSE_SPLIT_RE = re.compile(r"[,;.!?]+|\band\b|\bbut\b|\by\b|\bpero\b", re.I)


def still_there(text: str) -> str | None:
    """YES when the reply says the animal is still there, NO when it left; None when it says neither."""
    text = text or ""
    if _STILL_THERE_RE.search(text) or replies_es.STILL_THERE.search(fold(text)):
        return YES
    if _GONE_RE.search(text) or _DIRECTION_RE.search(text) or replies_es.GONE.search(fold(text)):
        return NO
    return None


def direction(text: str) -> str | None:
    """Which way it went, in the resident's words ("heading towards the park"), or None."""
    match = _DIRECTION_RE.search(text or "") or replies_es.DIRECTION.search(fold(text))
    return match.group(0).strip() if match else None


def aggressive(text: str) -> str | None:
    """YES / NO from what the reply says about the animal's behaviour; None when it does not say."""
    text, folded = text or "", fold(text)
    if _NOT_AGGRESSIVE_RE.search(text) or replies_es.NOT_AGGRESSIVE.search(folded):
        return NO
    if _AGGRESSIVE_RE.search(text) or replies_es.AGGRESSIVE.search(folded):
        return YES
    return None


def vaccinated(text: str, only_question: bool = False) -> str | None:
    """YES / NO / UNKNOWN about rabies vaccination. A bare yes/no/don't know counts only when it was the
    only question asked (`only_question`); otherwise the reply must name shots or vaccination."""
    text = text or ""
    if _VACCINE_TOPIC_RE.search(text):
        if _UNKNOWN_RE.search(text):
            return UNKNOWN
        if _NOT_VACCINATED_RE.search(text):
            return NO
        if _VACCINATED_RE.search(text):
            return YES
    spanish = replies_es.vaccinated(fold(text))
    if spanish:
        return spanish
    return yes_no_unknown(text) if only_question else None


def owner(text: str) -> str | None:
    """Whose animal it is, as said ("the people at 220 Walnut", "from 511 Chestnut" -> "511 Chestnut");
    UNKNOWN when the reply says nobody knows; None when it does not say."""
    text = text or ""
    if _OWNER_UNKNOWN_RE.search(text) or replies_es.OWNER_UNKNOWN.search(fold(text)):
        return UNKNOWN
    match = _OWNER_RE.search(text)
    if not match:
        return replies_es.owner(text)
    found = match.group(0).strip()
    return re.sub(r"^from\s+", "", found, flags=re.I)


def clauses(text: str) -> list[str]:
    """The reply cut at commas, 'and', 'but' and full stops."""
    return [part.strip() for part in _CLAUSE_SPLIT_RE.split(text or "") if part and part.strip()]


# --- which clause of a combined reply answers which part of the question -------------------------------------
# A clause a reader claims goes to that slot; the rest go, in order, to the parts still unanswered (people
# answer "What does it look like, whose is it, and is it vaccinated?" in the order asked).
CLAUSE_READERS: dict[str, Callable[[str], object]] = {
    "still_there": still_there,
    "direction": direction,
    "aggressive": aggressive,
    "owner_known": lambda c: (
        owner(c) if owner(c) != UNKNOWN or re.search(r"\bwhose\b|\bowner\b", c, re.I) else None
    ),
    "vaccinated": vaccinated,
    "victim": lambda c: victim_kind(c, answering=False),
    "injury": lambda c: YES if mentions_injury(c) else None,
}


# Parts answered yes or no (their validators take nothing else): a clause that is neither is never their answer.
YES_NO_PARTS = frozenset({"still_there", "aggressive", "vaccinated", "injury"})


def assign_clauses(
    text: str, parts: Sequence[str], readers: dict[str, Callable[[str], object]] | None = None
) -> dict[str, str]:
    """{slot: clause} for the `parts` of a combined question (in the order asked) that `text` answers."""
    readers = {**CLAUSE_READERS, **(readers or {})}
    assigned: dict[str, str] = {}
    for clause in clauses(text):
        open_parts = [p for p in parts if p not in assigned]
        claimed = [p for p in open_parts if p in readers and readers[p](clause)]
        if claimed:
            assigned[claimed[0]] = clause
        elif any(read(clause) for slot, read in CLAUSE_READERS.items() if slot not in parts):
            continue  # "it went north" answers which way, a slot this question did not ask: not the next part
        elif open_parts:
            target = open_parts[0]
            look = yes_no_unknown(clause) is None and "animal_description" in parts
            if look and target in YES_NO_PARTS and "animal_description" in assigned:
                # "brown lab, red collar, friendly": a clause no yes/no part can take goes on describing it
                assigned["animal_description"] += f", {clause}"
                continue
            if look and "animal_description" in open_parts:
                target = "animal_description"  # words that are no yes/no are the look
            assigned[target] = clause
    return assigned
