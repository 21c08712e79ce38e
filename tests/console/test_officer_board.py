"""The board's order (bot.console.officer_board), on records alone: bites; in danger now; threats; a 58-10 D
clock while it runs; at large and still there in the last hour."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone

from bot.cases.dispatch import BoardComplaint, DispatchState, StepRecord
from bot.console.officer_board import board_items
from bot.jurisdictions import get_pack

NOW = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)
PACKS = {"kellogg": get_pack("kellogg"), "freeport": get_pack("freeport")}


def _complaint(number: int, type: str, minutes_ago: int, **fields: object) -> BoardComplaint:
    base = BoardComplaint(
        id=number, reference=f"KEL-2026-{number:05d}", jurisdiction="kellogg", type=type, urgent=False,
        received=NOW - timedelta(minutes=minutes_ago), occurred=None, location_text="412 Oak St",
        location_normalised="412 OAK ST", animal_species="dog", animal_description=None, details={},
        subject_id=None, subject_confirmed=False, language="en", victim_kind=None, injury=None, photo_count=0,
    )  # fmt: skip
    return replace(base, **fields)


def _done(outcome: str) -> DispatchState:
    return DispatchState(steps=(StepRecord("done", "on_call", "officer", NOW, outcome),))


def test_the_board_order() -> None:
    bitten = NOW - timedelta(minutes=30)
    complaints = [
        _complaint(1, "at_large", 20, details={"still_there": "yes"}),
        _complaint(2, "threat", 50),
        _complaint(3, "neglect", 40, urgent=True),
        _complaint(4, "bite", 10, occurred=bitten, victim_kind="person", urgent=True),
        _complaint(
            5, "bite", 45, occurred=bitten, victim_kind="person", urgent=True, dispatch=_done("not_found")
        ),
        _complaint(6, "bite", 60, urgent=True),  # no bite time: no clock, still a bite
        _complaint(7, "at_large", 70, details={"still_there": "yes"}),  # over an hour: not listed
        _complaint(8, "bite", 45, occurred=bitten, victim_kind="person", dispatch=_done("owner_advised")),
        _complaint(9, "barking", 5),
        _complaint(10, "threat", 20, dispatch=_done("warning_given")),
    ]
    items = board_items(complaints, PACKS, NOW)
    assert [(i.complaint.id, i.group) for i in items] == [
        (6, "bite"), (4, "bite"), (3, "danger"), (2, "threat"), (5, "owner_notice"), (1, "at_large")
    ]  # fmt: skip
    assert items[1].deadline == bitten + timedelta(hours=2) and items[0].deadline is None
    assert items[4].deadline == bitten + timedelta(hours=2)


def test_a_clock_that_ran_out_leaves_the_board_once_the_officer_is_done() -> None:
    bitten = NOW - timedelta(hours=3)
    done = _complaint(1, "bite", 170, occurred=bitten, victim_kind="person", dispatch=_done("not_found"))
    assert board_items([done], PACKS, NOW) == []


def test_complaints_older_than_the_pack_board_days_are_not_listed() -> None:
    old = _complaint(1, "bite", 3 * 24 * 60 + 1, urgent=True)
    assert board_items([old], PACKS, NOW) == []
