"""The clerk's week in pictures: each picture drawn on the server (matplotlib, bot.console.charts) with its
numbers beside it as a table, over the user's cities, and a CSV of each table for export."""

from __future__ import annotations

import csv
import io
from datetime import timedelta

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from bot.cases.dispatch import OPEN_STATUSES
from bot.cases.weekly import HouseholdRow, WeeklyReads
from bot.console import dashboard_data as data
from bot.console.charts import data_uri
from bot.console.city_map import CityMap, city_map
from bot.console.context import ConsoleContext
from bot.console.pages import Clerk, Context, cities_for, console_router, raise_not_found, render
from bot.console.standing import subject_standing
from bot.jurisdictions import get_pack

router = console_router()
DEFAULT_WEEKS, MAX_WEEKS = 8, 52
STANDING_LOOK_BACK = timedelta(days=400)  # a year's cycle under 58-16 B(4), and a margin


def _reads(ctx: ConsoleContext) -> WeeklyReads:
    assert ctx.weekly is not None, "create_app sets the week's reads"
    return ctx.weekly


def pictures(ctx: ConsoleContext, cities: tuple[str, ...], weeks: int) -> list[data.Picture]:
    """The six pictures of the clerk's week over `cities`, the last `weeks` local weeks."""
    packs = {code: get_pack(code) for code in cities}
    now = ctx.clock()
    today = {code: ctx.today(pack) for code, pack in packs.items()}
    starts = {code: data.window_start(today[code], weeks, pack) for code, pack in packs.items()}
    reads = _reads(ctx)
    start = min(starts.values())
    rows = [r for r in reads.complaints_between(cities, start, now) if r.received >= starts[r.jurisdiction]]
    first = min(today.values()) - timedelta(days=min(today.values()).weekday()) - timedelta(weeks=weeks - 1)
    week_list = [first + timedelta(weeks=i) for i in range(weeks)]

    def standing(household: HouseholdRow):
        pack = packs[household.jurisdiction]
        return subject_standing(ctx.cases, pack, household.subject_id, today[household.jurisdiction])

    households = reads.households_counted_since(cities, now - STANDING_LOOK_BACK)
    responses = [
        r for r in reads.responses_between(cities, start, now) if r.received >= starts[r.jurisdiction]
    ]
    return [
        data.per_week(rows, packs, week_list),
        data.barking_by_hour(rows, packs),
        data.top_blocks(rows, packs),
        data.one_away(households, standing, today, packs),
        data.open_by_age(reads.awaiting_review(cities), now),
        data.response_times(responses, packs),
    ]


def open_maps(ctx: ConsoleContext, cities: tuple[str, ...], weeks: int) -> list[tuple[str, CityMap | None]]:
    """Each city's map of its open complaints (new or accepted) received in the window; None without address
    points (the page then points to the block table)."""
    now, maps = ctx.clock(), []
    for code in cities:
        pack = get_pack(code)
        start = data.window_start(ctx.today(pack), weeks, pack)
        rows = [r for r in _reads(ctx).complaints_between((code,), start, now) if r.status in OPEN_STATUSES]
        maps.append((pack.name, city_map(rows, pack)))
    return maps


def _weeks(weeks: int) -> int:
    return min(max(weeks, 1), MAX_WEEKS)


@router.get("/dashboard", response_class=HTMLResponse)
def dashboard(
    request: Request, ctx: Context, user: Clerk, jurisdiction: str = "", weeks: int = DEFAULT_WEEKS
):
    cities = cities_for(user, jurisdiction)
    shown = pictures(ctx, cities, _weeks(weeks))
    images = {p.key: data_uri(p.chart) for p in shown if p.chart is not None}
    maps = open_maps(ctx, cities, _weeks(weeks))
    return render(request, "dashboard.html", pictures=shown, images=images, maps=maps, jurisdiction=jurisdiction,
                  weeks=_weeks(weeks))  # fmt: skip


@router.get("/dashboard/{key}.csv")
def picture_csv(key: str, ctx: Context, user: Clerk, jurisdiction: str = "", weeks: int = DEFAULT_WEEKS):
    """One picture's table as CSV (the numbers behind the picture, for a spreadsheet)."""
    found = [p for p in pictures(ctx, cities_for(user, jurisdiction), _weeks(weeks)) if p.key == key]
    if not found:
        raise_not_found()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(found[0].columns)
    writer.writerows(found[0].rows)
    headers = {"Content-Disposition": f'attachment; filename="{key}.csv"'}
    return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers=headers)
