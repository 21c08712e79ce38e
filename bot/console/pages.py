"""What every console router shares: the injected context, rendering, flashes, redirects and form fields."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, NoReturn

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from starlette.datastructures import FormData

from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext, console_context
from bot.console.security import CASE_ROLES, READ_ROLES, csrf_token, require, verify_csrf
from bot.jurisdictions import Pack, UnknownJurisdiction, get_pack, load_packs

# The console context, injected into a route as a FastAPI dependency: `def page(ctx: Context): ...`
Context = Annotated[ConsoleContext, Depends(console_context)]
# The signed-in user, if their role allows: readers see cases, clerks change them, admins do everything.
Reader = Annotated[StaffUser, Depends(require(*READ_ROLES))]
Clerk = Annotated[StaffUser, Depends(require(*CASE_ROLES))]
Admin = Annotated[StaffUser, Depends(require())]


def console_router(**options: object) -> APIRouter:
    """A router whose every POST must carry the session's CSRF token."""
    return APIRouter(dependencies=[Depends(verify_csrf)], **options)  # type: ignore[arg-type]


def render(request: Request, template: str, status_code: int = 200, **context: object) -> HTMLResponse:
    """A page from `templates/`, with the signed-in user, the CSRF token, the packs and pending flashes."""
    ctx = console_context(request)
    flashes = request.session.pop("flash", [])
    user = getattr(request.state, "user", None)
    return ctx.templates.TemplateResponse(
        request,
        template,
        {
            "user": user,
            "csrf_token": csrf_token(request),
            "packs": user_packs(user) if user is not None else {},
            "flashes": flashes,
            "settings": ctx.settings,
            **context,
        },
        status_code=status_code,
    )


def flash(request: Request, text: str, kind: str = "info") -> None:
    """A message shown once, on the next page rendered."""
    request.session.setdefault("flash", []).append([kind, text])


def back_to(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def form_text(form: FormData, name: str) -> str:
    """A form field, stripped; "" when absent or a file."""
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def raise_not_found() -> NoReturn:
    raise HTTPException(status_code=404)


def pack_or_404(code: str) -> Pack:
    try:
        return get_pack(code)
    except UnknownJurisdiction:
        raise_not_found()


def local_datetime(value: str, pack: Pack) -> datetime:
    """A datetime-local field ("2026-03-02T09:15") read on the city's clock."""
    return datetime.fromisoformat(value).replace(tzinfo=pack.tz)


# ---- staff belong to cities: every page, query and export is filtered by the user's cities ----------


def user_packs(user: StaffUser) -> dict[str, Pack]:
    """The packs of the cities `user` may see, in the packs' order."""
    return {code: pack for code, pack in load_packs().items() if user.may_see(code)}


def require_city(user: StaffUser, jurisdiction: str) -> None:
    """404 unless `user` may see `jurisdiction`: another city's record is answered as if it did not exist."""
    if not user.may_see(jurisdiction):
        raise_not_found()


def cities_for(user: StaffUser, requested: str = "") -> tuple[str, ...]:
    """The cities a listing covers: the one asked for (404 if not the user's), else all of the user's."""
    if requested:
        require_city(user, requested)
        return (requested,)
    return tuple(sorted(user.cities))
