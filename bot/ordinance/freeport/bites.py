"""Freeport 5 B biting animals (confinement) and 11 dangerous animals (the designation the engine proposes).

The engine proposes; the officer designates on evidence that the bite was unprovoked (11 D, E) and the
record keeps both. Designations run per animal: bites by two different animals never add up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from bot.ordinance.facts import VICTIMS, ComplaintFact
from bot.ordinance.freeport.law import FreeportLaw

DESIGNATIONS = ("none", "potentially_dangerous", "dangerous")
_EPOCH = date(2000, 1, 1)  # placeholder day for bites described by counts alone
UNPROVOKED = "11(D), (E): the officer designates only on evidence that the bite was unprovoked"
CLAUSE_WORDS = {
    "11(C)(1)(a)": "caused bodily injury or disfigurement to any person",
    "11(C)(1)(d)": "bitten one (1) or more persons on two (2) or more occasions",
    "11(C)(1)(e)": (
        "been found to be potentially dangerous and then bitten a human or a domestic animal (11(E)(2))"
    ),
    "11(C)(2)(a)": "bitten a human or a domestic animal",
}
SUBSEQUENT = (
    "12(D): the animal was already declared dangerous; if the owner has subsequently violated section 11 "
    "with the same animal, the animal must be seized by a peace officer"
)


@dataclass(frozen=True)
class DesignationProposal:
    designation: str  # none | potentially_dangerous | dangerous
    clause: str | None  # the 11 C clause the records show, e.g. "11(C)(1)(d)"
    person_bite_occasions: int  # occasions this animal bit a person (complaints about one bite: one occasion)
    appeal_days: int | None  # 11 G 1: once the officer declares the animal dangerous
    to_confirm: tuple[str, ...]

    @property
    def words(self) -> str:
        if self.clause is None:
            return "no designation the records show"
        label = self.designation.replace("_", " ")
        return f"{label}: has {CLAUSE_WORDS[self.clause]} ({self.clause})"


def person_occasions(bites: Sequence[ComplaintFact]) -> int:
    """Occasions on which persons were bitten: complaints sharing an `incident` are one occasion."""
    keys = {fact.incident or f"complaint:{fact.id}" for fact in bites if fact.victim == "person"}
    return len(keys)


def propose(bites: Sequence[ComplaintFact], law: FreeportLaw) -> DesignationProposal:
    """The designation 11 C supports for one animal, from its bites so far (all of the same animal)."""
    occasions = person_occasions(bites)
    injured = any(f.victim == "person" and f.injury for f in bites)
    victims = {f.victim for f in bites}
    # 11 C 1 e / 11 E 2: bitten after the officer declared it potentially dangerous (the record, not a proposal)
    after_declared = any(
        f.prior_designation in ("potentially_dangerous", "dangerous")
        and f.victim in ("person", "domestic_animal")
        for f in bites
    )
    to_confirm = [UNPROVOKED]
    if any(f.prior_designation == "dangerous" for f in bites):
        to_confirm.append(SUBSEQUENT)
    if injured:
        clause = "11(C)(1)(a)"
    elif after_declared:
        clause = "11(C)(1)(e)"
    elif occasions >= law.dangerous_bite_occasions:
        clause = "11(C)(1)(d)"
    elif victims & {"person", "domestic_animal", "animal"}:  # "other_animal": not a domestic animal
        clause = "11(C)(2)(a)"
        if not victims & {"person", "domestic_animal"}:
            to_confirm.append("11(C)(2)(a) the bitten animal is a domestic animal")
    else:
        clause = None
        if not victims & {"other_animal"}:
            to_confirm.append("11(C)(2)(a) whether a human or a domestic animal was bitten")
    if victims & {"domestic_animal", "other_animal", "animal"}:
        to_confirm.append(
            "11(C)(1)(c) unusually aggressive behavior, such as an attack on another animal: the officer judges"
        )
    designation = "none" if clause is None else ("dangerous" if "(1)" in clause else "potentially_dangerous")
    return DesignationProposal(
        designation=designation,
        clause=clause,
        person_bite_occasions=occasions,
        appeal_days=law.dangerous_appeal_days if designation == "dangerous" else None,
        to_confirm=tuple(to_confirm),
    )


@dataclass(frozen=True)
class FreeportBite:
    """What is known about one bite. None means not known yet."""

    victim: str | None  # "person" | "domestic_animal" | "animal"
    vaccinated_with_certificate: bool | None  # live modified rabies vaccine, certificate from a veterinarian
    skin_punctured_or_doctor: bool | None  # skin punctured, or a doctor's services required
    earlier_person_bite_occasions: int = 0  # occasions this animal bit a person before this bite


@dataclass(frozen=True)
class FreeportBiteOrders:
    confinement: str  # animal_shelter | owner_property | to_confirm | not_required | undetermined
    confinement_min_days: int | None
    may_elect_veterinary_hospital_in: str | None  # 5 B: instead of the shelter, at the owner's expense
    designation: str  # none | potentially_dangerous | dangerous (proposed)
    person_bite_occasions: int
    appeal_days: int | None  # 11 G 1, once declared dangerous
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]


def _confinement(bite: FreeportBite, law: FreeportLaw, sections: list[str], to_confirm: list[str]) -> tuple:
    """5 B: (confinement, minimum days, vet-hospital area) for a bite of a person."""
    if bite.victim in ("domestic_animal", "other_animal", "animal") or bite.skin_punctured_or_doctor is False:
        return "not_required", None, None
    if bite.victim is None:
        to_confirm.append(
            "5(B) who was bitten: a person (skin punctured or a doctor needed: confinement) or an animal"
        )
        return "undetermined", None, None
    if bite.skin_punctured_or_doctor is None:
        to_confirm.append("5(B) whether the skin was punctured or a doctor's services were required")
        return "undetermined", None, None
    sections.append("5(B)")
    if bite.vaccinated_with_certificate is False:
        return "animal_shelter", law.confinement_min_days, law.veterinary_hospital_area
    if bite.vaccinated_with_certificate is True:
        return "owner_property", None, None  # 5 B sets no period (and no costs) for this option
    to_confirm.append("5(B) a veterinarian's certificate of live modified rabies vaccination")
    return "to_confirm", law.confinement_min_days, law.veterinary_hospital_area


def bite_orders(bite: FreeportBite, law: FreeportLaw) -> FreeportBiteOrders:
    """The confinement (5 B) and the designation proposed (11 C) for a bite, from what is known of it."""
    if bite.victim not in (*VICTIMS, None):
        raise ValueError(f"victim must be one of {', '.join(VICTIMS)} or None, got {bite.victim!r}")
    if bite.earlier_person_bite_occasions < 0:
        raise ValueError("earlier_person_bite_occasions cannot be negative")
    sections: list[str] = []
    to_confirm: list[str] = []
    confinement, min_days, vet_area = _confinement(bite, law, sections, to_confirm)
    history = [
        ComplaintFact(f"earlier-{n}", "-", _EPOCH, None, "bite", victim="person")
        for n in range(bite.earlier_person_bite_occasions)
    ]
    history.append(
        ComplaintFact(
            "this", "-", _EPOCH, None, "bite", victim=bite.victim, injury=bite.skin_punctured_or_doctor
        )
    )
    proposal = propose(history, law)
    if proposal.clause:
        sections.append(proposal.clause)
    if proposal.designation == "dangerous":
        sections.append("11(G)(1)")
    return FreeportBiteOrders(
        confinement=confinement,
        confinement_min_days=min_days,
        may_elect_veterinary_hospital_in=vet_area,
        designation=proposal.designation,
        person_bite_occasions=proposal.person_bite_occasions,
        appeal_days=proposal.appeal_days,
        sections=tuple(sections),
        to_confirm=tuple(to_confirm) + proposal.to_confirm,
    )


def confinement_lines(orders: FreeportBiteOrders, law: FreeportLaw) -> list[str]:
    """The confinement order's terms in the words of 5 B: only when 5 B requires confinement. The period
    and the owner's costs are those of the Animal Shelter or veterinary hospital: 5 B sets neither for an
    inoculated animal confined on the owner's property."""
    days = law.confinement_min_days
    shelter = (
        f"the Animal Shelter designated by the City Council; or, if the owner elects immediately on "
        f"receipt of this notice, a veterinary hospital of the owner's choosing not outside "
        f"{law.veterinary_hospital_area}, with immediate proof of the confinement (5(B))"
    )
    shelter_terms = [
        f"How long at the Animal Shelter or veterinary hospital: not less than {days} days; released at the end "
        "of that time if healthy and free from symptoms of rabies (5(B)).",
        "At whose expense: the owner's, who pays all costs before release (5(B)).",
    ]
    home = (
        "on the owner's property: the animal is inoculated with a live modified rabies vaccine and the owner "
        "has proof by a certificate from a licensed veterinarian (5(B))"
    )
    if orders.confinement == "animal_shelter":
        return [f"Where: {shelter}.", *shelter_terms]
    if orders.confinement == "owner_property":
        return [
            f"Where: {home}.",
            "5(B) sets no period and no costs for confinement on the owner's property.",
        ]
    if orders.confinement == "to_confirm":
        return [
            f"Where: to confirm. With proof of inoculation by a licensed veterinarian's certificate, {home}, "
            f"for which 5(B) sets no period and no costs; without it, {shelter}.",
            *shelter_terms,
        ]
    return []
