"""Notices: preview a draft, issue (record) it, and show an issued one."""

from __future__ import annotations

from datetime import date

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from bot.cases.errors import CaseError, ComplaintNotFound, InvalidQuery
from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext
from bot.console.notices import NoticeDraft, draft_notice
from bot.console.pages import (
    Clerk,
    Context,
    Reader,
    back_to,
    console_router,
    flash,
    form_text,
    raise_not_found,
    render,
    require_city,
)
from bot.jurisdictions import Pack, get_pack

router = console_router(prefix="/notices")


def _draft_from(
    ctx: ConsoleContext, user: StaffUser, reference: str, kind: str, issued_on: str
) -> tuple[NoticeDraft, Pack]:
    try:
        detail = ctx.cases.get_complaint(reference)
    except ComplaintNotFound:
        raise_not_found()
    require_city(user, detail.jurisdiction)
    pack = get_pack(detail.jurisdiction)
    day = date.fromisoformat(issued_on) if issued_on else ctx.today(pack)
    return draft_notice(ctx.cases, pack, detail, kind, day), pack


@router.get("/preview", response_class=HTMLResponse)
def notice_preview(
    request: Request, complaint: str, kind: str, ctx: Context, user: Clerk, issued_on: str = ""
) -> Response:
    try:
        draft, pack = _draft_from(ctx, user, complaint, kind, issued_on)
    except ValueError as error:
        flash(request, f"No notice: {error}", "error")
        return back_to(f"/complaints/{complaint}")
    return render(request, "notice.html", draft=draft, pack=pack, issued=None)


@router.post("")
async def issue_notice(request: Request, ctx: Context, user: Clerk) -> Response:
    form = await request.form()
    reference = form_text(form, "complaint")
    try:
        draft, _pack = _draft_from(
            ctx, user, reference, form_text(form, "kind"), form_text(form, "issued_on")
        )
        notice_id = ctx.cases.record_notice(
            draft.complaint.reference,
            draft.kind,
            draft.issued_on,
            by=user.username,
            license_by=draft.license_by,
            hearing_request_by=draft.hearing_request_by,
            comply_by=draft.comply_by,
            quarantine_until=draft.quarantine_until,
            fee_cents=draft.fee_cents,
            note=form_text(form, "note") or None,
        )
    except (CaseError, ValueError) as error:
        flash(request, f"Not issued: {error}", "error")
        return back_to(f"/complaints/{reference}")
    flash(request, f"{draft.title} issued and recorded.")
    return back_to(f"/notices/{notice_id}")


@router.get("/{notice_id}", response_class=HTMLResponse)
def notice_page(request: Request, notice_id: int, ctx: Context, user: Reader) -> HTMLResponse:
    try:
        notice = ctx.cases.get_notice(notice_id)
    except InvalidQuery:
        raise_not_found()
    draft, pack = _draft_from(
        ctx, user, notice.complaint_reference, notice.kind, notice.issued_on.isoformat()
    )
    return render(request, "notice.html", draft=draft, pack=pack, issued=notice)
