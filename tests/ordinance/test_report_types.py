"""How each report type counts (bot/ordinance/report_types.py; docs/rules.md "Report types"): both readings of
each open question, the one in force named, and Freeport counting every type."""

from __future__ import annotations

from datetime import date

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance import freeport, kellogg
from bot.ordinance.facts import COMPLAINT_TYPES, ComplaintFact, facts_from_json
from bot.ordinance.readings import DEFAULT_READINGS, Readings, parse_readings
from bot.ordinance.report_types import SECTIONS, section_of
from bot.vocabulary import REPORT_TYPES

W = "written"


@pytest.fixture(scope="module")
def kellogg_pack():
    return get_pack("kellogg")


def fact(fid: str, day: str, type_: str, **more) -> ComplaintFact:
    return ComplaintFact(fid, "412 Oak St", date.fromisoformat(day), W, type_, **more)


def counts(pack, facts, readings: Readings = DEFAULT_READINGS) -> list[str]:
    return [r.counts_as for r in kellogg.count_complaints(facts, pack.law, pack.tz, readings)]


def test_every_report_type_has_its_section_in_each_city_and_the_engine_takes_it() -> None:
    assert COMPLAINT_TYPES == tuple(REPORT_TYPES)
    for rules in ("kellogg", "freeport"):
        assert set(SECTIONS[rules]) == set(REPORT_TYPES), rules
    assert section_of("kellogg", "neglect") == "58-11, 58-12"
    assert section_of("freeport", "damage") == "7 B"
    assert section_of("elsewhere", "neglect") is None


def test_neglect_waste_and_too_many_count_under_58_16_like_any_violation(kellogg_pack) -> None:
    """58-11 A "No person shall beat, treat cruelly, torment or otherwise abuse any animal"; 58-12 "No owner
    shall fail to provide any animal with sufficient wholesome food and water"; 58-15 A "It is unlawful for any
    person who owns ... a domestic animal to cause or permit such animal to defecate on any public property";
    58-4 "No more than a total combination of three domesticated animals over six months of age are allowed
    per household"; 58-16 B(2) "Any written complaint will be considered a first complaint", B(3) "Any
    complaint after the first complaint within a two-month period ... will be considered a second"."""
    facts = [
        fact("n", "2026-03-01", "neglect"),
        fact("w", "2026-03-10", "waste"),
        fact("t", "2026-04-01", "too_many"),
    ]
    assert counts(kellogg_pack, facts) == ["first", "second", "third"]


def test_threat_complaints_both_readings(kellogg_pack) -> None:
    """58-5: "The following animals are hereby declared to be nuisances: A. Any animal that snarls at persons,
    bites persons or other animals, or habitually exhibits vicious tendencies. B. Any animal that chases
    vehicles or interferes with persons walking"; 58-3 "It is unlawful ... to permit such animal to run at
    large". `count` reads a threat as a 58-5 nuisance; `at_large_only` counts it only when it was loose."""
    facts = [
        fact("loose", "2026-03-01", "threat", animal_loose=True),
        fact("fenced", "2026-03-05", "threat", animal_loose=False),
        fact("unknown", "2026-03-09", "threat"),
    ]
    assert counts(kellogg_pack, facts) == ["first", "second", "third"]
    only_loose = Readings(threat_complaints="at_large_only")
    assert counts(kellogg_pack, facts, only_loose) == [
        "first",
        "not_counted_threat_not_loose",
        "not_counted_threat_loose_unknown",
    ]
    results = kellogg.count_complaints(facts, kellogg_pack.law, kellogg_pack.tz, only_loose)
    assert [r.action for r in results] == ["letter", "none", "none"]
    assert results[1].to_json()["section"] == "58-5 A, B (reading: threat_complaints)"


def test_damage_complaints_both_readings(kellogg_pack) -> None:
    """Chapter 58 has no section on damage to property (Freeport 7 B has: "It shall be unlawful for any
    person's dog or other animal to damage any lawn, garden, or other property"); 58-5 asks the owner "to
    prevent such animal from committing any act which constitutes a nuisance". The default counts it not."""
    facts = [fact("d", "2026-03-01", "damage"), fact("b", "2026-03-02", "barking")]
    assert counts(kellogg_pack, facts) == ["not_counted_damage_no_section", "first"]
    assert counts(kellogg_pack, facts, Readings(damage_complaints="count")) == ["first", "second"]
    standing = kellogg.standing_at(
        facts[:1], "412 Oak St", date(2026, 3, 3), kellogg_pack.law, kellogg_pack.tz
    )
    assert standing.level == "none"


def test_the_readings_in_force_are_named_for_kellogg_only(kellogg_pack) -> None:
    words = kellogg_pack.readings.words("kellogg")
    assert any("threat without contact" in line and "58-5 A" in line for line in words)
    assert any("damage to property" in line and "does not count it" in line for line in words)
    assert not any("58-5" in line for line in get_pack("freeport").readings.words("freeport"))
    with pytest.raises(ValueError, match="applies only to rules kellogg"):
        parse_readings({"damage_complaints": "count"}, "freeport.yml", "freeport")


def test_freeport_counts_every_type_and_neglect_is_a_previous_complaint_for_seizure() -> None:
    """Freeport 8(3): "at least one previous complaint of a barking dog; inhumane treatment of the animal; or
    that the animal was at large at this address on a prior date"; section 13: "Any person not treating their
    pet in such a humane manner will be subject to the penalties"."""
    pack = get_pack("freeport")
    facts = [
        fact("n", "2026-03-01", "neglect"),
        fact("d", "2026-03-02", "damage"),
        fact("t", "2026-03-03", "threat"),
    ]
    results = freeport.count_complaints(facts, pack.law, pack.tz)
    assert [r.counts_as for r in results] == ["complaint_1", "complaint_2", "complaint_3"]
    assert results[1].seizure.previous_complaint_ids == ("n",)
    assert results[2].seizure.previous_complaint_ids == ("n",)  # damage (7 B) is not a kind 8(3) names


def test_the_standing_command_reads_a_threats_loose_flag() -> None:
    document = {"complaints": [{"id": "1", "subject": "s", "received": "2026-03-01", "type": "threat",
                                "form": "written", "animal_loose": False}]}  # fmt: skip
    assert facts_from_json(document)[0].animal_loose is False


@pytest.mark.parametrize(
    ("reading", "previous"), [("at_large_complaints", ("a",)), ("loose_threats", ("a", "t"))]
)
def test_freeport_8_3_reads_a_loose_threat_as_at_large_only_under_its_reading(reading, previous) -> None:
    """Freeport 8(3): "or that the animal was at large at this address on a prior date"; 1 E: an animal "at
    large" is off its owner's premises and not under restraint. A threat whose animal was loose says the animal
    was at large; whether 8(3) reads it so is the reading `prior_at_large`."""
    pack = get_pack("freeport")
    facts = [
        fact("a", "2026-03-01", "at_large"),
        fact("t", "2026-03-02", "threat", animal_loose=True),
        fact("y", "2026-03-02", "threat", animal_loose=False),  # threatened from its own yard: never at large
        fact("u", "2026-03-02", "threat"),  # loose not known: not shown
        fact("now", "2026-03-05", "barking"),
    ]
    results = freeport.count_complaints(facts, pack.law, pack.tz, Readings(prior_at_large=reading))
    assert results[-1].seizure.previous_complaint_ids == previous
    assert any(
        "8(3)" in line and ("loose" in line) for line in Readings(prior_at_large=reading).words("freeport")
    )


def test_the_freeport_pack_names_its_8_3_reading_and_kellogg_may_not_set_it() -> None:
    assert get_pack("freeport").readings.prior_at_large == "at_large_complaints"
    assert not any("8(3)" in line for line in get_pack("kellogg").readings.words("kellogg"))
    with pytest.raises(ValueError, match="applies only to rules freeport"):
        parse_readings({"prior_at_large": "loose_threats"}, "kellogg.yml", "kellogg")
