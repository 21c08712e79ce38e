"""Issue 10 finding 4: residents' photos are served by the console to signed-in staff only, as our own
stored copies; an outsider gets nothing."""

from __future__ import annotations

from datetime import datetime, timezone

from bot.cases.db import make_engine, make_session_factory
from bot.notify.photos import PhotoStore
from tests.console.conftest import accounts, app, client, clock, settings, signed_in, staff  # noqa: F401
from tests.integrations.conftest import jpeg_with_gps
from tests.support.reports import report_builder


def test_a_stored_photo_is_served_to_signed_in_staff_only(settings, client, signed_in) -> None:  # noqa: F811
    path = PhotoStore(make_session_factory(make_engine(settings.database_url))).keep(jpeg_with_gps())
    # served only once a complaint of the staff's city holds it (a photo no complaint holds: nobody)
    file_report = report_builder(lambda n: datetime(2026, 3, 2, 9, n, tzinfo=timezone.utc))
    client.app.state.console.cases.file_complaint(file_report(photo_urls=(path,)))
    outsider = client.get(path)
    assert outsider.status_code in (303, 401, 403) and outsider.content[:2] != b"\xff\xd8"
    staff_client = signed_in("clerk")
    served = staff_client.get(path)
    assert served.status_code == 200 and served.headers["content-type"] == "image/jpeg"
    assert served.content[:2] == b"\xff\xd8" and b"PhoneMaker" not in served.content
    assert "no-store" in served.headers["cache-control"]
    assert staff_client.get("/photos/" + "x" * 32).status_code == 404
