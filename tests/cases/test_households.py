"""The household complained about is not the place of the incident (docs/rules.md "Who a complaint is against").

Each test quotes the rule it holds. On the old code filing linked every complaint to the household at
its incident address, confirmed by nothing; these tests fail there.
"""

from __future__ import annotations

from datetime import date

import pytest

from bot.cases.errors import InvalidChange, ReasonRequired
from bot.cases.households import bite_premises, household_lead, owner_address, owner_name
from bot.cases.report import BiteDetails
from bot.nlp.places.normalise import normalise_address


def bite(owner: str | None = None, victim: str | None = "person") -> BiteDetails:
    return BiteDetails(victim=victim, skin_broken_or_medical=True, animal_vaccinated=None, owner_known=owner)


def test_at_large_in_my_yard_is_never_against_the_incident_location(service, make_report) -> None:
    # "At large: both ordinances define it as off the owner's premises (Kellogg 58-1, Freeport 1 E), so the
    # incident location is never the household ... otherwise the complaint waits unlinked in the queue."
    reference = service.file_complaint(
        make_report(type="at_large", location="my yard at 77 Prairie Lane", transcript="loose dog in my yard")
    )
    detail = service.get_complaint(reference)
    assert (detail.subject_id, detail.household, detail.needs_household) == (None, None, True)
    assert detail.location_normalised == "77 PRAIRIE LN"  # the incident location is kept
    service.accept(reference, by="clerk")
    assert reference in [i.reference for i in service.review_queue(needs_household=True).items]
    # no first-complaint letter to the complainant's own house: a notice needs a confirmed household
    with pytest.raises(InvalidChange, match="confirmed household"):
        service.record_notice(reference, "letter", date(2026, 3, 3), by="clerk")


def test_at_large_links_only_to_the_owner_the_resident_named(service, make_report) -> None:
    named = service.file_complaint(
        make_report(type="at_large", location="77 Prairie Lane", owner="it lives at 220 Walnut Street")
    )
    detail = service.get_complaint(named)
    assert detail.household is not None
    assert (service.get_subject(detail.subject_id).address_normalised, detail.household.confirmed) == (
        "220 WALNUT ST",
        False,
    )
    assert detail.owner_named == "it lives at 220 Walnut Street"
    # an "owner" at the very place the animal was found at large is not a household (58-1, 1 E)
    same_place = service.file_complaint(
        make_report(type="at_large", location="77 Prairie Lane", owner="77 Prairie Lane")
    )
    assert service.get_complaint(same_place).subject_id is None


def test_bite_suggests_the_owner_the_resident_named_never_the_bite_place(service, make_report) -> None:
    # "Bite: the owner the resident named (`owner_known`) is the suggested household, never the place of
    # the bite."
    reference = service.file_complaint(
        make_report(type="bite", location="Central Park", bite=bite("the people at 220 Walnut Street"))
    )
    detail = service.get_complaint(reference)
    assert service.get_subject(detail.subject_id).address_normalised == "220 WALNUT ST"
    assert detail.subject_confirmed is False and detail.owner_named == "the people at 220 Walnut Street"
    at_a_house = service.file_complaint(make_report(type="bite", location="412 Oak Street", bite=bite(None)))
    assert service.get_complaint(at_a_house).subject_id is None  # the bite place is not the owner


def test_an_owner_named_without_an_address_matches_one_household_by_name(service, make_report) -> None:
    smith = service.create_subject("kellogg", "5 Elm Street", by="clerk", name="Bob Smith")
    reference = service.file_complaint(make_report(type="bite", location="the park", bite=bite("bob smith")))
    assert service.get_complaint(reference).subject_id == smith
    service.create_subject("kellogg", "9 Ash Street", by="clerk", name="Bob Smith")
    ambiguous = service.file_complaint(make_report(type="bite", location="the park", bite=bite("Bob Smith")))
    assert service.get_complaint(ambiguous).subject_id is None  # two Bob Smiths: the clerk chooses


def test_barking_suggests_the_incident_household_and_the_clerk_confirms(service, make_report) -> None:
    # "Barking: the household at the incident address is *suggested*; the clerk confirms it."
    reference = service.file_complaint(make_report())
    detail = service.get_complaint(reference)
    assert detail.household is not None and detail.household.confirmed is False
    service.accept(reference, by="clerk")
    # "Counting, standing and notices use only complaints the clerk has linked and accepted."
    assert service.subject_complaints(detail.subject_id) == []
    service.confirm_household(reference, by="clerk", reason="officer heard it from the yard")
    assert [c.reference for c in service.subject_complaints(detail.subject_id)] == [reference]
    entry = service.audit_trail("complaint", reference)[-1]
    assert (entry.action, entry.before, entry.after) == (
        "household_confirmed",
        {"subject_confirmed": False},
        {"subject_confirmed": True},
    )
    with pytest.raises(InvalidChange, match="already confirmed"):
        service.confirm_household(reference, by="clerk")


def test_never_the_complainants_own_address(service, make_report) -> None:
    # "Never the complainant's own address."
    own = service.file_complaint(make_report(location="412 Oak Street", complainant_address="412 oak st"))
    assert service.get_complaint(own).subject_id is None
    in_my_yard = service.file_complaint(make_report(location="in my yard at 9 Elm Street"))
    assert service.get_complaint(in_my_yard).subject_id is None
    owner_is_me = service.file_complaint(
        make_report(
            type="bite", location="the park", complainant_address="9 Elm St", bite=bite("9 Elm Street")
        )
    )
    assert service.get_complaint(owner_is_me).subject_id is None


def test_unlinking_needs_a_reason_and_is_audited(service, make_report) -> None:
    reference = service.file_complaint(make_report())
    subject_id = service.get_complaint(reference).subject_id
    with pytest.raises(ReasonRequired):
        service.unlink_household(reference, " ", by="clerk")
    service.unlink_household(reference, "the dog is next door's", by="clerk")
    assert service.get_complaint(reference).subject_id is None
    entry = service.audit_trail("complaint", reference)[-1]
    assert (entry.action, entry.reason, entry.before["subject_id"]) == (
        "household_unlinked",
        "the dog is next door's",
        subject_id,
    )
    with pytest.raises(InvalidChange, match="no household to confirm"):
        service.confirm_household(reference, by="clerk")


def test_the_queue_shows_complaints_that_need_a_household(service, make_report) -> None:
    suggested = service.file_complaint(make_report())
    unlinked = service.file_complaint(make_report(type="at_large", location="77 Prairie Lane"))
    confirmed = service.file_complaint(make_report(location="9 Elm Street"))
    service.confirm_household(confirmed, by="clerk")
    rejected = service.file_complaint(make_report(type="at_large", location="3 Ash Street"))
    service.reject(rejected, "test message", by="clerk")
    needing = [i.reference for i in service.review_queue(needs_household=True).items]
    assert sorted(needing) == sorted([suggested, unlinked])
    items = {i.reference: i for i in service.review_queue().items}
    assert items[suggested].needs_household and not items[confirmed].needs_household


def test_owner_words_give_an_address_or_a_name() -> None:
    assert owner_address("the people at 220 Walnut") == "220 WALNUT"
    assert owner_address("Bob Smith") is None and owner_name("Bob Smith") == "Bob Smith"
    assert owner_name("don't know") is None and owner_name("220 Walnut") is None
    lead = household_lead("barking", location_text="412 Oak St", location_normalised="412 OAK ST", owner=None)
    assert lead is not None and (lead.address, lead.basis) == ("412 OAK ST", "incident_address")
    assert (
        household_lead("at_large", location_text="412 Oak St", location_normalised="412 OAK ST", owner=None)
        is None
    )


@pytest.mark.parametrize(
    ("place", "household", "off_premises"),
    [
        pytest.param("412 Oak Street", "412 OAK ST", False, id="at the household's address"),
        pytest.param("the park by 9 Elm St", "412 OAK ST", None, id="relative to an address"),
        pytest.param("500 Elm Street", "412 OAK ST", True, id="another address"),
        pytest.param("across the street from 412 Oak St", "412 OAK ST", None, id="across from the household"),
        pytest.param("in front of 412 Oak St", "412 OAK ST", None, id="in front of the household"),
        pytest.param("behind the church", "412 OAK ST", None, id="not a street address"),
        pytest.param("412 Oak Street", None, None, id="household without an address"),
        pytest.param("9 Front Street", "412 OAK ST", True, id="a street named Front"),
    ],
)
def test_whether_a_bite_happened_off_the_owners_premises(place, household, off_premises) -> None:
    # Kellogg 58-10 B: "If the incident occurs at a location other than owner's premises, the animal shall
    # be impounded"; the records hold the bite place (the incident location) and the household's address.
    # Only a bite place given as a street address is compared: "across the street from 412 Oak St" is keyed
    # 412 OAK ST too, so the records cannot tell whose premises it was, and say so.
    finding = bite_premises(place, normalise_address(place), household)
    assert finding.off_premises is off_premises
    assert finding.basis and not any(ch.isdigit() for ch in finding.basis)  # no address in the words


def test_the_counted_history_places_each_bite(service, make_report) -> None:
    """The engine's facts say whether each bite was off the household's premises, as far as the records tell."""
    owner = bite("the people at 220 Walnut Street")
    at_home = service.file_complaint(make_report(type="bite", location="220 Walnut St", bite=owner))
    away = service.file_complaint(make_report(type="bite", location="412 Oak Street", bite=owner))
    unknown = service.file_complaint(make_report(type="bite", location="Central Park", bite=owner))
    barking = service.file_complaint(make_report(location="220 Walnut St"))
    for reference in (at_home, away, unknown, barking):
        service.accept(reference, by="clerk")
        service.confirm_household(reference, by="clerk")
    history = service.subject_complaints(service.get_complaint(at_home).subject_id)
    assert [(c.reference, c.off_owner_premises) for c in history] == [
        (at_home, False),
        (away, True),
        (unknown, None),
        (barking, None),
    ]
    assert history[2].premises_basis == "the bite place is not a street address the records can compare"
    assert service.counted_complaint(away.lower()) == history[1]
