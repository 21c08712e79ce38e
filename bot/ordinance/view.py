"""What a rules module hands the console: plain data and plain words, computed from facts.

Every rules module provides `standing_view(facts, pack, subject, today)` and
`bite_order(pack, BiteFacts)`; `bot.ordinance.generic` words the results of a module that has no words
of its own. The console renders these and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import TYPE_CHECKING

from bot.ordinance.dates import local_date
from bot.ordinance.facts import ComplaintFact

if TYPE_CHECKING:
    from bot.jurisdictions import Pack


def dollars(cents: int | None) -> str:
    if cents is None:
        return ""
    return f"${cents // 100:,}" if cents % 100 == 0 else f"${cents / 100:,.2f}"


@dataclass(frozen=True)
class CountedRow:
    reference: str
    received: date
    form: str
    type: str
    counts_as: str
    action: str
    section: str
    notice_kind: str | None  # the notice this count calls for, when it calls for one
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class StandingView:
    jurisdiction: str
    level: str  # rules-specific: none/verbal_pending/first/second/third, or complaint_N
    level_words: str
    window_open_until: date | None
    days_left: int | None
    rows: tuple[CountedRow, ...]
    what_next: tuple[str, ...]  # plain words, each citing its section
    bite_flags: tuple[str, ...] = ()
    readings: tuple[str, ...] = ()  # the readings in force, in words


@dataclass(frozen=True)
class BiteFacts:
    """One bite as the records know it; None means not known."""

    reference: str
    bitten_at: datetime | None  # the bite time the resident gave; None: not known
    received: datetime
    victim: str | None  # person | domestic_animal | animal
    injury: bool | None  # skin broken or a doctor needed (bodily injury to a person)
    vaccinated_with_proof: bool | None  # proof / a veterinarian's certificate, not the resident's word
    on_owner_premises: bool | None = None
    animal_bite_cases: int = 1  # this animal's bite cases, this one included
    person_bite_occasions: int = 0  # occasions this animal bit a person before this bite


@dataclass(frozen=True)
class BiteOrder:
    """The confinement a bite calls for, in words: printed only when `required` is True."""

    required: bool | None  # None: not known yet
    min_days: int | None
    ends_on: date | None  # first day the animal may be released (bite day + minimum days)
    owner_notice_deadline: datetime | None  # Kellogg 58-10 D
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]
    lines: tuple[str, ...] = ()  # the order's terms: where, how long, at whose expense, duties
    flags: tuple[str, ...] = field(default_factory=tuple)  # designation proposals and the like


def row_from_result(data: dict[str, object], facts: Sequence[ComplaintFact], pack: Pack) -> CountedRow:
    """A counted row from a rules module's `results_json` entry."""
    received = next(f.received for f in facts if f.id == data["id"])
    return CountedRow(
        reference=str(data["id"]),
        received=local_date(received, pack.tz),
        form=str(data.get("form") or ""),
        type=str(data["type"]),
        counts_as=str(data["counts_as"]),
        action=str(data["action"]),
        section=str(data.get("section") or pack.ordinance),
        notice_kind=None,
    )


TITLES = {
    "letter": "First-complaint letter",
    "citation": "Citation",
    "referral": "Referral to the City Attorney",
    "quarantine_order": "Quarantine order",
}


@dataclass(frozen=True)
class NoticeTerms:
    """A notice's wording and dates, as of the day it is issued (the console stores it as issued)."""

    kind: str
    title: str
    lines: tuple[str, ...]  # the body, in the ordinance's words, each citing its section
    sections: tuple[str, ...]
    license_by: date | None = None
    comply_by: date | None = None
    hearing_request_by: date | None = None  # counted from receipt: None until receipt is recorded
    quarantine_until: date | None = None
    fee_cents: int | None = None
    enclose_ordinance: bool = False  # the ordinance requires a copy of the chapter with the notice


def quarantine_terms(order: BiteOrder) -> NoticeTerms:
    """A quarantine order from a bite's order: only when the ordinance requires one."""
    if order.required is not True or not order.lines:
        raise ValueError(
            "this bite does not call for a quarantine order (nothing the ordinance requires yet)"
        )
    return NoticeTerms(
        kind="quarantine_order",
        title=TITLES["quarantine_order"],
        lines=order.lines,
        sections=order.sections,
        quarantine_until=order.ends_on,
    )
