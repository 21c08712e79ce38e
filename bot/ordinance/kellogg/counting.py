"""Kellogg 58-16 B: complaint counting per subject, and 58-10 I bite cases per animal.

The rule is docs/rules.md "Kellogg 58-16": complaints are counted per subject in order of receipt (ties
keep input order) on the city's calendar; "within two months" is `day <= anchor + 2 calendar months` and
"within one year" is `day <= anchor + 1 calendar year`, both inclusive and clamped at month end. The
pack's readings (bot.ordinance.readings) decide the lapse of a first complaint, anonymous complaints,
complaints about the same incident and whether a bite complaint counts under 58-16.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, tzinfo

from bot.ordinance.dates import add_months, add_years, local_date, local_sort_key
from bot.ordinance.facts import ComplaintFact, InputError
from bot.ordinance.kellogg.law import ACTIONS, SECTIONS, KelloggLaw, consequences
from bot.ordinance.readings import (
    BARKING_NOT_COUNTED,
    BITE_NOT_COUNTED,
    DEFAULT_READINGS,
    Readings,
    not_counted,
)
from bot.ordinance.report_types import types_not_counted


@dataclass(frozen=True)
class CountResult:
    """How one complaint counts under 58-16."""

    fact: ComplaintFact
    counts_as: str  # verbal_pending | first | second | third
    anchor: date | None  # F, the day the first complaint was established; None while pending
    second_window_end: date | None  # F + 2 months: last day a complaint is the second
    third_window_end: date | None  # F + 1 year: last day a complaint is a third
    pending_window_end: date | None  # verbal_pending only: last day a verbal complaint makes it a first
    consequences: Mapping[str, object]
    bite_case_number: int | None  # bites only: this animal's bite cases so far, this one included
    public_nuisance: bool | None  # bites only: 58-10 I, "any animal with a history of two or more bite cases"

    @property
    def action(self) -> str:
        return ACTIONS[self.counts_as]

    def to_json(self) -> dict[str, object]:
        def iso(value: date | None) -> str | None:
            return value.isoformat() if value is not None else None

        data: dict[str, object] = {
            "id": self.fact.id,
            "subject": self.fact.subject,
            "received": self.fact.received.isoformat(),
            "type": self.fact.type,
            "form": self.fact.form,
            "counts_as": self.counts_as,
            "action": self.action,
            "section": SECTIONS[self.counts_as],
            "anchor": iso(self.anchor),
            "second_window_end": iso(self.second_window_end),
            "third_window_end": iso(self.third_window_end),
            "pending_window_end": iso(self.pending_window_end),
            "consequences": dict(self.consequences),
        }
        if self.bite_case_number is not None:
            data["bite_case_number"] = self.bite_case_number
            data["public_nuisance"] = self.public_nuisance
            data["animal"] = self.fact.animal
        return data


@dataclass
class _SubjectState:
    pending: date | None = None  # day of the pending verbal complaint
    anchor: date | None = None  # F
    has_second: bool = False
    thirds: int = 0
    # the "first violation" B(4)'s year runs from: F, or (reading first_violation: earliest) the first of
    # the two verbal complaints that made the first complaint
    violation: date | None = None

    @property
    def year_from(self) -> date | None:
        return self.violation or self.anchor


def _step(state: _SubjectState, day: date, form: str, law: KelloggLaw, readings: Readings) -> str:
    """Apply one complaint to a subject's state (mutating it) and say how it counts."""
    if state.anchor is not None:
        if not state.has_second and day <= add_months(state.anchor, law.second_within_months):
            state.has_second = True
            return "second"
        # B(4) "any complaint received within one year after the first violation": after a second, or
        # under the literal reading also when no second came in time (the first does not lapse).
        if (state.has_second or readings.first_lapse == "literal") and day <= add_years(
            state.year_from, law.third_within_years
        ):
            state.thirds += 1
            return "third"
        # The first lapsed (no second in time) or the year is over: back to no standing.
        state.anchor, state.has_second, state.thirds, state.violation = None, False, 0, None
    pairs_with_pending = state.pending is not None and day <= add_months(
        state.pending, law.verbal_pair_months
    )
    if form == "written" or pairs_with_pending:
        earliest = state.pending if pairs_with_pending and readings.first_violation == "earliest" else None
        state.anchor, state.pending, state.has_second, state.thirds = day, None, False, 0
        state.violation = earliest
        return "first"
    # A newer verbal complaint replaces an older pending one that it could not pair with.
    state.pending = day
    return "verbal_pending"


def _in_receipt_order(facts: Sequence[ComplaintFact], tz: tzinfo) -> list[int]:
    # sorted() is stable, so complaints received at the same moment keep their input order.
    return sorted(range(len(facts)), key=lambda i: local_sort_key(facts[i].received, tz))


def _check_forms(facts: Iterable[ComplaintFact]) -> None:
    for fact in facts:
        if fact.form is None:
            raise InputError(
                f"complaint {fact.id!r}: missing field 'form' (Kellogg counts verbal and written)"
            )


def skipped_complaints(
    facts: Sequence[ComplaintFact], order: Sequence[int], readings: Readings, law: KelloggLaw | None = None
) -> dict[int, str]:
    """Complaints the readings leave uncounted under 58-16: index -> why (a `counts_as` value).

    Reading `bite_complaints: violation_only`: 58-16 A counts an owner "found in violation of any part of
    this article"; 58-10 sets the owner's duties after a bite rather than making the bite unlawful, so a
    bite counts only when it states a violation: off the owner's premises, the animal was at large (58-3;
    58-10 B). A bite on the premises, or one the records cannot place, is left to 58-10. Such a bite is
    not an incident counted once under `same_incident`: a later report of it may place it off the premises.

    Reading `barking_duration: violation`: 58-5 C declares a nuisance an animal that barks "continuously for
    a period of 30 minutes"; a barking complaint reporting a shorter continuous duration states no violation
    and is not counted (one with no duration is counted: the clerk judges it).
    """
    bites: dict[int, str] = {}
    if readings.bite_complaints == "violation_only":
        bites = {
            index: BITE_NOT_COUNTED[facts[index].off_owner_premises]
            for index in order
            if facts[index].type == "bite" and facts[index].off_owner_premises is not True
        }
    barking = {}
    if readings.barking_duration == "violation" and law is not None:
        barking = {
            index: BARKING_NOT_COUNTED
            for index in order
            if facts[index].type == "barking"
            and facts[index].barking_minutes is not None
            and facts[index].barking_minutes < law.barking_continuous_minutes
        }
    skipped = {**bites, **barking, **types_not_counted(facts, order, readings)}  # threats, damage: readings
    rest = not_counted(facts, [index for index in order if index not in skipped], readings)
    return {**skipped, **rest}


def counts_as_bite_case(fact: ComplaintFact, readings: Readings = DEFAULT_READINGS) -> bool:
    """Whether a bite is a 58-10 I bite case. 58-10 concerns an animal that "has bitten any human being":
    under reading `nuisance_bites: human` only a bite of a person is one (a bite whose victim is not known
    is not, until it is); under `any` every bite is."""
    if fact.type != "bite":
        return False
    return readings.nuisance_bites == "any" or fact.victim == "person"


def bite_case_numbers(
    facts: Sequence[ComplaintFact], tz: tzinfo, readings: Readings = DEFAULT_READINGS
) -> dict[int, int]:
    """58-10 I counts bite cases per animal: index of each bite case -> that animal's bite cases so far.

    Complaints about the same incident are one bite case. A bite whose animal is not known counts alone
    (1): bites by two unidentified animals are never added together. Bites that are not bite cases under
    the reading in force (`counts_as_bite_case`) have no number.
    """
    numbers: dict[int, int] = {}
    cases: dict[str, list[str | None]] = {}
    for index in _in_receipt_order(facts, tz):
        fact = facts[index]
        if not counts_as_bite_case(fact, readings):
            continue
        if fact.animal is None:
            numbers[index] = 1
            continue
        seen = cases.setdefault(fact.animal, [])
        if fact.incident is None or fact.incident not in seen:
            seen.append(fact.incident)
        numbers[index] = len(seen)
    return numbers


def count_complaints(
    facts: Sequence[ComplaintFact], law: KelloggLaw, tz: tzinfo, readings: Readings = DEFAULT_READINGS
) -> list[CountResult]:
    """One result per complaint, in input order, counted per subject under 58-16 B."""
    _check_forms(facts)
    order = _in_receipt_order(facts, tz)
    skipped = skipped_complaints(facts, order, readings, law)
    bites = bite_case_numbers(facts, tz, readings)
    states: dict[str, _SubjectState] = {}
    results: dict[int, CountResult] = {}
    for index in order:
        fact = facts[index]
        state = states.setdefault(fact.subject, _SubjectState())
        day = local_date(fact.received, tz)
        counts_as = skipped.get(index) or _step(state, day, fact.form, law, readings)
        anchor = state.anchor
        year_from = state.year_from
        bite_case = bites.get(index)
        results[index] = CountResult(
            fact=fact,
            counts_as=counts_as,
            anchor=anchor,
            second_window_end=add_months(anchor, law.second_within_months) if anchor else None,
            third_window_end=add_years(year_from, law.third_within_years) if year_from else None,
            pending_window_end=(
                add_months(day, law.verbal_pair_months) if counts_as == "verbal_pending" else None
            ),
            consequences=consequences(counts_as, law),
            bite_case_number=bite_case,
            public_nuisance=None if bite_case is None else bite_case >= law.public_nuisance_bite_cases,
        )
    return [results[i] for i in range(len(facts))]


@dataclass(frozen=True)
class Standing:
    """A subject's standing under 58-16 on a given day, for the clerk's console."""

    subject: str
    on: date
    level: str  # none | verbal_pending | first | second | third
    anchor: date | None  # F, when a first complaint stands
    pending_since: date | None  # the pending verbal complaint's day, when one is pending
    window_open_until: date | None  # last day of the current window (inclusive); None at no standing
    days_left: int | None  # days after `on` that the window stays open (0: `on` is its last day)
    next_if_verbal: str  # how a verbal complaint received on `on` would count
    next_if_written: str  # how a written complaint received on `on` would count

    def to_json(self) -> dict[str, object]:
        def iso(value: date | None) -> str | None:
            return value.isoformat() if value is not None else None

        return {
            "subject": self.subject,
            "on": self.on.isoformat(),
            "level": self.level,
            "anchor": iso(self.anchor),
            "pending_since": iso(self.pending_since),
            "window_open_until": iso(self.window_open_until),
            "days_left": self.days_left,
            "next_if_verbal": self.next_if_verbal,
            "next_if_written": self.next_if_written,
        }


def standing_at(
    facts: Sequence[ComplaintFact],
    subject: str,
    on: date | datetime,
    law: KelloggLaw,
    tz: tzinfo,
    readings: Readings = DEFAULT_READINGS,
) -> Standing:
    """`subject`'s standing on day `on`, from its complaints received on or before that day."""
    day = local_date(on, tz)
    mine = [f for f in facts if f.subject == subject and local_date(f.received, tz) <= day]
    _check_forms(mine)
    order = _in_receipt_order(mine, tz)
    skipped = skipped_complaints(mine, order, readings, law)
    state = _SubjectState()
    for index in order:
        if index not in skipped:
            _step(state, local_date(mine[index].received, tz), mine[index].form, law, readings)
    level, until = _level(state, day, law, readings)
    return Standing(
        subject=subject,
        on=day,
        level=level,
        anchor=state.anchor if level in ("first", "second", "third") else None,
        pending_since=state.pending if level == "verbal_pending" else None,
        window_open_until=until,
        days_left=(until - day).days if until is not None else None,
        next_if_verbal=_step(replace(state), day, "verbal", law, readings),
        next_if_written=_step(replace(state), day, "written", law, readings),
    )


def _level(state: _SubjectState, day: date, law: KelloggLaw, readings: Readings) -> tuple[str, date | None]:
    """The level standing on `day` and the last day of its window."""
    if state.anchor is not None:
        year_end = add_years(state.year_from, law.third_within_years)
        if state.has_second or state.thirds:
            return (("third" if state.thirds else "second"), year_end) if day <= year_end else ("none", None)
        second_end = add_months(state.anchor, law.second_within_months)
        if day <= second_end:
            return "first", second_end
        if readings.first_lapse == "literal" and day <= year_end:
            return "first", year_end
    elif state.pending is not None:
        end = add_months(state.pending, law.verbal_pair_months)
        if day <= end:
            return "verbal_pending", end
    return "none", None
