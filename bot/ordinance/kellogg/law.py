"""Kellogg chapter 58: the numbers the pack sets (`law:`), and what each 58-16 B level brings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING

from bot.ordinance.params import LawSection
from bot.ordinance.report_types import NOT_COUNTED_SECTIONS

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

# counts_as -> action, docs/rules.md table for 58-16 B
ACTIONS = {
    "verbal_pending": "document",
    "first": "letter",
    "second": "citation",
    "third": "refer_city_attorney",
    "not_counted_anonymous": "none",
    "not_counted_same_incident": "none",
    "not_counted_bite_on_premises": "none",
    "not_counted_bite_place_unknown": "none",
    "not_counted_barking_short": "none",
    **{counts_as: "none" for counts_as in NOT_COUNTED_SECTIONS},
}
SECTIONS = {
    "verbal_pending": "58-16(B)(2)",
    "first": "58-16(B)(2)",
    "second": "58-16(B)(3)",
    "third": "58-16(B)(4)",
    "not_counted_anonymous": "reading: anonymous",
    "not_counted_same_incident": "reading: same_incident",
    "not_counted_bite_on_premises": "58-10 (reading: bite_complaints)",
    "not_counted_bite_place_unknown": "58-10 (reading: bite_complaints)",
    "not_counted_barking_short": "58-5(C) (reading: barking_duration)",
    **NOT_COUNTED_SECTIONS,
}
REQUIRED_FACT_FIELDS = ("form",)


@dataclass(frozen=True)
class KelloggLaw:
    """The numbers chapter 58 sets, read from the pack."""

    verbal_pair_months: int  # 58-16 B(2): two verbal complaints in a two-month period
    second_within_months: int  # 58-16 B(3): a complaint within two months after the first
    third_within_years: int  # 58-16 B(4): a complaint within one year after the first
    first_license_days: int  # B(2): days to license at the regular fee
    first_late_license_fee_cents: int  # B(2): fee after that
    second_hearing_request_days: int  # B(3): days after receiving the citation to ask for a hearing
    second_reissue_fee_cents: int  # B(3)
    second_unlicensed_license_fee_cents: int  # B(3)
    second_comply_days: int  # B(3)
    third_refer_to: str  # B(4)
    quarantine_min_days: int  # 58-10
    owner_notice_hours: int  # 58-10 D
    public_nuisance_bite_cases: int  # 58-10 I
    barking_continuous_minutes: int  # 58-5 C: noise continuously for a period of 30 minutes


def parse_law(raw: object, where: str) -> KelloggLaw:
    """The pack's `law:` section as a KelloggLaw; raises LawError naming the key."""
    law = LawSection(raw, f"{where}: law")
    counting = law.section("counting")
    first = law.section("first")
    second = law.section("second")
    third = law.section("third")
    bites = law.section("bites")
    nuisances = law.section("nuisances")
    return KelloggLaw(
        verbal_pair_months=counting.count("verbal_pair_months", 1),
        second_within_months=counting.count("second_within_months", 1),
        third_within_years=counting.count("third_within_years", 1),
        first_license_days=first.count("license_days", 1),
        first_late_license_fee_cents=first.count("late_license_fee_cents"),
        second_hearing_request_days=second.count("hearing_request_days", 1),
        second_reissue_fee_cents=second.count("reissue_fee_cents"),
        second_unlicensed_license_fee_cents=second.count("unlicensed_license_fee_cents"),
        second_comply_days=second.count("comply_days", 1),
        third_refer_to=third.text("refer_to"),
        quarantine_min_days=bites.count("quarantine_min_days", 1),
        owner_notice_hours=bites.count("owner_notice_hours", 1),
        public_nuisance_bite_cases=bites.count("public_nuisance_bite_cases", 1),
        barking_continuous_minutes=nuisances.count("barking_continuous_minutes", 1),
    )


def consequences(counts_as: str, law: KelloggLaw) -> dict[str, object]:
    """What a level brings under 58-16 B, for the notice the clerk sends."""
    if counts_as == "verbal_pending":
        return {"notice": None, "documented_at": "Clerk/Treasurer's office"}
    if counts_as.startswith("not_counted"):
        return {"notice": None}
    if counts_as == "first":
        return {
            "notice": "clerk_letter",
            "enclose_chapter": True,
            "license_days": law.first_license_days,
            "license_fee": "regular",
            "late_license_fee_cents": law.first_late_license_fee_cents,
        }
    if counts_as == "second":
        return {
            "notice": "citation",
            "license_revoked": True,
            "hearing_request_days": law.second_hearing_request_days,
            "hearing_days_counted_from": "receipt of the citation",
            "reissue_fee_cents": law.second_reissue_fee_cents,
            "unlicensed_license_fee_cents": law.second_unlicensed_license_fee_cents,
            "comply_days": law.second_comply_days,
        }
    if counts_as == "third":
        return {"notice": "referral", "refer_to": law.third_refer_to}
    raise ValueError(f"unknown level {counts_as!r}")


def notice_deadlines(counts_as: str, notice_received: date, law: KelloggLaw) -> dict[str, date]:
    """Last days (inclusive) that follow a notice the owner received on `notice_received` (58-16 B).

    first: license at the regular fee by `license_by`, after which the fee is the late one.
    second: ask for a hearing by `hearing_request_by`; meet the licensing requirements by `comply_by`.
    """
    if counts_as == "first":
        return {"license_by": notice_received + timedelta(days=law.first_license_days)}
    if counts_as == "second":
        return {
            "hearing_request_by": notice_received + timedelta(days=law.second_hearing_request_days),
            "comply_by": notice_received + timedelta(days=law.second_comply_days),
        }
    if counts_as in ("verbal_pending", "third") or counts_as.startswith("not_counted"):
        return {}
    raise ValueError(f"unknown level {counts_as!r}")


def law_for(pack: Pack) -> KelloggLaw:
    if not isinstance(pack.law, KelloggLaw):
        raise ValueError(f"jurisdiction {pack.code} does not use the Kellogg rules")
    return pack.law
