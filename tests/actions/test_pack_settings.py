"""The conversation's thresholds are pack settings (issue 9 brief item 5): `dialogue:` in a pack's YAML, typed,
with the defaults in bot/jurisdictions/dialogue.py. A third city's values are the ones used."""

from __future__ import annotations

import shutil

import pytest
import yaml

from actions.reading import is_clear_aside
from actions.report_forms import ValidateBarkingForm, ValidateBiteForm
from bot.jurisdictions import PACKS_DIR, PACKS_DIR_VARIABLE, PackError, get_pack, load_packs
from bot.jurisdictions.dialogue import DialogueSettings
from tests.actions.conftest import make_tracker


def _slots(events: list[dict]) -> dict:
    return {e["name"]: e["value"] for e in events if e.get("event") == "slot"}


def _packs_with_lakeside(tmp_path, monkeypatch, dialogue: object) -> None:
    directory = tmp_path / "packs"
    directory.mkdir()
    for name in ("kellogg.yml", "freeport.yml", "kellogg-chapter-58.txt"):
        shutil.copy(PACKS_DIR / name, directory / name)
    raw = yaml.safe_load((PACKS_DIR / "kellogg.yml").read_text(encoding="utf-8"))
    raw.update(code="lakeside", name="Lakeside, MN", reference_prefix="LAK", phone_numbers=["+15075550777"])
    raw["dialogue"] = dialogue
    (directory / "lakeside.yml").write_text(yaml.safe_dump(raw), encoding="utf-8")
    monkeypatch.setenv(PACKS_DIR_VARIABLE, str(directory))


def test_shipped_packs_state_the_defaults() -> None:
    assert {code: pack.dialogue for code, pack in load_packs(PACKS_DIR).items()} == {
        "kellogg": DialogueSettings(0.5, 0.8, 12),
        "freeport": DialogueSettings(0.5, 0.8, 12),
    }


def test_a_pack_without_the_section_gets_the_defaults(tmp_path, monkeypatch) -> None:
    _packs_with_lakeside(tmp_path, monkeypatch, None)
    assert get_pack("lakeside").dialogue == DialogueSettings()


@pytest.mark.parametrize(
    ("dialogue", "message"),
    [
        ({"asr_confidence_min": 1.5}, "dialogue.asr_confidence_min must be a number from 0 to 1"),
        ({"aside_confidence_min": "high"}, "dialogue.aside_confidence_min must be a number from 0 to 1"),
        ({"asr_confidence": 0.4}, "unknown dialogue setting asr_confidence"),
        ({"max_call_turns": 0.5}, "dialogue.max_call_turns must be a whole number of at least 6"),
        ({"max_call_turns": 3}, "dialogue.max_call_turns must be a whole number of at least 6"),
        (["asr_confidence_min"], "dialogue must be a mapping"),
    ],
)
def test_a_bad_setting_is_refused_on_load(tmp_path, monkeypatch, dialogue, message) -> None:
    _packs_with_lakeside(tmp_path, monkeypatch, dialogue)
    with pytest.raises(PackError, match=message):
        load_packs()


def _heard(confidence: str, city: str):
    text = "six twelve north fourth street"
    return make_tracker(
        text,
        set_this_turn={"location": text},
        slots={"report_type": "barking", "requested_slot": "location", "jurisdiction": city},
        metadata={"asr_confidence": confidence},
    )


async def test_the_packs_asr_threshold_decides_the_read_back(
    tmp_path, monkeypatch, dispatcher, domain
) -> None:
    _packs_with_lakeside(tmp_path, monkeypatch, {"asr_confidence_min": 0.7})
    # 0.6 is above Kellogg's 0.5: taken as heard
    kellogg = _slots(await ValidateBarkingForm().run(dispatcher, _heard("0.6", "kellogg"), domain))
    assert kellogg["location"] == "612 N 4th St" and "location_unconfirmed" not in kellogg
    # and below Lakeside's 0.7: read back to the caller
    lakeside = _slots(await ValidateBarkingForm().run(dispatcher, _heard("0.6", "lakeside"), domain))
    assert lakeside["location_unconfirmed"] is True and lakeside["requested_slot"] == "location_confirmed"


def _status_question(city: str, confidence: float):
    tracker = make_tracker(
        "what's the status of my report",
        intent="check_status",
        slots={"report_type": "barking", "requested_slot": "location", "jurisdiction": city},
    )
    tracker.latest_message["intent"]["confidence"] = confidence
    return tracker


def test_the_packs_aside_threshold_decides_what_interrupts_the_form(tmp_path, monkeypatch) -> None:
    _packs_with_lakeside(tmp_path, monkeypatch, {"aside_confidence_min": 0.9})
    assert is_clear_aside(_status_question("kellogg", 0.85))  # Kellogg's 0.8: an aside
    assert not is_clear_aside(_status_question("lakeside", 0.85))  # Lakeside's 0.9: read as an answer
    assert is_clear_aside(_status_question("lakeside", 0.95))


def _call_turn(turn: int, city: str):
    """The caller's `turn`-th answer, at the bite form's first question (nothing said yet but the report)."""
    earlier = [{"event": "user", "text": f"answer {n}"} for n in range(turn - 1)]
    return make_tracker(
        "hmm",
        set_this_turn={"victim": "hmm"},
        slots={"report_type": "bite", "requested_slot": "victim", "jurisdiction": city},
        sender_id="call:CA" + "1" * 32,
        channel="voice",
        earlier_events=earlier,
        metadata={"to": "", "office_open": False},
    )


async def test_the_packs_call_turns_decide_when_a_call_is_wrapped_up(
    tmp_path, monkeypatch, dispatcher, domain
) -> None:
    # two turns before the pack's last, whatever is missing is given up: after hours the place is
    # filed for a call back, so the read-back and the YES fit in the call
    _packs_with_lakeside(tmp_path, monkeypatch, {"max_call_turns": 8})
    kellogg = _slots(await ValidateBiteForm().run(dispatcher, _call_turn(6, "kellogg"), domain))
    assert kellogg["victim"] is None and "location" not in kellogg  # Kellogg's 12: five turns left
    lakeside = _slots(await ValidateBiteForm().run(dispatcher, _call_turn(6, "lakeside"), domain))
    assert lakeside["victim"] == "not known" and lakeside["location"].startswith("not given")
