"""A subject's standing and a bite's orders, from the ordinance engine, over the case database's facts.

Nothing is counted or worded here: the pack's rules module (bot.ordinance.kellogg, .freeport, ...) turns
the accepted, non-duplicate complaints into a StandingView and a bite into a BiteOrder; this module only
reads the records into facts. No city is named here.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date, tzinfo

from bot.cases.records import fact_victim
from bot.cases.service import CaseService, ComplaintDetail, CountedComplaint
from bot.jurisdictions import Pack
from bot.ordinance import bite_order, standing_view
from bot.ordinance.dates import local_date, long_date
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.view import BiteFacts, BiteOrder, CountedRow, StandingView, dollars

# names the console's routes import
SubjectStanding = StandingView
BiteQuarantine = BiteOrder
__all__ = [
    "BiteQuarantine", "CountedRow", "SubjectStanding", "bite_facts", "bite_history", "complaint_bite_order",
    "dollars", "facts_for", "long_date", "subject_standing",
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
            barking_minutes=c.barking_minutes,
            prior_designation=c.prior_designation,
            animal_loose=c.animal_loose,
        )
        for c in history
    ]


def subject_standing(
    cases: CaseService,
    pack: Pack,
    subject_id: int,
    today: date,
    *,
    as_if: CountedComplaint | None = None,
    through: date | None = None,
) -> StandingView:
    """The subject's standing on `today`; `as_if` adds a complaint not yet accepted, to show how it would count;
    `through` keeps only complaints received on or before that day (what a notice of that date knew)."""
    history = cases.subject_complaints(subject_id)
    if through is not None:
        history = [c for c in history if local_date(c.received, pack.tz) <= through]
    if as_if is not None:
        history = sorted([*history, as_if], key=lambda c: (c.received, c.id))
    return standing_view(pack, facts_for(history, subject_id, pack.tz), str(subject_id), today)


def bite_history(cases: CaseService, pack: Pack, detail: ComplaintDetail) -> tuple[ComplaintFact, ...]:
    """The household's counted complaints with this bite among them (as if accepted, when it is not yet):
    the history its order counts the animal's bites from, as the household and designation pages do."""
    if detail.subject_id is None:
        return ()
    history = [c for c in cases.subject_complaints(detail.subject_id) if c.reference != detail.reference]
    as_if = cases.counted_complaint(detail.reference)
    history = sorted(
        [*history, replace(as_if, subject_id=detail.subject_id)], key=lambda c: (c.received, c.id)
    )
    return tuple(facts_for(history, detail.subject_id, pack.tz))


def bite_facts(cases: CaseService, pack: Pack, detail: ComplaintDetail) -> BiteFacts | None:
    """A bite complaint as the ordinance engine takes it: the resident's words for the time and the victim,
    what the clerk or officer confirmed for proof of vaccination, premises and confinement (the resident's
    word on vaccination is not proof), and the household's history."""
    if detail.bite is None:
        return None
    bite = detail.bite
    victim = None if bite.victim_kind in (None, "unknown") else fact_victim(bite.victim_kind)
    return BiteFacts(
        reference=detail.reference,
        bitten_at=detail.occurred,
        received=detail.received,
        victim=victim,
        injury=bite.skin_broken_or_medical,
        vaccinated_with_proof=bite.vaccination_proof,
        on_owner_premises=bite.on_owner_premises,
        confined_on=bite.confined_on,
        history=bite_history(cases, pack, detail),
    )


def complaint_bite_order(cases: CaseService, pack: Pack, detail: ComplaintDetail) -> BiteOrder | None:
    """The bite's order under the pack's law; None for a complaint that is not a bite."""
    facts = bite_facts(cases, pack, detail)
    return None if facts is None else bite_order(pack, facts)
