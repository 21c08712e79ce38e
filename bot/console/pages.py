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
    return ctx.templates.TemplateResponse(
        request,
        template,
        {
            "user": getattr(request.state, "user", None),
            "csrf_token": csrf_token(request),
            "packs": load_packs(),
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
