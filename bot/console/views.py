"""The clerk's pages: sign-in, review queue, complaint, subject, notices, manual entry, deadlines, export."""

from __future__ import annotations

import csv
import io
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import NoReturn
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.datastructures import FormData

from bot.cases.errors import CaseError, ComplaintNotFound, InvalidQuery, SubjectNotFound
from bot.cases.models import COMPLAINT_TYPES, FORMS, STATUSES
from bot.cases.report import BiteDetails, Report
from bot.cases.service import AuditRecord, ComplaintDetail, CountedComplaint, NoticeRecord
from bot.console import try_line
from bot.console.accounts import StaffUser
from bot.console.context import ConsoleContext, console_context
from bot.console.notices import NoticeDraft, draft_notice, notice_kinds_for
from bot.console.security import CASE_ROLES, READ_ROLES, csrf_token, require, signed_in_user, verify_csrf
from bot.console.standing import bite_quarantine, subject_standing
from bot.jurisdictions import Pack, UnknownJurisdiction, get_pack, load_packs

router = APIRouter(dependencies=[Depends(verify_csrf)])
reader = Depends(require(*READ_ROLES))
clerk = Depends(require(*CASE_ROLES))

MANUAL_CHANNELS = {
    "walk_in": "walk-in at the counter",
    "staff_phone": "phone call taken by staff",
    "letter": "letter",
    "email": "email",
    "web": "web form",
}
EDIT_TEXT_FIELDS = ("location_text", "animal_species", "animal_description", "occurred_text")


def render(request: Request, template: str, status_code: int = 200, **context: object) -> HTMLResponse:
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
    request.session.setdefault("flash", []).append([kind, text])


def back_to(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def _text(form: FormData, name: str) -> str:
    value = form.get(name)
    return value.strip() if isinstance(value, str) else ""


def _pack_or_404(code: str) -> Pack:
    try:
        return get_pack(code)
    except UnknownJurisdiction:
        raise_not_found()


def raise_not_found() -> NoReturn:
    raise HTTPException(status_code=404)


def _local_datetime(value: str, pack: Pack) -> datetime:
    """A datetime-local field ("2026-03-02T09:15") read on the city's clock."""
    return datetime.fromisoformat(value).replace(tzinfo=pack.tz)


# ---- sign-in ------------------------------------------------------------------------------------


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, next: str = "/queue") -> HTMLResponse:
    return render(request, "login.html", next=_safe_next(next))


def _safe_next(target: str) -> str:
    # only paths on this site: an open redirect would let a link send a clerk elsewhere after sign-in
    return target if target.startswith("/") and not target.startswith("//") else "/queue"


@router.post("/login")
async def login(request: Request) -> Response:
    form = await request.form()
    user = console_context(request).accounts.authenticate(
        _text(form, "username"), str(form.get("password", ""))
    )
    if user is None:
        return render(
            request, "login.html", status_code=401, error="Wrong name or password.", next=_text(form, "next")
        )
    request.session.clear()  # a fresh session (and CSRF token) at each sign-in
    request.session["uid"] = user.id
    csrf_token(request)
    return back_to(_safe_next(_text(form, "next") or "/queue"))


@router.post("/logout")
def logout(request: Request) -> Response:
    request.session.clear()
    return back_to("/login")


@router.get("/")
def home(request: Request) -> Response:
    return back_to("/queue" if signed_in_user(request) else "/login")


# ---- review queue -------------------------------------------------------------------------------


@router.get("/queue", response_class=HTMLResponse)
def queue(
    request: Request,
    jurisdiction: str = "",
    type: str = "",
    status: str = "new",
    page: int = 1,
    user: StaffUser = reader,
) -> HTMLResponse:
    ctx = console_context(request)
    try:
        result = ctx.cases.review_queue(
            jurisdiction=jurisdiction or None,
            type=type or None,
            status=status or None,
            page=max(page, 1),
            page_size=50,
        )
    except InvalidQuery as error:
        flash(request, str(error), "error")
        return back_to("/queue")
    filters = {"jurisdiction": jurisdiction, "type": type, "status": status}
    return render(
        request,
        "queue.html",
        items=result.items,
        page=result.page,
        has_next=result.has_next,
        filters=filters,
        page_query=lambda n: urlencode({**filters, "page": n}),
        types=COMPLAINT_TYPES,
        statuses=STATUSES,
    )


# ---- complaint ----------------------------------------------------------------------------------


@router.get("/complaints/new", response_class=HTMLResponse)
def new_complaint_form(request: Request, user: StaffUser = clerk) -> HTMLResponse:
    ctx = console_context(request)
    pack = get_pack(ctx.settings.default_jurisdiction)
    now_local = ctx.clock().astimezone(pack.tz).replace(second=0, microsecond=0, tzinfo=None)
    return render(
        request,
        "complaint_new.html",
        channels=MANUAL_CHANNELS,
        types=COMPLAINT_TYPES,
        default_jurisdiction=pack.code,
        now_local=now_local.isoformat(timespec="minutes"),
        entry_token=uuid.uuid4().hex,  # idempotency: submitting the same form twice files once
    )


@router.post("/complaints")
async def file_manual_complaint(request: Request, user: StaffUser = clerk) -> Response:
    form = await request.form()
    ctx = console_context(request)
    try:
        pack = get_pack(_text(form, "jurisdiction"))
        channel = _text(form, "channel")
        if channel not in MANUAL_CHANNELS:
            raise ValueError("choose how the complaint came in")
        received = _local_datetime(_text(form, "received"), pack)
        complaint_type = _text(form, "type")
        bite = None
        if complaint_type == "bite":
            bite = BiteDetails(
                victim=_text(form, "bite_victim") or "person",
                skin_broken_or_medical=_yes_no(_text(form, "bite_skin_broken")),
                animal_vaccinated=_yes_no(_text(form, "bite_vaccinated")),
                owner_known=_text(form, "bite_owner_known") or None,
            )
        phone = _text(form, "complainant_phone")
        report = Report(
            jurisdiction=pack.code,
            type=complaint_type,
            channel=channel,
            source_id=f"console:{_text(form, 'entry_token') or uuid.uuid4().hex}",
            received=received,
            location=_text(form, "location"),
            transcript=_text(form, "transcript"),
            animal=_text(form, "animal").lower() or None,
            animal_description=_text(form, "animal_description") or None,
            occurred_text=_text(form, "occurred_text") or None,
            complainant_contact=try_line.e164(phone) if phone else None,
            complainant_name=_text(form, "complainant_name") or None,
            bite=bite,
            urgent=form.get("urgent") == "on" or complaint_type == "bite",
        )
        reference = ctx.cases.file_complaint(report, by=user.username)
    except (CaseError, ValueError, UnknownJurisdiction) as error:
        flash(request, f"Not filed: {error}", "error")
        return back_to("/complaints/new")
    flash(request, f"Filed {reference} ({pack.form_for_channel(channel)}).")
    return back_to(f"/complaints/{reference}")


def _yes_no(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value)


@router.get("/complaints/{reference}", response_class=HTMLResponse)
def complaint_page(request: Request, reference: str, user: StaffUser = reader) -> HTMLResponse:
    ctx = console_context(request)
    try:
        detail = ctx.cases.get_complaint(reference)
    except ComplaintNotFound:
        raise_not_found()
    pack = get_pack(detail.jurisdiction)
    subject = standing = None
    if detail.subject_id is not None:
        subject = ctx.cases.get_subject(detail.subject_id)
        standing = subject_standing(ctx.cases, pack, detail.subject_id, ctx.today(pack))
    counted = (
        next((row for row in standing.rows if row.reference == detail.reference), None) if standing else None
    )
    would_count = None
    if standing is not None and counted is None and detail.status == "new":
        # how it would count if accepted now: the same engine over the history with this complaint added
        as_if = CountedComplaint(detail.id, detail.reference, detail.subject_id, detail.received, detail.form,
                                 detail.type, not detail.anonymous)  # fmt: skip
        preview = subject_standing(ctx.cases, pack, detail.subject_id, ctx.today(pack), as_if=as_if)
        would_count = next((row for row in preview.rows if row.reference == detail.reference), None)
    issued = ctx.cases.notices(reference=detail.reference)
    quarantine = None
    if detail.bite is not None:
        earlier = sum(
            1
            for r in (standing.rows if standing else ())
            if r.type == "bite" and r.reference != detail.reference
        )
        quarantine = bite_quarantine(
            pack,
            detail.occurred or detail.received,
            detail.bite.victim,
            detail.bite.animal_vaccinated,
            detail.bite.skin_broken_or_medical,
            earlier,
        )
    suggested_subjects = (
        ctx.cases.find_subjects(pack.code, detail.location_normalised or detail.location_text)
        if detail.subject_id is None
        else []
    )
    return render(
        request,
        "complaint.html",
        c=detail,
        pack=pack,
        subject=subject,
        standing=standing,
        counted=counted,
        would_count=would_count,
        notices=issued,
        notice_kinds=notice_kinds_for(pack, counted, detail),
        quarantine=quarantine,
        suggested_subjects=suggested_subjects,
        audit=_history(ctx, detail.reference, issued),
        types=COMPLAINT_TYPES,
        forms=FORMS,
        received_local=detail.received.astimezone(pack.tz).replace(tzinfo=None).isoformat(timespec="minutes"),
        today=ctx.today(pack),
    )


def _history(ctx: ConsoleContext, reference: str, notices: list[NoticeRecord]) -> list[AuditRecord]:
    """The complaint's audit entries with those of its notices, oldest first (notices are audited on their own)."""
    entries = list(ctx.cases.audit_trail("complaint", reference))
    for notice in notices:
        entries += ctx.cases.audit_trail("notice", str(notice.id))
    return sorted(entries, key=lambda entry: entry.at)


_DECISIONS = ("accept", "reject", "duplicate")


def _decide(
    ctx: ConsoleContext,
    request: Request,
    reference: str,
    action: str,
    form: FormData,
    reason: str | None,
    user: StaffUser,
) -> None:
    """The clerk's decision on a complaint; the resident who texted or called is told by text (outbox)."""
    if action == "accept":
        ctx.cases.accept(reference, by=user.username, reason=reason)
        flash(request, f"{reference} accepted.")
    elif action == "reject":
        ctx.cases.reject(reference, reason or "", by=user.username)
        flash(request, f"{reference} rejected.")
    else:
        ctx.cases.mark_duplicate(reference, _text(form, "of"), by=user.username, reason=reason)
        flash(request, f"{reference} marked a duplicate of {_text(form, 'of').upper()}.")
    ctx.outbox.queue_status_text(reference)


@router.post("/complaints/{reference}/{action}")
async def complaint_action(
    request: Request, reference: str, action: str, user: StaffUser = clerk
) -> Response:
    form = await request.form()
    ctx = console_context(request)
    cases = ctx.cases
    reason = _text(form, "reason") or None
    page = f"/complaints/{reference}"
    try:
        if action in _DECISIONS:
            _decide(ctx, request, reference, action, form, reason, user)
        elif action == "form":
            cases.change_form(reference, _text(form, "form"), reason or "", by=user.username)
            flash(request, f"{reference} is now {_text(form, 'form')}.")
        elif action == "edit":
            changes = _edits(form, cases.get_complaint(reference))
            cases.edit_fields(reference, changes, reason or "", by=user.username)
            flash(request, f"{reference} corrected.")
        elif action == "link-subject":
            cases.link_subject(reference, int(_text(form, "subject_id")), by=user.username, reason=reason)
            flash(request, f"{reference} linked to household {_text(form, 'subject_id')}.")
        elif action == "new-subject":
            detail = cases.get_complaint(reference)
            subject_id = cases.create_subject(
                detail.jurisdiction,
                _text(form, "address"),
                by=user.username,
                name=_text(form, "name") or None,
                reason=reason,
                replace_current=form.get("replace_current") == "on",
            )
            cases.link_subject(reference, subject_id, by=user.username, reason=reason)
            flash(request, f"{reference} linked to new household {subject_id}.")
        else:
            raise_not_found()
    except ComplaintNotFound:
        raise_not_found()
    except (CaseError, ValueError) as error:
        flash(request, f"Not done: {error}", "error")
    return back_to(page)


def _edits(form: FormData, detail: ComplaintDetail) -> dict[str, object]:
    pack = get_pack(detail.jurisdiction)
    changes: dict[str, object] = {}
    if _text(form, "type"):
        changes["type"] = _text(form, "type")
    for name in EDIT_TEXT_FIELDS:
        if name in form:
            changes[name] = _text(form, name) or (None if name != "location_text" else "")
    if _text(form, "received"):
        changes["received"] = _local_datetime(_text(form, "received"), pack)
    changes["urgent"] = form.get("urgent") == "on"
    return changes


# ---- subjects -----------------------------------------------------------------------------------


@router.get("/subjects", response_class=HTMLResponse)
def find_subjects(
    request: Request, jurisdiction: str = "", address: str = "", user: StaffUser = reader
) -> HTMLResponse:
    ctx = console_context(request)
    found = ctx.cases.find_subjects(jurisdiction, address) if jurisdiction and address else []
    return render(request, "subjects.html", found=found, jurisdiction=jurisdiction, address=address)


@router.get("/subjects/{subject_id}", response_class=HTMLResponse)
def subject_page(request: Request, subject_id: int, user: StaffUser = reader) -> HTMLResponse:
    ctx = console_context(request)
    try:
        subject = ctx.cases.get_subject(subject_id)
    except SubjectNotFound:
        raise_not_found()
    pack = get_pack(subject.jurisdiction)
    today = ctx.today(pack)
    notices = ctx.cases.notices(subject_id=subject_id)
    issued = {(n.complaint_reference, n.kind) for n in notices}
    return render(
        request,
        "subject.html",
        subject=subject,
        pack=pack,
        today=today,
        standing=subject_standing(ctx.cases, pack, subject_id, today),
        complaints=ctx.cases.complaints_of_subject(subject_id),
        notices=notices,
        issued=issued,
    )


# ---- notices ------------------------------------------------------------------------------------


def _draft_from(request: Request, reference: str, kind: str, issued_on: str) -> tuple[NoticeDraft, Pack]:
    ctx = console_context(request)
    try:
        detail = ctx.cases.get_complaint(reference)
    except ComplaintNotFound:
        raise_not_found()
    pack = get_pack(detail.jurisdiction)
    day = date.fromisoformat(issued_on) if issued_on else ctx.today(pack)
    return draft_notice(ctx.cases, pack, detail, kind, day), pack


@router.get("/notices/preview", response_class=HTMLResponse)
def notice_preview(
    request: Request, complaint: str, kind: str, issued_on: str = "", user: StaffUser = clerk
) -> HTMLResponse:
    try:
        draft, pack = _draft_from(request, complaint, kind, issued_on)
    except ValueError as error:
        flash(request, f"No notice: {error}", "error")
        return back_to(f"/complaints/{complaint}")
    return render(request, "notice.html", draft=draft, pack=pack, issued=None)


@router.post("/notices")
async def issue_notice(request: Request, user: StaffUser = clerk) -> Response:
    form = await request.form()
    reference = _text(form, "complaint")
    try:
        draft, _pack = _draft_from(request, reference, _text(form, "kind"), _text(form, "issued_on"))
        notice_id = console_context(request).cases.record_notice(
            draft.complaint.reference,
            draft.kind,
            draft.issued_on,
            by=user.username,
            license_by=draft.license_by,
            hearing_request_by=draft.hearing_request_by,
            comply_by=draft.comply_by,
            quarantine_until=draft.quarantine_until,
            fee_cents=draft.fee_cents,
            note=_text(form, "note") or None,
        )
    except (CaseError, ValueError) as error:
        flash(request, f"Not issued: {error}", "error")
        return back_to(f"/complaints/{reference}")
    flash(request, f"{draft.title} issued and recorded.")
    return back_to(f"/notices/{notice_id}")


@router.get("/notices/{notice_id}", response_class=HTMLResponse)
def notice_page(request: Request, notice_id: int, user: StaffUser = reader) -> HTMLResponse:
    ctx = console_context(request)
    try:
        notice = ctx.cases.get_notice(notice_id)
    except InvalidQuery:
        raise_not_found()
    draft, pack = _draft_from(request, notice.complaint_reference, notice.kind, notice.issued_on.isoformat())
    return render(request, "notice.html", draft=draft, pack=pack, issued=notice)


# ---- deadlines board ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Deadline:
    day: date
    what: str
    reference: str
    subject_id: int | None
    jurisdiction: str
    section: str


DEADLINE_WORDS = {
    "license_by": ("licensing deadline (regular fee)", "58-16(B)(2)"),
    "hearing_request_by": ("hearing-request window closes", "58-16(B)(3)"),
    "comply_by": ("compliance deadline", "58-16(B)(3)"),
    "quarantine_until": ("quarantine ends", "58-10 / 5(B)"),
}


def collect_deadlines(ctx: ConsoleContext, jurisdiction: str | None, days_back: int = 14) -> list[Deadline]:
    """Deadlines from issued notices, and the quarantine every recent bite calls for, soonest first."""
    deadlines: list[Deadline] = []
    packs = [get_pack(jurisdiction)] if jurisdiction else list(load_packs().values())
    for pack in packs:
        since = ctx.today(pack) - timedelta(days=days_back)
        for notice in ctx.cases.notices(jurisdiction=pack.code, deadline_from=since):
            for field_name, (what, section) in DEADLINE_WORDS.items():
                day = getattr(notice, field_name)
                if day is not None and day >= since:
                    deadlines.append(
                        Deadline(day, f"{what} ({notice.kind})", notice.complaint_reference,
                                 notice.subject_id, pack.code, section)
                    )  # fmt: skip
        ordered = {d.reference for d in deadlines if "quarantine" in d.what}
        window_start = datetime.combine(since - timedelta(days=30), datetime.min.time(), tzinfo=pack.tz)
        for bite in ctx.cases.list_complaints(
            jurisdiction=pack.code, types=("bite",), statuses=("new", "accepted"), received_from=window_start
        ):
            if bite.reference in ordered or bite.bite_victim is None:
                continue
            detail = ctx.cases.get_complaint(bite.reference)
            q = bite_quarantine(
                pack,
                detail.occurred or detail.received,
                bite.bite_victim,
                detail.bite.animal_vaccinated if detail.bite else None,
                detail.bite.skin_broken_or_medical if detail.bite else None,
            )
            if q.ends_on is not None and q.ends_on >= since and q.required is not False:
                section = ", ".join(q.sections) or "bite rules"
                deadlines.append(
                    Deadline(q.ends_on, f"quarantine of at least {q.min_days} days ends (no order recorded)",
                             bite.reference, bite.subject_id, pack.code, section)
                )  # fmt: skip
    return sorted(deadlines, key=lambda d: (d.day, d.reference))


@router.get("/deadlines", response_class=HTMLResponse)
def deadlines_board(request: Request, jurisdiction: str = "", user: StaffUser = reader) -> HTMLResponse:
    ctx = console_context(request)
    if jurisdiction:
        _pack_or_404(jurisdiction)
    items = collect_deadlines(ctx, jurisdiction or None)
    today = {code: ctx.today(pack) for code, pack in load_packs().items()}
    return render(request, "deadlines.html", items=items, today=today, jurisdiction=jurisdiction)


# ---- CSV export ---------------------------------------------------------------------------------

CSV_COLUMNS = (
    "reference", "jurisdiction", "type", "status", "form", "channel", "received", "updated",
    "location", "animal", "animal_description", "urgent", "subject_id", "duplicate_of", "photos",
)  # fmt: skip


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    # a cell starting like a formula would run in a spreadsheet (CSV injection): make it text
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@router.get("/export/complaints.csv")
def export_csv(
    request: Request, jurisdiction: str = "", type: str = "", status: str = "", user: StaffUser = clerk
) -> Response:
    ctx = console_context(request)
    try:
        rows = ctx.cases.list_complaints(
            jurisdiction=jurisdiction or None,
            types=(type,) if type else (),
            statuses=(status,) if status else (),
            newest_first=False,
            limit=10_000,
        )
    except InvalidQuery as error:
        return Response(str(error), status_code=400, media_type="text/plain")

    def lines() -> Iterator[str]:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(CSV_COLUMNS)
        for c in rows:
            tz = get_pack(c.jurisdiction).tz
            writer.writerow(
                [_cell(v) for v in (
                    c.reference, c.jurisdiction, c.type, c.status, c.form, c.channel,
                    c.received.astimezone(tz).isoformat(), c.updated_at.astimezone(tz).isoformat(),
                    c.location_text, c.animal_species, c.animal_description, "yes" if c.urgent else "no",
                    c.subject_id, c.duplicate_of, " ".join(c.photo_urls),
                )]
            )  # fmt: skip
            yield buffer.getvalue()
            buffer.seek(0)
            buffer.truncate()
        if not rows:
            yield buffer.getvalue()

    name = f"complaints-{jurisdiction or 'all'}.csv"
    return StreamingResponse(
        lines(), media_type="text/csv", headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


# ---- try the line -------------------------------------------------------------------------------


@router.get("/try", response_class=HTMLResponse)
def try_the_line(request: Request, user: StaffUser = clerk) -> HTMLResponse:
    ctx = console_context(request)
    conversation = try_line.conversation(request)
    filed = []
    if conversation.get("from") and conversation.get("to"):
        pack = try_line.pack_for(conversation["to"])
        if pack is not None:
            filed = ctx.cases.complaints_for_contact(pack.code, conversation["from"], limit=5)
    return render(
        request,
        "try.html",
        conversation=conversation,
        filed=filed,
        enabled=try_line.enabled(ctx.settings),
        webhook_url=try_line.webhook_url(ctx.settings),
        default_from=try_line.DEFAULT_FROM,
    )


@router.post("/try")
async def try_send(request: Request, user: StaffUser = clerk) -> Response:
    ctx = console_context(request)
    if not try_line.enabled(ctx.settings):
        flash(request, "Try the line is off in production: it would file real complaints.", "error")
        return back_to("/try")
    form = await request.form()
    conversation = try_line.conversation(request)
    if form.get("restart") == "1":
        conversation.clear()
        return back_to("/try")
    try:
        sender = try_line.e164(_text(form, "from") or try_line.DEFAULT_FROM)
    except ValueError as error:
        flash(request, str(error), "error")
        return back_to("/try")
    to = _text(form, "to")
    if conversation.get("from") != sender or conversation.get("to") != to:
        conversation.clear()
        conversation.update({"from": sender, "to": to, "turns": []})
    media = [u for u in _text(form, "media_url").split() if u.startswith(("http://", "https://"))]
    body = _text(form, "body")
    try:
        replies = await try_line.send(ctx.settings, sender, to, body, media)
    except try_line.LineError as error:
        flash(request, str(error), "error")
        return back_to("/try")
    conversation["turns"] = (conversation.get("turns", []) + [{"who": "resident", "text": body}] +
                             [{"who": "line", "text": r} for r in replies])[-40:]  # fmt: skip
    return back_to("/try")
