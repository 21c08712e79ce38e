"""The clerk's review actions on a complaint: one POST route per action, each back to the complaint's page.

A decision (accept, reject, duplicate) is texted to a resident who texted or called (outbox, once per status).
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response
from starlette.datastructures import FormData

from bot.cases.errors import CaseError, ComplaintNotFound
from bot.cases.service import ComplaintDetail
from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext
from bot.console.pages import (
    Clerk,
    Context,
    back_to,
    console_router,
    flash,
    form_text,
    local_datetime,
    raise_not_found,
    require_city,
)
from bot.jurisdictions import get_pack

router = console_router(prefix="/complaints/{reference}")

EDIT_TEXT_FIELDS = ("location_text", "animal_species", "animal_description", "occurred_text")
# one action: (context, reference, form, reason, username) -> the flash message
Action = Callable[[ConsoleContext, str, FormData, "str | None", str], str]


async def _act(
    request: Request, ctx: ConsoleContext, reference: str, user: StaffUser, action: Action
) -> Response:
    """Run one action (off the event loop); a case rule's refusal is flashed; an unknown complaint, or one
    of a city the user does not belong to, is a 404."""
    form = await request.form()
    reason = form_text(form, "reason") or None
    try:
        detail = await run_in_threadpool(ctx.cases.get_complaint, reference)
        require_city(user, detail.jurisdiction)
        flash(request, await run_in_threadpool(action, ctx, reference, form, reason, user.username))
    except ComplaintNotFound as error:
        if error.reference.strip().upper() == reference.strip().upper():
            raise_not_found()
        flash(request, f"Not done: {error}", "error")  # another complaint named in the form (duplicate of)
    except (CaseError, ValueError) as error:
        flash(request, f"Not done: {error}", "error")
    return back_to(f"/complaints/{reference}")


def _accept(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.accept(reference, by=by, reason=reason)
    ctx.outbox.queue_status_text(reference)
    return f"{reference} accepted."


def _reject(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.reject(reference, reason or "", by=by)
    ctx.outbox.queue_status_text(reference)
    return f"{reference} rejected."


def _duplicate(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.mark_duplicate(reference, form_text(form, "of"), by=by, reason=reason)
    ctx.outbox.queue_status_text(reference)
    return f"{reference} marked a duplicate of {form_text(form, 'of').upper()}."


def _change_form(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.change_form(reference, form_text(form, "form"), reason or "", by=by)
    return f"{reference} is now {form_text(form, 'form')}."


def _edit(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    changes = _edits(form, ctx.cases.get_complaint(reference))
    if not ctx.cases.edit_fields(reference, changes, reason or "", by=by):
        return f"Nothing changed: every field of {reference} was as shown."
    return f"{reference} corrected."


def _link_subject(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    ctx.cases.link_subject(reference, int(form_text(form, "subject_id")), by=by, reason=reason)
    return f"{reference} linked to household {form_text(form, 'subject_id')}."


def _new_subject(ctx: ConsoleContext, reference: str, form: FormData, reason: str | None, by: str) -> str:
    detail = ctx.cases.get_complaint(reference)
    subject_id = ctx.cases.create_subject(
        detail.jurisdiction,
        form_text(form, "address"),
        by=by,
        name=form_text(form, "name") or None,
        reason=reason,
        replace_current=form.get("replace_current") == "on",
    )
    ctx.cases.link_subject(reference, subject_id, by=by, reason=reason)
    return f"{reference} linked to new household {subject_id}."


def _edits(form: FormData, detail: ComplaintDetail) -> dict[str, object]:
    pack = get_pack(detail.jurisdiction)
    changes: dict[str, object] = {}
    if form_text(form, "type"):
        changes["type"] = form_text(form, "type")
    for name in EDIT_TEXT_FIELDS:
        if name in form:
            changes[name] = form_text(form, name) or (None if name != "location_text" else "")
    # the form shows the received time to the minute: sent back as shown, it is not a change (seconds kept)
    shown = detail.received.astimezone(pack.tz).replace(tzinfo=None).isoformat(timespec="minutes")
    if form_text(form, "received") and form_text(form, "received") != shown:
        changes["received"] = local_datetime(form_text(form, "received"), pack)
    changes["urgent"] = form.get("urgent") == "on"
    if form_text(form, "language"):
        changes["language"] = form_text(form, "language")
    return changes


@router.post("/accept")
async def accept(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _accept)


@router.post("/reject")
async def reject(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _reject)


@router.post("/duplicate")
async def duplicate(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _duplicate)


@router.post("/form")
async def change_form(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _change_form)


@router.post("/edit")
async def edit(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _edit)


@router.post("/link-subject")
async def link_subject(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _link_subject)


@router.post("/new-subject")
async def new_subject(request: Request, reference: str, ctx: Context, user: Clerk) -> Response:
    return await _act(request, ctx, reference, user, _new_subject)
