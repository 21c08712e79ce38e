"""A subject's standing and a bite's orders, from the ordinance engine, over the case database's facts.

Nothing is counted or worded here: the pack's rules module (bot.ordinance.kellogg, .freeport, ...) turns
the accepted, non-duplicate complaints into a StandingView and a bite into a BiteOrder; this module only
reads the records into facts. No city is named here.
"""

from __future__ import annotations

from datetime import date, datetime, tzinfo

from bot.cases.service import CaseService, CountedComplaint
from bot.jurisdictions import Pack
from bot.ordinance import bite_order, standing_view
from bot.ordinance.dates import local_date, long_date
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.view import BiteFacts, BiteOrder, CountedRow, StandingView, dollars

# names the console's routes import
SubjectStanding = StandingView
BiteQuarantine = BiteOrder
__all__ = [
    "BiteQuarantine", "CountedRow", "SubjectStanding", "bite_quarantine", "dollars", "facts_for",
    "long_date", "subject_standing",
]  # fmt: skip


def incident_key(complaint: CountedComplaint, tz: tzinfo | None) -> str | None:
    """Which complaints are about the same incident: a bite at the same moment; barking or an animal at
    large on the same local day. None when the resident gave no time (then every complaint is its own)."""
    occurred = complaint.occurred
    if occurred is None:
        return None
    if complaint.type == "bite":
        return f"bite:{occurred.isoformat()}"
    return f"{complaint.type}:{local_date(occurred, tz).isoformat() if tz else occurred.date().isoformat()}"


def facts_for(
    history: list[CountedComplaint], subject_id: int, tz: tzinfo | None = None
) -> list[ComplaintFact]:
    """The engine's facts for a subject's counted complaints."""
    return [
        ComplaintFact(
            id=c.reference,
            subject=str(subject_id),
            received=c.received,
            form=c.form,
            type=c.type,
            complainant_identified=c.complainant_identified,
            animal=None if c.animal_id is None else str(c.animal_id),
            victim=None if c.victim in (None, "unknown") else c.victim,
            injury=c.injury,
            incident=incident_key(c, tz),
            species=c.species,
            off_owner_premises=c.off_owner_premises,
            premises_basis=c.premises_basis,
            animal_loose=c.animal_loose,
        )
        for c in history
    ]


def subject_standing(
    cases: CaseService, pack: Pack, subject_id: int, today: date, *, as_if: CountedComplaint | None = None
) -> StandingView:
    """The subject's standing on `today`; `as_if` adds a complaint not yet accepted, to show how it would count."""
    history = cases.subject_complaints(subject_id)
    if as_if is not None:
        history = sorted([*history, as_if], key=lambda c: (c.received, c.id))
    return standing_view(pack, facts_for(history, subject_id, pack.tz), str(subject_id), today)


def bite_quarantine(
    pack: Pack,
    bitten_at: datetime | None,
    victim: str | None,
    vaccinated: bool | None,
    skin_broken_or_medical: bool | None,
    earlier_bites: int = 0,
    *,
    received: datetime | None = None,
    reference: str = "",
) -> BiteOrder:
    """The confinement a bite brings under the pack's law, from what the report says.

    The resident's word on vaccination is not the proof or certificate the ordinances ask for, so it is
    not passed on: the order says "to confirm" until an officer records it. `bitten_at` None: the bite
    time is not known (then `received` dates the quarantine's earliest end).
    """
    del vaccinated
    if bitten_at is None and received is None:
        raise ValueError("a bite needs its time or the time it was reported")
    facts = BiteFacts(
        reference=reference,
        bitten_at=bitten_at,
        received=received or bitten_at,
        victim=victim,
        injury=skin_broken_or_medical,
        vaccinated_with_proof=None,
        animal_bite_cases=1,
        person_bite_occasions=earlier_bites if victim == "person" else 0,
    )
    return bite_order(pack, facts)
