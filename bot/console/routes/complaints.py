"""A complaint's page, and complaints entered by staff (walk-in, phone, letter...)."""

from __future__ import annotations

import uuid

from fastapi import Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import FormData

from bot.cases.errors import CaseError, ComplaintNotFound
from bot.cases.households import kept_at_incident_place, owner_address
from bot.cases.models import COMPLAINT_TYPES, FORMS, VICTIMS
from bot.cases.report import BiteDetails, Report, is_urgent
from bot.cases.service import AuditRecord, ComplaintDetail, NoticeRecord, SubjectRecord
from bot.console import try_line
from bot.console.context import ConsoleContext
from bot.console.manual_details import MAX_MINUTES, MAX_TEXT_CHARS, fields_by_type, manual_details
from bot.console.notices import notice_kinds_for
from bot.console.pages import (
    Clerk,
    Context,
    Reader,
    back_to,
    console_router,
    flash,
    form_text,
    local_datetime,
    raise_not_found,
    render,
    require_city,
)
from bot.console.resident_words import complaint_for, reads_complainant
from bot.console.standing import (
    CountedRow,
    SubjectStanding,
    complaint_bite_order,
    subject_standing,
)
from bot.jurisdictions import Pack, UnknownJurisdiction, get_pack
from bot.ordinance import barking_note
from bot.ordinance.report_types import section_of

router = console_router()

MANUAL_CHANNELS = {
    "walk_in": "walk-in at the counter",
    "staff_phone": "phone call taken by staff",
    "letter": "letter",
    "email": "email",
    "web": "web form",
}


@router.get("/complaints/new", response_class=HTMLResponse)
def new_complaint_form(request: Request, ctx: Context, user: Clerk) -> HTMLResponse:
    if not user.cities:
        raise_not_found()
    default = ctx.settings.default_jurisdiction
    pack = get_pack(default if user.may_see(default) else min(user.cities))
    now_local = ctx.clock().astimezone(pack.tz).replace(second=0, microsecond=0, tzinfo=None)
    return render(
        request,
        "complaint_new.html",
        channels=MANUAL_CHANNELS,
        types=COMPLAINT_TYPES,
        type_fields=fields_by_type(),  # each type's details, as the assistant asks them
        max_minutes=MAX_MINUTES,
        max_text_chars=MAX_TEXT_CHARS,
        default_jurisdiction=pack.code,
        now_local=now_local.isoformat(timespec="minutes"),
        entry_token=uuid.uuid4().hex,  # idempotency: submitting the same form twice files once
    )


@router.post("/complaints")
async def file_manual_complaint(request: Request, ctx: Context, user: Clerk) -> Response:
    form = await request.form()
    try:
        require_city(user, form_text(form, "jurisdiction"))
        pack = get_pack(form_text(form, "jurisdiction"))
        report = _manual_report(form, pack)
        reference = ctx.cases.file_complaint(report, by=user.username)
    except (CaseError, ValueError, UnknownJurisdiction) as error:
        flash(request, f"Not filed: {error}", "error")
        return back_to("/complaints/new")
    flash(request, f"Filed {reference} ({pack.form_for_channel(report.channel)}).")
    return back_to(f"/complaints/{reference}")


def _manual_report(form: FormData, pack: Pack) -> Report:
    channel = form_text(form, "channel")
    if channel not in MANUAL_CHANNELS:
        raise ValueError("choose how the complaint came in")
    complaint_type = form_text(form, "type")
    bite = None
    if complaint_type == "bite":
        bite = BiteDetails(
            victim=form_text(form, "bite_victim") or "person",
            skin_broken_or_medical=_yes_no(form_text(form, "bite_skin_broken")),
            animal_vaccinated=_yes_no(form_text(form, "bite_vaccinated")),
            owner_known=form_text(form, "bite_owner_known") or None,
        )
    details, owner = manual_details(form, complaint_type)
    phone = form_text(form, "complainant_phone")
    return Report(
        jurisdiction=pack.code,
        type=complaint_type,
        channel=channel,
        source_id=f"console:{form_text(form, 'entry_token') or uuid.uuid4().hex}",
        received=local_datetime(form_text(form, "received"), pack),
        location=form_text(form, "location"),
        transcript=form_text(form, "transcript"),
        animal=form_text(form, "animal").lower() or None,
        animal_description=form_text(form, "animal_description") or None,
        occurred_text=form_text(form, "occurred_text") or None,
        complainant_contact=try_line.e164(phone) if phone else None,
        complainant_name=form_text(form, "complainant_name") or None,
        owner=owner,
        details=details,
        bite=bite,
        # urgent as the assistant files it (a bite; an animal in danger now...), or as the clerk ticks it
        urgent=form.get("urgent") == "on" or is_urgent(complaint_type, details),
    )


def _yes_no(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value)


@router.get("/complaints/{reference}", response_class=HTMLResponse)
def complaint_page(
    request: Request, reference: str, ctx: Context, user: Reader, find: str = ""
) -> HTMLResponse:
    try:
        detail = ctx.cases.get_complaint(reference)
    except ComplaintNotFound:
        raise_not_found()
    require_city(user, detail.jurisdiction)
    detail = complaint_for(user, detail)  # the officer's role: no complainant anywhere on the page
    pack = get_pack(detail.jurisdiction)
    subject = standing = None
    if detail.subject_id is not None:
        subject = ctx.cases.get_subject(detail.subject_id)
        standing = subject_standing(ctx.cases, pack, detail.subject_id, ctx.today(pack))
    counted = (
        next((row for row in standing.rows if row.reference == detail.reference), None) if standing else None
    )
    issued = ctx.cases.notices(reference=detail.reference)
    suggested_subjects = _household_candidates(ctx, pack, detail, find)
    return render(
        request,
        "complaint.html",
        c=detail,
        pack=pack,
        reads_complainant=reads_complainant(user),
        subject=subject,
        standing=standing,
        counted=counted,
        would_count=_would_count(ctx, pack, detail, standing, counted),
        notices=issued,
        notice_kinds=notice_kinds_for(ctx.cases, pack, counted, detail),
        quarantine=complaint_bite_order(ctx.cases, pack, detail),
        barking=_barking(pack, detail),
        suggested_subjects=suggested_subjects,
        find=find,
        animals=ctx.cases.animals_of_subject(detail.subject_id) if detail.subject_id is not None else [],
        victims=VICTIMS,
        audit=_history(ctx, detail.reference, issued),
        types=COMPLAINT_TYPES,
        forms=FORMS,
        received_local=detail.received.astimezone(pack.tz).replace(tzinfo=None).isoformat(timespec="minutes"),
        today=ctx.today(pack),
        type_section=section_of(pack.rules, detail.type),
    )


def _household_candidates(
    ctx: ConsoleContext, pack: Pack, detail: ComplaintDetail, find: str
) -> list[SubjectRecord]:
    """Households the clerk may link: a search, else at the address of the owner the resident named, else
    at the incident address where the animal is kept there (barking, too many, neglect, a threat from its own
    yard: bot.cases.households). At large, bites, waste and damage: never the incident place."""
    if find:
        return ctx.cases.find_subjects(pack.code, find)
    if detail.subject_id is not None:
        return []  # the suggested or confirmed household is shown already
    owner = owner_address(detail.owner_named)
    if owner:
        return ctx.cases.find_subjects(pack.code, owner)
    if kept_at_incident_place(detail.type, detail.details) and detail.location_normalised:
        return ctx.cases.find_subjects(pack.code, detail.location_normalised)
    return []


def _would_count(
    ctx: ConsoleContext,
    pack: Pack,
    detail: ComplaintDetail,
    standing: SubjectStanding | None,
    counted: CountedRow | None,
) -> CountedRow | None:
    """How a new complaint would count if accepted now: the same engine over the history with it added."""
    if standing is None or counted is not None or detail.status not in ("new", "accepted"):
        return None
    if detail.type not in COMPLAINT_TYPES:
        return None  # filed without a type: it cannot count until the clerk sets one
    as_if = ctx.cases.counted_complaint(detail.reference)
    preview = subject_standing(ctx.cases, pack, detail.subject_id, ctx.today(pack), as_if=as_if)
    return next((row for row in preview.rows if row.reference == detail.reference), None)


def _barking(pack: Pack, detail: ComplaintDetail) -> str | None:
    """The city's barking threshold beside the duration the resident reported (Kellogg 58-5 C, Freeport 7 A)."""
    if detail.type != "barking":
        return None
    minutes = next(
        (detail.details[k] for k in ("duration_minutes", "barking_minutes") if k in detail.details), None
    )
    since = detail.details.get("barking_since")
    return barking_note(pack, detail.animal_species, minutes if isinstance(minutes, int) else None,
                        str(since) if since else None)  # fmt: skip


def _history(ctx: ConsoleContext, reference: str, notices: list[NoticeRecord]) -> list[AuditRecord]:
    """The complaint's audit entries with those of its notices, oldest first (notices are audited on their own)."""
    entries = list(ctx.cases.audit_trail("complaint", reference))
    for notice in notices:
        entries += ctx.cases.audit_trail("notice", str(notice.id))
    return sorted(entries, key=lambda entry: entry.at)
