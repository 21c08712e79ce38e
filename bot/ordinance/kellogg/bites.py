"""Kellogg 58-10 Animal bites: quarantine, the two-hour owner notice, impoundment, the public nuisance."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone, tzinfo

from bot.ordinance.dates import local_time_words
from bot.ordinance.kellogg.law import KelloggLaw

HOME_CONDITIONS = (
    "58-10(A)(1) proof of current rabies vaccination shown",
    "58-10(A)(2) kept separate from other animals",
    "58-10(A)(3) kept indoors at all times during the quarantine",
    "58-10(A)(3) after the quarantine, examined by a designated veterinarian; report filed with the Board of Health",
)
PLACES = {
    "owner_home": "at the owner's home, indoors at all times and kept separate from other animals (58-10(A))",
    "veterinary_hospital_or_shelter": "in a veterinary hospital or at an animal shelter (58-10(C))",
    "shelter_or_veterinary_clinic": (
        "impounded at an animal shelter or veterinary clinic: the bite happened away from the owner's "
        "premises (58-10(B))"
    ),
    "undetermined": (
        "to confirm: at the owner's home if proof of current rabies vaccination is shown and the bite was on "
        "the owner's premises (58-10(A)); otherwise in a veterinary hospital or at an animal shelter "
        "(58-10(B), (C))"
    ),
}


@dataclass(frozen=True)
class KelloggBite:
    """What is known about one bite. None means not known yet."""

    bitten_at: datetime | None  # aware; None: the resident gave no bite time
    victim: str | None  # "person" | "domestic_animal" | "animal"; None: not known
    vaccinated_with_proof: bool | None  # currently vaccinated against rabies, proof shown
    on_owner_premises: bool | None  # the bite happened on the owner's premises
    owner_advised_at: datetime | None = None  # when the owner was told of the bite
    owner_known: bool | None = None  # False: the owner cannot be identified, so cannot be advised
    bite_cases: int = 1  # this animal's bite cases, this one included (58-10 I)


@dataclass(frozen=True)
class KelloggBiteOrders:
    quarantine_required: bool | None  # None: not known whether a person was bitten
    quarantine_min_days: int | None
    quarantine_place: str  # owner_home | veterinary_hospital_or_shelter | shelter_or_veterinary_clinic
    #                        | undetermined | not_required
    conditions: tuple[str, ...]  # what keeping the animal at home requires (58-10 A)
    owner_notice_deadline: datetime | None  # bite + 2 hours (58-10 D); None when the bite time is not known
    impound_by_officer: bool | None  # None until we know whether the owner was advised in time
    public_nuisance: bool  # 58-10 I: the Board of Health determines disposal
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]  # what an officer or the clerk still has to establish


def owner_notice_deadline(bitten_at: datetime | None, law: KelloggLaw) -> datetime | None:
    """58-10 D: two hours of elapsed time after the bite (added in UTC, right across a DST change)."""
    if bitten_at is None:
        return None
    if bitten_at.tzinfo is None:
        raise ValueError("bitten_at must be timezone-aware")
    later = bitten_at.astimezone(timezone.utc) + timedelta(hours=law.owner_notice_hours)
    return later.astimezone(bitten_at.tzinfo)


def _place(bite: KelloggBite, sections: list[str], to_confirm: list[str]) -> tuple[str, tuple[str, ...]]:
    if bite.on_owner_premises is False:
        sections.append("58-10(B)")
        return "shelter_or_veterinary_clinic", ()
    if bite.vaccinated_with_proof is False:
        sections.append("58-10(C)")
        return "veterinary_hospital_or_shelter", ()
    if bite.vaccinated_with_proof and bite.on_owner_premises:
        sections.append("58-10(A)")
        return "owner_home", HOME_CONDITIONS
    if bite.on_owner_premises is None:
        to_confirm.append("58-10(B) whether the bite happened on the owner's premises")
    if bite.vaccinated_with_proof is None:
        to_confirm.append("58-10(A)(1), (C) proof of current rabies vaccination")
    return "undetermined", ()


def bite_orders(bite: KelloggBite, law: KelloggLaw, tz: tzinfo | None = None) -> KelloggBiteOrders:
    """The orders 58-10 attaches to a bite, from what is known of it. `tz` words the deadline locally."""
    sections: list[str] = []
    to_confirm: list[str] = []
    conditions: tuple[str, ...] = ()
    deadline = owner_notice_deadline(bite.bitten_at, law)
    required: bool | None
    if bite.victim == "person":
        sections.append("58-10")
        required, min_days = True, law.quarantine_min_days
        place, conditions = _place(bite, sections, to_confirm)
    elif bite.victim in ("animal", "domestic_animal", "other_animal"):
        # 58-10 quarantines an animal that has bitten a human being; biting animals is a 58-5 A nuisance.
        required, min_days, place = False, None, "not_required"
        sections.append("58-5(A)")
    elif bite.victim is None:
        required, min_days, place = None, law.quarantine_min_days, "undetermined"
        to_confirm.append(
            "58-10 who was bitten: a human being (then a quarantine of at least 10 days) or an animal"
        )
    else:
        raise ValueError(f"victim must be a person, an animal of some kind or None, got {bite.victim!r}")

    impound: bool | None
    if required is False:
        impound = False
    elif bite.owner_advised_at is not None and deadline is not None:
        impound = bite.owner_advised_at > deadline
    elif bite.owner_known is False:
        impound = True
    else:
        impound = None
        if deadline is None:
            to_confirm.append("58-10(D) bite time not known: the two-hour owner notice cannot be dated")
        else:
            when = local_time_words(deadline, tz or deadline.tzinfo)
            to_confirm.append(f"58-10(D) whether the owner is advised by {when}")
    if impound:
        sections.append("58-10(D)")
    nuisance = bite.bite_cases >= law.public_nuisance_bite_cases  # bite_cases counted per reading
    if nuisance:
        sections.append("58-10(I)")
    return KelloggBiteOrders(
        quarantine_required=required,
        quarantine_min_days=min_days,
        quarantine_place=place,
        conditions=conditions,
        owner_notice_deadline=deadline,
        impound_by_officer=impound,
        public_nuisance=nuisance,
        sections=tuple(sections),
        to_confirm=tuple(to_confirm),
    )


def quarantine_order_lines(orders: KelloggBiteOrders, law: KelloggLaw, tz: tzinfo) -> list[str]:
    """The quarantine order's terms in the words of 58-10: only when a person was bitten. The period's
    start and end are the order's (bot.ordinance.view.quarantine_terms): they depend on its date."""
    if orders.quarantine_required is not True:
        return []
    lines = [
        "The owner shall immediately notify the City and the Sheriff's Department that the animal has bitten "
        "a human being, and the animal shall immediately be quarantined (58-10).",
        f"Where: {PLACES[orders.quarantine_place]}.",
        f"How long: a minimum period of {law.quarantine_min_days} days (58-10).",
    ]
    if orders.quarantine_place == "owner_home":
        lines += [f"Condition: {condition}." for condition in orders.conditions]
    elif orders.quarantine_place == "undetermined":
        lines.append(
            "The owner may keep the animal only if all of these hold: " + "; ".join(HOME_CONDITIONS[:3]) + "."
        )
    lines.append(
        "After the quarantine: examination by a designated veterinarian and a report filed with the Board of "
        "Health (58-10(A)(3))."
    )
    if orders.quarantine_place != "owner_home":
        lines.append(
            "If the animal is impounded and not found to be rabid, it is returned to its owner after payment "
            "of the impoundment fee (58-10(G))."
        )
    if orders.owner_notice_deadline is None:
        lines.append("58-10(D): bite time not known; the two-hour owner notice cannot be dated.")
    else:
        lines.append(
            "If the owner cannot be advised of the bite within two hours after it, by "
            f"{local_time_words(orders.owner_notice_deadline, tz)}, or fails to quarantine the animal, an "
            "Animal Control Officer or the Sheriff shall impound it (58-10(D))."
        )
    if orders.public_nuisance:
        lines.append(
            "This animal has a history of two or more bite cases: a public nuisance; the Board of Health "
            "determines whether and how it is disposed of (58-10(I))."
        )
    return lines
