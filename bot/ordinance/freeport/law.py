"""Freeport Ordinance 2005-03: the numbers the pack sets (`law:`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.ordinance.params import LawSection

if TYPE_CHECKING:
    from bot.jurisdictions import Pack

REQUIRED_FACT_FIELDS: tuple[str, ...] = ()  # the form is recorded but does not change the count
OFFICER_JUDGEMENT = (
    "8(2) the officer reasonably believes the animal meets the barking (7 A), cruelty (13) or at-large (1 E) criteria",
    "8(4) a reasonable attempt to contact the property owner failed or was ignored",
    "8(5) the seizure involves no forced entry into a private residence",
    "8(6) written notice of the seizure is left if the owner cannot be contacted in person",
)


@dataclass(frozen=True)
class FreeportLaw:
    """The numbers Ordinance 2005-03 sets, read from the pack."""

    confinement_min_days: int  # 5 B
    veterinary_hospital_area: str  # 5 B: the owner may elect a veterinary hospital not outside this area
    dangerous_bite_occasions: int  # 11 C 1 d: persons bitten on this many occasions
    dangerous_appeal_days: int  # 11 G 1
    release_fees_cents: tuple[int, ...]  # 5 C A 1 / 1 F: first, second, third-and-after impound
    boarding_cents_per_day: int  # 5 C A 2
    license_fee_cents: int  # 2 B 2, 5 C A 3
    seizure_previous_types: tuple[str, ...]  # 8(3): kinds of previous complaint that count


def parse_law(raw: object, where: str) -> FreeportLaw:
    """The pack's `law:` section as a FreeportLaw; raises LawError naming the key."""
    law = LawSection(raw, f"{where}: law")
    bites = law.section("bites")
    impound = law.section("impound")
    seizure = law.section("seizure")
    return FreeportLaw(
        confinement_min_days=bites.count("confinement_min_days", 1),
        veterinary_hospital_area=bites.text("veterinary_hospital_area"),
        dangerous_bite_occasions=bites.count("dangerous_bite_occasions", 1),
        dangerous_appeal_days=bites.count("dangerous_appeal_days", 1),
        release_fees_cents=impound.counts("release_fees_cents"),
        boarding_cents_per_day=impound.count("boarding_cents_per_day"),
        license_fee_cents=impound.count("license_fee_cents"),
        seizure_previous_types=seizure.texts("previous_complaint_types"),
    )


def law_for(pack: Pack) -> FreeportLaw:
    if not isinstance(pack.law, FreeportLaw):
        raise ValueError(f"jurisdiction {pack.code} does not use the Freeport rules")
    return pack.law
