"""Readings the city must choose: each a pack setting, both readings implemented, today's the default."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
import yaml

from bot.jurisdictions import PACKS_DIR, PackError, get_pack, load_packs
from bot.ordinance.facts import ComplaintFact, InputError, facts_from_json
from bot.ordinance.kellogg import count_complaints, standing_at
from bot.ordinance.readings import CHOICES, DEFAULT_READINGS, RULES_OF, ReadingError, Readings, parse_readings

V, W = "verbal", "written"


@pytest.fixture(scope="module")
def kellogg():
    return get_pack("kellogg")


def fact(fid: str, day: str, form: str = W, **more) -> ComplaintFact:
    return ComplaintFact(fid, "412 Oak St", date.fromisoformat(day), form, "barking", **more)


def counts(kellogg, facts, readings: Readings) -> list[str]:
    return [r.counts_as for r in count_complaints(facts, kellogg.law, kellogg.tz, readings)]


def test_shipped_packs_use_todays_readings(kellogg) -> None:
    assert kellogg.readings == DEFAULT_READINGS
    assert get_pack("freeport").readings == DEFAULT_READINGS
    assert kellogg.channel_forms["sms"] == "written"


def test_first_lapse_both_readings(kellogg) -> None:
    """58-16 B(4): "Any complaint received within one year after the first violation, will be considered a
    third violation." Lapse (default): with no second within two months the first lapses and a later
    complaint is a new first. Literal: that later complaint, within the year, is a third."""
    facts = [fact("a", "2026-01-05"), fact("b", "2026-06-01")]
    assert counts(kellogg, facts, Readings(first_lapse="lapse")) == ["first", "first"]
    assert counts(kellogg, facts, Readings(first_lapse="literal")) == ["first", "third"]
    after_a_year = [fact("a", "2026-01-05"), fact("b", "2027-01-06")]
    assert counts(kellogg, after_a_year, Readings(first_lapse="literal")) == ["first", "first"]
    lapse = standing_at(facts[:1], "412 Oak St", date(2026, 6, 1), kellogg.law, kellogg.tz)
    literal = standing_at(
        facts[:1], "412 Oak St", date(2026, 6, 1), kellogg.law, kellogg.tz, Readings(first_lapse="literal")
    )
    assert (lapse.level, lapse.next_if_written) == ("none", "first")
    assert (literal.level, literal.window_open_until, literal.next_if_verbal) == (
        "first",
        date(2027, 1, 5),
        "third",
    )


def test_anonymous_both_readings(kellogg) -> None:
    facts = [fact("a", "2026-01-05", complainant_identified=False), fact("b", "2026-01-20")]
    assert counts(kellogg, facts, Readings(anonymous="count")) == ["first", "second"]
    assert counts(kellogg, facts, Readings(anonymous="exclude")) == ["not_counted_anonymous", "first"]


def test_same_incident_both_readings(kellogg) -> None:
    """Two residents report the same barking night: count_each (default) counts both; count_once the first."""
    facts = [fact("a", "2026-01-05", incident="n1"), fact("b", "2026-01-05", incident="n1")]
    assert counts(kellogg, facts, Readings(same_incident="count_each")) == ["first", "second"]
    assert counts(kellogg, facts, Readings(same_incident="count_once")) == [
        "first",
        "not_counted_same_incident",
    ]
    other_household = [facts[0], replace(facts[1], subject="9 Elm St")]
    assert counts(kellogg, other_household, Readings(same_incident="count_once")) == ["first", "first"]


def write_pack(directory: Path, readings: dict | None) -> None:
    raw = yaml.safe_load((PACKS_DIR / "kellogg.yml").read_text(encoding="utf-8"))
    raw.update(code="elsewhere", reference_prefix="ELS", phone_numbers=["+15075550999"])
    if readings is None:
        raw.pop("readings", None)
    else:
        raw["readings"] = readings
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "elsewhere.yml").write_text(yaml.safe_dump(raw), encoding="utf-8")


def test_sms_form_reading_sets_the_default_form_of_a_text(tmp_path) -> None:
    """Whether an SMS is "written" (58-16 B(2) "Any written complaint will be considered a first complaint")."""
    write_pack(tmp_path / "a", {"sms_form": "verbal"})
    assert load_packs(tmp_path / "a")["elsewhere"].form_for_channel("sms") == "verbal"
    write_pack(tmp_path / "b", None)
    pack = load_packs(tmp_path / "b")["elsewhere"]
    assert pack.form_for_channel("sms") == "written" and pack.readings == DEFAULT_READINGS


@pytest.mark.parametrize(
    ("readings", "message"),
    [
        ({"first_lapse": "sometimes"}, "readings.first_lapse must be one of lapse, literal"),
        ({"colour": "blue"}, "readings.colour is not a known reading"),
        (["lapse"], "readings must be a mapping"),
    ],
)
def test_loader_rejects_unknown_readings(tmp_path, readings, message) -> None:
    write_pack(tmp_path, readings)
    with pytest.raises(PackError, match=message):
        load_packs(tmp_path)


def test_each_reading_has_words_for_the_household_page() -> None:
    words = Readings(first_lapse="literal", anonymous="exclude").words("kellogg")
    kelloggs = [name for name in CHOICES if RULES_OF.get(name, "kellogg") == "kellogg"]
    assert len(words) == len(kelloggs) and "read literally" in words[0] and "not counted" in words[2]
    assert all(words.count(line) == 1 for line in words)
    with pytest.raises(ValueError):
        parse_readings({"anonymous": "maybe"}, "x.yml")


def bite(fid: str, day: str, off_premises: bool | None, **more) -> ComplaintFact:
    return ComplaintFact(
        fid, "412 Oak St", date.fromisoformat(day), W, "bite", off_owner_premises=off_premises, **more
    )


def test_bite_complaints_both_readings(kellogg) -> None:
    """58-16 A: "If any owner of a domesticated animal is found in violation of any part of this article, a
    penalty will be executed." 58-10 sets the owner's duties after a bite ("that owner shall immediately
    notify the City and the Sheriff's Department, and such animal shall immediately be quarantined");
    58-10 B: "If the incident occurs at a location other than owner's premises, the animal shall be
    impounded"; 58-3: "It is unlawful ... to permit such animal to run at large".
    count (default, today's): every accepted bite counts. violation_only: a bite counts only when it states a
    violation (off the premises: at large); on the premises or where the records cannot tell, 58-10 alone."""
    facts = [bite("a", "2026-01-05", False), bite("b", "2026-01-10", None), bite("c", "2026-01-20", True)]
    assert counts(kellogg, facts, Readings()) == ["first", "second", "third"]
    assert counts(kellogg, facts, Readings(bite_complaints="violation_only")) == [
        "not_counted_bite_on_premises",
        "not_counted_bite_place_unknown",
        "first",
    ]
    # other complaints are not touched by the bite reading
    barking = [fact("x", "2026-01-02"), bite("a", "2026-01-05", False)]
    assert counts(kellogg, barking, Readings(bite_complaints="violation_only")) == [
        "first",
        "not_counted_bite_on_premises",
    ]
    standing = standing_at(
        facts[:2],
        "412 Oak St",
        date(2026, 1, 11),
        kellogg.law,
        kellogg.tz,
        Readings(bite_complaints="violation_only"),
    )
    assert (standing.level, standing.next_if_written) == ("none", "first")


def test_bite_not_counted_under_58_16_is_not_the_counted_incident(kellogg) -> None:
    """With same_incident count_once, a first report that places the bite on the premises (58-10 alone)
    does not stop a second report of the same bite, placed off the premises, from counting."""
    facts = [bite("a", "2026-01-05", None, incident="b1"), bite("b", "2026-01-05", True, incident="b1")]
    readings = Readings(bite_complaints="violation_only", same_incident="count_once")
    assert counts(kellogg, facts, readings) == ["not_counted_bite_place_unknown", "first"]


def test_bite_complaints_is_a_kellogg_reading_only(tmp_path) -> None:
    """Freeport has no 58-16: its packs may not set the reading and its household page does not name it."""
    freeport = get_pack("freeport")
    assert (
        len(freeport.readings.words(freeport.rules)) == 4
    )  # anonymous, same_incident, quarantine_from, 8(3)
    assert not any("bite complaint" in line for line in freeport.readings.words(freeport.rules))
    with pytest.raises(ReadingError, match="readings.bite_complaints applies only to rules kellogg"):
        parse_readings({"bite_complaints": "violation_only"}, "freeport.yml", "freeport")
    kellogg = get_pack("kellogg")
    assert kellogg.readings.bite_complaints == "count"
    assert kellogg.readings.words(kellogg.rules)[4] == (
        "58-16: an accepted bite complaint counts like any other complaint about the household"
    )
    assert "states a violation" in Readings(bite_complaints="violation_only").words("kellogg")[4]
    write_pack(tmp_path, {"bite_complaints": "violation_only"})
    assert load_packs(tmp_path)["elsewhere"].readings.bite_complaints == "violation_only"


def test_freeports_household_page_names_no_section_of_kelloggs_chapter() -> None:
    """Freeport Ordinance 2005-03 has no 58-16 and no "first complaint" lapse: its household page must not
    name Kellogg's 58-16(B)(4) reading (it did), and its pack may not set it."""
    freeport = get_pack("freeport")
    assert not any("58-" in line for line in freeport.readings.words(freeport.rules))
    with pytest.raises(ReadingError, match="readings.first_lapse applies only to rules kellogg"):
        parse_readings({"first_lapse": "literal"}, "freeport.yml", "freeport")
    kellogg = get_pack("kellogg")
    assert kellogg.readings.words(kellogg.rules)[0].startswith("58-16(B)(4)")


def test_the_cli_reads_where_a_bite_happened() -> None:
    item = {"id": "a", "subject": "s", "received": "2026-01-05", "form": W, "type": "bite"}
    [away, unknown] = facts_from_json(
        {"complaints": [{**item, "off_owner_premises": True}, {**item, "id": "b"}]}
    )
    assert (away.off_owner_premises, unknown.off_owner_premises) == (True, None)
    with pytest.raises(InputError, match="field 'off_owner_premises' must be true, false or null"):
        facts_from_json({"complaints": [{**item, "off_owner_premises": "yes"}]})
