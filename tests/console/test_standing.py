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


def test_facts_carry_where_the_bite_happened() -> None:
    """Reading bite_complaints (docs/rules.md): the engine sees whether the records place a bite off the
    owner's premises (58-10 B) and what they show."""
    bitten = counted(1, "bite", None, off_owner_premises=None, premises_basis="not a street address")
    [fact] = facts_for([bitten], 1, CHICAGO)
    assert (fact.off_owner_premises, fact.premises_basis) == (None, "not a street address")
    [away] = facts_for([counted(2, "bite", None, off_owner_premises=True)], 1, CHICAGO)
    assert away.off_owner_premises is True
