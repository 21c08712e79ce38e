"""Accounts and Open311 API keys: admin only."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from bot.console.accounts import AccountError, StaffUser
from bot.console.context import console_context
from bot.console.models import ROLES
from bot.console.security import require, verify_csrf
from bot.console.views import _text, back_to, flash, render
from bot.jurisdictions import load_packs

router = APIRouter(prefix="/admin", dependencies=[Depends(verify_csrf)])
admin_only = Depends(require())


@router.get("", response_class=HTMLResponse)
def admin_page(request: Request, user: StaffUser = admin_only) -> HTMLResponse:
    return _admin_page(request)


def _admin_page(request: Request, new_key: dict[str, str] | None = None) -> HTMLResponse:
    accounts = console_context(request).accounts
    return render(
        request,
        "admin.html",
        users=accounts.list_users(),
        keys=accounts.list_api_keys(),
        roles=ROLES,
        new_key=new_key,
    )


@router.post("/users")
async def create_user(request: Request, user: StaffUser = admin_only) -> Response:
    form = await request.form()
    try:
        created = console_context(request).accounts.create_user(
            _text(form, "username"), str(form.get("password", "")), _text(form, "role")
        )
        flash(request, f"User {created.username} ({created.role}) created.")
    except AccountError as error:
        flash(request, f"Not created: {error}", "error")
    return back_to("/admin")


@router.post("/users/{user_id}/active")
async def set_active(request: Request, user_id: int, user: StaffUser = admin_only) -> Response:
    form = await request.form()
    active = form.get("active") == "1"
    if user_id == user.id and not active:
        flash(request, "You cannot deactivate yourself.", "error")
        return back_to("/admin")
    try:
        console_context(request).accounts.set_active(user_id, active)
    except AccountError as error:
        flash(request, str(error), "error")
    return back_to("/admin")


@router.post("/api-keys")
async def create_api_key(request: Request, user: StaffUser = admin_only) -> Response:
    form = await request.form()
    jurisdiction = _text(form, "jurisdiction") or None
    if jurisdiction is not None and jurisdiction not in load_packs():
        flash(request, "Unknown jurisdiction.", "error")
        return back_to("/admin")
    try:
        client, key = console_context(request).accounts.create_api_key(_text(form, "name"), jurisdiction)
    except AccountError as error:
        flash(request, f"Not created: {error}", "error")
        return back_to("/admin")
    # shown once, in this response only: never stored, not even in the session cookie
    return _admin_page(request, new_key={"name": client.name, "key": key})


@router.post("/api-keys/{key_id}/revoke")
async def revoke_api_key(request: Request, key_id: int, user: StaffUser = admin_only) -> Response:
    try:
        console_context(request).accounts.revoke_api_key(key_id)
        flash(request, "API key revoked.")
    except AccountError as error:
        flash(request, str(error), "error")
    return back_to("/admin")
