"""The deadlines board: the 58-10 D two-hour owner notices still running (on top), dates from issued notices,
and the confinement every recent bite calls for."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from fastapi import Request
from fastapi.responses import HTMLResponse

from bot.console.context import ConsoleContext
from bot.console.pages import Context, Reader, cities_for, console_router, pack_or_404, render, user_packs
from bot.console.standing import complaint_bite_order
from bot.jurisdictions import Pack, get_pack
from bot.notify.numbers import national
from bot.ordinance import receipt_words
from bot.ordinance.dates import local_date, local_time_words

router = console_router()


@dataclass(frozen=True)
class Deadline:
    day: date
    what: str
    reference: str
    subject_id: int | None
    jurisdiction: str
    section: str
    at: datetime | None = None  # a deadline by the hour (58-10 D), shown at the top while it runs
    alerted: str = ""  # who is alerted as it nears


DEADLINE_WORDS = {
    "license_by": "licensing deadline (regular fee)",
    "hearing_request_by": "hearing-request window closes",
    "comply_by": "compliance deadline",
    "quarantine_until": "confinement ends",
}
KIND_WORDS = {"dangerous_notice": {"hearing_request_by": "appeal to the City Council closes"}}


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
        ordered = {state.complaint_reference for state in ctx.cases.notice_states(pack.code).values()
                   if state.kind == "quarantine_order" and not state.void}  # fmt: skip
        deadlines += _bite_deadlines(ctx, pack, since, ordered)
    # deadlines by the hour first, soonest first, while they run; then the days
    return sorted(deadlines, key=lambda d: (d.at is None, d.at or d.day, d.day, d.reference))


def _notice_deadlines(ctx: ConsoleContext, pack: Pack, since: date) -> list[Deadline]:
    found = []
    states = ctx.cases.notice_states(pack.code)
    void = {i for i, state in states.items() if state.void}
    for notice in ctx.cases.notices(jurisdiction=pack.code, deadline_from=since):
        if notice.id in void:
            continue
        sections = ", ".join(states[notice.id].sections) if notice.id in states else ""
        for field_name, what in DEADLINE_WORDS.items():
            day = getattr(notice, field_name)
            what = KIND_WORDS.get(notice.kind, {}).get(field_name, what)
            if day is not None and day >= since:
                found.append(
                    Deadline(day, f"{what} ({notice.kind.replace('_', ' ')})", notice.complaint_reference,
                             notice.subject_id, pack.code, sections or pack.ordinance)
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
    """Recent bites: the two-hour owner notice while it runs (58-10 D), and the confinement each calls for
    where no order is recorded (dated by its end when that is known, else by the bite's day)."""
    found = []
    now = ctx.clock()
    window_start = datetime.combine(since - timedelta(days=30), datetime.min.time(), tzinfo=pack.tz)
    for bite in ctx.cases.list_complaints(
        jurisdiction=pack.code, types=("bite",), statuses=("new", "accepted"), received_from=window_start
    ):
        if bite.bite_victim is None:
            continue
        detail = ctx.cases.get_complaint(bite.reference)
        q = complaint_bite_order(ctx.cases, pack, detail)
        if q is None:
            continue
        if q.owner_notice_deadline is not None and q.owner_notice_deadline > now:
            found.append(_owner_notice(pack, bite.reference, bite.subject_id, q.owner_notice_deadline))
        if bite.reference in ordered or q.required is not True:
            continue
        day = q.ends_on or local_date(q.bite_day or detail.received, pack.tz)
        if day >= since or q.ends_on is None:
            section = ", ".join(q.sections) or "bite rules"
            found.append(Deadline(day, f"confinement (no order recorded): {q.period_words}", bite.reference,
                                  bite.subject_id, pack.code, section))  # fmt: skip
    return found


def _owner_notice(pack: Pack, reference: str, subject_id: int | None, deadline: datetime) -> Deadline:
    """58-10 D: "If the owner cannot be advised of the animal bite within two hours after the bite"."""
    on_call = pack.contacts.get("on_call")
    sheriff = pack.contacts.get("sheriff")
    alerted = (
        f"{on_call.title} ({national(on_call.phone)}) is paged by text when the bite is filed"
        if on_call
        else "no officer on call is set for this city"
    )
    if sheriff:
        alerted += f"; if the owner cannot be advised, the officer or the {sheriff.title} impounds the animal"
    return Deadline(local_date(deadline, pack.tz),
                    f"the owner must be advised of the bite by {local_time_words(deadline, pack.tz)}",
                    reference, subject_id, pack.code, "58-10(D)", at=deadline, alerted=alerted)  # fmt: skip


@router.get("/deadlines", response_class=HTMLResponse)
def deadlines_board(request: Request, ctx: Context, user: Reader, jurisdiction: str = "") -> HTMLResponse:
    if jurisdiction:
        pack_or_404(jurisdiction)
    items = collect_deadlines(ctx, cities_for(user, jurisdiction))
    today = {code: ctx.today(pack) for code, pack in user_packs(user).items()}
    return render(request, "deadlines.html", items=items, today=today, jurisdiction=jurisdiction)
