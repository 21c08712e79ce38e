"""The clerk's week in pictures: every picture renders (a PNG drawn by matplotlib, embedded, nothing fetched)
from a seeded database, and every table beside a picture matches the database's own counts."""

from __future__ import annotations

import base64
import csv
import io
import re
from collections import Counter
from datetime import datetime, timedelta, timezone
from html import unescape

import pytest
from sqlalchemy import func, select

from bot.cases.models import Complaint
from bot.cases.report import BiteDetails, Report
from tests.console.conftest import CHICAGO, PASSWORD, sign_in

NOW = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)  # the console fixtures' clock: Monday noon in Kellogg
WINDOW_START = datetime(2026, 1, 12, tzinfo=CHICAGO)  # eight local weeks: Monday January 12 to today
PICTURES = ("per-week", "barking-hours", "blocks", "one-away", "open-age", "response")
PLACES = (
    "412 Oak Street",
    "418 Oak Street",
    "120 Elm Street",
    "125 Main Street E",
    "my neighbour's back yard",
)


def _seed(cases, officer_steps) -> dict[str, list[str]]:
    """Complaints over ten weeks, both cities, every type, several blocks and hours; households and steps."""
    filed: dict[str, list[str]] = {"barking": [], "bite": [], "at_large": []}
    for n in range(60):
        kind = ("barking", "barking", "at_large", "bite")[n % 4]
        city = "freeport" if n % 5 == 0 else "kellogg"
        received = NOW - timedelta(days=n * 1.2, hours=n % 7)
        bite = BiteDetails("person", True, None, None) if kind == "bite" else None
        reference = cases.file_complaint(
            Report(jurisdiction=city, type=kind, channel="voice" if n % 3 == 0 else "sms", source_id=f"SMweek{n}",
                   received=received, occurred=received - timedelta(hours=n % 11), location=PLACES[n % 5],
                   transcript="seeded", animal="dog", complainant_contact="+15075550123", bite=bite,
                   urgent=kind == "bite")
        )  # fmt: skip
        filed[kind].append(reference)
    return filed


def _count(app, *where) -> int:
    factory = app.state.console.cases._session_factory
    with factory() as session:
        return session.execute(select(func.count()).select_from(Complaint).where(*where)).scalar_one()


def _table(page: str, key: str) -> list[list[str]]:
    body = re.search(rf'<table class="list" id="{key}-table">.*?<tbody>(.*?)</tbody>', page, re.S).group(1)
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    cells = [
        [unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
        for r in rows
    ]
    return [r for r in cells if r != ["None."]]


@pytest.fixture
def seeded(app, cases, staff):
    filed = _seed(cases, None)
    officer = app.state.console.officer.dispatch
    clock = app.state.console.clock
    # a household one complaint from a citation: a written (SMS) barking complaint, accepted and confirmed
    barking = filed["barking"][1]  # n=1: kellogg, sms, 412 Oak Street... suggested household at the address
    cases.confirm_household(barking, by="clerk")
    cases.accept(barking, by="clerk")
    # the officer answered the latest bite: acknowledged 4 minutes after filing, on scene 20 minutes after
    bite = filed["bite"][0]
    detail = cases.get_complaint(bite)
    clock.now = detail.received + timedelta(minutes=4)
    officer.record_step(bite, "acknowledged", by="officer", as_role="on_call")
    clock.now = detail.received + timedelta(minutes=20)
    officer.record_step(bite, "on_scene", by="officer")
    clock.now = NOW
    return filed, barking, bite


def test_every_picture_renders_from_the_database_and_its_table_matches_the_counts(
    app, client, seeded
) -> None:
    _filed, barking, bite = seeded
    sign_in(client, "clerk")
    page = client.get("/dashboard").text
    for key in PICTURES:
        assert f'id="{key}-table"' in page
    images = re.findall(r'<img src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == len(PICTURES)
    assert all(base64.b64decode(i).startswith(b"\x89PNG\r\n\x1a\n") for i in images)
    pictures = page.split("<main", 1)[1].split('id="map"', 1)[0]  # the map's tiles are the city's server's
    assert "http://" not in pictures and "https://" not in pictures

    in_window = (Complaint.received >= WINDOW_START, Complaint.received < NOW)
    per_week = Counter()
    for _week, city, kind, n in _table(page, "per-week"):
        per_week[(city, kind)] += int(n)
    for city, name in (("kellogg", "Kellogg, MN"), ("freeport", "Freeport, MN")):
        for kind in ("barking", "at_large", "bite"):
            expected = _count(app, Complaint.jurisdiction == city, Complaint.type == kind, *in_window)
            assert per_week[(name, kind.replace("_", " "))] == expected, (city, kind)
    assert sum(per_week.values()) == _count(app, *in_window) > 0

    hours = {hour: int(n) for hour, n in _table(page, "barking-hours")}
    assert len(hours) == 24 and sum(hours.values()) == _count(app, Complaint.type == "barking", *in_window)

    blocks = {(block, city): int(n) for block, city, n in _table(page, "blocks")}
    assert blocks[("400 block of Oak St", "Kellogg, MN")] == _count(
        app, Complaint.jurisdiction == "kellogg", Complaint.location_normalised.in_(["412 OAK ST", "418 OAK ST"]),
        *in_window,
    )  # fmt: skip
    assert not any("neighbour" in block for block, _ in blocks)  # a private place is not a public block

    [household] = _table(page, "one-away")
    subject = app.state.console.cases.get_complaint(barking).subject_id
    assert household[0] == str(subject) and household[3] == "First complaint"

    ages = sum(int(n) for _age, _kind, n in _table(page, "open-age"))
    assert ages == _count(app, Complaint.status == "new")

    responses = {row[0]: row for row in _table(page, "response")}
    assert len(responses) == _count(app, Complaint.urgent.is_(True), *in_window)
    assert responses[bite][3:5] == ["4", "20"]


def test_a_table_downloads_as_csv_with_the_same_numbers(client, seeded) -> None:
    sign_in(client, "clerk")
    page = client.get("/dashboard?jurisdiction=kellogg&weeks=4").text
    response = client.get("/dashboard/per-week.csv?jurisdiction=kellogg&weeks=4")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.text)))
    assert rows[0] == ["Week of", "City", "Type", "Complaints"]
    assert rows[1:] == _table(page, "per-week")
    assert {row[1] for row in rows[1:]} == {"Kellogg, MN"}
    assert client.get("/dashboard/nothing.csv").status_code == 404


def test_only_the_clerks_cities_and_not_the_officer(app, client, accounts, seeded) -> None:
    accounts.create_user("kelloggclerk", PASSWORD, "clerk", ("kellogg",))
    sign_in(client, "kelloggclerk")
    page = client.get("/dashboard").text
    assert "Freeport, MN" not in page.split("<main", 1)[1].split("</form>", 1)[1]
    assert client.get("/dashboard?jurisdiction=freeport").status_code == 404
    sign_in(client, "officer")
    assert client.get("/dashboard").status_code == 403


def test_the_map_places_open_complaints_at_the_citys_address_points(app, client, seeded) -> None:
    """Kellogg's pack provides address points: a marker per open complaint at a known address; Freeport's
    does not, and the page says the block table stands in."""
    sign_in(client, "clerk")
    page = client.get("/dashboard").text
    markers = {
        ref: (float(x), float(y))
        for ref, x, y in re.findall(r'data-reference="([^"]+)" cx="([\d.-]+)" cy="([\d.-]+)"', page)
    }
    points = {line.split(",")[0] for line in open("bot/jurisdictions/packs/maps/kellogg-address-points.csv")
              if not line.startswith("#")}  # fmt: skip
    factory = app.state.console.cases._session_factory
    with factory() as session:
        expected = dict(
            session.execute(
                select(Complaint.reference, Complaint.location_normalised).where(
                    Complaint.jurisdiction == "kellogg", Complaint.status.in_(("new", "accepted")),
                    Complaint.received >= WINDOW_START, Complaint.location_normalised.in_(points),
                )
            ).all()
        )  # fmt: skip
    assert set(markers) == set(expected) and markers
    assert all(0 <= x <= 720 and 0 <= y <= 420 for x, y in markers.values())
    north = [ref for ref, place in expected.items() if place == "418 OAK ST"]
    south = [ref for ref, place in expected.items() if place == "125 MAIN ST E"]
    assert (
        north and south and markers[north[0]][1] < markers[south[0]][1]
    )  # Oak St's 400 block is north of Main
    assert "Freeport, MN provides no address points" in page
    assert re.search(r"\d+ open complaints? in Kellogg, MN (have|has) no address point", page)  # 120 Elm St
