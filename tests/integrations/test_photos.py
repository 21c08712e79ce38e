"""Issue 10 findings 4 and 12 (photos): only Twilio media URLs of our own account are taken; we keep our
own copy with EXIF stripped; anything else (another account, off-site, `javascript:`) is dropped; photos
sent without words that no text follows within a day are forgotten.

Before: a REST message stored `javascript:` and off-site image URLs, the console rendered them, public
Open311 returned the Twilio URL (with the account id), and a photo without words attached to a report
months later.
"""

from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

import pytest
from PIL import Image

from bot.cases.db import make_engine, make_session_factory
from bot.notify.inbound import InboundStore
from bot.notify.photos import PhotoRefused, PhotoStore, is_our_media_url, is_photo_path, without_metadata
from bot.settings import get_settings
from integrations.twilio_sms import TwilioSmsInput
from tests.integrations.conftest import ACCOUNT_SID, RESIDENT, ScriptedAssistant, jpeg_with_gps
from tests.integrations.test_twilio_sms import PATH, sms


@pytest.fixture
def line(serve):
    assistant = ScriptedAssistant()
    return serve(TwilioSmsInput(), assistant), assistant


def _store(twilio_env: str, clock=None) -> PhotoStore:
    factory = make_session_factory(make_engine(twilio_env))
    return PhotoStore(factory, clock=clock) if clock else PhotoStore(factory)


def test_our_accounts_photo_is_kept_as_our_own_copy_without_exif(
    line, media, twilio_env, monkeypatch
) -> None:
    monkeypatch.setenv("TWILIO_ACCOUNT_SID", ACCOUNT_SID)
    get_settings.cache_clear()
    webhook, assistant = line
    original = jpeg_with_gps()
    assert Image.open(io.BytesIO(original)).getexif()  # the phone's photo carries GPS and camera
    url = media.url("ME1", content=original)
    webhook.post(PATH, sms("this dog bit my son at 412 oak st", sid="SMphoto", NumMedia="1", MediaUrl0=url))
    [path] = assistant.messages[0].metadata["photo_urls"]
    assert is_photo_path(path) and "twilio" not in path
    content_type, data = _store(twilio_env).get(path.rsplit("/", 1)[1])
    kept = Image.open(io.BytesIO(data))
    assert content_type == "image/jpeg" and kept.size == (40, 30)
    assert not kept.getexif() and b"PhoneMaker" not in data
    [fetch] = [r for r in media.standin.requests if r.method == "GET"]
    assert fetch.authorization and fetch.authorization.startswith("Basic ")


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(document.cookie)",
        "https://evil.example/photo.jpg",
        "https://api.twilio.com/media/ME42",
        "http://api.twilio.com/2010-04-01/Accounts/AC"
        + "1" * 32
        + "/Messages/MM"
        + "a" * 32
        + "/Media/ME"
        + "b" * 32,
        "https://api.twilio.com.evil.example/2010-04-01/Accounts/AC" + "1" * 32 + "/Messages/MM" + "a" * 32,
    ],
)
def test_urls_that_are_not_twilio_media_are_dropped(line, media, url) -> None:
    webhook, assistant = line
    webhook.post(PATH, sms("loose dog at 3rd and elm", sid="SMbad", NumMedia="1", MediaUrl0=url))
    assert assistant.messages[0].metadata["photo_urls"] == []
    assert [r for r in media.standin.requests if r.method == "GET"] == []


def test_another_accounts_media_is_dropped_unfetched(line, media, monkeypatch) -> None:
    monkeypatch.setenv("TWILIO_ACCOUNT_SID", ACCOUNT_SID)
    get_settings.cache_clear()
    webhook, assistant = line
    url = media.url("ME9", account="AC" + "9" * 32)
    webhook.post(PATH, sms("loose dog at 3rd and elm", sid="SMother", NumMedia="1", MediaUrl0=url))
    assert assistant.messages[0].metadata["photo_urls"] == []
    assert [r for r in media.standin.requests if r.method == "GET"] == []


def test_a_file_that_is_not_an_image_is_dropped(line, media) -> None:
    webhook, assistant = line
    url = media.url("MEhtml", content=b"<html><script>alert(1)</script></html>")
    webhook.post(PATH, sms("loose dog at 3rd and elm", sid="SMhtml", NumMedia="1", MediaUrl0=url))
    assert assistant.messages[0].metadata["photo_urls"] == []
    with pytest.raises(PhotoRefused):
        without_metadata(b"GIF89a but not really")


def test_media_url_shapes() -> None:
    ours = (
        f"https://api.twilio.com/2010-04-01/Accounts/{ACCOUNT_SID}/Messages/MM{'a' * 32}/Media/ME{'b' * 32}"
    )
    assert is_our_media_url(ours, ACCOUNT_SID) and not is_our_media_url(ours, "AC" + "2" * 32)
    assert not is_our_media_url(ours + "?x=1", ACCOUNT_SID)
    assert is_photo_path("/photos/" + "a" * 32) and not is_photo_path("javascript:alert(1)")


def test_unsent_photos_expire_after_a_day(twilio_env) -> None:
    now = [datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)]
    factory = make_session_factory(make_engine(twilio_env))
    inbound = InboundStore(factory, clock=lambda: now[0])
    photos = PhotoStore(factory, clock=lambda: now[0])
    path = photos.keep(jpeg_with_gps())
    inbound.keep_photos(RESIDENT, [path])
    now[0] += timedelta(hours=23)
    assert [url for _, url in inbound.pending_photos(RESIDENT)] == [path]
    assert inbound.claim_request("sms", "SMx", RESIDENT).pending_photos  # still goes with a text today
    now[0] += timedelta(hours=2)
    assert inbound.pending_photos(RESIDENT) == []
    assert inbound.claim_request("sms", "SMy", RESIDENT).pending_photos == ()  # not months later
    assert photos.expire_unsent() == 1
    assert photos.get(path.rsplit("/", 1)[1]) is None  # our copy goes too
