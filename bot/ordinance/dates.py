"""Calendar arithmetic the ordinances count in: calendar months and years, clamped at month end.

"Within two months" of Dec 31 ends on Feb 28 (Feb 29 in a leap year), and a year after Feb 29 is
Feb 28: the day is clamped to the last day of the target month, never rolled into the next one.
"""

from __future__ import annotations

import calendar
from datetime import date, datetime, time, tzinfo
from typing import TypeVar

DateLike = TypeVar("DateLike", date, datetime)


def add_months(value: DateLike, months: int) -> DateLike:
    """`value` moved by whole calendar months (negative goes back), day clamped to the month's end.

    Works on dates and on datetimes (naive or aware); a datetime keeps its wall-clock time and tzinfo.
    """
    month_index = value.year * 12 + (value.month - 1) + months
    year, month = divmod(month_index, 12)
    month += 1
    if not 1 <= year <= 9999:
        raise OverflowError(f"{months} months from {value.isoformat()} is outside the calendar")
    day = min(value.day, calendar.monthrange(year, month)[1])
    return value.replace(year=year, month=month, day=day)


def add_years(value: DateLike, years: int) -> DateLike:
    """`value` moved by whole calendar years; Feb 29 becomes Feb 28 in a common year."""
    return add_months(value, 12 * years)


def local_date(value: date | datetime, tz: tzinfo) -> date:
    """The calendar day `value` falls on in the jurisdiction's time zone.

    An aware datetime is converted to `tz` first; a naive one is taken as already local; a date is itself.
    """
    if isinstance(value, datetime):
        if value.tzinfo is not None and value.utcoffset() is not None:
            return value.astimezone(tz).date()
        return value.date()
    return value


def local_sort_key(value: date | datetime, tz: tzinfo) -> tuple[date, time]:
    """Order of receipt in local time; a bare date sorts at the start of its day."""
    if isinstance(value, datetime):
        if value.tzinfo is not None and value.utcoffset() is not None:
            value = value.astimezone(tz)
        return value.date(), value.time().replace(tzinfo=None)
    return value, time.min


def long_date(day: date | None) -> str:
    """`June 1, 2026`; empty for None."""
    return "" if day is None else f"{day:%B} {day.day}, {day.year}"


def local_time_words(value: datetime, tz: tzinfo) -> str:
    """A moment in the city's local time, in words: `June 1, 2026 at 9:05 AM CDT` (never UTC ISO)."""
    if value.tzinfo is None or value.utcoffset() is None:
        value = value.replace(tzinfo=tz)
    local = value.astimezone(tz)
    hour = local.hour % 12 or 12
    return f"{long_date(local.date())} at {hour}:{local.minute:02d} {'AM' if local.hour < 12 else 'PM'} {local:%Z}"
