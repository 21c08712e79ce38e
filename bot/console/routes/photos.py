"""Residents' photos, served to signed-in staff of the city of a complaint that holds them: our own
EXIF-stripped copies (bot.notify.photos), never a Twilio URL. Nothing here is on a public interface
(Open311 carries no photo)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from bot.cases.db import make_engine, make_session_factory
from bot.console.pages import Context, Reader, raise_not_found
from bot.notify.photos import PHOTO_PATH, PhotoStore

router = APIRouter()


def own_photos(urls: object) -> list[str]:
    """The on-site paths of our own copies (`/photos/<token>`) among a complaint's photo URLs. A page renders
    only these: anything else on the record (a tracking pixel, a `javascript:` link, another site's image)
    came from a forged filing and is never put in an `src` or `href`."""
    return [url for url in urls or () if isinstance(url, str) and PHOTO_PATH.fullmatch(url)]


def photo_store(request: Request, ctx: Context) -> PhotoStore:
    """One store per console app, on the case database."""
    store = getattr(request.app.state, "photo_store", None)
    if store is None:
        store = PhotoStore(make_session_factory(make_engine(ctx.settings.database_url)))
        request.app.state.photo_store = store
    return store


@router.get("/photos/{token}")
def photo(token: str, request: Request, ctx: Context, user: Reader) -> Response:
    # a photo filed with a complaint is shown only to staff of that complaint's city;
    # one no complaint holds (sent without words, its conversation not filed) is shown to nobody
    cities = ctx.cases.photo_jurisdictions(f"/photos/{token}")
    if not any(user.may_see(city) for city in cities):
        raise_not_found()
    found = photo_store(request, ctx).get(token)
    if found is None:
        raise_not_found()
    content_type, data = found
    headers = {"Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff"}
    return Response(data, media_type=content_type, headers=headers)
