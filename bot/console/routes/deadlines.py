"""The deadlines board: dates from issued notices, and the quarantine every recent bite calls for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from fastapi import Request
from fastapi.responses import HTMLResponse

from bot.console.context import ConsoleContext
from bot.console.notices import complaint_bite_order
from bot.console.pages import Context, Reader, cities_for, console_router, pack_or_404, render, user_packs
from bot.jurisdictions import Pack, get_pack
from bot.ordinance import receipt_words

router = console_router()


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


def collect_deadlines(ctx: ConsoleContext, cities: Sequence[str], days_back: int = 14) -> list[Deadline]:
    """Deadlines in `cities` from issued notices, and the quarantine recent bites call for, soonest first."""
    deadlines: list[Deadline] = []
    packs = [get_pack(code) for code in cities]
    for pack in packs:
        since = ctx.today(pack) - timedelta(days=days_back)
        deadlines += _notice_deadlines(ctx, pack, since)
        deadlines += _awaiting_receipt(ctx, pack)
        deadlines += [
            Deadline(d.appeal_by, f"owner's appeal of the {d.designation.replace('_', ' ')} designation closes",
                     d.complaint_reference, d.subject_id, pack.code, d.clause or "designation")
            for d in ctx.cases.designations(jurisdiction=pack.code)
            if d.appeal_by is not None and d.appeal_by >= since
        ]  # fmt: skip
        ordered = {d.reference for d in deadlines if "quarantine" in d.what}
        deadlines += _bite_deadlines(ctx, pack, since, ordered)
    return sorted(deadlines, key=lambda d: (d.day, d.reference))


def _notice_deadlines(ctx: ConsoleContext, pack: Pack, since: date) -> list[Deadline]:
    found = []
    void = {i for i, state in ctx.cases.notice_states(pack.code).items() if state.void}
    for notice in ctx.cases.notices(jurisdiction=pack.code, deadline_from=since):
        if notice.id in void:
            continue
        for field_name, (what, section) in DEADLINE_WORDS.items():
            day = getattr(notice, field_name)
            if day is not None and day >= since:
                found.append(
                    Deadline(day, f"{what} ({notice.kind})", notice.complaint_reference,
                             notice.subject_id, pack.code, section)
                )  # fmt: skip
    return found


def _awaiting_receipt(ctx: ConsoleContext, pack: Pack) -> list[Deadline]:
    """Notices whose deadlines run from receipt (a Kellogg citation) while no receipt is recorded."""
    found = []
    for state in ctx.cases.notice_states(pack.code).values():
        if state.void or state.received_on is not None:
            continue
        words = receipt_words(pack, state.kind, None, ctx.today(pack))
        if words:
            found.append(Deadline(state.issued_on, f"{state.kind}: {words}", state.complaint_reference,
                                  state.subject_id, pack.code, "runs from receipt"))  # fmt: skip
    return found


def _bite_deadlines(ctx: ConsoleContext, pack: Pack, since: date, ordered: set[str]) -> list[Deadline]:
    """Quarantines recent bites call for where no order with a quarantine date is recorded."""
    found = []
    window_start = datetime.combine(since - timedelta(days=30), datetime.min.time(), tzinfo=pack.tz)
    for bite in ctx.cases.list_complaints(
        jurisdiction=pack.code, types=("bite",), statuses=("new", "accepted"), received_from=window_start
    ):
        if bite.reference in ordered or bite.bite_victim is None:
            continue
        detail = ctx.cases.get_complaint(bite.reference)
        q = complaint_bite_order(pack, detail)
        if q is not None and q.ends_on is not None and q.ends_on >= since and q.required is not False:
            section = ", ".join(q.sections) or "bite rules"
            found.append(
                Deadline(q.ends_on, f"quarantine of at least {q.min_days} days ends (no order recorded)",
                         bite.reference, bite.subject_id, pack.code, section)
            )  # fmt: skip
    return found


@router.get("/deadlines", response_class=HTMLResponse)
def deadlines_board(request: Request, ctx: Context, user: Reader, jurisdiction: str = "") -> HTMLResponse:
    if jurisdiction:
        pack_or_404(jurisdiction)
    items = collect_deadlines(ctx, cities_for(user, jurisdiction))
    today = {code: ctx.today(pack) for code, pack in user_packs(user).items()}
    return render(request, "deadlines.html", items=items, today=today, jurisdiction=jurisdiction)
