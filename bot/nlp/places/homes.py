"""A numbered home inside a named complex is one place: "lot 22 of Pine Haven trailer court", "Sunny Acres
Mobile Home Park lot 9", "unit 3 of the Brookside Townhomes", "Riverview Apartments unit 2F", "apartment 4C
at Maple Court", "traila 7 de Sunny Acres", "apartamento 3 de los Riverview".

The ruler knows the kinds of complex but not their names, so it cut such places to "Haven trailer court",
"Home Park lot" or nothing (blind-12h and blind-es7). A name here is one to three capitalised
words: a voice transcript in lower case keeps what the ruler found.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.nlp.places.spanish import HOME_UNITS_ES
from bot.nlp.places.spans import Entity

_NAME = r"(?!(?:I|My|Our|Their|His|Her|We)\b)[A-Z][\w'.]*(?:\s+[A-Z][\w'.]*){0,2}"

_KIND = (
    r"(?i:mobile\s+home\s+(?:park|court)|trailer\s+(?:court|park)|apartments|apts|townhomes|townhouses|condos"
    r"|manor|senior\s+living|assisted\s+living)"  # "next to Heritage Manor", the care home
)

_NUMBER = r"#?\s?(?:\d+[A-Za-z]?|[A-Z])\b"

_UNIT_BEFORE = r"(?i:lot|unit|apartment|apt|space|trailer)"

_UNIT_AFTER = r"(?i:lot|unit|apt|apartment|building|bldg|space)"

HOME_PATTERNS: tuple[re.Pattern[str], ...] = (
    # "lot 22 of Pine Haven trailer court", "unit 3 of the Brookside Townhomes", "apartment 4C at Maple Court"
    re.compile(rf"\b{_UNIT_BEFORE}\s+{_NUMBER}\s+(?i:of|in|at)\s+(?:(?i:the)\s+)?{_NAME}(?:\s+{_KIND})?"),
    # "traila 7 de Sunny Acres", "apartamento 2F de los Riverview"
    re.compile(rf"\b(?i:{HOME_UNITS_ES})\s+{_NUMBER}\s+(?i:de|del|en)\s+(?:(?i:los|las|el|la)\s+)?{_NAME}"),
    # "Sunny Acres Mobile Home Park lot 9", "the Riverview Apartments building B", "Sunset Mobile Home Park"
    re.compile(rf"(?:\b(?i:the)\s+)?\b{_NAME}\s+{_KIND}(?:\s+{_UNIT_AFTER}\s+{_NUMBER})?"),
)


def _home_spans(text: str) -> list[tuple[int, int]]:
    """The complexes' homes named in `text`, earlier patterns first, none overlapping another."""
    spans: list[tuple[int, int]] = []
    for pattern in HOME_PATTERNS:
        for match in pattern.finditer(text):
            start, end = match.span()
            if all(end <= s or e <= start for s, e in spans):
                spans.append((start, end))
    return spans


def homes_in_complexes(text: str, locations: Sequence[Entity]) -> list[Entity]:
    """`locations` with each home in a named complex as one location, in place of the pieces the ruler
    found inside or across it; a place that holds the whole home ("the Riverside Apartments parking lot")
    stays as it is."""
    kept = list(locations)
    for start, end in _home_spans(text):
        if any(e["start"] <= start and end <= e["end"] for e in kept):
            continue
        kept = [e for e in kept if e["end"] <= start or end <= e["start"]]
        kept.append({"entity": "location", "start": start, "end": end, "value": text[start:end]})
    return sorted(kept, key=lambda e: e["start"])
