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


def test_a_complaint_page_renders_only_our_own_photo_paths(settings, client, signed_in) -> None:  # noqa: F811
    """Issue 35 item 1: a forged action call attached `https://tracker.example/pixel.png` and `javascript:...`
    as photos, and the complaint page put them in `src` and `href`."""
    own = PhotoStore(make_session_factory(make_engine(settings.database_url))).keep(jpeg_with_gps())
    forged = ("https://tracker.example/pixel.png", "javascript:alert(document.cookie)", "//evil.example/x.png",
              "/photos/../admin", own)  # fmt: skip
    file_report = report_builder(lambda n: datetime(2026, 3, 2, 9, n, tzinfo=timezone.utc))
    reference = client.app.state.console.cases.file_complaint(file_report(photo_urls=forged))
    page = signed_in("clerk").get(f"/complaints/{reference}")
    assert page.status_code == 200
    assert f'src="{own}"' in page.text and f'href="{own}"' in page.text
    for url in forged[:-1]:
        assert url not in page.text and url.replace("/", "&#x2f;") not in page.text
    assert "4 photo link(s) not shown" in page.text
    policy = page.headers["content-security-policy"]
    assert "img-src 'self' data:;" in policy and "https:" not in policy
