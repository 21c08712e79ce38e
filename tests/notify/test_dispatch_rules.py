"""What a city sets for the officer's dispatch, the 58-10 D deadline the board and the alerts read, and who
agreed to status texts (bot.notify.dispatch_rules)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

import pytest

from bot.jurisdictions import get_pack
from bot.notify.dispatch_rules import (
    agreed_to_updates,
    declines_updates,
    dispatch_settings,
    owner_notice_deadline,
    texts_in_force,
)

BITTEN = datetime(2026, 3, 2, 14, 55, tzinfo=timezone.utc)


def _with_dispatch(code: str, **values: object):
    pack = get_pack(code)
    return replace(pack, extra={**pack.extra, "dispatch": {**pack.extra["dispatch"], **values}})


def test_58_10_d_is_two_hours_after_the_bite_and_only_when_a_person_was_bitten() -> None:
    """58-10 D: "If the owner cannot be advised of the animal bite within two hours after the bite"."""
    kellogg = get_pack("kellogg")
    at = dict(reference="KEL-2026-00001", received=BITTEN + timedelta(minutes=5), injury=True)
    assert owner_notice_deadline(kellogg, occurred=BITTEN, victim_kind="person", **at) == BITTEN + timedelta(
        hours=2
    )
    # who was bitten not known yet: the engine dates no clock until a person is (bot.ordinance.kellogg)
    assert owner_notice_deadline(kellogg, occurred=BITTEN, victim_kind="unknown", **at) is None
    assert owner_notice_deadline(kellogg, occurred=BITTEN, victim_kind="domestic_animal", **at) is None
    assert (
        owner_notice_deadline(kellogg, occurred=None, victim_kind="person", **at) is None
    )  # not dated from receipt
    assert owner_notice_deadline(get_pack("freeport"), occurred=BITTEN, victim_kind="person", **at) is None


def test_by_reporting_texts_a_phone_reporter_unless_they_said_no() -> None:
    kellogg = get_pack("kellogg")
    assert dispatch_settings(kellogg).status_texts == "by_reporting"
    assert agreed_to_updates(kellogg, {}, "+15075550123")
    assert not agreed_to_updates(kellogg, {"status_updates": "no"}, "+15075550123")
    assert not agreed_to_updates(kellogg, {}, "rest:dev-sender")
    assert not agreed_to_updates(kellogg, {}, None)


def test_asked_texts_only_a_resident_who_said_yes() -> None:
    asked = _with_dispatch("kellogg", status_texts="asked")
    assert not agreed_to_updates(asked, {}, "+15075550123")
    assert agreed_to_updates(asked, {"status_updates": "yes"}, "+15075550123")


def test_asked_waits_for_the_assistants_question_and_the_officer_is_told() -> None:
    """No pack asks yet (the assistant does not ask): under `asked` a report without the answer gets nothing."""
    asked = _with_dispatch("kellogg", status_texts="asked")
    assert not agreed_to_updates(asked, {"status_updates": ""}, "+15075550123")
    assert all(
        dispatch_settings(get_pack(code)).status_texts == "by_reporting" for code in ("kellogg", "freeport")
    )
    waiting = texts_in_force(asked, {}, "+15075550123", opted_out=False)
    assert (
        "No texts to the resident" in waiting and "reads: asked" in waiting and "does not ask yet" in waiting
    )
    assert "texted each step" in texts_in_force(asked, {"status_updates": "yes"}, "+15075550123", False)


@pytest.mark.parametrize(
    ("text", "language"),
    [("No more updates.", "en"), ("OK, no updates please", "en"), ("STOP UPDATES", "en"),
     ("¡Sin actualizaciones, gracias!", "es"), ("no más avisos", "es"), ("No quiero actualizaciones", "es"),
     ("no updates on the dog at 412 oak", None), ("no", None), ("thanks", None), ("", None),
     ("stop", None)],  # STOP is Twilio's opt-out from every text, handled before this
)  # fmt: skip
def test_a_no_updates_answer_is_the_whole_message(text: str, language: str | None) -> None:
    assert declines_updates(text) == language


@pytest.mark.parametrize(
    "values", [{"escalate_after_minutes": 0}, {"board_days": "3"}, {"status_texts": "always"}]
)
def test_a_setting_that_cannot_be_right_is_refused(values) -> None:
    with pytest.raises(ValueError, match="dispatch"):
        dispatch_settings(_with_dispatch("kellogg", **values))
