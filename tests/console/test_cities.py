"""Staff belong to cities: every page, query and export is filtered by them.

Old code: any clerk saw every city's complaints and complainants.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pytest
from sqlalchemy import text

from bot.cases.db import make_engine, migrate
from bot.cases.report import BiteDetails
from tests.console.conftest import CHICAGO, PASSWORD, csrf_from, sign_in

FREEPORT_LINE = "+13205550158"


@pytest.fixture
def kellogg_clerk(client, accounts):
    accounts.create_user("kel-clerk", PASSWORD, "clerk", ["kellogg"])
    sign_in(client, "kel-clerk")
    return client


@pytest.fixture
def two_cities(cases, make_report) -> dict[str, str]:
    kellogg = cases.file_complaint(make_report())
    freeport = cases.file_complaint(
        make_report(
            jurisdiction="freeport",
            location="3 Main St",
            type="bite",
            bite=BiteDetails("person", True, None, None),
            received=datetime(2026, 3, 1, 9, tzinfo=CHICAGO),
        )
    )
    return {"kellogg": kellogg, "freeport": freeport}


def post(client, path: str, **fields: str):
    return client.post(path, data={"csrf_token": csrf_from(client, "/queue"), **fields})


def test_a_kellogg_clerk_gets_404_on_every_freeport_page(kellogg_clerk, two_cities, cases) -> None:
    client, freeport = kellogg_clerk, two_cities["freeport"]
    subject_id = cases.create_subject("freeport", "3 Main St", by="setup")
    cases.link_subject(freeport, subject_id, by="setup")
    assert client.get(f"/complaints/{two_cities['kellogg']}").status_code == 200
    assert client.get(f"/complaints/{freeport}").status_code == 404
    assert client.get(f"/subjects/{subject_id}").status_code == 404
    assert client.get("/subjects?jurisdiction=freeport&address=3+Main+St").status_code == 404
    assert client.get(f"/notices/preview?complaint={freeport}&kind=quarantine_order").status_code == 404
    assert client.get("/queue?jurisdiction=freeport").status_code == 404
    assert client.get("/export/complaints.csv?jurisdiction=freeport").status_code == 404
    assert client.get("/deadlines?jurisdiction=freeport").status_code == 404


def test_a_kellogg_clerk_cannot_act_on_a_freeport_complaint(kellogg_clerk, two_cities, cases) -> None:
    freeport = two_cities["freeport"]
    for action in ("accept", "reject", "duplicate", "form", "edit", "new-subject"):
        answer = post(kellogg_clerk, f"/complaints/{freeport}/{action}", reason="because", address="1 Elm St")
        assert answer.status_code == 404, action
    assert cases.get_complaint(freeport).status == "new"
    answer = post(kellogg_clerk, "/notices", complaint=freeport, kind="quarantine_order")
    assert answer.status_code == 404 and cases.notices(reference=freeport) == []


def test_listings_and_exports_show_only_the_users_cities(kellogg_clerk, two_cities) -> None:
    client = kellogg_clerk
    queue = client.get("/queue?status=").text
    assert two_cities["kellogg"] in queue and two_cities["freeport"] not in queue
    rows = list(csv.DictReader(io.StringIO(client.get("/export/complaints.csv").text)))
    assert [row["reference"] for row in rows] == [two_cities["kellogg"]]
    board = client.get("/deadlines").text
    assert two_cities["freeport"] not in board
    city_choices = client.get("/complaints/new").text
    assert 'value="kellogg"' in city_choices and 'value="freeport"' not in city_choices


def test_an_admin_spanning_both_cities_sees_both(signed_in, two_cities, app) -> None:
    client = signed_in("admin")  # the staff fixture's admin holds kellogg and freeport
    queue = client.get("/queue?status=").text
    assert two_cities["kellogg"] in queue and two_cities["freeport"] in queue
    assert two_cities["freeport"] in client.get("/deadlines").text
    assert client.get(f"/complaints/{two_cities['freeport']}").status_code == 200


def test_manual_entry_and_try_the_line_stay_in_the_users_cities(kellogg_clerk, make_report, cases) -> None:
    filed = post(
        kellogg_clerk,
        "/complaints",
        jurisdiction="freeport",
        channel="walk_in",
        received="2026-03-02T09:15",
        type="barking",
        location="3 Main St",
        transcript="barking",
    )
    assert filed.status_code == 404 and cases.count_complaints("freeport") == 0
    sent = post(kellogg_clerk, "/try", to=FREEPORT_LINE, body="a dog is barking")
    assert sent.status_code == 303
    assert "your cities" in kellogg_clerk.get("/try").text


def test_an_account_without_cities_sees_nothing(client, accounts, two_cities) -> None:
    accounts.create_user("new-clerk", PASSWORD, "clerk")
    sign_in(client, "new-clerk")
    queue = client.get("/queue?status=").text
    assert two_cities["kellogg"] not in queue and two_cities["freeport"] not in queue
    assert client.get(f"/complaints/{two_cities['kellogg']}").status_code == 404


def test_an_admin_sets_a_users_cities_and_the_session_follows(signed_in, accounts, two_cities, app) -> None:
    clerk = accounts.create_user("kim", PASSWORD, "clerk", ["kellogg"])
    admin = signed_in("admin")
    post(admin, f"/admin/users/{clerk.id}/cities", cities="freeport")
    assert accounts.get_user(clerk.id).cities == {"freeport"}
    assert "kim now sees freeport" in admin.get("/admin").text
    assert post(admin, f"/admin/users/{clerk.id}/cities", cities="atlantis").status_code == 303
    assert accounts.get_user(clerk.id).cities == {"freeport"}  # an unknown city is refused


def test_migration_gives_existing_admins_their_cities_and_clerks_none(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    migrate(url, "0005_console_sign_in_lockout")
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            for name, role in (("old-admin", "admin"), ("old-clerk", "clerk")):
                connection.execute(
                    text(
                        "INSERT INTO console_users (username, password_hash, role, active, created_at)"
                        " VALUES (:name, 'x', :role, 1, '2026-01-01 00:00:00')"
                    ),
                    {"name": name, "role": role},
                )
            connection.execute(
                text(
                    "INSERT INTO subjects (jurisdiction, address_normalised, created_at)"
                    " VALUES ('freeport', '3 MAIN ST', '2026-01-01 00:00:00')"
                )
            )
        migrate(url, "0008_staff_cities_and_throttle")
        with engine.connect() as connection:
            rows = connection.execute(
                text(
                    "SELECT u.username, c.jurisdiction FROM console_user_cities c"
                    " JOIN console_users u ON u.id = c.user_id"
                )
            ).all()
    finally:
        engine.dispose()
    assert rows == [("old-admin", "freeport")]


def test_a_freeport_photo_and_household_are_closed_to_a_kellogg_clerk(
    kellogg_clerk, cases, make_report, settings, accounts
) -> None:
    import io as bytes_io

    from PIL import Image

    from bot.cases.db import make_session_factory
    from bot.notify.photos import PhotoStore

    image = bytes_io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(image, "JPEG")
    path = PhotoStore(make_session_factory(make_engine(settings.database_url))).keep(image.getvalue())
    cases.file_complaint(make_report(jurisdiction="freeport", location="3 Main St", photo_urls=(path,)))
    subject_id = cases.create_subject("freeport", "5 Main St", by="setup")
    assert kellogg_clerk.get(path).status_code == 404
    added = post(kellogg_clerk, f"/subjects/{subject_id}/animals", species="dog", name="Rex")
    assert added.status_code == 404 and cases.animals_of_subject(subject_id) == []
    accounts.set_cities("kel-clerk", ["kellogg", "freeport"])
    assert kellogg_clerk.get(path).status_code == 200


def test_a_photo_no_complaint_holds_is_served_to_no_staff(
    kellogg_clerk, cases, make_report, settings
) -> None:
    # A photo texted without words waits for the conversation to file it; until then (and for ever, if the
    # resident gives up) it belongs to no city, so no clerk of any city may read it by its path.
    import io as bytes_io

    from PIL import Image

    from bot.cases.db import make_session_factory
    from bot.notify.photos import PhotoStore

    image = bytes_io.BytesIO()
    Image.new("RGB", (4, 4), "blue").save(image, "JPEG")
    path = PhotoStore(make_session_factory(make_engine(settings.database_url))).keep(image.getvalue())
    assert kellogg_clerk.get(path).status_code == 404
    cases.file_complaint(make_report(location="3 Main St", photo_urls=(path,)))  # a Kellogg complaint
    served = kellogg_clerk.get(path)
    assert served.status_code == 200 and served.content[:2] == b"\xff\xd8"
