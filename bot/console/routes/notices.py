"""Notices: preview a draft, issue it (stored as HTML, PDF and facts), show and download the stored copy,
void it with a reason and prepare its replacement, record a citation's receipt; and the officer's
designation decision on a biting animal (Freeport 11 D, E, G), beside the engine's proposal."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response

from bot.cases.errors import CaseError, ComplaintNotFound, InvalidQuery
from bot.cases.notice_records import SERVED_HOW, StoredNotice
from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext
from bot.console.notices import NoticeDraft, draft_notice, issued_notice, standalone_html
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
from bot.console.security import require
from bot.console.standing import bite_history
from bot.jurisdictions import Pack, get_pack
from bot.ordinance import appeal_deadline, designation_proposal, notice_receipt, receipt_words

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
    today = ctx.today(pack)
    day = date.fromisoformat(issued_on) if issued_on else today
    return draft_notice(ctx.cases, pack, detail, kind, day, today), pack


def _fragment(ctx: ConsoleContext, draft: NoticeDraft, pack: Pack) -> str:
    return ctx.templates.env.get_template("notice_document.html").render(draft=draft, pack=pack)


@router.get("/preview", response_class=HTMLResponse)
def notice_preview(
    request: Request,
    complaint: str,
    kind: str,
    ctx: Context,
    user: Clerk,
    issued_on: str = "",
    replaces: int | None = None,
) -> Response:
    try:
        draft, pack = _draft_from(ctx, user, complaint, kind, issued_on)
    except ValueError as error:
        flash(request, f"No notice: {error}", "error")
        return back_to(f"/complaints/{complaint}")
    return render(request, "notice.html", pack=pack, stored=None, title=draft.title, kind=draft.kind,
                  reference=draft.complaint.reference, issued_on=draft.issued_on, replaces=replaces,
                  back_dated=draft.back_dated, document=_fragment(ctx, draft, pack))  # fmt: skip


@router.post("")
async def issue_notice(request: Request, ctx: Context, user: Clerk) -> Response:
    form = await request.form()
    reference = form_text(form, "complaint")
    replaces = form_text(form, "replaces")
    try:
        draft, pack = _draft_from(ctx, user, reference, form_text(form, "kind"), form_text(form, "issued_on"))
        record = issued_notice(draft, pack, _fragment(ctx, draft, pack), form_text(form, "note") or None,
                               form_text(form, "back_dated_reason"))  # fmt: skip
        notice_id = ctx.cases.issue_notice(
            draft.complaint.reference, record, by=user.username, replaces=int(replaces) if replaces else None
        )
    except (CaseError, ValueError) as error:
        flash(request, f"Not issued: {error}", "error")
        return back_to(f"/complaints/{reference}")
    flash(request, f"{draft.title} issued and stored.")
    return back_to(f"/notices/{notice_id}")


Officer = Annotated[StaffUser, Depends(require("officer"))]


def _proposal(
    ctx: ConsoleContext, user: StaffUser, reference: str
) -> tuple[Pack, dict[str, object] | None, int | None]:
    """The engine's proposal over the same history the bite's order counts (bot.console.standing.bite_history)."""
    try:
        detail = ctx.cases.get_complaint(reference)
    except ComplaintNotFound:
        raise_not_found()
    require_city(user, detail.jurisdiction)
    pack = get_pack(detail.jurisdiction)
    if detail.bite is None or detail.subject_id is None:
        return pack, None, detail.subject_id
    facts = list(bite_history(ctx.cases, pack, detail))
    return pack, designation_proposal(pack, facts, detail.reference), detail.subject_id


@router.get("/designation", response_class=HTMLResponse)
def designation_page(request: Request, complaint: str, ctx: Context, user: Reader) -> HTMLResponse:
    """The engine's proposal for a bite's animal, the officer's decisions so far, and the decision form."""
    pack, proposal, _subject = _proposal(ctx, user, complaint)
    reference = complaint.strip().upper()
    kinds = [f"{d.designation}_notice" for d in ctx.cases.designations(reference=reference)[-1:]
             if d.designation != "none"]  # fmt: skip
    return render(request, "designation.html", pack=pack, reference=reference, proposal=proposal,
                  decisions=ctx.cases.designations(reference=complaint), notice_kinds=kinds)  # fmt: skip


@router.post("/designation")
async def record_designation(request: Request, ctx: Context, user: Officer) -> Response:
    form = await request.form()
    reference = form_text(form, "complaint")
    pack, proposal, _subject = _proposal(ctx, user, reference)
    if proposal is None:
        flash(request, "Not recorded: the law proposes no designation for this complaint.", "error")
        return back_to(f"/notices/designation?complaint={reference}")
    try:
        designation = form_text(form, "designation")
        notified = form_text(form, "notified_on")
        notified_on = date.fromisoformat(notified) if notified else None
        appeal_by = appeal_deadline(pack, designation, notified_on) if notified_on else None
        ctx.cases.record_designation(reference, by=user.username, proposed=proposal, designation=designation,
                                     unprovoked_evidence=form_text(form, "evidence"), notified_on=notified_on,
                                     appeal_by=appeal_by)  # fmt: skip
    except (CaseError, ValueError) as error:
        flash(request, f"Not recorded: {error}", "error")
        return back_to(f"/notices/designation?complaint={reference}")
    flash(
        request,
        "Designation recorded" + (f"; appeal by {appeal_by:%B} {appeal_by.day}." if appeal_by else "."),
    )
    return back_to(f"/notices/designation?complaint={reference}")


def _stored_in_city(ctx: ConsoleContext, notice_id: int, user: StaffUser) -> StoredNotice:
    """The stored notice, or 404 when there is none or it belongs to a city the user does not serve."""
    try:
        stored = ctx.cases.stored_notice(notice_id)
    except InvalidQuery:
        raise_not_found()
    require_city(user, stored.jurisdiction)
    return stored


@router.get("/{notice_id}", response_class=HTMLResponse)
def notice_page(request: Request, notice_id: int, ctx: Context, user: Reader) -> HTMLResponse:
    """The notice exactly as issued, from the store: never re-drafted from today's data."""
    stored = _stored_in_city(ctx, notice_id, user)
    pack = get_pack(stored.jurisdiction)
    receipt = receipt_words(pack, stored.kind, stored.received_on, ctx.today(pack))
    if receipt and stored.served_how:
        receipt += f"; served: {stored.served_how.replace('_', ' ')}"
    return render(request, "notice.html", pack=pack, stored=stored, title=stored.kind.replace("_", " ").title(),
                  kind=stored.kind, reference=stored.complaint_reference, document=stored.html,
                  receipt=receipt, served_how=SERVED_HOW)  # fmt: skip


@router.get("/{notice_id}/pdf")
def notice_pdf(notice_id: int, ctx: Context, user: Reader) -> Response:
    stored = _stored_in_city(ctx, notice_id, user)
    name = f"{stored.complaint_reference}-{stored.kind}-{notice_id}.pdf"
    return Response(stored.pdf, media_type="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})  # fmt: skip


@router.get("/{notice_id}/html")
def notice_html(notice_id: int, ctx: Context, user: Reader) -> Response:
    stored = _stored_in_city(ctx, notice_id, user)
    name = f"{stored.complaint_reference}-{stored.kind}-{notice_id}.html"
    body = standalone_html(stored.html, stored.kind.replace("_", " ").title())
    return Response(body, media_type="text/html; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})  # fmt: skip


@router.post("/{notice_id}/void")
async def void_notice(request: Request, notice_id: int, ctx: Context, user: Clerk) -> Response:
    form = await request.form()
    try:
        stored = ctx.cases.stored_notice(notice_id)
        require_city(user, stored.jurisdiction)
        ctx.cases.void_notice(notice_id, by=user.username, reason=form_text(form, "reason"))
    except InvalidQuery:
        raise_not_found()
    except CaseError as error:
        flash(request, f"Not voided: {error}", "error")
        return back_to(f"/notices/{notice_id}")
    flash(request, f"Notice {notice_id} is void. Review the new draft and issue it to replace it.")
    return back_to(
        f"/notices/preview?complaint={stored.complaint_reference}&kind={stored.kind}&replaces={notice_id}"
    )


@router.post("/{notice_id}/receipt")
async def record_receipt(request: Request, notice_id: int, ctx: Context, user: Clerk) -> Response:
    form = await request.form()
    stored = _stored_in_city(ctx, notice_id, user)
    pack = get_pack(stored.jurisdiction)
    try:
        received_on = date.fromisoformat(form_text(form, "received_on"))
        ctx.cases.record_receipt(notice_id, by=user.username, received_on=received_on,
                                 how=form_text(form, "served_how"),
                                 deadlines=notice_receipt(pack, stored.kind, received_on))  # fmt: skip
    except (CaseError, ValueError) as error:
        flash(request, f"Receipt not recorded: {error}", "error")
        return back_to(f"/notices/{notice_id}")
    flash(request, "Receipt recorded; the deadlines run from that day.")
    return back_to(f"/notices/{notice_id}")
