"""Freeport 5 C and 1 F impound release fees; 18 A each day a separate offence."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from bot.ordinance.dates import local_date, local_sort_key
from bot.ordinance.freeport.law import FreeportLaw

# --- Section 5 C and 1 F: impound release fees -----------------------------------------------------


@dataclass(frozen=True)
class ImpoundEvent:
    id: str
    household: str  # the household / pet owner the fee schedule runs for (5 C A 1)
    animal: str
    owner: str  # the animal's registered owner at this impound
    impounded: date | datetime


@dataclass(frozen=True)
class ImpoundFee:
    event: ImpoundEvent
    impound_number: int  # position on the household's fee scale, 1-based
    release_fee_cents: int


def release_fee_cents(impound_number: int, law: FreeportLaw) -> int:
    """Release fee for the household's n-th impound; the last step of the schedule repeats."""
    if impound_number < 1:
        raise ValueError("impound_number starts at 1")
    schedule = law.release_fees_cents
    return schedule[min(impound_number, len(schedule)) - 1]


def impound_release_fees(events: Sequence[ImpoundEvent], law: FreeportLaw, tz: tzinfo) -> list[ImpoundFee]:
    """The release fee of each impound, in input order.

    The scale runs "per household/pet owner an not per licensed animal" (5 C A 1). A change in an animal's
    registered ownership after an impound resets "that animal's impoundment count" (1 F): its earlier impounds
    do not count on the scale of the household it is impounded from now. A household's own scale never
    changes because of what happens to an animal after it left: its third impound is its third.
    """
    order = sorted(range(len(events)), key=lambda i: local_sort_key(events[i].impounded, tz))
    counted: dict[str, list[ImpoundEvent]] = {}  # household -> impounds still on its scale
    last_owner: dict[str, str] = {}
    fees: dict[int, ImpoundFee] = {}
    for index in order:
        event = events[index]
        previous_owner = last_owner.get(event.animal)
        if previous_owner is not None and previous_owner != event.owner:
            kept = counted.get(event.household, [])
            counted[event.household] = [e for e in kept if e.animal != event.animal]
        last_owner[event.animal] = event.owner
        scale = counted.setdefault(event.household, [])
        number = len(scale) + 1
        fees[index] = ImpoundFee(
            event=event, impound_number=number, release_fee_cents=release_fee_cents(number, law)
        )
        scale.append(event)
    return [fees[i] for i in range(len(events))]


# --- Section 18: each day is a separate offence ----------------------------------------------------


def offence_dates(first: date | datetime, last: date | datetime, tz: tzinfo) -> list[date]:
    """Every calendar day from `first` to `last` inclusive: each is a separate offence (18 A)."""
    start, end = local_date(first, tz), local_date(last, tz)
    if end < start:
        raise ValueError("the violation cannot end before it starts")
    return [start + timedelta(days=n) for n in range((end - start).days + 1)]


def offence_days(first: date | datetime, last: date | datetime, tz: tzinfo) -> int:
    """How many separate offences a violation continuing from `first` to `last` makes (18 A)."""
    start, end = local_date(first, tz), local_date(last, tz)
    if end < start:
        raise ValueError("the violation cannot end before it starts")
    return (end - start).days + 1
