"""Accounts and Open311 API keys: admin only."""

from __future__ import annotations

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from bot.console.accounts import AccountError
from bot.console.context import ConsoleContext
from bot.console.models import ROLES
from bot.console.pages import Admin, Context, back_to, console_router, flash, form_text, render
from bot.jurisdictions import load_packs

router = console_router(prefix="/admin")


@router.get("", response_class=HTMLResponse)
def admin_page(request: Request, ctx: Context, user: Admin) -> HTMLResponse:
    return _admin_page(request, ctx)


def _admin_page(request: Request, ctx: ConsoleContext, new_key: dict[str, str] | None = None) -> HTMLResponse:
    return render(
        request,
        "admin.html",
        users=ctx.accounts.list_users(),
        keys=ctx.accounts.list_api_keys(),
        roles=ROLES,
        new_key=new_key,
        all_packs=load_packs(),
    )


@router.post("/users")
async def create_user(request: Request, ctx: Context, user: Admin) -> Response:
    form = await request.form()
    try:
        created = await run_in_threadpool(  # scrypt: off the event loop
            ctx.accounts.create_user,
            form_text(form, "username"),
            str(form.get("password", "")),
            form_text(form, "role"),
            _cities(form),
        )
        flash(
            request,
            f"User {created.username} ({created.role}, {', '.join(sorted(created.cities)) or 'no city'}) created.",
        )
    except AccountError as error:
        flash(request, f"Not created: {error}", "error")
    return back_to("/admin")


@router.post("/users/{user_id}/active")
async def set_active(request: Request, user_id: int, ctx: Context, user: Admin) -> Response:
    form = await request.form()
    active = form.get("active") == "1"
    if user_id == user.id and not active:
        flash(request, "You cannot deactivate yourself.", "error")
        return back_to("/admin")
    try:
        ctx.accounts.set_active(user_id, active)
    except AccountError as error:
        flash(request, str(error), "error")
    return back_to("/admin")


@router.post("/users/{user_id}/cities")
async def set_cities(request: Request, user_id: int, ctx: Context, user: Admin) -> Response:
    form = await request.form()
    try:
        changed = ctx.accounts.set_cities(user_id, _cities(form))
        flash(request, f"{changed.username} now sees {', '.join(sorted(changed.cities)) or 'no city'}.")
    except AccountError as error:
        flash(request, str(error), "error")
    return back_to("/admin")


def _cities(form: FormData) -> list[str]:
    return [value for value in form.getlist("cities") if isinstance(value, str)]


@router.post("/api-keys")
async def create_api_key(request: Request, ctx: Context, user: Admin) -> Response:
    form = await request.form()
    jurisdiction = form_text(form, "jurisdiction") or None
    if jurisdiction is not None and jurisdiction not in load_packs():
        flash(request, "Unknown jurisdiction.", "error")
        return back_to("/admin")
    try:
        client, key = ctx.accounts.create_api_key(form_text(form, "name"), jurisdiction)
    except AccountError as error:
        flash(request, f"Not created: {error}", "error")
        return back_to("/admin")
    # shown once, in this response only: never stored, not even in the session cookie
    return _admin_page(request, ctx, new_key={"name": client.name, "key": key})


@router.post("/api-keys/{key_id}/revoke")
async def revoke_api_key(request: Request, key_id: int, ctx: Context, user: Admin) -> Response:
    try:
        ctx.accounts.revoke_api_key(key_id)
        flash(request, "API key revoked.")
    except AccountError as error:
        flash(request, str(error), "error")
    return back_to("/admin")
