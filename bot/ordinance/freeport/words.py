"""Freeport Ordinance 2005-03 in plain words for the console and the orders: standing, bites, barking."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING

from bot.ordinance.dates import local_date
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.freeport.bites import FreeportBite, FreeportBiteOrders, bite_orders, confinement_lines
from bot.ordinance.freeport.counting import CountResult, count_complaints
from bot.ordinance.freeport.law import FreeportLaw, law_for
from bot.ordinance.view import BiteFacts, BiteOrder, CountedRow, StandingView, with_period

if TYPE_CHECKING:
    from bot.jurisdictions import Pack


def _row(result: CountResult, pack: Pack) -> CountedRow:
    flags = []
    if result.designation is not None and result.designation.clause:
        flags.append(f"proposed: {result.designation.words}")
    return CountedRow(
        reference=result.fact.id,
        received=local_date(result.fact.received, pack.tz),
        form=result.fact.form or "",
        type=result.fact.type,
        counts_as=result.counts_as,
        action=result.action,
        section="Ordinance 2005-03",
        notice_kind=None,
        flags=tuple(flags),
    )


def _bite_flag(result: CountResult, law: FreeportLaw) -> str:
    proposal = result.designation
    animal = f"animal {result.fact.animal}" if result.fact.animal else "an animal not yet identified"
    appeal = (
        f"; once the officer declares it dangerous, the owner has {law.dangerous_appeal_days} days to appeal "
        "to the City Council (11(G)(1))"
        if proposal.designation == "dangerous"
        else ""
    )
    confirm = "; ".join(proposal.to_confirm)
    return f"{result.fact.id} ({animal}): proposed {proposal.words}{appeal}. To confirm: {confirm}."


def standing_view(facts: Sequence[ComplaintFact], pack: Pack, subject: str, today: date) -> StandingView:
    """Every accepted complaint counts; the section 8 preconditions the records show; 11 proposals."""
    law = law_for(pack)
    results = count_complaints(facts, law, pack.tz, pack.readings)
    counted = [r for r in results if r.number is not None]
    what_next = [
        f"{pack.ordinance} has no verbal/written rule: every accepted complaint counts "
        f"({len(counted)} so far) and is documented."
    ]
    if results:
        latest = max(results, key=lambda r: (local_date(r.fact.received, pack.tz), r.fact.id))
        seizure = latest.seizure.to_json()
        if seizure["met"]:
            what_next.append(f"Section 8 preconditions the records show: {'; '.join(seizure['met'])}.")
        if seizure["not_met"]:
            what_next.append(f"Not shown by the records: {'; '.join(seizure['not_met'])}.")
        what_next.append(f"For the officer to confirm: {'; '.join(seizure['officer_to_confirm'])}.")
        what_next.append(f"The officer must still judge: {'; '.join(seizure['officer_judgement'])}.")
    return StandingView(
        jurisdiction=pack.code,
        level=counted[-1].counts_as if counted else "none",
        level_words=f"{len(counted)} accepted complaint{'s' if len(counted) != 1 else ''}",
        window_open_until=None,
        days_left=None,
        rows=tuple(_row(r, pack) for r in results),
        what_next=tuple(what_next),
        bite_flags=tuple(_bite_flag(r, law) for r in results if r.designation is not None),
        readings=tuple(pack.readings.words(pack.rules)),
    )


def _proposal(pack: Pack, bite: BiteFacts, orders: FreeportBiteOrders) -> tuple[str, str | None, list[str]]:
    """(designation, clause, to confirm) proposed for this bite's animal: from the household's history when
    the console passes it, exactly as the designation page proposes it (one source of truth)."""
    proposal = designation_proposal(bite.history, pack, bite.reference) if bite.history else None
    if proposal is None:
        clause = next((s for s in orders.sections if s.startswith("11(C)")), None)
        return orders.designation, clause, [t for t in orders.to_confirm if not t.startswith("5(B)")]
    return str(proposal["designation"]), proposal["clause"], list(proposal["to_confirm"])  # type: ignore[arg-type]


def bite_order(pack: Pack, bite: BiteFacts) -> BiteOrder:
    """5 B confinement and the 11 C designation proposed for one bite, in words."""
    law = law_for(pack)
    orders = bite_orders(
        FreeportBite(
            victim=bite.victim,
            vaccinated_with_certificate=bite.vaccinated_with_proof,
            skin_punctured_or_doctor=bite.injury,
            earlier_person_bite_occasions=bite.person_bite_occasions,
        ),
        law,
    )
    required = {"not_required": False, "undetermined": None}.get(orders.confinement, True)
    designation, clause, confirm = _proposal(pack, bite, orders)
    sections = [s for s in orders.sections if s == "5(B)"] + ([clause] if clause else [])
    sections += ["11(G)(1)"] if designation == "dangerous" else []
    order = BiteOrder(
        required=required,
        min_days=orders.confinement_min_days,
        ends_on=None,
        owner_notice_deadline=None,
        sections=tuple(sections),
        to_confirm=tuple(t for t in orders.to_confirm if t.startswith("5(B)")) + tuple(confirm),
        lines=tuple(confinement_lines(orders, law)),
        flags=(f"proposed designation: {designation.replace('_', ' ')}",),
        bite_day=local_date(bite.bitten_at or bite.received, pack.tz),
        starts_on=bite.confined_on,
        counted_from=pack.readings.quarantine_from,
        signed_by="City Animal Control Officer",
    )
    return with_period(order)


def barking_note(
    pack: Pack, species: str | None, minutes: int | None, reported_text: str | None = None
) -> str:
    """7 A and 8(3) speak of a barking *dog* that habitually barks or cries."""
    if species in (None, "dog"):
        which = "the species was not reported" if species is None else "the report is about a dog"
        return f"7(A): a dog which habitually barks or cries; 8(3): a previous complaint of a barking dog ({which})."
    return (
        f"7(A) and 8(3) speak of a barking dog; this report is about a {species}, so neither applies as "
        "written."
    )


def designation_proposal(
    facts: Sequence[ComplaintFact], pack: Pack, reference: str
) -> dict[str, object] | None:
    """The 11 C designation the records support for the animal of bite `reference`, as of that bite."""
    law = law_for(pack)
    for result in count_complaints(facts, law, pack.tz, pack.readings):
        if result.fact.id == reference and result.designation is not None:
            proposal = result.designation
            return {"designation": proposal.designation, "clause": proposal.clause, "words": proposal.words,
                    "to_confirm": list(proposal.to_confirm)}  # fmt: skip
    return None


def appeal_deadline(pack: Pack, designation: str, notified_on: date) -> date | None:
    """11 G 1: the owner notified that the animal is dangerous has fourteen days to appeal to the City Council."""
    if designation != "dangerous":
        return None
    return notified_on + timedelta(days=law_for(pack).dangerous_appeal_days)
