"""Animals are records under a household; bites link to the animal that bit; the victim's kind is kept.

Bite rules count per animal: Kellogg 58-10 I "any animal with a history of two or more bite cases";
Freeport 11 C 1 d "bitten one or more persons on two or more occasions"; Freeport 11 C 2 "bit a human
or a domestic animal". `bite_facts` is what the ordinance engine counts.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from bot.cases.errors import AnimalNotFound, InvalidChange
from bot.cases.report import BiteDetails
from tests.cases.conftest import CHICAGO


def bite(victim: str | None = "person", owner: str | None = "5 Elm Street") -> BiteDetails:
    return BiteDetails(victim=victim, skin_broken_or_medical=True, animal_vaccinated=None, owner_known=owner)


def accepted_bite(service, make_report, **fields) -> str:
    reference = service.file_complaint(make_report(type="bite", location="the park", **fields))
    service.accept(reference, by="clerk")
    service.confirm_household(reference, by="clerk")
    return reference


def test_a_household_has_animals_with_licence_and_vaccination_known_or_not(service) -> None:
    household = service.create_subject("kellogg", "5 Elm Street", by="clerk")
    rex = service.create_animal(household, by="clerk", species="dog", name="Rex", vaccinated=True)
    tom = service.create_animal(household, by="clerk", species="cat", description="grey tabby, no collar")
    assert [(a.id, a.name, a.vaccinated, a.licensed) for a in service.animals_of_subject(household)] == [
        (rex, "Rex", True, None),
        (tom, None, None, None),
    ]
    service.update_animal(rex, {"licensed": True, "license_number": "K-2026-17"}, by="clerk")
    assert (service.get_animal(rex).licensed, service.get_animal(rex).license_number) == (True, "K-2026-17")
    assert [e.action for e in service.audit_trail("animal", str(rex))] == ["created", "edited"]
    with pytest.raises(InvalidChange, match="yes, no or not known"):
        service.create_animal(household, by="clerk", vaccinated="maybe")
    with pytest.raises(AnimalNotFound):
        service.get_animal(999_999)


def test_a_bite_links_to_the_animal_of_its_household(service, make_report) -> None:
    reference = service.file_complaint(make_report(type="bite", location="the park", bite=bite()))
    household = service.get_complaint(reference).subject_id
    rex = service.create_animal(household, by="clerk", species="dog", name="Rex")
    elsewhere = service.create_animal(service.create_subject("kellogg", "9 Ash St", by="clerk"), by="clerk")
    with pytest.raises(InvalidChange, match="not of"):
        service.link_animal(reference, elsewhere, by="clerk")
    # another city's animal is answered exactly as one that does not exist
    freeport = service.create_animal(service.create_subject("freeport", "9 Ash St", by="clerk"), by="clerk")
    with pytest.raises(AnimalNotFound) as other_city:
        service.link_animal(reference, freeport, by="clerk")
    assert str(other_city.value) == f"no animal with id {freeport}"
    service.link_animal(reference, rex, by="clerk", reason="officer saw the tag")
    assert service.get_complaint(reference).animal_id == rex
    entry = service.audit_trail("complaint", reference)[-1]
    assert (entry.action, entry.after) == ("animal_linked", {"animal_id": rex})


def test_the_victims_kind_is_recorded_and_unknown_when_not_said(service, make_report) -> None:
    reference = service.file_complaint(make_report(type="bite", location="the park", bite=bite(victim=None)))
    assert (
        service.get_complaint(reference).bite.victim_kind,
        service.get_complaint(reference).bite.victim,
    ) == (
        "unknown",
        None,
    )
    service.set_victim(reference, "domestic_animal", by="clerk", reason="the neighbour's cat")
    summary = service.get_complaint(reference).bite
    assert (summary.victim_kind, summary.victim) == ("domestic_animal", "animal")
    with pytest.raises(InvalidChange, match="victim must be one of"):
        service.set_victim(reference, "cat", by="clerk")
    barking = service.file_complaint(make_report())
    with pytest.raises(InvalidChange, match="not a bite"):
        service.set_victim(barking, "person", by="clerk")


def test_bite_facts_are_per_animal_and_only_counted_bites(service, make_report) -> None:
    start = datetime(2026, 3, 2, 8, 0, tzinfo=CHICAGO)
    first = accepted_bite(
        service, make_report, received=start, bite=bite(), occurred=start - timedelta(hours=1)
    )
    household = service.get_complaint(first).subject_id
    rex = service.create_animal(household, by="clerk", species="dog", name="Rex")
    service.link_animal(first, rex, by="clerk")
    second = accepted_bite(service, make_report, received=start + timedelta(days=3), bite=bite("animal"))
    service.file_complaint(make_report(type="bite", location="the park", bite=bite()))  # not accepted
    unconfirmed = service.file_complaint(
        make_report(type="bite", location="the park", bite=bite(), received=start + timedelta(days=4))
    )
    service.accept(unconfirmed, by="clerk")  # accepted, household only suggested: not counted

    service.set_victim(second, "domestic_animal", by="clerk")  # Freeport 11 C 2: "a domestic animal"
    facts = service.bite_facts(subject_id=household)
    assert [(f.reference, f.animal, f.victim, f.victim_kind) for f in facts] == [
        (first, str(rex), "person", "person"),
        (second, None, "domestic_animal", "domestic_animal"),  # which animal bit is not known yet
    ]
    assert facts[0].injury is True and facts[0].occurred == start - timedelta(hours=1)
    assert facts[0].provoked is None  # the officer's finding (Freeport 11 D/E), not in the report
    assert [f.reference for f in service.bite_facts(jurisdiction="kellogg")] == [first, second]
    # the same per-bite facts ride on the history the standing engine counts
    history = service.subject_complaints(household)
    assert [(c.reference, c.animal_id, c.victim, c.injury, c.species) for c in history] == [
        (first, rex, "person", True, "dog"),
        (second, None, "domestic_animal", True, "dog"),
    ]
