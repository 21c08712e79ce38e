"""Notices: drafted from the ordinance engine's words, issued as records (HTML, PDF, facts, sha256).

A draft is computed from today's data; issuing stores the rendered document and the facts behind it,
and from then on the notice is shown and downloaded only from that stored copy. Which notice a
complaint calls for, and every word of it, come from the pack's rules module (bot.ordinance).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date
from functools import lru_cache
from html import escape
from pathlib import Path

from bot.cases.notice_records import IssuedNotice
from bot.cases.service import CaseService, ComplaintDetail, SubjectRecord
from bot.console.standing import CountedRow, bite_quarantine, subject_standing
from bot.jurisdictions import Pack
from bot.ordinance import notice_terms
from bot.ordinance.view import BiteOrder, NoticeTerms

PDF_STYLE = """
body { font-family: "DejaVu Serif", serif; font-size: 11pt; margin: 0; }
@page { size: Letter; margin: 2cm; }
table { border-collapse: collapse; } th, td { border: 1px solid #999; padding: 2px 6px; text-align: left; }
pre.ordinance { white-space: pre-wrap; font-size: 9pt; }
.enclosure { page-break-before: always; }
"""


@dataclass(frozen=True)
class NoticeDraft:
    kind: str
    title: str
    complaint: ComplaintDetail
    subject: SubjectRecord | None
    counted: CountedRow | None
    history: tuple[CountedRow, ...]
    issued_on: date
    terms: NoticeTerms
    enclosure: str | None = None  # the ordinance text the ordinance requires be sent with the notice


@lru_cache(maxsize=8)
def _read_enclosure(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def ordinance_text(pack: Pack) -> str | None:
    name = pack.extra.get("ordinance_text")
    return _read_enclosure(pack.directory / str(name)) if name else None


def complaint_bite_order(pack: Pack, detail: ComplaintDetail) -> BiteOrder | None:
    """The bite's order under the pack's law; the bite time only when the resident gave one."""
    if detail.bite is None:
        return None
    return bite_quarantine(
        pack,
        detail.occurred,
        None if detail.bite.victim_kind in (None, "unknown") else detail.bite.victim_kind,
        detail.bite.animal_vaccinated,
        detail.bite.skin_broken_or_medical,
        received=detail.received,
        reference=detail.reference,
    )


def notice_kinds_for(pack: Pack, counted: CountedRow | None, detail: ComplaintDetail) -> list[str]:
    """The notices this complaint calls for: the one its count brings, and a quarantine order only when
    the ordinance requires one (a bite whose confinement the records establish)."""
    kinds = []
    if counted is not None and counted.notice_kind and detail.status == "accepted":
        kinds.append(counted.notice_kind)
    order = complaint_bite_order(pack, detail) if detail.status in ("new", "accepted") else None
    if order is not None and order.required is True and order.lines:
        kinds.append("quarantine_order")
    return kinds


def draft_notice(
    cases: CaseService, pack: Pack, detail: ComplaintDetail, kind: str, issued_on: date
) -> NoticeDraft:
    """The notice of `kind` for a complaint as of `issued_on`; ValueError when it does not call for one."""
    subject = cases.get_subject(detail.subject_id) if detail.subject_id is not None else None
    history: tuple[CountedRow, ...] = ()
    counted = None
    if detail.subject_id is not None:
        history = subject_standing(cases, pack, detail.subject_id, issued_on).rows
        counted = next((row for row in history if row.reference == detail.reference), None)
    if kind not in notice_kinds_for(pack, counted, detail):
        raise ValueError(f"{detail.reference} does not call for a {kind.replace('_', ' ')}")
    terms = notice_terms(pack, kind, issued_on, complaint_bite_order(pack, detail))
    return NoticeDraft(
        kind=kind,
        title=terms.title,
        complaint=detail,
        subject=subject,
        counted=counted,
        history=history if kind != "quarantine_order" else (),
        issued_on=issued_on,
        terms=terms,
        enclosure=ordinance_text(pack) if terms.enclose_ordinance else None,
    )


def draft_facts(draft: NoticeDraft, pack: Pack) -> dict[str, object]:
    """The facts a notice was computed from, stored (and hashed) with it. No complainant details."""
    c = draft.complaint
    subject = draft.subject
    return {
        "jurisdiction": pack.code,
        "ordinance": pack.ordinance,
        "readings": list(pack.readings.words(pack.rules)),
        "kind": draft.kind,
        "issued_on": draft.issued_on,
        "complaint": {
            "reference": c.reference,
            "type": c.type,
            "form": c.form,
            "received": c.received,
            "occurred": c.occurred,
            "status": c.status,
        },  # fmt: skip
        "household": None
        if subject is None
        else {"id": subject.id, "address": subject.address_text or subject.address_normalised},
        "counted": None if draft.counted is None else asdict(draft.counted),
        "history": [asdict(row) for row in draft.history],
        "terms": asdict(draft.terms),
        "enclosure": bool(draft.enclosure),
    }


def issued_notice(draft: NoticeDraft, pack: Pack, fragment: str, note: str | None) -> IssuedNotice:
    """The record to store: the rendered fragment, its PDF, and the facts."""
    return IssuedNotice(
        kind=draft.kind,
        issued_on=draft.issued_on,
        html=fragment,
        pdf=pdf_from_html(standalone_html(fragment, draft.title)),
        facts=draft_facts(draft, pack),
        license_by=draft.terms.license_by,
        hearing_request_by=draft.terms.hearing_request_by,
        comply_by=draft.terms.comply_by,
        quarantine_until=draft.terms.quarantine_until,
        fee_cents=draft.terms.fee_cents,
        note=note,
    )


def standalone_html(fragment: str, title: str) -> str:
    """The stored fragment as a whole HTML document (for download and for the PDF)."""
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
        f"<style>{PDF_STYLE}</style></head><body>{fragment}</body></html>"
    )


def pdf_from_html(document: str) -> bytes:
    """A PDF of the document, made with WeasyPrint (imported here: it loads Pango, slow at import)."""
    from weasyprint import HTML

    return HTML(string=document).write_pdf()
