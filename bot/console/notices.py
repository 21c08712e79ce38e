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

from bot.cases.notice_records import DesignationRecord, IssuedNotice
from bot.cases.service import CaseService, ComplaintDetail, SubjectRecord
from bot.console.standing import CountedRow, bite_history, complaint_bite_order, subject_standing
from bot.jurisdictions import Pack
from bot.ordinance import notice_terms
from bot.ordinance.dates import local_date, local_time_words, long_date
from bot.ordinance.view import BiteWords, NoticeFacts, NoticeTerms

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
    history: tuple[
        CountedRow, ...
    ]  # the household's counted complaints received on or before the notice's date
    issued_on: date
    terms: NoticeTerms
    enclosure: str | None = None  # the ordinance text the ordinance requires be sent with the notice
    back_dated: bool = False  # dated before the day it is issued: a reason is recorded with it


COUNTING_KINDS = ("letter", "citation", "referral")  # the notices a count brings: they list the history
VICTIM_WORDS = {
    "person": "a person",
    "domestic_animal": "a domestic animal",
    "other_animal": "an animal that is not domestic",
    "animal": "an animal (kind not recorded)",
}


@lru_cache(maxsize=8)
def _read_enclosure(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def ordinance_text(pack: Pack) -> str | None:
    name = pack.extra.get("ordinance_text")
    return _read_enclosure(pack.directory / str(name)) if name else None


def check_issue_day(pack: Pack, detail: ComplaintDetail, issued_on: date, today: date) -> None:
    """A notice is dated on or after the day the complaint it answers was received, and no later than today."""
    received = local_date(detail.received, pack.tz)
    if issued_on > today:
        raise ValueError(f"a notice cannot be dated after today ({long_date(today)})")
    if issued_on < received:
        raise ValueError(
            f"a notice cannot be dated before the complaint it answers was received ({long_date(received)})"
        )


def _designation(cases: CaseService, detail: ComplaintDetail) -> DesignationRecord | None:
    """The officer's latest recorded designation for this bite, if any."""
    decisions = cases.designations(reference=detail.reference)
    return decisions[-1] if decisions else None


def notice_kinds_for(
    cases: CaseService, pack: Pack, counted: CountedRow | None, detail: ComplaintDetail
) -> list[str]:
    """The notices this complaint calls for: the one its count brings, a quarantine order only when the
    ordinance requires one (a bite whose confinement the records establish), and the written notice of the
    officer's recorded designation (Freeport 11 D, 11 G 1)."""
    kinds = []
    if counted is not None and counted.notice_kind and detail.status == "accepted":
        kinds.append(counted.notice_kind)
    order = complaint_bite_order(cases, pack, detail) if detail.status in ("new", "accepted") else None
    if order is not None and order.required is True and order.lines:
        kinds.append("quarantine_order")
    decision = _designation(cases, detail) if detail.bite is not None else None
    if decision is not None and decision.designation != "none" and detail.status == "accepted":
        kinds.append(f"{decision.designation}_notice")
    return kinds


def _bite_words(cases: CaseService, pack: Pack, detail: ComplaintDetail) -> tuple[BiteWords, ...]:
    """Dates, times, places and parties bitten (11 G 1): this animal's counted bites, this one included."""
    history = bite_history(cases, pack, detail)
    mine = next((f for f in history if f.id == detail.reference), None)
    same = [f for f in history if f.type == "bite" and (f.id == detail.reference or
                                                          (mine and mine.animal and f.animal == mine.animal))]  # fmt: skip
    words = []
    for fact in same or []:
        bite = cases.get_complaint(fact.id)
        when = (local_time_words(bite.occurred, pack.tz) if bite.occurred
                else f"time not recorded (reported {local_time_words(bite.received, pack.tz)})")  # fmt: skip
        kind = bite.bite.victim_kind if bite.bite else None
        words.append(
            BiteWords(bite.reference, when, bite.location_text, VICTIM_WORDS.get(kind, "not recorded"))
        )
    return tuple(words)


def notice_facts(cases: CaseService, pack: Pack, detail: ComplaintDetail, kind: str) -> NoticeFacts:
    """What the notice states beyond its kind and date, from the records."""
    licensed = cases.get_animal(detail.animal_id).licensed if detail.animal_id is not None else None
    decision = _designation(cases, detail) if kind.endswith("dangerous_notice") else None
    if decision is None:
        return NoticeFacts(complaint_type=detail.type, animal_licensed=licensed)
    return NoticeFacts(complaint_type=detail.type, animal_licensed=licensed, designation=decision.designation,
                       designation_clause=decision.clause or decision.proposed_clause, appeal_by=decision.appeal_by,
                       bites=_bite_words(cases, pack, detail))  # fmt: skip


def draft_notice(
    cases: CaseService, pack: Pack, detail: ComplaintDetail, kind: str, issued_on: date, today: date
) -> NoticeDraft:
    """The notice of `kind` for a complaint as of `issued_on`, listing only what was known on that day;
    ValueError when it does not call for one or the date is not one a notice can bear."""
    check_issue_day(pack, detail, issued_on, today)
    subject = cases.get_subject(detail.subject_id) if detail.subject_id is not None else None
    history: tuple[CountedRow, ...] = ()
    counted = None
    if detail.subject_id is not None:
        history = subject_standing(cases, pack, detail.subject_id, issued_on, through=issued_on).rows
        counted = next((row for row in history if row.reference == detail.reference), None)
    if kind not in notice_kinds_for(cases, pack, counted, detail):
        raise ValueError(f"{detail.reference} does not call for a {kind.replace('_', ' ')}")
    order = complaint_bite_order(cases, pack, detail)
    terms = notice_terms(pack, kind, issued_on, order, notice_facts(cases, pack, detail, kind))
    return NoticeDraft(
        kind=kind,
        title=terms.title,
        complaint=detail,
        subject=subject,
        counted=counted,
        history=history if kind in COUNTING_KINDS else (),
        issued_on=issued_on,
        terms=terms,
        enclosure=ordinance_text(pack) if terms.enclose_ordinance else None,
        back_dated=issued_on < today,
    )


def draft_facts(draft: NoticeDraft, pack: Pack, back_dated_reason: str | None = None) -> dict[str, object]:
    """The facts a notice was computed from, stored (and hashed) with it. No complainant details."""
    c = draft.complaint
    subject = draft.subject
    return {
        "jurisdiction": pack.code,
        "ordinance": pack.ordinance,
        "readings": list(pack.readings.words(pack.rules)),
        "kind": draft.kind,
        "issued_on": draft.issued_on,
        "back_dated_reason": back_dated_reason,
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


def issued_notice(
    draft: NoticeDraft, pack: Pack, fragment: str, note: str | None, back_dated_reason: str | None = None
) -> IssuedNotice:
    """The record to store: the rendered fragment, its PDF, and the facts. A notice dated before the day it
    is issued needs the reason, stored with its facts and in the audit."""
    reason = (back_dated_reason or "").strip() or None
    if draft.back_dated and reason is None:
        raise ValueError(
            f"a notice dated {long_date(draft.issued_on)}, before today, needs the reason it is back-dated"
        )
    return IssuedNotice(
        kind=draft.kind,
        issued_on=draft.issued_on,
        html=fragment,
        pdf=pdf_from_html(standalone_html(fragment, draft.title)),
        facts=draft_facts(draft, pack, reason if draft.back_dated else None),
        back_dated_reason=reason if draft.back_dated else None,
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
