"""Readings the city must choose: each a pack setting, both readings implemented, today's the default."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
import yaml

from bot.jurisdictions import PACKS_DIR, PackError, get_pack, load_packs
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.kellogg import count_complaints, standing_at
from bot.ordinance.readings import DEFAULT_READINGS, Readings, parse_readings

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
    words = Readings(first_lapse="literal", anonymous="exclude").words()
    assert len(words) == 4 and "read literally" in words[0] and "not counted" in words[2]
    with pytest.raises(ValueError):
        parse_readings({"anonymous": "maybe"}, "x.yml")
