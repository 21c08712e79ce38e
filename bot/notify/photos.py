"""Residents' photos: only Twilio media URLs of our own account are taken; we fetch each from Twilio's API
(TWILIO_API_BASE_URL when set), keep our own copy with EXIF (GPS, camera, time) stripped, and hand the
conversation an on-site path, `/photos/<token>`, which the console serves to signed-in staff only.
No resident's photo, and no Twilio URL, ever reaches a public interface.
"""

from __future__ import annotations

import io
import logging
import re
import secrets
from collections.abc import Callable
from datetime import datetime, timezone

import httpx
from PIL import Image, ImageOps
from sqlalchemy import delete, select
from sqlalchemy.orm import sessionmaker

from bot.notify.inbound import UNSENT_PHOTO_LIFETIME
from bot.notify.models import PendingPhoto, StoredPhoto

log = logging.getLogger(__name__)

TWILIO_API = "https://api.twilio.com"
MEDIA_URL = re.compile(
    r"https://api\.twilio\.com/2010-04-01/Accounts/(?P<account>AC[0-9a-f]{32})/Messages/(MM|SM)[0-9a-f]{32}"
    r"/Media/ME[0-9a-f]{32}"
)
PHOTO_PATH = re.compile(r"/photos/[A-Za-z0-9_-]{20,64}")
MAX_PHOTO_BYTES = 5 * 1024 * 1024  # Twilio's MMS limit
MAX_PIXELS = 40_000_000
FORMATS = {"JPEG": "image/jpeg", "PNG": "image/png", "GIF": "image/gif", "WEBP": "image/webp"}


class PhotoRefused(Exception):
    """Not an image we keep (format, size), or it could not be fetched."""


def is_our_media_url(url: str, account_sid: str) -> bool:
    """A Twilio media URL of our own account (any well-formed account only while ours is unset, which
    production does not allow)."""
    match = MEDIA_URL.fullmatch(url or "")
    return bool(match) and (not account_sid or match["account"] == account_sid)


def is_photo_path(url: str) -> bool:
    """One of our stored photos: the only photo URL the console may render."""
    return bool(PHOTO_PATH.fullmatch(url or ""))


def without_metadata(data: bytes) -> tuple[bytes, str]:
    """The image re-encoded from its pixels only (EXIF, XMP, comments gone; orientation applied)."""
    try:
        image = Image.open(io.BytesIO(data))
        fmt = image.format
        if fmt not in FORMATS or image.width * image.height > MAX_PIXELS:
            raise PhotoRefused("not a photo we keep")
        image = ImageOps.exif_transpose(image)
        image.load()
    except PhotoRefused:
        raise
    except Exception as error:  # Pillow raises many kinds for a broken file
        raise PhotoRefused("not a readable image") from error
    out = io.BytesIO()
    if fmt == "JPEG":
        image.convert("RGB").save(out, "JPEG", quality=90)
    else:
        image.save(out, fmt)
    return out.getvalue(), FORMATS[fmt]


def fetch_media(
    url: str, account_sid: str, auth_token: str, api_base: str = "", timeout: float = 10.0
) -> bytes:
    """The media's bytes from Twilio's API (or its stand-in at `api_base`), at most 5 MB."""
    target = (api_base.rstrip("/") + url[len(TWILIO_API) :]) if api_base else url
    try:
        with httpx.Client(timeout=timeout, follow_redirects=True) as client:
            with client.stream("GET", target, auth=(account_sid, auth_token)) as response:
                if response.status_code != 200:
                    raise PhotoRefused(f"media fetch answered {response.status_code}")
                data = bytearray()
                for chunk in response.iter_bytes():
                    data += chunk
                    if len(data) > MAX_PHOTO_BYTES:
                        raise PhotoRefused("photo larger than 5 MB")
    except httpx.HTTPError as error:
        raise PhotoRefused("media fetch failed") from error
    return bytes(data)


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class PhotoStore:
    """Stored photos in the case database; one transaction per call."""

    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime] = _utc_now) -> None:
        self._session_factory = session_factory
        self._clock = clock

    def keep(self, data: bytes) -> str:
        """Store the image without its metadata; returns its path, `/photos/<token>`."""
        clean, content_type = without_metadata(data)
        token = secrets.token_urlsafe(24)
        with self._session_factory() as session, session.begin():
            session.add(
                StoredPhoto(token=token, content_type=content_type, data=clean, created_at=self._clock())
            )
        return f"/photos/{token}"

    def get(self, token: str) -> tuple[str, bytes] | None:
        """(content type, bytes) of a stored photo, or None."""
        with self._session_factory() as session:
            row = session.execute(
                select(StoredPhoto.content_type, StoredPhoto.data).where(StoredPhoto.token == token)
            ).first()
        return (row.content_type, bytes(row.data)) if row else None

    def expire_unsent(self) -> int:
        """Forget photos sent without words that no text followed within a day (and our copies of them);
        returns how many."""
        cutoff = self._clock() - UNSENT_PHOTO_LIFETIME
        with self._session_factory() as session, session.begin():
            urls = (
                session.execute(select(PendingPhoto.url).where(PendingPhoto.created_at < cutoff))
                .scalars()
                .all()
            )
            tokens = [url.rsplit("/", 1)[1] for url in urls if is_photo_path(url)]
            if tokens:
                session.execute(delete(StoredPhoto).where(StoredPhoto.token.in_(tokens)))
            return session.execute(delete(PendingPhoto).where(PendingPhoto.created_at < cutoff)).rowcount
