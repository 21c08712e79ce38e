"""How long it barked, from a resident's words about time (bot.nlp.facts.times, bot.nlp.facts.times_es). Pure functions.

Kellogg 58-5 C: "Any animal that barks, bays, cries, howls or makes any other noise continuously for a
period of 30 minutes" is a nuisance, so the minutes filed must be minutes without a break that the words
state; when they do not, none are filed and the clerk reads the resident's words.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.nlp.facts.times import nightly_start, read_times

ZONE = "America/Chicago"
AFTERNOON = datetime(2026, 12, 1, 20, 9, tzinfo=timezone.utc)  # 2:09 pm in Kellogg
NIGHT = datetime(2026, 12, 2, 5, 30, tzinfo=timezone.utc)  # 11:30 pm in Kellogg


@pytest.mark.parametrize("now", [AFTERNOON, NIGHT], ids=["at 2:09 pm", "at 11:30 pm"])
@pytest.mark.parametrize(
    ("text", "words", "frequency"),
    [
        ("barking nonstop since 10pm every night", "since 10pm", "every night"),
        ("since 10pm every night", "since 10pm", "every night"),
        ("barking since 10pm, it happens every night", "since 10pm", "every night"),
        ("every night it barks from 10pm", "from 10pm", "every night"),
        ("barks each night since 10pm", "since 10pm", "each night"),
        (
            "ladra sin parar desde las 10 de la noche todas las noches",
            "desde las 10 de la noche",
            "every night",
        ),
        ("desde las diez de la noche, cada noche", "desde las 10 de la noche", "every night"),
    ],
)
def test_since_a_clock_time_every_night_is_when_it_starts_not_minutes(now, text, words, frequency) -> None:
    """A habitual "since 10pm every night" names when it starts each night, not one run from 10 pm until
    the message: sent at 2:09 pm it was filed as 969 minutes without a break. No minutes are filed."""
    facts = read_times(text, now, ZONE)
    assert (facts.minutes, facts.started_words, facts.frequency) == (None, words, frequency)
    assert facts.says_when  # the words are kept for the clerk


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("barking nonstop since 10pm", 90),  # one run, going on now: 10 pm to 11:30 pm
        ("desde las 10 de la noche", 90),
        ("barking for 2 hours every night since 10pm", 120),  # a stated run, each night
        ("nonstop since about an hour ago, every night", 60),  # tonight's start, not a time of day
        ("lleva como tres horas ladrando, todas las noches", 180),
    ],
)
def test_stated_runs_still_give_minutes(text: str, minutes: int) -> None:
    assert read_times(text, NIGHT, ZONE).minutes == minutes


def test_what_counts_as_a_nightly_start() -> None:
    assert nightly_start("since 10pm", "every night")
    assert nightly_start("desde las 10 de la noche", "every night")
    assert not nightly_start("since 10pm", None)
    assert not nightly_start("since 10pm", "tonight only")  # once, not again and again
    assert not nightly_start("since 10pm last night", "every night")  # a day is named
    assert not nightly_start("about an hour ago", "every night")
    assert not nightly_start("desde anoche", "every night")


@pytest.mark.parametrize(
    "text",
    [
        "barking since last night",
        "since yesterday",
        "nonstop since this morning",
        "ladrando desde anoche",
        "desde ayer en la tarde",
    ],  # fmt: skip
)
def test_since_a_day_without_a_clock_time_makes_none_up(text: str) -> None:
    """ "since last night" names a day, not a time: it was read as yesterday at the message's own clock time,
    so 1440 minutes without a break and a made-up time it happened. The words are kept, nothing else."""
    facts = read_times(text, AFTERNOON, ZONE)
    assert (facts.started, facts.minutes) == (None, None)
    assert facts.started_words and facts.says_when


@pytest.mark.parametrize(
    ("now", "text", "started", "minutes"),
    [
        # 2:45 pm in Kellogg (20:45 UTC): dateparser's own "past" read 9 am as yesterday, 1,785 minutes ago
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "barking since 9am", "04 09:00", 345),
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "barking since 9", "04 09:00", 345),
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "since 9:30", "04 09:30", 315),
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "desde las 9 de la manana", "04 09:00", 345),
        # a clock time that does not say am or pm is the latest one that has passed: 1 pm, not 1 am
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "barking since 1", "04 13:00", 105),
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "desde la 1", "04 13:00", 105),
        # 6:30 pm (00:30 UTC the next day): the city's date, not UTC's
        (datetime(2026, 12, 5, 0, 30, tzinfo=timezone.utc), "barking since 6", "04 18:00", 30),
        # 8 am: 9 am has not come, so "since 9" is 9 last night
        (datetime(2026, 12, 4, 14, 0, tzinfo=timezone.utc), "barking since 9", "03 21:00", 660),
        (datetime(2026, 12, 4, 14, 0, tzinfo=timezone.utc), "since 7", "04 07:00", 60),
        # said with its half of the day, the words decide; past 12 hours no run is computed
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "since 10pm", "03 22:00", None),
        (datetime(2026, 12, 4, 20, 45, tzinfo=timezone.utc), "desde las 10 de la noche", "03 22:00", None),
    ],
)
def test_a_clock_time_is_the_latest_one_that_has_passed(now, text, started, minutes) -> None:
    facts = read_times(text, now, ZONE)
    assert (facts.started.strftime("%d %H:%M"), facts.minutes) == (started, minutes)
