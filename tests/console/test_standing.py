"""The console's facts for the engine: same-incident keys, and the household page's readings."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from bot.cases.service import CountedComplaint
from bot.console.standing import facts_for, incident_key

CHICAGO = ZoneInfo("America/Chicago")


def counted(cid: int, kind: str, occurred: datetime | None, **more) -> CountedComplaint:
    received = datetime(2026, 3, 2, 12, tzinfo=CHICAGO)
    return CountedComplaint(cid, f"KEL-{cid}", 1, received, "written", kind, True, occurred=occurred, **more)


def test_same_incident_keys() -> None:
    night = datetime(2026, 3, 1, 23, 30, tzinfo=CHICAGO)
    late = datetime(2026, 3, 1, 23, 50, tzinfo=CHICAGO)
    assert incident_key(counted(1, "barking", night), CHICAGO) == incident_key(
        counted(2, "barking", late), CHICAGO
    )
    assert incident_key(counted(3, "bite", night), CHICAGO) != incident_key(counted(4, "bite", late), CHICAGO)
    assert incident_key(counted(5, "barking", None), CHICAGO) is None  # no time given: its own incident


def test_facts_carry_the_animal_victim_and_injury() -> None:
    [fact] = facts_for([counted(1, "bite", None, animal_id=7, victim="person", injury=True)], 1, CHICAGO)
    assert (fact.animal, fact.victim, fact.injury, fact.subject) == ("7", "person", True, "1")
