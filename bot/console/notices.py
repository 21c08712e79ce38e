"""Printable notices: the Kellogg first-complaint letter, citation and City Attorney referral, and
quarantine orders for bites. Deadlines and fees come from the ordinance engine and the pack."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from bot.cases.service import CaseService, ComplaintDetail, SubjectRecord
from bot.console.standing import CountedRow, bite_quarantine, subject_standing
from bot.jurisdictions import PACKS_DIR, Pack
from bot.ordinance import kellogg

TITLES = {
    "letter": "First-complaint letter",
    "citation": "Citation",
    "referral": "Referral to the City Attorney",
    "quarantine_order": "Quarantine order",
}


@dataclass(frozen=True)
class NoticeDraft:
    kind: str
    title: str
    complaint: ComplaintDetail
    subject: SubjectRecord | None
    counted: CountedRow | None
    history: tuple[CountedRow, ...]
    issued_on: date
    license_by: date | None = None
    hearing_request_by: date | None = None
    comply_by: date | None = None
    quarantine_until: date | None = None
    fee_cents: int | None = None
    late_fee_cents: int | None = None
    unlicensed_fee_cents: int | None = None
    quarantine_days: int | None = None
    sections: tuple[str, ...] = ()
    enclosure: str | None = None  # the ordinance text sent with the letter


@lru_cache(maxsize=8)
def _read_enclosure(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def ordinance_text(pack: Pack) -> str | None:
    name = pack.extra.get("ordinance_text")
    return _read_enclosure(PACKS_DIR / str(name)) if name else None


def notice_kinds_for(pack: Pack, counted: CountedRow | None, detail: ComplaintDetail) -> list[str]:
    """The notices this complaint calls for: the one its 58-16 count brings, and a quarantine order for a bite."""
    kinds = []
    if counted is not None and counted.notice_kind and detail.status == "accepted":
        kinds.append(counted.notice_kind)
    if detail.bite is not None and detail.status in ("new", "accepted") and detail.bite.victim == "person":
        kinds.append("quarantine_order")
    return kinds


def draft_notice(
    cases: CaseService, pack: Pack, detail: ComplaintDetail, kind: str, issued_on: date
) -> NoticeDraft:
    """The notice of `kind` for a complaint, with its deadlines computed as of `issued_on`.

    Deadlines run from the day the owner receives the notice (58-16 B); the console takes the issue day,
    the day the clerk hands or sends it. ValueError when the complaint does not call for that notice.
    """
    subject = cases.get_subject(detail.subject_id) if detail.subject_id is not None else None
    history: tuple[CountedRow, ...] = ()
    counted = None
    if detail.subject_id is not None:
        standing = subject_standing(cases, pack, detail.subject_id, issued_on)
        history = standing.rows
        counted = next((row for row in history if row.reference == detail.reference), None)
    if kind not in notice_kinds_for(pack, counted, detail):
        raise ValueError(f"{detail.reference} does not call for a {TITLES.get(kind, kind).lower()}")
    base = {"kind": kind, "title": TITLES[kind], "complaint": detail, "subject": subject, "counted": counted,
            "history": history, "issued_on": issued_on}  # fmt: skip
    if kind == "quarantine_order":
        earlier = sum(1 for row in history if row.type == "bite" and row.reference != detail.reference)
        q = bite_quarantine(
            pack,
            detail.occurred or detail.received,
            detail.bite.victim,
            detail.bite.animal_vaccinated,
            detail.bite.skin_broken_or_medical,
            earlier,
        )
        return NoticeDraft(
            **base, quarantine_until=q.ends_on, quarantine_days=q.min_days, sections=q.sections
        )
    law = kellogg.law_for(pack)
    deadlines = kellogg.notice_deadlines(counted.counts_as, issued_on, law)
    if kind == "letter":
        return NoticeDraft(
            **base,
            license_by=deadlines["license_by"],
            late_fee_cents=law.first_late_license_fee_cents,
            sections=("58-16(B)(2)",),
            enclosure=ordinance_text(pack),
        )
    if kind == "citation":
        return NoticeDraft(
            **base,
            hearing_request_by=deadlines["hearing_request_by"],
            comply_by=deadlines["comply_by"],
            fee_cents=law.second_reissue_fee_cents,
            unlicensed_fee_cents=law.second_unlicensed_license_fee_cents,
            sections=("58-16(B)(3)",),
        )
    return NoticeDraft(**base, sections=("58-16(B)(4)",))
