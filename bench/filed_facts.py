"""What the bench's residents got filed, read from the case database, and held to what they said.

A filed fact is wrong when the resident's words do not say it: a free-text fact (description, owner, which
way, how often) with a word the resident never used for it or in the first message; a yes/no fact filed as
the opposite; the wrong report type, species or victim; a place without the word the resident gave (after a
correction, the corrected one); a name with a filler in it, or a name for a resident who stayed anonymous.
"Not known" and an empty fact are never wrong: they are not facts.
"""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from contextlib import closing
from typing import Any

from bench.residents import WORDS, StyledResident

_WORD = re.compile(r"[a-z0-9]+")
STOP = frozenset(
    "a an the and or with it its it's is was of to on at in by for my our their his her they he she this that "
    "there here some about like kind sort y o con de del la el los las un una unos unas es son en por al "
    "s t".split()
)
NOT_KNOWN = frozenset({"not known", "unknown", "no se sabe"})
FILLERS = ("uh", "um", "er", "like", "you know", "este", "pues")
_BOOL = {1: "yes", 0: "no", None: None}


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", (text or "").lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words(text: str) -> set[str]:
    return set(_WORD.findall(fold(text))) - STOP


def filed_complaints(database_url: str, phones: list[str]) -> dict[str, dict[str, Any]]:
    """phone -> the last complaint filed from it (its columns, details and bite details)."""
    path = database_url.removeprefix("sqlite:///")
    query = (
        "SELECT cp.contact_key, c.type, c.location_text, c.animal_species, c.animal_description, c.details,"
        " c.owner_named, c.anonymous, cp.name, b.victim, b.skin_broken_or_medical, b.animal_vaccinated,"
        " b.owner_known FROM complaints c JOIN complainants cp ON c.complainant_id = cp.id"
        " LEFT JOIN bite_details b ON b.complaint_id = c.id ORDER BY c.id"
    )
    wanted, found = set(phones), {}
    with closing(sqlite3.connect(path)) as db:
        db.row_factory = sqlite3.Row
        for row in db.execute(query):
            if row["contact_key"] in wanted:
                found[row["contact_key"]] = dict(row)
    return found


def _free_text_wrong(topic: str, value: str | None, allowed: set[str]) -> str | None:
    if not value or fold(value).strip(" .") in NOT_KNOWN:
        return None
    extra = words(value) - allowed
    return f"{topic} {value!r}" if extra else None


def _yes_no_wrong(topic: str, value: str | None, truth: str | None) -> str | None:
    if value in (None, "", "unknown", "not known") or truth in (None, "unknown"):
        return None
    return None if value == truth else f"{topic} {value!r} (said {truth})"


def _expected_name(said: str) -> str | None:
    name = fold(said).strip()
    if name in ("skip", "anonimo", "anonymous"):
        return None
    for filler in FILLERS:
        name = re.sub(rf"^{filler}\s+", "", name)
    return name


def check(styled: StyledResident, row: dict[str, Any]) -> tuple[list[str], bool | None]:
    """The wrong facts of one filed complaint, and whether a bite's victim kind is right (None: no bite)."""
    resident, facts, truth = styled.resident, styled.resident.facts, styled.resident.truth
    first = words(resident.first)
    details = json.loads(row["details"] or "{}") if isinstance(row["details"], str) else row["details"] or {}
    wrong = [
        f"type {row['type']}" if row["type"] != resident.kind else None,
        None if fold(styled.expected_place_word) in fold(row["location_text"]) else f"place {row['location_text']!r}",
        f"animal {row['animal_species']}" if row["animal_species"] not in (None, truth.get("animal")) else None,
        _free_text_wrong("description", row["animal_description"],
                         words(facts.get("description", "")) | words(facts.get("animal", "")) | first),
        _free_text_wrong("owner", row["owner_named"] or row["owner_known"], words(facts.get("owner", "")) | first),
        _free_text_wrong("direction", details.get("direction"),
                         words(facts.get("direction", "")) | words(facts.get("still_there", "")) | first),
        _free_text_wrong("how often", details.get("barking_frequency"),
                         words(facts.get("frequency", "")) | words(facts.get("since", "")) | first
                         | {"every", "night", "day", "nightly", "daily"} | _aside_words(styled)),
        _yes_no_wrong("still there", details.get("still_there"), truth.get("still_there")),
        _yes_no_wrong("aggressive", details.get("aggressive"), truth.get("aggressive")),
        _yes_no_wrong("injury", _BOOL.get(row["skin_broken_or_medical"]), truth.get("injury")),
        _yes_no_wrong("vaccinated", _BOOL.get(row["animal_vaccinated"]), truth.get("vaccinated")),
        _name_wrong(facts.get("name", ""), row),
    ]  # fmt: skip
    victim_right = None
    if resident.kind == "bite" and row["type"] == "bite":
        victim_right = row["victim"] == truth.get("victim")
        if row["victim"] not in (None, "unknown", truth.get("victim")):
            wrong.append(f"victim {row['victim']} (said {truth.get('victim')})")
    return [w for w in wrong if w], victim_right


def _aside_words(styled: StyledResident) -> set[str]:
    """An aside resident puts "this happens all the time" ("siempre es lo mismo") before its answers: that
    says how often, in the clause's words or in the English the complaint is filed in (`aside_says`)."""
    if styled.style != "aside":
        return set()
    said = WORDS[styled.resident.language]
    return words(said["aside_clause"]) | words(said["aside_says"])


def _name_wrong(said: str, row: dict[str, Any]) -> str | None:
    expected = _expected_name(said) if said else None
    if row["anonymous"]:
        return None
    filed = fold(row["name"] or "")
    if expected is None or filed != expected:
        return "a name filed for an anonymous resident" if expected is None else f"name {row['name']!r}"
    return None


def check_filed(result: Any, row: dict[str, Any] | None) -> None:
    """Sets `result.wrong` and `result.victim_right` from the complaint filed for it (nothing filed: none)."""
    if row is None or not result.filed:
        return
    result.wrong, result.victim_right = check(result.styled, row)
