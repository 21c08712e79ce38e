"""Freeport's written notices: the 5 B confinement order, and the designation notices of 11 D and 11 G 1.

Each is given by the City Animal Control Officer (5 B "notice of need for such confinement by the officer";
11 D and 11 G 1 "The City Animal Control Officer shall cause one (1) owner ... to be notified in writing").
"""

from __future__ import annotations

from datetime import date, timedelta

from bot.ordinance.dates import long_date
from bot.ordinance.freeport.bites import CLAUSE_WORDS
from bot.ordinance.freeport.law import FreeportLaw
from bot.ordinance.view import TITLES, NoticeFacts, NoticeTerms

OFFICER = "City Animal Control Officer"
RELOCATION = (
    "The owner of an animal identified as dangerous or potentially dangerous must notify the City "
    "Clerk-Treasurer in writing at least fourteen (14) days before the animal is relocated from its current "
    "address or given or sold to another person, with the current owner's name and address, the relocation "
    "address, and the name of the new owner, if any (11(I))."
)


def _clause(facts: NoticeFacts) -> str:
    words = CLAUSE_WORDS.get(facts.designation_clause or "")
    return f" The animal has {words} ({facts.designation_clause})." if words else ""


def _bites(facts: NoticeFacts) -> list[str]:
    return [f"Bite {b.reference}: {b.when}, at {b.where}; bitten: {b.bitten}." for b in facts.bites]


def potentially_dangerous_terms(facts: NoticeFacts) -> NoticeTerms:
    """11 D: "the City Animal Control Officer shall cause one (1) owner of the potentially dangerous animal to
    be notified in writing that such animal is potentially dangerous"."""
    if facts.designation != "potentially_dangerous":
        raise ValueError("no recorded designation of this animal as potentially dangerous (11(D))")
    lines = (
        "You are notified in writing that the City Animal Control Officer has designated your animal a "
        "potentially dangerous animal (11(D)), on evidence that it has, when unprovoked, bitten, attacked, or "
        "threatened the safety of a person or a domestic animal (11(C)(2))." + _clause(facts),
        *_bites(facts),
        RELOCATION,
        "An animal that has been declared potentially dangerous and then bites, attacks, or threatens the safety "
        "of a person or a domestic animal may be designated a dangerous animal (11(C)(1)(e), 11(E)(2)).",
    )
    return NoticeTerms("potentially_dangerous_notice", TITLES["potentially_dangerous_notice"], lines,
                       ("11(D)", "11(I)"), signed_by=OFFICER)  # fmt: skip


def dangerous_terms(law: FreeportLaw, issued_on: date, facts: NoticeFacts) -> NoticeTerms:
    """11 G 1: the owner "shall be notified as to dates, times, places and parties bitten, and shall be given
    fourteen (14) days to appeal this order by requesting a hearing before the City Council"."""
    if facts.designation != "dangerous":
        raise ValueError("no recorded designation of this animal as dangerous (11(G)(1))")
    if not facts.bites:
        raise ValueError("11(G)(1) needs the dates, times, places and parties bitten: no bite is recorded")
    appeal_by = facts.appeal_by or issued_on + timedelta(days=law.dangerous_appeal_days)
    days = law.dangerous_appeal_days
    lines = (
        "You are notified in writing that the City Animal Control Officer has determined that your animal is a "
        "dangerous animal (11(G)(1))." + _clause(facts),
        "The dates, times, places and parties bitten (11(G)(1)):",
        *_bites(facts),
        f"You have {days} days to appeal this order by requesting a hearing before the City Council for a "
        f"review of this determination: by {long_date(appeal_by)} (11(G)(1)).",
        "If no appeal is filed, the orders issued will stand or the City Animal Control Officer may order the "
        "animal destroyed (11(G)(1)(a)). If you request a hearing, the City Council sets a date not more than "
        "three (3) weeks after the demand (11(G)(1)(b)).",
        "An animal deemed dangerous shall be registered with Stearns County within fourteen (14) days after the "
        "date it was so deemed, with satisfactory proof to the City Clerk-Treasurer (12(A)(6)).",
        RELOCATION,
    )
    return NoticeTerms("dangerous_notice", TITLES["dangerous_notice"], lines, ("11(G)(1)", "12(A)(6)", "11(I)"),
                       hearing_request_by=appeal_by, signed_by=OFFICER)  # fmt: skip
