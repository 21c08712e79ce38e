"""What a rules module hands the console: plain data and plain words, computed from facts.

Every rules module provides `standing_view(facts, pack, subject, today)` and
`bite_order(pack, BiteFacts)`; `bot.ordinance.generic` words the results of a module that has no words
of its own. The console renders these and decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from bot.ordinance.dates import local_date, long_date
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
    on_owner_premises: bool | None = None  # as the clerk or officer confirmed it
    animal_bite_cases: int = 1  # this animal's bite cases, this one included (used without `history`)
    person_bite_occasions: int = 0  # occasions this animal bit a person before this bite (without `history`)
    confined_on: date | None = None  # the day confinement began, as recorded; None: not recorded
    # the household's counted complaints with this bite among them: the rules module counts this animal's
    # bites from them, the same count its household and designation pages show (one source of truth)
    history: tuple[ComplaintFact, ...] = ()


@dataclass(frozen=True)
class BiteOrder:
    """The confinement a bite calls for, in words: printed only when `required` is True."""

    required: bool | None  # None: not known yet
    min_days: int | None  # None: the law sets no minimum period for this confinement
    ends_on: date | None  # first day the animal may be released, when known before the order's date
    owner_notice_deadline: datetime | None  # Kellogg 58-10 D
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]
    lines: tuple[str, ...] = ()  # the order's terms: where, how long, fees, duties
    flags: tuple[str, ...] = field(default_factory=tuple)  # designation proposals and the like
    bite_day: date | None = None  # the bite's day (the report's day when the bite time is not known)
    starts_on: date | None = None  # the day confinement began, as recorded
    counted_from: str = "confinement"  # reading quarantine_from: confinement | bite
    period_words: str = ""  # the period in words, for the complaint page and the deadlines board
    signed_by: str = ""  # who gives the order, in the ordinance's words


def confinement_period(order: BiteOrder, issued_on: date) -> tuple[date, date | None]:
    """(first day of confinement, first day the animal may be released) for an order dated `issued_on`.

    Confinement begins on the order's date unless an earlier start is recorded; it cannot begin after the
    order. ValueError when the minimum period has already run by the order's date: an order never ends
    before it is issued."""
    start = order.starts_on or issued_on
    if start > issued_on:
        raise ValueError("confinement is recorded as beginning after the order's date")
    if order.min_days is None:
        return start, None
    base = order.bite_day if order.counted_from == "bite" and order.bite_day else start
    end = base + timedelta(days=order.min_days)
    if end <= issued_on:
        raise ValueError(
            f"the minimum period of {order.min_days} days counted from {long_date(base)} ran until "
            f"{long_date(end)}: an order dated {long_date(issued_on)} would end before it is issued"
        )
    return start, end


def with_period(order: BiteOrder) -> BiteOrder:
    """The order with its end as known before any order is dated, and the period in words."""
    ends_on = None
    if order.min_days is not None:
        base = order.bite_day if order.counted_from == "bite" else order.starts_on
        ends_on = base + timedelta(days=order.min_days) if base else None
    return replace(order, ends_on=ends_on, period_words=period_words(order))


def period_words(order: BiteOrder) -> str:
    """The period as known before any order: from the bite (reading `bite`) or from confinement."""
    if order.min_days is None:
        return "no minimum period is set for this confinement"
    if order.counted_from == "bite" and order.bite_day:
        end = order.bite_day + timedelta(days=order.min_days)
        return f"at least {order.min_days} days counted from the bite ({long_date(order.bite_day)}): until {long_date(end)}"
    if order.starts_on:
        end = order.starts_on + timedelta(days=order.min_days)
        return f"at least {order.min_days} days from {long_date(order.starts_on)}, when confinement began (as recorded): until {long_date(end)}"
    return f"at least {order.min_days} days from the day confinement begins: the order's date unless an earlier start is recorded"


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
    "potentially_dangerous_notice": "Notice: potentially dangerous animal",
    "dangerous_notice": "Notice: dangerous animal",
}
# who a notice is addressed to: the animal's owner or keeper, or the office a referral hands the case to
ADDRESSEES = ("owner", "prosecutor")


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
    addressee: str = "owner"  # owner | prosecutor (ADDRESSEES)
    addressed_to: str = ""  # the words of the address line
    signed_by: str = ""  # who gives the notice, in the ordinance's words; "" = the clerk
    confinement_starts: date | None = None
    license_label: str = ""  # the words before the licensing day, when the notice carries one
    violation: str = ""  # the section the complaint states a violation of, in words


@dataclass(frozen=True)
class BiteWords:
    """One bite as a designation notice states it (Freeport 11 G 1: "dates, times, places and parties
    bitten"): the time in the city's words, the place the resident gave, who was bitten."""

    reference: str
    when: str
    where: str
    bitten: str


@dataclass(frozen=True)
class NoticeFacts:
    """What a notice states beyond its kind and date: the complaint it answers and, for a designation
    notice, the officer's decision and the animal's bites."""

    complaint_type: str | None = None
    animal_licensed: bool | None = None  # the animal's licence on record; None: not known
    designation: str | None = None  # the officer's recorded designation (Freeport 11)
    designation_clause: str | None = None
    appeal_by: date | None = None  # already dated by the officer's notification in person (11 G 1)
    bites: tuple[BiteWords, ...] = ()


def quarantine_terms(order: BiteOrder, issued_on: date) -> NoticeTerms:
    """A quarantine order from a bite's order, dated `issued_on`: only when the ordinance requires one,
    and never one whose minimum period has run by its date."""
    if order.required is not True or not order.lines:
        raise ValueError(
            "this bite does not call for a quarantine order (nothing the ordinance requires yet)"
        )
    start, end = confinement_period(order, issued_on)
    if order.starts_on:
        begins = f"Confinement began on {long_date(start)}, as recorded."
    else:
        begins = f"Confinement begins on the date of this order, {long_date(start)}."
    if end is None:
        period = "The ordinance sets no minimum period for this confinement."
    elif order.counted_from == "bite" and order.bite_day:
        period = (f"The minimum period of {order.min_days} days is counted from the bite "
                  f"({long_date(order.bite_day)}): confined at least until {long_date(end)}.")  # fmt: skip
    else:
        period = f"The minimum period of {order.min_days} days runs from that day: confined at least until {long_date(end)}."
    return NoticeTerms(
        kind="quarantine_order",
        title=TITLES["quarantine_order"],
        lines=(*order.lines, begins, period),
        sections=order.sections,
        quarantine_until=end,
        confinement_starts=start,
        signed_by=order.signed_by,
    )
