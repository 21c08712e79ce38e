"""Freeport Ordinance 2005-03: counting, section 8 seizure preconditions, 5 B / 11 bites, 5 C fees, 18 days."""

from dataclasses import replace
from datetime import date, datetime, timezone

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.freeport import (
    FreeportBite,
    ImpoundEvent,
    bite_orders,
    count_complaints,
    impound_release_fees,
    offence_dates,
    offence_days,
    release_fee_cents,
)


@pytest.fixture(scope="module")
def pack():
    return get_pack("freeport")


def fact(fid, received, kind="barking", subject="5 Main St", form=None, identified=None) -> ComplaintFact:
    return ComplaintFact(fid, subject, date.fromisoformat(received), form, kind, identified)


# --- counting: no verbal/written distinction -------------------------------------------------------


def test_every_complaint_counts_whatever_its_form(pack) -> None:
    facts = [
        fact("a", "2026-01-05", form="verbal"),
        fact("b", "2026-04-05", form="verbal"),
        fact("c", "2027-09-01", form="written"),
        fact("d", "2027-09-02"),
    ]
    results = count_complaints(facts, pack.law, pack.tz)
    assert [r.counts_as for r in results] == ["complaint_1", "complaint_2", "complaint_3", "complaint_4"]
    assert {r.action for r in results} == {"document"}


def test_numbered_per_subject_in_received_order_returned_in_input_order(pack) -> None:
    facts = [
        fact("a2", "2026-02-01"),
        fact("b1", "2026-01-10", subject="7 Elm St"),
        fact("a1", "2026-01-05"),
    ]
    results = count_complaints(facts, pack.law, pack.tz)
    assert [(r.fact.id, r.counts_as) for r in results] == [
        ("a2", "complaint_2"),
        ("b1", "complaint_1"),
        ("a1", "complaint_1"),
    ]


# --- section 8 -------------------------------------------------------------------------------------

SEIZURE_CASES = [
    (
        "8(3) an earlier barking complaint at the address on a prior date",
        [("p", "2026-01-04", "barking")],
        True,
    ),
    ("8(3) an earlier at-large complaint on a prior date", [("p", "2026-01-04", "at_large")], True),
    ("8(3) a complaint earlier the same day is not on a prior date", [("p", "2026-01-05", "barking")], False),
    ("8(3) a previous bite complaint is not of the kind 8(3) names", [("p", "2026-01-01", "bite")], False),
    ("8(3) no previous complaint", [], False),
]


@pytest.mark.parametrize(("earlier", "met"), [pytest.param(e, m, id=i) for i, e, m in SEIZURE_CASES])
def test_previous_complaint_precondition(pack, earlier, met) -> None:
    facts = [fact(fid, received, kind) for fid, received, kind in earlier] + [fact("now", "2026-01-05")]
    seizure = count_complaints(facts, pack.law, pack.tz)[-1].seizure
    assert seizure.previous_complaint is met
    assert seizure.previous_complaint_ids == (("p",) if met else ())


def test_previous_complaint_at_another_address_does_not_count(pack) -> None:
    facts = [fact("p", "2026-01-01", subject="7 Elm St"), fact("now", "2026-01-05")]
    assert count_complaints(facts, pack.law, pack.tz)[-1].seizure.previous_complaint is False


@pytest.mark.parametrize("identified", [True, False, None])
def test_identified_complainant_is_never_met_from_the_records(pack, identified) -> None:
    """8(1): "There is an identified complainant other than the peace officer making a contemporaneous
    complaint about the animal" - the officer confirms it at the time; a recorded complaint never meets it."""
    facts = [fact("old", "2026-01-01", identified=True), fact("now", "2026-01-05", identified=identified)]
    report = count_complaints(facts, pack.law, pack.tz)[-1].seizure.to_json()
    assert not any(item.startswith("8(1)") for item in report["met"])
    [confirm] = report["officer_to_confirm"]
    assert (
        "an identified complainant other than the peace officer making a contemporaneous complaint" in confirm
    )
    assert (
        report["complainant_of_this_complaint"]
        == {True: "identified", False: "anonymous", None: "not recorded"}[identified]
    )
    assert len(report["officer_judgement"]) == 4  # 8(2), 8(4), 8(5), 8(6) need an officer


def test_previous_barking_complaint_counts_only_for_a_dog(pack) -> None:
    """8(3): "at least one previous complaint of a barking dog"; 7 A: "a dog which habitually barks"."""
    cat = replace(fact("p", "2026-01-01"), species="cat")
    dog = replace(fact("q", "2026-01-02"), species="dog")
    now = fact("now", "2026-01-05")
    assert count_complaints([cat, now], pack.law, pack.tz)[-1].seizure.previous_complaint is False
    assert count_complaints([cat, dog, now], pack.law, pack.tz)[-1].seizure.previous_complaint_ids == ("q",)


# --- 5 B and 11 bites ------------------------------------------------------------------------------

BITE_CASES = [
    # id, victim, vaccinated, punctured, earlier occasions, confinement, days, vet area, designation
    (
        "5(B) not vaccinated, skin punctured: shelter 10 days",
        "person",
        False,
        True,
        0,
        "animal_shelter",
        10,
        "Stearns County",
        "dangerous",  # 11(C)(1)(a) skin punctured: bodily injury to a person
    ),
    (
        # 5 B "the owner may confine the dog or other animal to the owner's property": no period, no costs
        "5(B) vaccinated with certificate: owner's property, no period",
        "person",
        True,
        True,
        0,
        "owner_property",
        None,
        None,
        "dangerous",  # 11(C)(1)(a)
    ),
    (
        "5(B) not vaccinated, no puncture, no doctor: 5 B does not apply",
        "person",
        False,
        False,
        0,
        "not_required",
        None,
        None,
        "potentially_dangerous",
    ),
    (
        "5(B) puncture unknown: undetermined",
        "person",
        False,
        None,
        0,
        "undetermined",
        None,
        None,
        "potentially_dangerous",
    ),
    (
        "5(B) certificate unknown: the place is to confirm, 10 days either way",
        "person",
        None,
        True,
        0,
        "to_confirm",
        10,
        "Stearns County",
        "dangerous",
    ),
    (
        "5(B) covers bites of persons only",
        "animal",
        False,
        True,
        0,
        "not_required",
        None,
        None,
        "potentially_dangerous",
    ),
    (
        "11(C)(1)(d) persons bitten on a second occasion: dangerous",
        "person",
        True,
        True,
        1,
        "owner_property",
        None,  # 5 B sets no period for confinement on the owner's property
        None,
        "dangerous",
    ),
    (
        "11(C)(1)(d) a bitten animal is not a second occasion of biting persons",
        "animal",
        True,
        False,
        1,
        "not_required",
        None,
        None,
        "potentially_dangerous",
    ),
]


@pytest.mark.parametrize(
    ("victim", "vaccinated", "punctured", "earlier", "confinement", "days", "vet_area", "designation"),
    [pytest.param(*case[1:], id=case[0]) for case in BITE_CASES],
)
def test_bite_orders(
    pack, victim, vaccinated, punctured, earlier, confinement, days, vet_area, designation
) -> None:
    orders = bite_orders(FreeportBite(victim, vaccinated, punctured, earlier), pack.law)
    assert orders.confinement == confinement
    assert orders.confinement_min_days == days
    assert orders.may_elect_veterinary_hospital_in == vet_area
    assert orders.designation == designation
    assert orders.appeal_days == (14 if designation == "dangerous" else None)
    if confinement in ("undetermined", "to_confirm"):
        assert any(item.startswith("5(B)") for item in orders.to_confirm)


def bite(fid, received, animal=None, victim="person", injury=None, incident=None) -> ComplaintFact:
    return replace(
        fact(fid, received, "bite"), animal=animal, victim=victim, injury=injury, incident=incident
    )


def designations(pack, facts) -> list[tuple[str | None, str | None]]:
    results = [r.to_json(pack.law) for r in count_complaints(facts, pack.law, pack.tz)]
    return [(r.get("designation"), r.get("designation_section")) for r in results]


def test_two_dog_bites_dog_complaints_are_not_dangerous(pack) -> None:
    """11 C 1 d "Bitten one (1) or more persons on two (2) or more occasions": animal victims never count
    (the defect printed "dangerous" for two dog-bites-dog complaints)."""
    facts = [bite("b1", "2026-01-05", "rex", "animal"), bite("b2", "2026-03-05", "rex", "animal")]
    assert designations(pack, facts) == [("potentially_dangerous", "11(C)(2)(a)")] * 2
    orders = count_complaints(facts, pack.law, pack.tz)[-1].designation
    assert orders.person_bite_occasions == 0
    assert any("domestic animal" in item for item in orders.to_confirm)


def test_one_person_bite_with_skin_broken_proposes_dangerous(pack) -> None:
    """11 C 1 a "Caused bodily injury or disfigurement to any person" (the defect printed only
    "potentially dangerous")."""
    assert designations(pack, [bite("b1", "2026-01-05", "rex", injury=True)]) == [
        ("dangerous", "11(C)(1)(a)")
    ]
    assert designations(pack, [bite("b1", "2026-01-05", "rex", injury=False)]) == [
        ("potentially_dangerous", "11(C)(2)(a)")
    ]


def test_person_bites_on_two_occasions_by_the_same_animal_are_dangerous(pack) -> None:
    """11 C 1 d: two occasions of the same animal; two complaints about one bite are one occasion;
    bites by two different dogs never add up."""
    same_animal = [
        bite("b1", "2026-01-05", "rex"),
        bite("x", "2026-02-01", "rex", "animal"),
        bite("b2", "2026-03-05", "rex"),
    ]
    assert [d for d, _ in designations(pack, same_animal)] == [
        "potentially_dangerous",
        "potentially_dangerous",
        "dangerous",
    ]
    assert designations(pack, same_animal)[-1] == ("dangerous", "11(C)(1)(d)")
    two_dogs = [bite("b1", "2026-01-05", "rex"), bite("b2", "2026-03-05", "fido")]
    assert [d for d, _ in designations(pack, two_dogs)] == ["potentially_dangerous"] * 2
    unknown = [bite("b1", "2026-01-05"), bite("b2", "2026-03-05")]
    assert [d for d, _ in designations(pack, unknown)] == ["potentially_dangerous"] * 2
    one_bite = [
        bite("b1", "2026-01-05", "rex", incident="i1"),
        bite("b2", "2026-01-06", "rex", incident="i1"),
    ]
    assert [d for d, _ in designations(pack, one_bite)] == ["potentially_dangerous"] * 2


def test_unknown_victim_proposes_no_designation(pack) -> None:
    """11 C 2 a needs a bitten human or domestic animal; with neither known the engine proposes none."""
    [result] = count_complaints([bite("b1", "2026-01-05", "rex", victim=None)], pack.law, pack.tz)
    assert result.designation.designation == "none" and result.designation.clause is None
    assert any("11(D), (E)" in item for item in result.designation.to_confirm)


# --- 5 C and 1 F impound release fees --------------------------------------------------------------


def impound(eid, day, household="h1", animal="rex", owner="o1") -> ImpoundEvent:
    return ImpoundEvent(eid, household, animal, owner, date.fromisoformat(day))


FEE_CASES = [
    (
        "5(C)(A)(1) $50, $75, then $100 for the third and each after",
        [
            impound("i1", "2026-01-01"),
            impound("i2", "2026-02-01"),
            impound("i3", "2026-03-01"),
            impound("i4", "2026-04-01"),
        ],
        [5000, 7500, 10000, 10000],
    ),
    (
        "5(C)(A)(1) the scale runs per household, not per animal",
        [impound("i1", "2026-01-01", animal="rex"), impound("i2", "2026-02-01", animal="fido")],
        [5000, 7500],
    ),
    (
        "5(C)(A)(1) another household starts its own scale",
        [impound("i1", "2026-01-01"), impound("i2", "2026-02-01", household="h2", animal="tom", owner="o2")],
        [5000, 5000],
    ),
    (
        "1(F) a change of registered ownership resets the animal's count",
        [
            impound("i1", "2026-01-01"),
            impound("i2", "2026-02-01"),
            impound("i3", "2026-03-01", household="h2", owner="o2"),
        ],
        [5000, 7500, 5000],
    ),
    (
        "1(F) a new owner at the same household starts over for that animal only",
        [
            impound("i1", "2026-01-01", animal="rex"),
            impound("i2", "2026-02-01", animal="fido"),
            impound("i3", "2026-03-01", animal="rex", owner="o9"),
        ],
        [5000, 7500, 7500],
    ),
    (
        # 5 C A 1 "applied per household/pet owner": the defect took rex's impound off h1's scale once rex,
        # sold to h2, was impounded there, so h1's third impound cost $75 instead of $100
        "5(C)(A)(1) a household's scale keeps the impounds of an animal it no longer owns",
        [
            impound("i1", "2026-01-01", animal="rex"),
            impound("i2", "2026-02-01", animal="fido"),
            impound("i3", "2026-03-01", household="h2", animal="rex", owner="o2"),
            impound("i4", "2026-04-01", animal="fido"),
        ],
        [5000, 7500, 5000, 10000],
    ),
    (
        "5(C)(A)(1) impounds are counted in date order, reported in input order",
        [impound("i2", "2026-02-01"), impound("i1", "2026-01-01")],
        [7500, 5000],
    ),
]


@pytest.mark.parametrize(("events", "fees"), [pytest.param(e, f, id=i) for i, e, f in FEE_CASES])
def test_impound_release_fees(pack, events, fees) -> None:
    assert [f.release_fee_cents for f in impound_release_fees(events, pack.law, pack.tz)] == fees


def test_release_fee_schedule_comes_from_the_pack(pack) -> None:
    assert [release_fee_cents(n, pack.law) for n in (1, 2, 3, 7)] == [5000, 7500, 10000, 10000]
    doubled = replace(pack.law, release_fees_cents=(10000, 20000))
    assert [release_fee_cents(n, doubled) for n in (1, 2, 3)] == [10000, 20000, 20000]
    with pytest.raises(ValueError):
        release_fee_cents(0, pack.law)


# --- 18 A each day a separate offence --------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "last", "days"),
    [
        pytest.param(date(2026, 1, 5), date(2026, 1, 5), 1, id="18(A) one day is one offence"),
        pytest.param(date(2026, 1, 1), date(2026, 1, 31), 31, id="18(A) a month of days, both ends counted"),
        pytest.param(date(2024, 2, 28), date(2024, 3, 1), 3, id="18(A) across Feb 29 in a leap year"),
        pytest.param(date(2026, 2, 28), date(2026, 3, 1), 2, id="18(A) across Feb in a common year"),
        pytest.param(
            datetime(2026, 3, 6, 5, 0, tzinfo=timezone.utc),
            datetime(2026, 3, 6, 7, 0, tzinfo=timezone.utc),
            2,
            id="18(A) counted on the city's calendar (Mar 5 23:00 to Mar 6 01:00 CST)",
        ),
    ],
)
def test_offence_days(pack, first, last, days) -> None:
    assert offence_days(first, last, pack.tz) == days
    dates = offence_dates(first, last, pack.tz)
    assert len(dates) == days and len(set(dates)) == days


def test_offence_cannot_end_before_it_starts(pack) -> None:
    with pytest.raises(ValueError):
        offence_days(date(2026, 1, 5), date(2026, 1, 4), pack.tz)
