"""Which section each report type rests on in each city's law, and which types Kellogg 58-16 counts.

58-16 counts an owner "found in violation of any part of this article". Where a type plainly is such a
violation it counts; where the words leave it open the pack chooses a reading (bot.ordinance.readings),
both readings are implemented here, and the household page names the one in force. docs/rules.md
"Report types" is this module in words.

| type     | Kellogg chapter 58                  | under 58-16                                   | Freeport 2005-03 |
|----------|-------------------------------------|-----------------------------------------------|------------------|
| barking  | 58-5 C                              | counts                                        | 7 A              |
| at_large | 58-3 (58-1 "at large")              | counts                                        | 1 E, 2 A, 5 A    |
| bite     | 58-10                               | reading `bite_complaints`                     | 5 B, 11          |
| threat   | 58-5 A, B; 58-3 when it was loose   | reading `threat_complaints`                   | 11 C 2 b         |
| neglect  | 58-11, 58-12                        | counts ("No person shall", "No owner shall")  | 13               |
| waste    | 58-15                               | counts ("It is unlawful")                     | 7 C              |
| too_many | 58-4                                | counts ("No more than ... three")             | 6                |
| damage   | none names it                       | reading `damage_complaints`                   | 7 B              |

Freeport counts every accepted complaint of any type (bot.ordinance.freeport.counting).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.ordinance.facts import ComplaintFact
from bot.ordinance.readings import Readings

# rules module -> report type -> the sections it rests on, as the console shows them
SECTIONS: dict[str, dict[str, str]] = {
    "kellogg": {
        "barking": "58-5 C",
        "at_large": "58-3",
        "bite": "58-10",
        "threat": "58-5 A, B (58-3 when it was loose)",
        "neglect": "58-11, 58-12",
        "waste": "58-15",
        "too_many": "58-4",
        "damage": "no section of chapter 58 names damage to property",
    },
    "freeport": {
        "barking": "7 A",
        "at_large": "1 E, 2 A, 5 A",
        "bite": "5 B, 11",
        "threat": "11 C 2 b (1 E, 5 A when it was loose)",
        "neglect": "13",
        "waste": "7 C",
        "too_many": "6",
        "damage": "7 B",
    },
}

# counts_as values of complaints a type reading leaves uncounted under 58-16 -> the section and reading
NOT_COUNTED_SECTIONS: dict[str, str] = {
    "not_counted_threat_not_loose": "58-5 A, B (reading: threat_complaints)",
    "not_counted_threat_loose_unknown": "58-3 (reading: threat_complaints)",
    "not_counted_damage_no_section": "no section (reading: damage_complaints)",
}
THREAT_NOT_COUNTED = {False: "not_counted_threat_not_loose", None: "not_counted_threat_loose_unknown"}


def section_of(rules: str, report_type: str) -> str | None:
    """The sections `report_type` rests on under the law of rules module `rules`; None for a rules module
    this table does not know (the console then shows the type alone)."""
    return SECTIONS.get(rules, {}).get(report_type)


def types_not_counted(
    facts: Sequence[ComplaintFact], order: Iterable[int], readings: Readings
) -> dict[int, str]:
    """Complaints Kellogg 58-16 does not count because of their type, under the readings in force:
    index -> why (a `counts_as` value).

    - `threat_complaints: at_large_only`: a threat without contact is a violation only when the animal was
      at large (58-3); 58-5 A needs an animal that "habitually exhibits vicious tendencies", which one
      threat does not show. A threat the records cannot place as loose is not counted either.
      (`count`: 58-5 A "snarls at persons" and B "interferes with persons walking" declare it a nuisance.)
    - `damage_complaints: not_counted`: no section of chapter 58 names damage to property.
      (`count`: 58-5 asks the owner to prevent "any act which constitutes a nuisance".)
    """
    skipped: dict[int, str] = {}
    for index in order:
        fact = facts[index]
        if fact.type == "threat" and readings.threat_complaints == "at_large_only":
            if fact.animal_loose is not True:
                skipped[index] = THREAT_NOT_COUNTED[fact.animal_loose]
        elif fact.type == "damage" and readings.damage_complaints == "not_counted":
            skipped[index] = "not_counted_damage_no_section"
    return skipped
