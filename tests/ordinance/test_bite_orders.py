"""Bite orders on the day they are issued: the confinement period (58-10, Freeport 5 B), 58-10 I bite cases,
58-10 A and B, Freeport 11 C 1 e, and who gives the order."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance import bite_order, notice_terms, standing_view
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.kellogg import count_complaints
from bot.ordinance.readings import Readings
from bot.ordinance.view import BiteFacts

CHICAGO = ZoneInfo("America/Chicago")
BITTEN = datetime(2026, 6, 1, 9, 5, tzinfo=CHICAGO)


@pytest.fixture(scope="module")
def kellogg():
    return get_pack("kellogg")


@pytest.fixture(scope="module")
def freeport():
    return get_pack("freeport")


def bite(
    victim="person", vaccinated=None, premises=None, confined_on=None, history=(), ref="B-1"
) -> BiteFacts:
    return BiteFacts(ref, BITTEN, BITTEN, victim, True, vaccinated, premises, confined_on=confined_on,
                     history=tuple(history))  # fmt: skip


def with_readings(pack, **readings):
    return replace(pack, readings=replace(pack.readings, **readings))


# ---- item 1: the period runs from the confinement, which cannot start before the order ------------------


@pytest.mark.parametrize("city", ["kellogg", "freeport"])
def test_an_order_issued_late_confines_from_its_own_date(city) -> None:
    """58-10: "such animal shall immediately be quarantined. The quarantine period shall be for a minimum
    period of 10 days." Freeport 5 B: "confined ... for a period of not less than ten days". The period is
    one of confinement: an order dated June 20 for a June 1 bite confines until June 30, never "until June
    11" (the defect counted from the bite, so the order ended before it was issued)."""
    pack = get_pack(city)
    terms = notice_terms(
        pack, "quarantine_order", date(2026, 6, 20), bite_order(pack, bite(vaccinated=False))
    )
    assert terms.confinement_starts == date(2026, 6, 20)
    assert terms.quarantine_until == date(2026, 6, 30)
    text = " ".join(terms.lines)
    assert "Confinement begins on the date of this order, June 20, 2026" in text
    assert "confined at least until June 30, 2026" in text and "June 11" not in text


def test_a_recorded_start_of_confinement_dates_the_end(kellogg) -> None:
    """The order says when confinement began, as recorded, and its end follows from it."""
    order = bite_order(kellogg, bite(confined_on=date(2026, 6, 18)))
    assert order.ends_on == date(2026, 6, 28) and "as recorded" in order.period_words
    terms = notice_terms(kellogg, "quarantine_order", date(2026, 6, 20), order)
    assert (terms.confinement_starts, terms.quarantine_until) == (date(2026, 6, 18), date(2026, 6, 28))
    assert "Confinement began on June 18, 2026, as recorded." in terms.lines


def test_no_order_whose_minimum_period_has_already_run(kellogg) -> None:
    """An order never ends before it is issued: confined since June 1 (recorded), an order of June 20 would."""
    order = bite_order(kellogg, bite(confined_on=date(2026, 6, 1)))
    with pytest.raises(ValueError, match="would end before it is issued"):
        notice_terms(kellogg, "quarantine_order", date(2026, 6, 20), order)


def test_reading_quarantine_from_the_bite(kellogg) -> None:
    """The other reading of 58-10 ("immediately be quarantined"): the 10 days counted from the bite. An
    order within them ends on the bite day + 10; after them, no order is issued (none could end after its
    date)."""
    pack = with_readings(kellogg, quarantine_from="bite")
    order = bite_order(pack, bite())
    assert order.ends_on == date(2026, 6, 11) and "counted from the bite" in order.period_words
    terms = notice_terms(pack, "quarantine_order", date(2026, 6, 5), order)
    assert (terms.confinement_starts, terms.quarantine_until) == (date(2026, 6, 5), date(2026, 6, 11))
    with pytest.raises(ValueError, match="would end before it is issued"):
        notice_terms(pack, "quarantine_order", date(2026, 6, 20), order)
    assert "counted from the day of the bite" in " ".join(pack.readings.words("kellogg"))


# ---- item 2: 58-10 I counts bites of human beings -------------------------------------------------------


def dog_bites(victim: str) -> list[ComplaintFact]:
    return [
        ComplaintFact(f"B-{n}", "7 Elm", date(2026, 6, n), "written", "bite", animal="rex", victim=victim)
        for n in (1, 9)
    ]


def test_a_dog_that_bit_a_dog_twice_is_no_58_10_public_nuisance(kellogg) -> None:
    """58-10: "Whenever any animal owner in the City learns that his animal has bitten any human being ...";
    58-10 I: "Any animal with a history of two or more bite cases is hereby declared to be a public
    nuisance". The defect counted a dog's bites of a dog as bite cases and printed a quarantine for them."""
    facts = dog_bites("domestic_animal")
    results = count_complaints(facts, kellogg.law, kellogg.tz, kellogg.readings)
    assert [r.bite_case_number for r in results] == [None, None]
    view = standing_view(kellogg, facts, "7 Elm", date(2026, 6, 10))
    flags = " ".join(view.bite_flags)
    assert "public nuisance" not in flags and "quarantine at least" not in flags and "58-5(A)" in flags
    order = bite_order(kellogg, bite(victim="domestic_animal", history=facts, ref="B-9"))
    assert order.required is False and order.flags == () and "58-10(I)" not in order.sections


def test_reading_nuisance_bites_any_counts_animal_bites(kellogg) -> None:
    pack = with_readings(kellogg, nuisance_bites="any")
    facts = dog_bites("domestic_animal")
    assert [r.bite_case_number for r in count_complaints(facts, pack.law, pack.tz, pack.readings)] == [1, 2]
    order = bite_order(pack, bite(victim="domestic_animal", history=facts, ref="B-9"))
    assert "58-10(I)" in order.sections and order.required is False  # a nuisance, still no quarantine


def test_two_human_bites_of_one_animal_make_a_public_nuisance(kellogg) -> None:
    facts = dog_bites("person")
    order = bite_order(kellogg, bite(history=facts, ref="B-9"))
    assert "58-10(I)" in order.sections and any("58-10(I)" in line for line in order.lines)


# ---- item 3: 58-10 A and B from the recorded facts -----------------------------------------------------


def test_kellogg_order_at_home_states_all_three_conditions_of_58_10_a(kellogg) -> None:
    """58-10 A: the owner may keep the animal provided he/she "(1) Has shown proof that said animal is
    currently vaccinated against rabies; (2) Agrees to keep said animal separate from other animals; and
    (3) Said animal will be kept indoors at all times during the quarantine period"."""
    order = bite_order(kellogg, bite(vaccinated=True, premises=True))
    text = " ".join(order.lines)
    assert "at the owner's home" in text and "58-10(A)" in order.sections
    for clause in ("58-10(A)(1)", "58-10(A)(2) kept separate from other animals", "58-10(A)(3) kept indoors"):
        assert clause in text
    assert "to confirm" not in text


def test_kellogg_bite_off_the_premises_is_impounded_not_kept_at_home(kellogg) -> None:
    """58-10 B: "If the incident occurs at a location other than owner's premises, the animal shall be
    impounded at an animal shelter or veterinary clinic" - even with proof of vaccination."""
    order = bite_order(kellogg, bite(vaccinated=True, premises=False))
    text = " ".join(order.lines)
    assert "impounded at an animal shelter or veterinary clinic" in text and "58-10(B)" in order.sections
    assert "at the owner's home, indoors" not in text


def test_kellogg_order_not_yet_placed_lists_the_conditions_to_keep_it_at_home(kellogg) -> None:
    text = " ".join(bite_order(kellogg, bite()).lines)
    assert "to confirm" in text and "58-10(A)(2) kept separate" in text and "58-10(A)(3) kept indoors" in text


# ---- item 4: Freeport 11 C 1 e, 11 E 2 -----------------------------------------------------------------


def test_an_animal_declared_potentially_dangerous_that_bites_again_is_eligible_for_dangerous(
    freeport,
) -> None:
    """11 C 1 e: a dangerous animal has "Been found to be potentially dangerous and/or the owner has personal
    knowledge of the same; the animal aggressively bites ... humans or domestic animals"; 11 E 2: "That the
    animal has been declared potentially dangerous and such animal has then bitten". The defect ignored the
    officer's recorded declaration."""
    first = ComplaintFact(
        "B-1", "7 Elm", date(2026, 6, 1), "written", "bite", animal="rex", victim="domestic_animal"
    )
    again = ComplaintFact("B-2", "7 Elm", date(2026, 7, 1), "written", "bite", animal="rex",
                          victim="domestic_animal", prior_designation="potentially_dangerous")  # fmt: skip
    view = standing_view(freeport, [first, again], "7 Elm", date(2026, 7, 2))
    assert "potentially dangerous" in view.bite_flags[0]
    assert "proposed dangerous: has been found to be potentially dangerous" in view.bite_flags[1]
    assert "11(C)(1)(e)" in view.bite_flags[1] and "11(E)(2)" in view.bite_flags[1]
    undeclared = replace(again, prior_designation=None)
    assert (
        "potentially dangerous"
        in standing_view(freeport, [first, undeclared], "7 Elm", date(2026, 7, 2)).bite_flags[1]
    )


# ---- item 7: one source of truth for the proposal --------------------------------------------------------


def test_the_bite_order_proposes_what_the_household_history_shows(freeport) -> None:
    """11 C 1 d: "Bitten one (1) or more persons on two (2) or more occasions". With the history, the order's
    proposal is the designation page's; the defect used one bite and zero earlier occasions."""
    facts = [
        ComplaintFact(
            f"B-{n}",
            "7 Elm",
            date(2026, 6, n),
            "written",
            "bite",
            animal="rex",
            victim="person",
            injury=False,
        )  # fmt: skip
        for n in (1, 9)
    ]
    alone = bite_order(freeport, BiteFacts("B-9", BITTEN, BITTEN, "person", False, None))
    assert alone.flags == ("proposed designation: potentially dangerous",)
    order = bite_order(
        freeport, BiteFacts("B-9", BITTEN, BITTEN, "person", False, None, history=tuple(facts))
    )
    assert order.flags == ("proposed designation: dangerous",) and "11(C)(1)(d)" in order.sections


# ---- item 11: who gives the order -------------------------------------------------------------------------


def test_freeport_order_is_given_by_the_officer(freeport) -> None:
    """5 B: "upon receipt of notice of need for such confinement by the officer" - not the Clerk-Treasurer."""
    terms = notice_terms(
        freeport, "quarantine_order", date(2026, 6, 2), bite_order(freeport, bite(vaccinated=False))
    )
    assert terms.signed_by == "City Animal Control Officer"


def test_readings_offered_are_named(kellogg) -> None:
    words = " ".join(Readings().words("kellogg"))
    assert "58-10(I) counts bite cases in which the animal bit a human being" in words


def test_the_premises_to_confirm_show_what_the_addresses_suggest(kellogg) -> None:
    """58-10 B turns on where the bite happened: the order waits for the clerk or officer, and shows what the
    resident's words and the addresses suggest beside the question."""
    fact = ComplaintFact("B-1", "7 Elm", date(2026, 6, 1), "written", "bite", victim="person",
                         off_owner_premises=True, premises_basis="the bite place is another street address")  # fmt: skip
    order = bite_order(kellogg, bite(vaccinated=True, history=[fact], ref="B-1"))
    [item] = [i for i in order.to_confirm if i.startswith("58-10(B)")]
    assert "the addresses suggest: off the premises; the bite place is another street address" in item
    assert "58-10(B)" not in order.sections  # a suggestion is not the confirmed fact
