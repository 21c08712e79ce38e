"""Text helpers every fact reader shares: accents folded, a reply cut into clauses, spoken fillers stripped."""

from __future__ import annotations

import re
import unicodedata

_CLAUSE_SPLIT_RE = re.compile(r"[,;.!?]+|\band\b|\bbut\b|\by\b|\bpero\b", re.I)
# spoken fillers (Twilio transcribes them): "uh tom berg", "um, 412 oak", "like, you know, the park"
_FILLERS_RE = re.compile(
    r"\b(?:uh+|um+|uhm+|er+|erm+|hmm+|mm+|ah+|like|you know|i mean|pues|o sea)\b[,.]?\s*", re.I
)


def fold(text: str) -> str:
    """Accents off ("sí" -> "si", "gruñía" -> "grunia"): Spanish is read the way it is texted, without them."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def clauses(text: str) -> list[str]:
    """The reply cut at commas, 'and', 'but' and full stops."""
    return [part.strip() for part in _CLAUSE_SPLIT_RE.split(text or "") if part and part.strip()]


def strip_fillers(text: str) -> str:
    """ "uh tom berg" -> "tom berg", "um, 412 oak st" -> "412 oak st": the words a name or a place is filed with."""
    return " ".join(_FILLERS_RE.sub(" ", text or "").split()).strip(" ,.")
