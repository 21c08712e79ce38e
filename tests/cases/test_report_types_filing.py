"""Filing the newer report types: each is stored, urgent when the answers say so, and suggests the household
docs/rules.md "Who a complaint is against" gives it. Runs on SQLite and on PostgreSQL (`service`)."""

from __future__ import annotations

import pytest

from bot.cases.households import household_lead
from bot.cases.report import is_urgent


def _household(service, reference: str) -> str | None:
    detail = service.get_complaint(reference)
    return None if detail.subject_id is None else service.get_subject(detail.subject_id).address_normalised


def test_too_many_animals_and_neglect_suggest_the_household_where_they_are_kept(service, make_report) -> None:
    """Kellogg 58-4 "No more than a total combination of three domesticated animals over six months of age are
    allowed per household": the animals are kept at the place the resident names."""
    many = service.file_complaint(
        make_report(type="too_many", location="22 Pine St", details={"animal_count": "12"})
    )
    neglect = service.file_complaint(make_report(type="neglect", location="18 Birch St"))
    assert (_household(service, many), _household(service, neglect)) == ("22 PINE ST", "18 BIRCH ST")
    assert service.get_complaint(many).subject_confirmed is False  # a suggestion until the clerk confirms


def test_a_threat_is_against_the_incident_place_only_when_the_animal_was_not_loose(
    service, make_report
) -> None:
    """Kellogg 58-1 "AT LARGE. A domestic animal that is off the premises of the owner"; Freeport 1 E "off the
    premises of the owner": a loose animal's place is never its household; one that lunged through its own
    fence was at home."""
    fenced = service.file_complaint(
        make_report(type="threat", location="412 Oak St", details={"loose": "no", "what_happened": "lunged"})
    )
    loose = service.file_complaint(
        make_report(type="threat", location="77 Prairie Ln", owner="77 Prairie Ln", details={"loose": "yes"})
    )
    unknown = service.file_complaint(
        make_report(type="threat", location="5 Elm St", details={"loose": "unknown"})
    )
    assert [_household(service, r) for r in (fenced, loose, unknown)] == ["412 OAK ST", None, None]


def test_waste_and_damage_are_against_the_owner_named_never_where_the_animal_went(
    service, make_report
) -> None:
    """Freeport 7 B "It shall be unlawful for any person's dog or other animal to damage any lawn, garden, or
    other property"; 7 C "The owner ... shall be responsible for cleaning up any feces of the animal"."""
    no_owner = service.file_complaint(make_report(type="waste", location="300 Main St"))
    named = service.file_complaint(
        make_report(type="damage", location="300 Main St", owner="the Hansens at 9 Maple St")
    )
    assert (_household(service, no_owner), _household(service, named)) == (None, "9 MAPLE ST")


@pytest.mark.parametrize(
    ("report_type", "answers", "urgent"),
    [
        ("bite", {}, True),
        ("neglect", {"in_danger": "yes"}, True),
        ("neglect", {"in_danger": "no"}, False),
        ("threat", {"in_danger": "yes"}, True),
        ("threat", {"in_danger": "unknown"}, False),
        ("at_large", {"aggressive": "yes"}, True),
        (
            "waste",
            {"in_danger": "yes"},
            False,
        ),  # waste asks nothing of danger: a stray answer changes nothing
        ("too_many", {}, False),
        ("damage", {}, False),
    ],
)
def test_urgent_when_an_animal_or_a_person_is_in_danger_now(report_type, answers, urgent) -> None:
    assert is_urgent(report_type, answers) is urgent


def test_the_lead_for_a_threat_reads_its_loose_answer() -> None:
    lead = household_lead("threat", location_text="412 Oak St", location_normalised="412 OAK ST", owner=None,
                          details={"loose": "no"})  # fmt: skip
    assert (lead.address, lead.basis) == ("412 OAK ST", "incident_address")
    assert (
        household_lead("threat", location_text="412 Oak St", location_normalised="412 OAK ST", owner=None)
        is None
    )
