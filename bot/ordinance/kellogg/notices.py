"""Kellogg 58-16 B notices in the ordinance's words: the first-complaint letter, citation and referral."""

from __future__ import annotations

from datetime import date, timedelta

from bot.ordinance.kellogg.law import KelloggLaw
from bot.ordinance.view import TITLES, NoticeFacts, NoticeTerms, dollars


def hearing_rule(law: KelloggLaw) -> str:
    """58-16 B(3) on the hearing, in the ordinance's words."""
    return (
        "The owner can have a hearing on the matter before the City Council if the owner contacts the "
        f"Clerk/Treasurer's office within {law.second_hearing_request_days} days after receiving the citation "
        "(58-16(B)(3))."
    )


# the section of chapter 58 each kind of complaint states a violation of, in its words
VIOLATIONS = {
    "barking": "an animal that barks, bays, cries, howls or makes any other noise continuously for a period of "
    "30 minutes is a nuisance (58-5(C))",
    "at_large": "an animal running at large is a nuisance (58-3; 58-5(D))",
    "bite": "an animal that snarls at persons, bites persons or other animals is a nuisance (58-5(A))",
    "threat": "an animal that snarls at persons or habitually exhibits vicious tendencies is a nuisance (58-5(A))",
    "neglect": "an owner shall provide sufficient food and water, shelter and humane care (58-12)",
    "cruelty": "no person shall beat, treat cruelly, torment or otherwise abuse any animal (58-11)",
    "waste": "the owner shall remove the animal's excrement and dispose of it properly (58-15)",
    "too_many": "no more than three domesticated animals over six months of age per household (58-4)",
}


def violation_words(complaint_type: str | None) -> str:
    """The section the complaint states a violation of, in the chapter's words."""
    return VIOLATIONS.get(complaint_type or "", "a provision of chapter 58")


def letter_terms(
    law: KelloggLaw, issued_on: date, ordinance: str, facts: NoticeFacts, from_receipt: bool
) -> NoticeTerms:
    """58-16 B(2)'s letter. Its licensing terms only for an animal not recorded as licensed ("If it is
    discovered that a first-time violators' animal is not licensed"); their 10 days run from the letter's
    date, or (reading letter_days_from: receipt) from the day the owner receives it."""
    violation = violation_words(facts.complaint_type)
    lines = [
        f"Our office has received a complaint about your animal: {violation}. It counts as a first complaint "
        f"under {ordinance}, section 58-16(B)(2). As the ordinance requires, a copy of chapter 58 is enclosed.",
    ]
    license_by = None
    if facts.animal_licensed is not True:
        start = "the day you receive this letter" if from_receipt else "the date of this letter"
        lines.append(
            f"If your animal is not licensed, you will have {law.first_license_days} days from {start} to "
            f"license it at the regular fee. If the animal is not licensed within {law.first_license_days} days "
            f"of this violation notice, the fee will be {dollars(law.first_late_license_fee_cents)} "
            "(58-16(B)(2))."
        )
        license_by = None if from_receipt else issued_on + timedelta(days=law.first_license_days)
    lines.append(
        "Any complaint after the first complaint within a two-month period, whether verbal or written, will be "
        "considered a second complaint: a citation is issued and the animal's license is revoked (58-16(B)(3))."
    )
    return NoticeTerms("letter", TITLES["letter"], tuple(lines), ("58-16(B)(2)",), license_by=license_by,
                       enclose_ordinance=True, violation=violation,
                       license_label="If the animal is not licensed, license it at the regular fee by")  # fmt: skip


def citation_terms(law: KelloggLaw, ordinance: str, facts: NoticeFacts) -> NoticeTerms:
    """The citation: its deadlines run from receipt, so none is dated at issue (the board waits for it)."""
    violation = violation_words(facts.complaint_type)
    lines = (
        f"The complaint: {violation}.",
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
                       fee_cents=law.second_reissue_fee_cents, violation=violation)  # fmt: skip


def letter_receipt_deadlines(law: KelloggLaw, received_on: date) -> dict[str, date]:
    """58-16 B(2) under reading letter_days_from: receipt: 'within 10 days of violation notice' received."""
    return {"license_by": received_on + timedelta(days=law.first_license_days)}


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


def letter_status(law: KelloggLaw, received_on: date | None) -> str:
    """The board's words for a letter whose licensing days run from receipt (reading letter_days_from)."""
    if received_on is None:
        return (
            f"awaiting receipt: the {law.first_license_days} days to license run from the day the owner "
            "receives the letter (58-16(B)(2); reading letter_days_from: receipt)"
        )
    due = letter_receipt_deadlines(law, received_on)["license_by"]
    return (
        f"license at the regular fee by {due:%B} {due.day}, {due.year} (received {received_on.isoformat()})"
    )


def referral_terms(law: KelloggLaw, ordinance: str, facts: NoticeFacts) -> NoticeTerms:
    """58-16 B(4): addressed to the office that prosecutes, about the household (not to the household)."""
    violation = violation_words(facts.complaint_type)
    lines = (
        f"The household named below has a third complaint within one year after the first violation under "
        f"{ordinance}, section 58-16(B)(4), and is handed over for prosecution.",
        f"The complaint: {violation}.",
    )
    return NoticeTerms("referral", TITLES["referral"], lines, ("58-16(B)(4)",), addressee="prosecutor",
                       addressed_to=f"To the {law.third_refer_to}", violation=violation)  # fmt: skip
