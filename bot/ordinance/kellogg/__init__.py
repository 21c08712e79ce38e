"""Kellogg, MN, City Code chapter 58: complaint counting (58-16), bites (58-10), barking (58-5 C).

The rules module a pack names with `rules: kellogg`. docs/rules.md states each rule with its section.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from bot.ordinance.facts import ComplaintFact
from bot.ordinance.kellogg.bites import HOME_CONDITIONS, KelloggBite, KelloggBiteOrders, bite_orders
from bot.ordinance.kellogg.counting import (
    CountResult,
    Standing,
    bite_case_numbers,
    count_complaints,
    standing_at,
)
from bot.ordinance.kellogg.law import (
    ACTIONS,
    SECTIONS,
    KelloggLaw,
    consequences,
    law_for,
    notice_deadlines,
    parse_law,
)
from bot.ordinance.kellogg.notices import (
    citation_terms,
    hearing_status,
    letter_receipt_deadlines,
    letter_status,
    letter_terms,
    receipt_deadlines,
    referral_terms,
)
from bot.ordinance.kellogg.words import NOTICE_FOR_LEVEL, barking_note, bite_order, standing_view
from bot.ordinance.view import BiteOrder, NoticeFacts, NoticeTerms, quarantine_terms

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

REQUIRED_FACT_FIELDS = ("form",)

__all__ = [
    "ACTIONS", "HOME_CONDITIONS", "NOTICE_FOR_LEVEL", "REQUIRED_FACT_FIELDS", "SECTIONS", "CountResult",
    "KelloggBite", "KelloggBiteOrders", "KelloggLaw", "Standing", "barking_note", "bite_case_numbers",
    "bite_order", "bite_orders", "consequences", "count_complaints", "hearing_status", "law_for",
    "notice_deadlines", "notice_receipt", "notice_terms", "receipt_words", "parse_law", "receipt_deadlines", "results_json", "standing_at",
    "standing_view",
]  # fmt: skip


def results_json(facts: Sequence[ComplaintFact], pack: Pack) -> list[dict[str, object]]:
    """The `standing` command's results for a pack using these rules, in input order."""
    return [r.to_json() for r in count_complaints(facts, law_for(pack), pack.tz, pack.readings)]


def notice_terms(
    pack: Pack, kind: str, issued_on: date, bite: BiteOrder | None = None, facts: NoticeFacts | None = None
) -> NoticeTerms:
    """The wording and dates of a notice of `kind` issued on `issued_on`."""
    law = law_for(pack)
    facts = facts or NoticeFacts()
    if kind == "letter":
        return letter_terms(
            law, issued_on, pack.ordinance, facts, pack.readings.letter_days_from == "receipt"
        )
    if kind == "citation":
        return citation_terms(law, pack.ordinance, facts)
    if kind == "referral":
        return referral_terms(law, pack.ordinance, facts)
    if kind == "quarantine_order" and bite is not None:
        return quarantine_terms(bite, issued_on)
    raise ValueError(f"no {kind} notice under {pack.ordinance}")


def notice_receipt(pack: Pack, kind: str, received_on: date) -> dict[str, date]:
    """Deadlines that run from the day the owner received a notice: a citation's (58-16 B(3)), and a
    letter's under reading letter_days_from: receipt (58-16 B(2))."""
    law = law_for(pack)
    if kind == "citation":
        return receipt_deadlines(law, received_on)
    if kind == "letter" and pack.readings.letter_days_from == "receipt":
        return letter_receipt_deadlines(law, received_on)
    return {}


def receipt_words(pack: Pack, kind: str, received_on: date | None, today: date) -> str | None:
    """The deadlines board's words for a notice whose deadlines run from receipt."""
    law = law_for(pack)
    if kind == "citation":
        return hearing_status(law, received_on, today)
    if kind == "letter" and pack.readings.letter_days_from == "receipt":
        return letter_status(law, received_on)
    return None
