"""Calendar arithmetic the ordinances count in (docs/rules.md: calendar months, month-end clamping)."""

from datetime import date, datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from bot.ordinance.dates import add_months, add_years, local_date, local_sort_key

CHICAGO = ZoneInfo("America/Chicago")


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        pytest.param(date(2026, 1, 5), 2, date(2026, 3, 5), id="same day two months on"),
        pytest.param(date(2025, 12, 31), 2, date(2026, 2, 28), id="Dec 31 + 2 months = Feb 28"),
        pytest.param(
            date(2023, 12, 31), 2, date(2024, 2, 29), id="Dec 31 + 2 months = Feb 29 in a leap year"
        ),
        pytest.param(date(2026, 1, 31), 1, date(2026, 2, 28), id="Jan 31 + 1 month clamps to Feb 28"),
        pytest.param(date(2026, 3, 31), 1, date(2026, 4, 30), id="Mar 31 + 1 month clamps to Apr 30"),
        pytest.param(date(2026, 11, 15), 3, date(2027, 2, 15), id="crosses the year"),
        pytest.param(date(2026, 3, 31), -1, date(2026, 2, 28), id="back one month clamps too"),
        pytest.param(date(2026, 1, 15), -13, date(2024, 12, 15), id="back more than a year"),
        pytest.param(date(2026, 6, 30), 0, date(2026, 6, 30), id="zero months is the same day"),
    ],
)
def test_add_months(start: date, months: int, expected: date) -> None:
    assert add_months(start, months) == expected


@pytest.mark.parametrize(
    ("start", "years", "expected"),
    [
        pytest.param(date(2024, 2, 29), 1, date(2025, 2, 28), id="Feb 29 + 1 year = Feb 28"),
        pytest.param(date(2024, 2, 29), 4, date(2028, 2, 29), id="Feb 29 + 4 years = Feb 29"),
        pytest.param(date(2026, 1, 5), 1, date(2027, 1, 5), id="same day next year"),
        pytest.param(date(2025, 12, 31), 1, date(2026, 12, 31), id="Dec 31 next year"),
    ],
)
def test_add_years(start: date, years: int, expected: date) -> None:
    assert add_years(start, years) == expected


def test_add_months_keeps_wall_clock_time_and_zone_across_dst() -> None:
    start = datetime(2026, 1, 31, 9, 15, tzinfo=CHICAGO)  # CST, UTC-6
    moved = add_months(start, 3)  # Apr 30, CDT, UTC-5
    assert (moved.year, moved.month, moved.day, moved.hour, moved.minute) == (2026, 4, 30, 9, 15)
    assert moved.tzinfo is CHICAGO
    assert moved.utcoffset().total_seconds() == -5 * 3600


def test_add_months_on_naive_datetime_keeps_time() -> None:
    assert add_months(datetime(2025, 12, 31, 23, 59), 2) == datetime(2026, 2, 28, 23, 59)


def test_add_months_outside_the_calendar_is_an_error() -> None:
    with pytest.raises(OverflowError):
        add_months(date(9999, 12, 1), 1)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        pytest.param(
            datetime(2026, 3, 6, 5, 30, tzinfo=timezone.utc),
            date(2026, 3, 5),
            id="UTC after midnight is the evening before",
        ),
        pytest.param(
            datetime(2026, 3, 6, 6, 30, tzinfo=timezone.utc), date(2026, 3, 6), id="UTC 06:30 is 00:30 CST"
        ),
        pytest.param(datetime(2026, 7, 1, 4, 59, tzinfo=timezone.utc), date(2026, 6, 30), id="CDT is UTC-5"),
        pytest.param(datetime(2026, 3, 6, 23, 30), date(2026, 3, 6), id="naive datetime is already local"),
        pytest.param(date(2026, 3, 6), date(2026, 3, 6), id="a date is itself"),
    ],
)
def test_local_date(value: date, expected: date) -> None:
    assert local_date(value, CHICAGO) == expected


def test_bare_date_sorts_before_times_that_day_and_after_the_day_before() -> None:
    keys = [
        local_sort_key(datetime(2026, 3, 6, 8, 0, tzinfo=CHICAGO), CHICAGO),
        local_sort_key(date(2026, 3, 6), CHICAGO),
        local_sort_key(datetime(2026, 3, 5, 23, 59, tzinfo=CHICAGO), CHICAGO),
    ]
    assert sorted(keys) == [keys[2], keys[1], keys[0]]
