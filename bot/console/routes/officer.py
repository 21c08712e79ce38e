"""The officer on call's page, made for a phone: the board (what needs the officer now), one item with what
was reported, the place, photos, the animal and its household's history, status in a tap, and a call-back
that bridges through the city's number. The resident's number is never put in these pages."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response

from bot.cases.dispatch_models import OUTCOMES, PAGE_RECIPIENTS
from bot.cases.errors import ComplaintNotFound, InvalidChange
from bot.cases.service import ComplaintDetail
from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext
from bot.console.officer_board import OfficerServices, board_items, board_since, maps_links
from bot.console.pages import Context, back_to, console_router, flash, form_text, raise_not_found, render
from bot.console.resident_words import complaint_for, resident_lines
from bot.console.security import require
from bot.jurisdictions import Pack, get_pack
from bot.notify.dispatch_rules import owner_notice_deadline, texts_in_force
from bot.notify.escalation import BACKUP_CONTACT, CONTACT_OF, clock_settled

router = console_router()
Officer = Annotated[StaffUser, Depends(require("officer"))]
STEP_BUTTONS = (("on_the_way", "On my way"), ("on_scene", "On scene"))
OUTCOME_WORDS = {
    "owner_advised": "Owner advised",
    "warning_given": "Warning given",
    "impounded": "Animal impounded",
    "not_found": "Not found",
    "referred": "Referred",
}


def _services(ctx: ConsoleContext) -> OfficerServices:
    assert ctx.officer is not None, "create_app sets the officer's services"
    return ctx.officer


def _detail_for(ctx: ConsoleContext, user: StaffUser, reference: str) -> ComplaintDetail:
    try:
        detail = ctx.cases.get_complaint(reference)
    except ComplaintNotFound:
        raise_not_found()
    if not user.may_see(detail.jurisdiction):
        raise_not_found()  # another city's complaint is answered as if it did not exist
    return detail


@router.get("/officer", response_class=HTMLResponse)
def board(request: Request, ctx: Context, user: Officer) -> HTMLResponse:
    packs = {code: get_pack(code) for code in sorted(user.cities)}
    now = ctx.clock()
    complaints = _services(ctx).dispatch.board_complaints(list(packs), board_since(packs, now))
    items = board_items(complaints, packs, now)
    return render(request, "officer.html", items=items, now=now, city_packs=packs)


@router.get("/officer/{reference}", response_class=HTMLResponse)
def item(request: Request, reference: str, ctx: Context, user: Officer) -> HTMLResponse:
    detail = _detail_for(ctx, user, reference)
    pack = get_pack(detail.jurisdiction)
    services = _services(ctx)
    state = services.dispatch.state(detail.reference)
    deadline = None
    if detail.bite is not None and not clock_settled(state):
        deadline = owner_notice_deadline(
            pack, reference=detail.reference, occurred=detail.occurred, received=detail.received,
            victim_kind=detail.bite.victim_kind, injury=detail.bite.skin_broken_or_medical,
        )  # fmt: skip
    household = ctx.cases.complaints_of_subject(detail.subject_id) if detail.subject_id is not None else []
    shown = complaint_for(user, detail)  # the call-back and the texts use the number; the page never has it
    return render(
        request, "officer_item.html", c=shown, pack=pack, state=state, deadline=deadline, now=ctx.clock(),
        maps=maps_links(detail.location_normalised or detail.location_text, pack),
        words=resident_lines(shown.transcript),
        photos=[url for url in detail.photo_urls if url.startswith("/photos/")],
        household=[h for h in household if h.reference != detail.reference],
        animals=ctx.cases.animals_of_subject(detail.subject_id) if detail.subject_id is not None else [],
        has_backup=BACKUP_CONTACT in pack.contacts, buttons=STEP_BUTTONS, outcomes=OUTCOME_WORDS,
        can_call=bool(detail.complainant_contact and detail.complainant_contact.startswith("+")),
        texts_words=_texts_words(ctx, pack, detail),
    )  # fmt: skip


def _texts_words(ctx: ConsoleContext, pack: Pack, detail: ComplaintDetail) -> str:
    contact = detail.complainant_contact
    opted_out = bool(contact) and ctx.outbox.is_opted_out(contact)
    return texts_in_force(pack, detail.details, contact, opted_out)


@router.post("/officer/{reference}/step")
async def record_step(request: Request, reference: str, ctx: Context, user: Officer) -> Response:
    form = await request.form()
    detail = _detail_for(ctx, user, reference)
    step, outcome = form_text(form, "step"), form_text(form, "outcome") or None
    as_role = form_text(form, "as_role") or None
    services = _services(ctx)
    try:
        if as_role is not None and as_role not in PAGE_RECIPIENTS:
            raise InvalidChange("choose on call or backup")
        if step == "done" and outcome not in OUTCOMES:
            raise InvalidChange("choose an outcome before closing")
        _state, new = services.dispatch.record_step(
            detail.reference,
            step,
            by=user.username,
            as_role=as_role,
            outcome=outcome,
            note=form_text(form, "note"),
        )
    except InvalidChange as error:
        flash(request, f"Not recorded: {error}", "error")
        return back_to(f"/officer/{detail.reference}")
    texted = new and services.texts.queue(detail.reference, step, outcome)
    said = {
        "acknowledged": "Acknowledged",
        "on_the_way": "On the way",
        "on_scene": "On scene",
        "done": "Done",
    }
    flash(request, f"{said.get(step, step)} recorded" + ("; the resident is texted." if texted else "."))
    return back_to("/officer" if step == "done" else f"/officer/{detail.reference}")


@router.post("/officer/{reference}/call-back")
def call_back(request: Request, reference: str, ctx: Context, user: Officer) -> Response:
    detail = _detail_for(ctx, user, reference)
    pack = get_pack(detail.jurisdiction)
    services = _services(ctx)
    resident = detail.complainant_contact
    bridge = services.bridge()
    if not resident or not resident.startswith("+"):
        flash(request, "This report came with no phone number to call back.", "error")
    elif bridge is None:
        flash(request, "Call-back needs Twilio (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN).", "error")
    else:
        role = services.dispatch.state(detail.reference).as_role or "on_call"
        officer_phone = pack.contacts[CONTACT_OF[role]].phone
        result = bridge.bridge(officer_phone, pack.phone_numbers[0], resident, detail.reference)
        services.dispatch.record_call_back(detail.reference, by=user.username, call_sid=result.call_sid,
                                           error=result.error)  # fmt: skip
        if result.ok:
            flash(request, "Calling your phone now: answer it and you are put through to the resident.")
        else:
            flash(request, f"The call could not be placed ({result.error}). Try again.", "error")
    return back_to(f"/officer/{detail.reference}")
