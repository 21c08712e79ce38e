"""Jurisdiction packs: loading, rejecting malformed packs, a third city, office hours."""

import json
import os
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml

from bot.jurisdictions import (
    PACKS_DIR,
    PackError,
    UnknownJurisdiction,
    get_pack,
    load_packs,
    pack_for_number,
)
from bot.ordinance import rules_module
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.freeport import FreeportLaw
from bot.ordinance.kellogg import KelloggLaw, count_complaints

REPO = Path(__file__).resolve().parents[2]


def kellogg_raw() -> dict:
    return yaml.safe_load((PACKS_DIR / "kellogg.yml").read_text(encoding="utf-8"))


def write_pack(directory: Path, raw: object, name: str = "city.yml") -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / name
    path.write_text(raw if isinstance(raw, str) else yaml.safe_dump(raw), encoding="utf-8")
    return path


def test_shipped_packs_load_with_their_law() -> None:
    packs = load_packs()
    assert sorted(packs) == ["freeport", "kellogg"]
    assert isinstance(packs["kellogg"].law, KelloggLaw)
    assert isinstance(packs["freeport"].law, FreeportLaw)
    assert packs["kellogg"].law.first_late_license_fee_cents == 10000
    assert packs["freeport"].law.release_fees_cents == (5000, 7500, 10000)
    assert rules_module(packs["kellogg"].rules).__name__ == "bot.ordinance.kellogg"


def test_each_pack_has_numbers_of_its_own() -> None:
    packs = load_packs().values()
    numbers = [n for p in packs for n in p.phone_numbers]
    assert len(numbers) == len(set(numbers))
    for pack in packs:
        for number in pack.phone_numbers:
            assert pack_for_number(number) is pack
    assert pack_for_number("+19995550000") is None


def test_unknown_code_is_an_error() -> None:
    with pytest.raises(UnknownJurisdiction):
        get_pack("gotham")


def _without(key):
    def change(raw):
        del raw[key]

    return change


def _set(path, value):
    def change(raw):
        target = raw
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


MALFORMED = [
    ("missing law section", _without("law"), "missing law"),
    ("missing time zone", _without("timezone"), "missing timezone"),
    ("unknown time zone", _set(["timezone"], "America/Kellogg"), "unknown time zone"),
    ("office hour not a time", _set(["office", "hours", "mon"], ["08:00", "25:00"]), "office.hours.mon"),
    (
        "office closes before it opens",
        _set(["office", "hours", "tue"], ["16:30", "08:00"]),
        "closes before it opens",
    ),
    ("unknown day", _set(["office", "hours", "funday"], ["08:00", "12:00"]), "unknown day"),
    ("form not verbal or written", _set(["channel_forms", "sms"], "shouted"), "verbal or written"),
    ("rules names no module", _set(["rules"], "atlantis"), "atlantis"),
    ("rules names a module that is not rules", _set(["rules"], "dates"), "not a rules module"),
    (
        "negative fee",
        _set(["law", "first", "late_license_fee_cents"], -100),
        "law.first.late_license_fee_cents",
    ),
    (
        "fee in dollars text",
        _set(["law", "second", "reissue_fee_cents"], "$50"),
        "law.second.reissue_fee_cents",
    ),
    (
        "missing window",
        _set(["law", "counting"], {"second_within_months": 2}),
        "law.counting.verbal_pair_months",
    ),
    ("phone number not E.164", _set(["phone_numbers"], ["507-555-0158"]), "phone_numbers"),
]


@pytest.mark.parametrize(("change", "message"), [pytest.param(c, m, id=i) for i, c, m in MALFORMED])
def test_malformed_pack_is_rejected_with_a_clear_message(tmp_path, change, message) -> None:
    raw = kellogg_raw()
    change(raw)
    write_pack(tmp_path, raw, "broken.yml")
    with pytest.raises(PackError) as caught:
        load_packs(tmp_path)
    assert "broken.yml" in str(caught.value)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("- just\n- a list\n", "mapping", id="not a mapping"),
        pytest.param("code: [unclosed\n", "not valid YAML", id="not YAML"),
        pytest.param("", "mapping", id="empty file"),
    ],
)
def test_pack_that_is_not_a_mapping_is_rejected(tmp_path, text, message) -> None:
    write_pack(tmp_path, text, "broken.yml")
    with pytest.raises(PackError, match=message):
        load_packs(tmp_path)


def test_duplicate_code_is_rejected(tmp_path) -> None:
    write_pack(tmp_path, kellogg_raw(), "a.yml")
    write_pack(tmp_path, kellogg_raw(), "b.yml")
    with pytest.raises(PackError, match="duplicate jurisdiction code kellogg"):
        load_packs(tmp_path)


def third_city(tmp_path: Path, **law_changes) -> Path:
    directory = tmp_path / "packs"
    directory.mkdir(exist_ok=True)
    for name in ("kellogg.yml", "freeport.yml"):
        shutil.copy(PACKS_DIR / name, directory / name)
    raw = kellogg_raw()
    raw.update(code="plainview", name="Plainview, MN", reference_prefix="PLV", phone_numbers=["+15075550177"])
    raw["law"]["counting"].update(law_changes)
    write_pack(directory, raw, "plainview.yml")
    return directory


def test_third_city_is_a_new_pack_file_only(tmp_path) -> None:
    directory = third_city(tmp_path, second_within_months=3)
    packs = load_packs(directory)
    assert sorted(packs) == ["freeport", "kellogg", "plainview"]
    plainview = packs["plainview"]
    assert plainview.rules == "kellogg" and plainview.law.second_within_months == 3
    facts = [
        ComplaintFact("a", "1 Main", datetime(2026, 1, 5, 9, tzinfo=timezone.utc), "written", "barking"),
        ComplaintFact("b", "1 Main", datetime(2026, 3, 20, 9, tzinfo=timezone.utc), "written", "barking"),
    ]
    # Same law module, the city's own window: 2 months + 15 days is second in Plainview, not in Kellogg.
    assert [r.counts_as for r in count_complaints(facts, plainview.law, plainview.tz)] == ["first", "second"]
    kellogg = packs["kellogg"]
    assert [r.counts_as for r in count_complaints(facts, kellogg.law, kellogg.tz)] == ["first", "first"]


def run_bot(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )


def test_jurisdictions_command_prints_every_pack() -> None:
    done = run_bot("jurisdictions")
    assert done.returncode == 0, done.stderr
    listed = json.loads(done.stdout)
    assert [p["code"] for p in listed] == ["freeport", "kellogg"]
    kellogg = listed[1]
    assert kellogg["name"] == "Kellogg, MN"
    assert kellogg["phone_numbers"] == list(get_pack("kellogg").phone_numbers)
    assert kellogg["timezone"] == "America/Chicago"
    assert kellogg["office_hours"]["fri"] == ["08:00", "12:00"]
    assert "sat" not in kellogg["office_hours"]
    assert kellogg["office_hours_text"] == "Mon-Thu 8:00-16:30, Fri 8:00-12:00"


def test_jurisdictions_command_lists_a_third_pack(tmp_path) -> None:
    done = run_bot("jurisdictions", "--packs-dir", str(third_city(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert [p["code"] for p in json.loads(done.stdout)] == ["freeport", "kellogg", "plainview"]


def test_jurisdictions_command_reports_a_broken_pack_in_one_line(tmp_path) -> None:
    raw = kellogg_raw()
    del raw["law"]
    write_pack(tmp_path, raw, "broken.yml")
    done = run_bot("jurisdictions", "--packs-dir", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [done.stderr.strip()]
    assert "broken.yml" in done.stderr and "Traceback" not in done.stderr


# --- office hours ----------------------------------------------------------------------------------


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("code", "at", "open_"),
    [
        pytest.param("kellogg", utc(2026, 1, 5, 14, 0), True, id="Mon 08:00 CST opens"),
        pytest.param("kellogg", utc(2026, 1, 5, 13, 59), False, id="Mon 07:59 CST before opening"),
        pytest.param("kellogg", utc(2026, 1, 5, 22, 29), True, id="Mon 16:29 CST open"),
        pytest.param("kellogg", utc(2026, 1, 5, 22, 30), False, id="Mon 16:30 CST closed"),
        pytest.param("kellogg", utc(2026, 1, 9, 17, 59), True, id="Fri 11:59 CST open"),
        pytest.param("kellogg", utc(2026, 1, 9, 18, 0), False, id="Fri 12:00 CST closed (half day)"),
        pytest.param("freeport", utc(2026, 1, 9, 18, 0), True, id="Freeport Fri 12:00 CST open"),
        pytest.param("kellogg", utc(2026, 1, 10, 16, 0), False, id="Sat closed"),
        pytest.param(
            "kellogg", utc(2026, 3, 6, 13, 30), False, id="Fri before DST: 13:30Z is 07:30 CST, closed"
        ),
        pytest.param("kellogg", utc(2026, 3, 9, 13, 30), True, id="Mon after DST: 13:30Z is 08:30 CDT, open"),
        pytest.param(
            "kellogg", utc(2026, 10, 30, 13, 0), True, id="Fri before DST ends: 13:00Z is 08:00 CDT"
        ),
        pytest.param(
            "kellogg", utc(2026, 11, 2, 13, 30), False, id="Mon after DST ends: 13:30Z is 07:30 CST"
        ),
        pytest.param("kellogg", utc(2026, 1, 6, 5, 0), False, id="Mon 23:00 CST is Tue 05:00Z: closed"),
    ],
)
def test_is_office_open(code, at, open_) -> None:
    assert get_pack(code).is_office_open(at) is open_


@pytest.mark.parametrize(
    ("hours", "text"),
    [
        pytest.param(None, "Mon-Thu 8:00-16:30, Fri 8:00-12:00", id="Kellogg as shipped"),
        pytest.param(
            {"mon": ["09:00", "17:00"], "wed": ["09:00", "17:00"]},
            "Mon 9:00-17:00, Wed 9:00-17:00",
            id="days apart are not a range",
        ),
        pytest.param(
            {"sat": ["10:00", "12:30"], "sun": ["10:00", "12:30"]}, "Sat-Sun 10:00-12:30", id="weekend range"
        ),
        pytest.param({}, "", id="no hours"),
    ],
)
def test_office_hours_text(tmp_path, hours, text) -> None:
    raw = kellogg_raw()
    if hours is not None:
        raw["office"]["hours"] = hours
    write_pack(tmp_path, raw)
    assert load_packs(tmp_path)["kellogg"].office_hours_text() == text


@pytest.mark.parametrize(
    ("channel", "form"),
    [("sms", "written"), ("voice", "verbal"), ("walk_in", "verbal"), ("email", "written")],
)
def test_channel_forms(channel, form) -> None:
    assert get_pack("kellogg").form_for_channel(channel) == form


def test_unknown_channel_is_an_error() -> None:
    with pytest.raises(ValueError, match="carrier_pigeon"):
        get_pack("kellogg").form_for_channel("carrier_pigeon")
