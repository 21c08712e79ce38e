"""Kellogg 58-5 C: "continuous barking ... for a period of 30 minutes" — the minutes filed are the resident's.

Found on the running servers: "barking nonstop since 10pm" texted the next afternoon was read back
as "minutes without a break: 884", and "about 40 minutes" said afterwards did not replace it.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from rasa_sdk.events import SlotSet

from actions.confirmation import ValidateConfirmForm
from actions.report_forms import ValidateBarkingForm
from bot.nlp.facts.times import MAX_COMPUTED_RUN, read_times
from tests.actions.conftest import make_tracker

ZONE = "America/Chicago"
BARKING = {
    "report_type": "barking",
    "location": "412 Oak St",
    "animal": "dog",
    "barking_since": "since 10pm, nonstop",
    "complainant_name": "Jane Doe",
}


def _at(hour: int, minute: int, day: int = 18) -> datetime:
    return datetime(2026, 11, day, hour, minute, tzinfo=ZoneInfo(ZONE))


def test_since_a_time_gives_the_run_until_the_message_up_to_half_a_day() -> None:
    assert read_times("barking nonstop since 10pm", _at(5, 6), ZONE).minutes == 426
    assert read_times("barking nonstop since 10pm", _at(9, 59), ZONE).minutes == MAX_COMPUTED_RUN - 1


def test_since_10pm_texted_the_next_afternoon_makes_up_no_figure() -> None:
    facts = read_times("barking nonstop since 10pm", _at(14, 44), ZONE)
    assert facts.minutes is None
    assert facts.started_words == "since 10pm"  # the words stay for the clerk


def test_a_stated_run_is_marked_stated_and_a_computed_one_is_not() -> None:
    assert read_times("about 40 minutes", _at(14, 44), ZONE).minutes_stated
    assert read_times("lleva como 40 minutos", _at(14, 44), ZONE).minutes_stated
    assert not read_times("nonstop since 4am", _at(5, 6), ZONE).minutes_stated


def _slots(events: list[dict]) -> dict:
    return {e["name"]: e["value"] for e in events if e.get("event") == "slot"}


async def test_a_run_said_later_in_the_form_replaces_the_computed_one(dispatcher, domain):
    text = "actually its been about 40 minutes"
    tracker = make_tracker(
        text,
        slots={**BARKING, "barking_minutes": 426, "barking_frequency": None},
        active_loop="barking_form",
    )
    slots = _slots(await ValidateBarkingForm().run(dispatcher, tracker, domain))
    assert slots["barking_minutes"] == 40


async def test_a_since_time_said_later_does_not_replace_minutes_already_filed(dispatcher, domain):
    text = "it started around 4am"
    tracker = make_tracker(text, slots={**BARKING, "barking_minutes": 45}, active_loop="barking_form")
    slots = _slots(await ValidateBarkingForm().run(dispatcher, tracker, domain))
    assert "barking_minutes" not in slots


async def test_a_run_said_at_the_read_back_corrects_the_minutes(dispatcher, domain):
    text = "no it was about 40 minutes not that long"
    tracker = make_tracker(
        text, slots={**BARKING, "barking_minutes": 884}, set_this_turn={"report_confirmed": text}
    )
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert SlotSet("barking_minutes", 40) in events
    assert SlotSet("report_confirmed", None) in events  # read back again, with 40


async def test_yes_at_the_read_back_keeps_the_minutes(dispatcher, domain):
    text = "yes"
    tracker = make_tracker(
        text,
        intent="affirm",
        slots={**BARKING, "barking_minutes": 45},
        set_this_turn={"report_confirmed": text},
    )
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("report_confirmed", "yes")]


def test_since_a_number_of_minutes_ago_is_a_span_not_a_year() -> None:
    """ "since about 45 minutes ago" was read as "since about 45", the year 1945 (found while making the REST
    conversation test independent of the hour it runs at)."""
    facts = read_times("barking nonstop since about 45 minutes ago", _at(14, 44), ZONE)
    assert facts.started == _at(13, 59)
    assert facts.minutes == 45


async def test_a_start_said_after_all_night_replaces_it_and_gives_the_run(dispatcher, domain):
    """ "dog barking all night at 412 oak" files since "all night", with no start and no run; "it started around
    10pm" said later was dropped, because since was no longer missing."""
    text = "it started around 10pm"
    vague = {
        **BARKING,
        "barking_since": "all night",
        "complainant_name": None,
        "requested_slot": "complainant_name",
    }
    tracker = make_tracker(text, slots=vague, active_loop="barking_form")
    slots = _slots(await ValidateBarkingForm().run(dispatcher, tracker, domain))
    assert slots["barking_since"] == "started around 10pm"
    assert slots["occurred"].startswith("2026-11-17T22:00")
    assert slots["barking_minutes"] == 426


async def test_a_start_said_after_a_start_does_not_replace_it(dispatcher, domain):
    text = "it started around 4am"
    tracker = make_tracker(
        text, slots={**BARKING, "occurred": "2026-11-17T22:00:00-06:00"}, active_loop="barking_form"
    )
    slots = _slots(await ValidateBarkingForm().run(dispatcher, tracker, domain))
    assert "barking_since" not in slots
