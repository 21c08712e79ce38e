"""Freeport, MN, Ordinance 2005-03: complaints, seizure (8), bites (5 B, 11), impound fees (5 C), 18 A.

Freeport draws no verbal/written distinction: every accepted complaint counts, numbered per subject in
order of receipt (`complaint_1`, `complaint_2`, ...). The rules module a pack names with `rules: freeport`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from bot.ordinance.facts import ComplaintFact
from bot.ordinance.freeport.bites import (
    DesignationProposal,
    FreeportBite,
    FreeportBiteOrders,
    bite_orders,
    person_occasions,
    propose,
)
from bot.ordinance.freeport.counting import (
    CountResult,
    SeizurePreconditions,
    count_complaints,
    seizure_preconditions,
)
from bot.ordinance.freeport.fees import (
    ImpoundEvent,
    ImpoundFee,
    impound_release_fees,
    offence_dates,
    offence_days,
    release_fee_cents,
)
from bot.ordinance.freeport.law import OFFICER_JUDGEMENT, FreeportLaw, law_for, parse_law
from bot.ordinance.freeport.notices import dangerous_terms, potentially_dangerous_terms
from bot.ordinance.freeport.words import (
    appeal_deadline,
    barking_note,
    bite_order,
    designation_proposal,
    standing_view,
)
from bot.ordinance.view import BiteOrder, NoticeFacts, NoticeTerms, quarantine_terms

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

REQUIRED_FACT_FIELDS: tuple[str, ...] = ()  # the form is recorded but does not change the count

__all__ = [
    "OFFICER_JUDGEMENT", "REQUIRED_FACT_FIELDS", "appeal_deadline", "designation_proposal", "CountResult", "DesignationProposal", "FreeportBite",
    "FreeportBiteOrders", "FreeportLaw", "ImpoundEvent", "ImpoundFee", "SeizurePreconditions", "barking_note",
    "bite_order", "bite_orders", "count_complaints", "impound_release_fees", "law_for", "notice_terms",
    "offence_dates", "offence_days", "parse_law", "person_occasions", "propose", "release_fee_cents",
    "results_json", "seizure_preconditions", "standing_view",
]  # fmt: skip


def results_json(facts: Sequence[ComplaintFact], pack: Pack) -> list[dict[str, object]]:
    """The `standing` command's results for a pack using these rules, in input order."""
    law = law_for(pack)
    return [r.to_json(law) for r in count_complaints(facts, law, pack.tz, pack.readings)]


def notice_terms(
    pack: Pack, kind: str, issued_on: date, bite: BiteOrder | None = None, facts: NoticeFacts | None = None
) -> NoticeTerms:
    """Freeport's notices: the 5 B confinement order and the 11 D / 11 G 1 designation notices; no
    counting letters (Freeport has no 58-16)."""
    facts = facts or NoticeFacts()
    if kind == "quarantine_order" and bite is not None:
        return quarantine_terms(bite, issued_on)
    if kind == "potentially_dangerous_notice":
        return potentially_dangerous_terms(facts)
    if kind == "dangerous_notice":
        return dangerous_terms(law_for(pack), issued_on, facts)
    raise ValueError(f"no {kind} notice under {pack.ordinance}")
