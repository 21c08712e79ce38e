"""The review queue."""

from __future__ import annotations

from urllib.parse import urlencode

from fastapi import Request
from fastapi.responses import HTMLResponse

from bot.cases.errors import InvalidQuery
from bot.cases.models import COMPLAINT_TYPES, STATUSES
from bot.console.pages import Context, Reader, back_to, cities_for, console_router, flash, render

router = console_router()


@router.get("/queue", response_class=HTMLResponse)
def queue(
    request: Request,
    ctx: Context,
    user: Reader,
    jurisdiction: str = "",
    type: str = "",
    status: str = "new",
    household: str = "",
    follow_up: str = "",
    page: int = 1,
) -> HTMLResponse:
    try:
        result = ctx.cases.review_queue(
            jurisdictions=cities_for(user, jurisdiction),
            type=type or None,
            status=status or None,
            page=max(page, 1),
            page_size=50,
            needs_household=household == "needed",
            needs_follow_up=follow_up == "needed",
        )
    except InvalidQuery as error:
        flash(request, str(error), "error")
        return back_to("/queue")
    filters = {"jurisdiction": jurisdiction, "type": type, "status": status, "household": household,
               "follow_up": follow_up}  # fmt: skip
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
