"""The clerk's week in pictures, as numbers: each picture is a table (for screen readers and export) and the
chart drawn from the same numbers (bot.console.charts). Pure functions over the rows bot.cases.weekly reads.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from statistics import median

from bot.cases.weekly import HouseholdRow, ResponseRow, WeekRow
from bot.console.open311 import block_level
from bot.jurisdictions import Pack
from bot.ordinance.view import StandingView

AGE_BUCKETS = ((1, "under 1 day"), (3, "1-2 days"), (7, "3-6 days"), (14, "1-2 weeks"), (28, "2-4 weeks"))
OLDEST_BUCKET = "4 weeks or more"
TOP_BLOCKS = 10


@dataclass(frozen=True)
class Panel:
    title: str
    categories: tuple[str, ...]  # along the axis
    series: tuple[tuple[str, tuple[float, ...]], ...]  # (name, one value per category)


@dataclass(frozen=True)
class Chart:
    kind: str  # "stacked" (bars stacked by series) | "grouped" | "horizontal"
    panels: tuple[Panel, ...]
    value_label: str


@dataclass(frozen=True)
class Picture:
    key: str
    title: str
    caption: str  # what is counted, in words
    columns: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]
    chart: Chart | None  # None: nothing to draw (no rows)


def week_start(moment: datetime, pack: Pack) -> date:
    """The Monday of the city's local week of `moment`."""
    day = moment.astimezone(pack.tz).date()
    return day - timedelta(days=day.weekday())


def window_start(today: date, weeks: int, pack: Pack) -> datetime:
    """Local midnight of the Monday `weeks - 1` weeks before this week's: `weeks` whole weeks to today."""
    monday = today - timedelta(days=today.weekday()) - timedelta(weeks=weeks - 1)
    return datetime.combine(monday, time.min, tzinfo=pack.tz)


def _words(code: str) -> str:
    return code.replace("_", " ")


def per_week(rows: Sequence[WeekRow], packs: Mapping[str, Pack], weeks: Sequence[date]) -> Picture:
    counts = Counter((week_start(r.received, packs[r.jurisdiction]), r.jurisdiction, r.type) for r in rows)
    table = tuple(
        (week.isoformat(), packs[city].name, _words(kind), n)
        for (week, city, kind), n in sorted(counts.items())
    )
    labels = tuple(f"{w:%b} {w.day}" for w in weeks)
    panels = []
    for city in sorted({r.jurisdiction for r in rows}):
        kinds = sorted({kind for (_, c, kind) in counts if c == city})
        series = tuple((_words(k), tuple(float(counts[(w, city, k)]) for w in weeks)) for k in kinds)
        panels.append(Panel(packs[city].name, labels, series))
    return Picture(
        "per-week", "Complaints per week, by type and city",
        "Every complaint received, by the city's local week (weeks start on Monday).",
        ("Week of", "City", "Type", "Complaints"), table,
        Chart("stacked", tuple(panels), "complaints") if table else None,
    )  # fmt: skip


def barking_by_hour(rows: Sequence[WeekRow], packs: Mapping[str, Pack]) -> Picture:
    barking = [r for r in rows if r.type == "barking"]
    hours = Counter((r.occurred or r.received).astimezone(packs[r.jurisdiction].tz).hour for r in barking)
    table = tuple((f"{h:02d}:00", hours[h]) for h in range(24))
    panel = Panel(
        "", tuple(f"{h:02d}" for h in range(24)), (("barking", tuple(float(hours[h]) for h in range(24))),)
    )
    return Picture(
        "barking-hours", "Barking by hour of day",
        "Barking complaints by the local hour the barking was said to happen (the hour received when not said).",
        ("Hour", "Barking complaints"), table, Chart("grouped", (panel,), "complaints") if barking else None,
    )  # fmt: skip


def top_blocks(rows: Sequence[WeekRow], packs: Mapping[str, Pack]) -> Picture:
    blocks = Counter()
    for r in rows:
        pack = packs[r.jurisdiction]
        place = block_level(r.location_normalised, pack, r.location_text)
        if place != pack.name:  # a place that is not a public block or landmark is left out
            blocks[(place, pack.name)] += 1
    top = sorted(blocks.items(), key=lambda item: (-item[1], item[0]))[:TOP_BLOCKS]
    table = tuple((place, city, n) for (place, city), n in top)
    panel = Panel(
        "",
        tuple(p for p, _, _ in reversed(table)),
        (("complaints", tuple(float(n) for *_, n in reversed(table))),),
    )
    return Picture(
        "blocks", f"The {TOP_BLOCKS} blocks with the most complaints",
        "Complaints by the block of the incident address (as Open311 shows it publicly); places that are not "
        "street addresses or public landmarks are not counted here.",
        ("Block", "City", "Complaints"), table, Chart("horizontal", (panel,), "complaints") if table else None,
    )  # fmt: skip


def one_away(
    households: Sequence[HouseholdRow], standing: Callable[[HouseholdRow], StandingView], today: Mapping[str, date],
    packs: Mapping[str, Pack],
) -> Picture:  # fmt: skip
    """Households whose next accepted complaint would count at the next level under the ordinance: their
    standing's window is still open today (the rules module decides what the window is)."""
    found = []
    for household in households:
        view = standing(household)
        until = view.window_open_until
        if until is not None and until >= today[household.jurisdiction]:
            next_step = view.what_next[0] if view.what_next else ""
            found.append((household, view.level_words, until, next_step))
    table = tuple(
        (h.subject_id, h.address or "", packs[h.jurisdiction].name, level, until.isoformat(), step)
        for h, level, until, step in found
    )
    levels = Counter(level for _, level, _, _ in found)
    panel = Panel(
        "", tuple(sorted(levels)), (("households", tuple(float(levels[k]) for k in sorted(levels))),)
    )
    return Picture(
        "one-away", "Households one complaint away from the next step",
        "Households whose next accepted complaint would count before their window under the ordinance closes.",
        ("Household", "Address", "City", "Standing", "Window open until", "What the next complaint brings"),
        table, Chart("horizontal", (panel,), "households") if table else None,
    )  # fmt: skip


def _age_bucket(age: timedelta) -> str:
    return next((label for days, label in AGE_BUCKETS if age < timedelta(days=days)), OLDEST_BUCKET)


def open_by_age(rows: Sequence[WeekRow], now: datetime) -> Picture:
    buckets = [label for _, label in AGE_BUCKETS] + [OLDEST_BUCKET]
    counts = Counter((_age_bucket(now - r.received), r.type) for r in rows)
    kinds = sorted({r.type for r in rows})
    table = tuple((b, _words(k), counts[(b, k)]) for b in buckets for k in kinds if counts[(b, k)])
    series = tuple((_words(k), tuple(float(counts[(b, k)]) for b in buckets)) for k in kinds)
    return Picture(
        "open-age", "Open items by age",
        "Complaints still waiting for the clerk's review, by how long ago they were received.",
        ("Age", "Type", "Complaints"), table,
        Chart("stacked", (Panel("", tuple(buckets), series),), "complaints") if rows else None,
    )  # fmt: skip


def _minutes(start: datetime | None, end: datetime | None) -> int | None:
    return None if start is None or end is None else round((end - start).total_seconds() / 60)


def response_times(rows: Sequence[ResponseRow], packs: Mapping[str, Pack]) -> Picture:
    table, by_week = [], defaultdict(lambda: defaultdict(list))
    for r in rows:
        start = r.paged_at or r.received
        spans = {step: _minutes(start, r.steps.get(step)) for step in ("acknowledged", "on_scene")}
        table.append((r.reference, packs[r.jurisdiction].name, r.received.astimezone(packs[r.jurisdiction].tz)
                      .strftime("%Y-%m-%d %H:%M"), spans["acknowledged"], spans["on_scene"], _words(r.outcome or "")))  # fmt: skip
        week = week_start(r.received, packs[r.jurisdiction])
        for step, minutes in spans.items():
            if minutes is not None:
                by_week[week][step].append(minutes)
    weeks = sorted(by_week)
    series = tuple(
        (label, tuple(float(median(by_week[w][step])) if by_week[w][step] else 0.0 for w in weeks))
        for step, label in (("acknowledged", "to acknowledge"), ("on_scene", "to be on scene"))
    )
    panel = Panel("", tuple(f"{w:%b} {w.day}" for w in weeks), series)
    return Picture(
        "response", "The officer's response times",
        "Minutes from the first page (or the report, when no page was recorded) to the officer's acknowledgement "
        "and to being on scene, for each urgent complaint; the chart shows each week's median.",
        ("Complaint", "City", "Received", "Minutes to acknowledge", "Minutes to on scene", "Outcome"),
        tuple(table), Chart("grouped", (panel,), "minutes (median)") if weeks else None,
    )  # fmt: skip
