"""Households (the subjects complaints are against): search and a household's page."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse

from bot.cases.errors import SubjectNotFound
from bot.console.pages import Context, Reader, console_router, raise_not_found, render, require_city
from bot.console.standing import subject_standing
from bot.jurisdictions import get_pack

router = console_router()


@router.get("/subjects", response_class=HTMLResponse)
def find_subjects(
    request: Request, ctx: Context, user: Reader, jurisdiction: str = "", address: str = ""
) -> HTMLResponse:
    if jurisdiction:
        require_city(user, jurisdiction)
    found = ctx.cases.find_subjects(jurisdiction, address) if jurisdiction and address else []
    return render(request, "subjects.html", found=found, jurisdiction=jurisdiction, address=address)


@router.get("/subjects/{subject_id}", response_class=HTMLResponse)
def subject_page(request: Request, subject_id: int, ctx: Context, user: Reader) -> HTMLResponse:
    try:
        subject = ctx.cases.get_subject(subject_id)
    except SubjectNotFound:
        raise_not_found()
    require_city(user, subject.jurisdiction)
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
        animals=ctx.cases.animals_of_subject(subject_id),
        notices=notices,
        issued=issued,
    )
