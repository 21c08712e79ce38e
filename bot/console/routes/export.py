"""The CSV export of complaints (for the city's spreadsheets)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping

from fastapi.responses import Response, StreamingResponse

from bot.cases.errors import InvalidQuery
from bot.console.pages import Clerk, Context, cities_for, console_router
from bot.jurisdictions import get_pack
from bot.ordinance.report_types import section_of

router = console_router()

CSV_COLUMNS = (
    "reference", "jurisdiction", "type", "status", "form", "channel", "received", "updated",
    "location", "animal", "animal_description", "urgent", "subject_id", "duplicate_of", "photos", "language",
    "section", "details",
)  # fmt: skip


def _details(details: Mapping[str, object] | None) -> str:
    """A complaint's per-type answers in one cell: "what_happened: chained outside; in_danger: no"."""
    return "; ".join(f"{key}: {value}" for key, value in (details or {}).items())


def _cell(value: object) -> str:
    text = "" if value is None else str(value)
    # a cell starting like a formula would run in a spreadsheet (CSV injection): make it text
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


@router.get("/export/complaints.csv")
def export_csv(
    ctx: Context, user: Clerk, jurisdiction: str = "", type: str = "", status: str = ""
) -> Response:
    try:
        rows = ctx.cases.list_complaints(
            jurisdictions=cities_for(user, jurisdiction),
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
                    c.subject_id, c.duplicate_of, " ".join(c.photo_urls), c.language,
                    section_of(get_pack(c.jurisdiction).rules, c.type), _details(c.details),
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
