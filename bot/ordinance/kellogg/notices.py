"""Kellogg 58-16 B notices in the ordinance's words: the first-complaint letter, citation and referral."""

from __future__ import annotations

from datetime import date, timedelta

from bot.ordinance.kellogg.law import KelloggLaw
from bot.ordinance.view import TITLES, NoticeTerms, dollars


def hearing_rule(law: KelloggLaw) -> str:
    """58-16 B(3) on the hearing, in the ordinance's words."""
    return (
        "The owner can have a hearing on the matter before the City Council if the owner contacts the "
        f"Clerk/Treasurer's office within {law.second_hearing_request_days} days after receiving the citation "
        "(58-16(B)(3))."
    )


def letter_terms(law: KelloggLaw, issued_on: date, ordinance: str) -> NoticeTerms:
    license_by = issued_on + timedelta(days=law.first_license_days)
    lines = (
        f"Our office has received a complaint about your animal that counts as a first complaint under "
        f"{ordinance}, section 58-16(B)(2). As the ordinance requires, a copy of chapter 58 is enclosed.",
        f"If your animal is not licensed, you will have {law.first_license_days} days to license it at the "
        f"regular fee: by {license_by:%B} {license_by.day}, {license_by.year}. If the animal is not licensed "
        f"within {law.first_license_days} days of this violation notice, the fee will be "
        f"{dollars(law.first_late_license_fee_cents)} (58-16(B)(2)).",
        "Any complaint after the first complaint within a two-month period, whether verbal or written, will be "
        "considered a second complaint: a citation is issued and the animal's license is revoked "
        "(58-16(B)(3)).",
    )
    return NoticeTerms("letter", TITLES["letter"], lines, ("58-16(B)(2)",), license_by=license_by,
                       enclose_ordinance=True)  # fmt: skip


def citation_terms(law: KelloggLaw, ordinance: str) -> NoticeTerms:
    """The citation: its deadlines run from receipt, so none is dated at issue (the board waits for it)."""
    lines = (
        f"This is a second complaint within a two-month period after the first under {ordinance}, section "
        "58-16(B)(3). The animal's license has been revoked.",
        hearing_rule(law),
        f"The owner will be fined a reissue fee of {dollars(law.second_reissue_fee_cents)} for licensing the "
        f"animal. If the animal is not currently licensed, the fee for issuance of the license is "
        f"{dollars(law.second_unlicensed_license_fee_cents)}.",
        f"The animal's owner will have {law.second_comply_days} days to comply with the licensing requirements. "
        "Should the owner not comply with the licensing requirements, prosecution could occur (58-16(B)(3)).",
        f"Any complaint received within one year after the first violation is a third violation, handed to the "
        f"{law.third_refer_to}'s office for prosecution (58-16(B)(4)).",
    )
    return NoticeTerms("citation", TITLES["citation"], lines, ("58-16(B)(3)",),
                       fee_cents=law.second_reissue_fee_cents)  # fmt: skip


def receipt_deadlines(law: KelloggLaw, received_on: date) -> dict[str, date]:
    """58-16 B(3): the hearing request is due 'within 10 days after receiving the citation'."""
    return {
        "hearing_request_by": received_on + timedelta(days=law.second_hearing_request_days),
        "comply_by": received_on + timedelta(days=law.second_comply_days),
    }


def hearing_status(law: KelloggLaw, received_on: date | None, today: date) -> str:
    """The deadlines board's words for a citation's hearing request."""
    if received_on is None:
        return "awaiting receipt: the 10 days run from the day the owner receives the citation (58-16(B)(3))"
    due = receipt_deadlines(law, received_on)["hearing_request_by"]
    left = (due - today).days
    state = f"{left} day{'s' if left != 1 else ''} left" if left >= 0 else "closed"
    return (
        f"hearing request due by {due:%B} {due.day}, {due.year} ({state}; received {received_on.isoformat()})"
    )


def referral_terms(law: KelloggLaw, ordinance: str) -> NoticeTerms:
    lines = (
        f"To the {law.third_refer_to}. The household above has a third complaint within one year after the "
        f"first violation under {ordinance}, section 58-16(B)(4), and is handed over for prosecution.",
    )
    return NoticeTerms("referral", TITLES["referral"], lines, ("58-16(B)(4)",))
