"""A subject's standing on a day (58-16 B, for the console) and the orders a bite brings (58-10)."""

from datetime import date, datetime, timedelta, timezone

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.kellogg import KelloggBite, bite_orders, standing_at

V, W = "verbal", "written"
SUBJECT = "412 Oak St"


@pytest.fixture(scope="module")
def pack():
    return get_pack("kellogg")


def facts_for(*rows) -> list[ComplaintFact]:
    return [
        ComplaintFact(f"c{i}", SUBJECT, date.fromisoformat(received), form, "barking")
        for i, (received, form) in enumerate(rows)
    ]


STANDING_CASES = [
    # id, complaints, on, level, window_open_until, days_left, next_if_verbal, next_if_written
    (
        "58-16(B)(2) no complaints: no standing",
        [],
        "2026-02-01",
        "none",
        None,
        None,
        "verbal_pending",
        "first",
    ),
    (
        "58-16(B)(2) a pending verbal: another verbal makes a first",
        [("2026-01-05", V)],
        "2026-02-01",
        "verbal_pending",
        "2026-03-05",
        32,
        "first",
        "first",
    ),
    (
        "58-16(B)(2) a pending verbal on its last day",
        [("2026-01-05", V)],
        "2026-03-05",
        "verbal_pending",
        "2026-03-05",
        0,
        "first",
        "first",
    ),
    (
        "58-16(B)(2) a pending verbal past two months: no standing",
        [("2026-01-05", V)],
        "2026-03-06",
        "none",
        None,
        None,
        "verbal_pending",
        "first",
    ),
    (
        "58-16(B)(3) first on its window's last day",
        [("2026-01-05", W)],
        "2026-03-05",
        "first",
        "2026-03-05",
        0,
        "second",
        "second",
    ),
    (
        "58-16(B)(3) first lapsed a day past two months: no standing",
        [("2026-01-05", W)],
        "2026-03-06",
        "none",
        None,
        None,
        "verbal_pending",
        "first",
    ),
    (
        "58-16(B)(4) second: the window runs to F + 1 year",
        [("2026-01-05", W), ("2026-02-01", V)],
        "2026-06-01",
        "second",
        "2027-01-05",
        218,
        "third",
        "third",
    ),
    (
        "58-16(B)(4) third stands until F + 1 year",
        [("2026-01-05", W), ("2026-02-01", V), ("2026-05-01", V)],
        "2027-01-05",
        "third",
        "2027-01-05",
        0,
        "third",
        "third",
    ),
    (
        "58-16(B)(4) the year is over: no standing",
        [("2026-01-05", W), ("2026-02-01", V), ("2026-05-01", V)],
        "2027-01-06",
        "none",
        None,
        None,
        "verbal_pending",
        "first",
    ),
    (
        "58-16(B)(3) a verbal after the first lapsed is pending again",
        [("2026-01-05", W), ("2026-04-01", V)],
        "2026-04-02",
        "verbal_pending",
        "2026-06-01",
        60,
        "first",
        "first",
    ),
    (
        "58-16(B)(4) a verbal after the year is pending again",
        [("2026-01-05", W), ("2026-02-01", W), ("2027-01-10", V)],
        "2027-01-10",
        "verbal_pending",
        "2027-03-10",
        59,
        "first",
        "first",
    ),
    (
        "58-16(B) complaints after the day asked about do not count yet",
        [("2026-01-05", W), ("2026-02-01", V)],
        "2026-01-20",
        "first",
        "2026-03-05",
        44,
        "second",
        "second",
    ),
    (
        "58-16(B)(3) F Dec 31: first until Feb 28",
        [("2025-12-31", W)],
        "2026-02-28",
        "first",
        "2026-02-28",
        0,
        "second",
        "second",
    ),
]


@pytest.mark.parametrize(
    ("rows", "on", "level", "until", "days_left", "next_verbal", "next_written"),
    [pytest.param(*case[1:], id=case[0]) for case in STANDING_CASES],
)
def test_standing_table(pack, rows, on, level, until, days_left, next_verbal, next_written) -> None:
    standing = standing_at(facts_for(*rows), SUBJECT, date.fromisoformat(on), pack.law, pack.tz)
    assert standing.level == level
    assert standing.window_open_until == (date.fromisoformat(until) if until else None)
    assert standing.days_left == days_left
    assert (standing.next_if_verbal, standing.next_if_written) == (next_verbal, next_written)


def test_standing_reports_anchor_or_pending_day(pack) -> None:
    pending = standing_at(facts_for(("2026-01-05", V)), SUBJECT, date(2026, 1, 6), pack.law, pack.tz)
    assert (pending.anchor, pending.pending_since) == (None, date(2026, 1, 5))
    paired = standing_at(
        facts_for(("2026-01-05", V), ("2026-01-20", V)), SUBJECT, date(2026, 1, 21), pack.law, pack.tz
    )
    assert (paired.level, paired.anchor, paired.pending_since) == ("first", date(2026, 1, 20), None)


def test_standing_ignores_other_subjects(pack) -> None:
    facts = [ComplaintFact("x", "9 Elm St", date(2026, 1, 5), W, "barking")]
    assert standing_at(facts, SUBJECT, date(2026, 1, 6), pack.law, pack.tz).level == "none"


def test_standing_on_an_aware_datetime_uses_the_citys_day(pack) -> None:
    # 05:30 UTC on Mar 6 is still Mar 5 in Kellogg: the first's last day.
    on = datetime(2026, 3, 6, 5, 30, tzinfo=timezone.utc)
    assert standing_at(facts_for(("2026-01-05", W)), SUBJECT, on, pack.law, pack.tz).level == "first"


# --- 58-10 bites -----------------------------------------------------------------------------------

BITTEN = datetime(2026, 6, 1, 14, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    ("vaccinated", "on_premises", "place", "section"),
    [
        pytest.param(
            True, True, "owner_home", "58-10(A)", id="58-10(A) vaccinated with proof, at home: owner keeps it"
        ),
        pytest.param(
            False,
            True,
            "veterinary_hospital_or_shelter",
            "58-10(C)",
            id="58-10(C) not vaccinated: vet or shelter",
        ),
        pytest.param(
            True,
            False,
            "shelter_or_veterinary_clinic",
            "58-10(B)",
            id="58-10(B) bite away from the premises: impounded",
        ),
        pytest.param(
            False,
            False,
            "shelter_or_veterinary_clinic",
            "58-10(B)",
            id="58-10(B) away and not vaccinated: impounded",
        ),
        pytest.param(None, True, "undetermined", None, id="58-10(A)(1) no proof shown yet: undetermined"),
        pytest.param(True, None, "undetermined", None, id="58-10(B) place of the bite unknown: undetermined"),
        pytest.param(
            False,
            None,
            "veterinary_hospital_or_shelter",
            "58-10(C)",
            id="58-10(C) not vaccinated wherever it was",
        ),
    ],
)
def test_quarantine_place(pack, vaccinated, on_premises, place, section) -> None:
    orders = bite_orders(KelloggBite(BITTEN, "person", vaccinated, on_premises), pack.law)
    assert orders.quarantine_required is True
    assert orders.quarantine_min_days == 10
    assert orders.quarantine_place == place
    if section:
        assert section in orders.sections
    else:
        assert orders.to_confirm


def test_keeping_at_home_lists_the_conditions(pack) -> None:
    orders = bite_orders(KelloggBite(BITTEN, "person", True, True), pack.law)
    text = " ".join(orders.conditions)
    assert "separate from other animals" in text and "indoors" in text and "Board of Health" in text
    assert bite_orders(KelloggBite(BITTEN, "person", False, True), pack.law).conditions == ()


@pytest.mark.parametrize(
    ("advised_after", "owner_known", "impound"),
    [
        pytest.param(
            timedelta(hours=1, minutes=59), None, False, id="58-10(D) owner advised within two hours"
        ),
        pytest.param(timedelta(hours=2), None, False, id="58-10(D) advised at exactly two hours is within"),
        pytest.param(
            timedelta(hours=2, minutes=1), None, True, id="58-10(D) advised too late: officer impounds"
        ),
        pytest.param(None, False, True, id="58-10(D) owner cannot be identified: officer impounds"),
        pytest.param(None, None, None, id="58-10(D) not advised yet: open question"),
    ],
)
def test_two_hour_owner_notice(pack, advised_after, owner_known, impound) -> None:
    advised_at = BITTEN + advised_after if advised_after is not None else None
    orders = bite_orders(KelloggBite(BITTEN, "person", True, True, advised_at, owner_known), pack.law)
    assert orders.owner_notice_deadline == BITTEN + timedelta(hours=2)
    assert orders.impound_by_officer is impound
    assert ("58-10(D)" in orders.sections) is bool(impound)


def test_two_hour_deadline_is_elapsed_time_across_dst(pack) -> None:
    # 01:30 CST on the spring-forward night: two hours later the clock reads 04:30 CDT.
    bitten = datetime(2026, 3, 8, 1, 30, tzinfo=pack.tz)
    deadline = bite_orders(KelloggBite(bitten, "person", True, True), pack.law).owner_notice_deadline
    # Same-zone subtraction in Python is wall-clock, so measure the elapsed time in UTC.
    assert deadline.astimezone(timezone.utc) - bitten.astimezone(timezone.utc) == timedelta(hours=2)
    assert (deadline.hour, deadline.minute) == (4, 30)


@pytest.mark.parametrize(
    ("bite_cases", "nuisance"),
    [
        pytest.param(1, False, id="58-10(I) one bite case"),
        pytest.param(2, True, id="58-10(I) two bite cases: public nuisance"),
        pytest.param(3, True, id="58-10(I) three bite cases: public nuisance"),
    ],
)
def test_public_nuisance_after_two_bite_cases(pack, bite_cases, nuisance) -> None:
    orders = bite_orders(KelloggBite(BITTEN, "person", True, True, bite_cases=bite_cases), pack.law)
    assert orders.public_nuisance is nuisance
    assert ("58-10(I)" in orders.sections) is nuisance


def test_bite_of_an_animal_needs_no_58_10_quarantine(pack) -> None:
    orders = bite_orders(KelloggBite(BITTEN, "animal", None, None), pack.law)
    assert (orders.quarantine_required, orders.quarantine_place, orders.impound_by_officer) == (
        False,
        "not_required",
        False,
    )
    assert "58-5(A)" in orders.sections


def test_bite_time_must_be_aware(pack) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        bite_orders(KelloggBite(datetime(2026, 6, 1, 9, 0), "person", True, True), pack.law)
