"""Kellogg City Code 58-16 B counting, as docs/rules.md makes it exact. Each case cites its clause.

A case is one subject's complaints in input order as (received, form) and the counts_as expected for
each, read from the ordinance text and docs/rules.md's rule.
"""

from dataclasses import replace
from datetime import date, datetime, timezone

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance.facts import ComplaintFact, InputError
from bot.ordinance.kellogg import ACTIONS, count_complaints, notice_deadlines

V, W = "verbal", "written"


@pytest.fixture(scope="module")
def pack():
    return get_pack("kellogg")


def facts_for(rows, subject: str = "412 Oak St") -> list[ComplaintFact]:
    return [
        ComplaintFact(id=f"c{i}", subject=subject, received=received, form=form, type="barking")
        for i, (received, form) in enumerate(rows)
    ]


def d(text: str) -> date:
    return date.fromisoformat(text)


CASES = [
    ("58-16(B)(2) any written complaint is a first", [("2026-01-05", W)], ["first"]),
    ("58-16(B)(2) one verbal complaint is documented and pending", [("2026-01-05", V)], ["verbal_pending"]),
    (
        "58-16(B)(2) two verbals exactly two months apart (inclusive) are a first",
        [("2026-01-05", V), ("2026-03-05", V)],
        ["verbal_pending", "first"],
    ),
    (
        "58-16(B)(2) two verbals two months and a day apart stay pending",
        [("2026-01-05", V), ("2026-03-06", V)],
        ["verbal_pending", "verbal_pending"],
    ),
    (
        "58-16(B)(2) two verbals 61 days apart stay pending",
        [("2026-01-01", V), ("2026-03-03", V)],
        ["verbal_pending", "verbal_pending"],
    ),
    (
        "58-16(B)(2) Dec 31 + 2 months is Feb 28: a verbal on Feb 28 pairs",
        [("2025-12-31", V), ("2026-02-28", V)],
        ["verbal_pending", "first"],
    ),
    (
        "58-16(B)(2) Dec 31 + 2 months is Feb 28: a verbal on Mar 1 does not pair",
        [("2025-12-31", V), ("2026-03-01", V)],
        ["verbal_pending", "verbal_pending"],
    ),
    (
        "58-16(B)(2) leap year: Dec 31 + 2 months is Feb 29",
        [("2023-12-31", V), ("2024-02-29", V)],
        ["verbal_pending", "first"],
    ),
    (
        "58-16(B)(2) a newer unpaired verbal replaces the pending one",
        [("2026-01-01", V), ("2026-03-05", V), ("2026-04-20", V)],
        ["verbal_pending", "verbal_pending", "first"],
    ),
    (
        "58-16(B)(2) the pair's first is dated by the second verbal (F), so a complaint at F + 2 months is second",
        [("2026-01-05", V), ("2026-02-01", V), ("2026-04-01", V)],
        ["verbal_pending", "first", "second"],
    ),
    (
        "58-16(B)(2) a written complaint after a pending verbal is a first on its own",
        [("2026-01-05", V), ("2026-01-10", W)],
        ["verbal_pending", "first"],
    ),
    (
        "58-16(B)(3) a verbal complaint exactly two months after the first is second",
        [("2026-01-05", W), ("2026-03-05", V)],
        ["first", "second"],
    ),
    (
        "58-16(B)(3) the first lapses a day past two months: a written one is a new first",
        [("2026-01-05", W), ("2026-03-06", W)],
        ["first", "first"],
    ),
    (
        "58-16(B)(3) after the first lapses a verbal one is only pending",
        [("2026-01-05", W), ("2026-03-06", V)],
        ["first", "verbal_pending"],
    ),
    (
        "58-16(B)(3) after the first lapses two verbals make a first again",
        [("2026-01-05", W), ("2026-04-01", V), ("2026-04-15", V)],
        ["first", "verbal_pending", "first"],
    ),
    (
        "58-16(B)(3) F on Dec 31: a complaint on Feb 28 is second",
        [("2025-12-31", W), ("2026-02-28", V)],
        ["first", "second"],
    ),
    (
        "58-16(B)(3) F on Dec 31: a complaint on Mar 1 is a new first",
        [("2025-12-31", W), ("2026-03-01", W)],
        ["first", "first"],
    ),
    (
        "58-16(B)(4) a complaint exactly one year after F (inclusive) is third",
        [("2026-01-05", W), ("2026-02-01", W), ("2027-01-05", V)],
        ["first", "second", "third"],
    ),
    (
        "58-16(B)(4) a day past the year starts a new cycle with a first",
        [("2026-01-05", W), ("2026-02-01", W), ("2027-01-06", W)],
        ["first", "second", "first"],
    ),
    (
        "58-16(B)(4) a verbal a day past the year is only pending",
        [("2026-01-05", W), ("2026-02-01", W), ("2027-01-06", V)],
        ["first", "second", "verbal_pending"],
    ),
    (
        "58-16(B)(4) the year runs from F, not from the second",
        [("2026-01-05", W), ("2026-03-05", W), ("2027-01-05", W), ("2027-01-06", W)],
        ["first", "second", "third", "first"],
    ),
    (
        "58-16(B)(4) every further complaint in the year is third, verbal or written",
        [("2026-01-05", W), ("2026-01-20", V), ("2026-05-01", V), ("2026-08-01", W), ("2026-12-31", V)],
        ["first", "second", "third", "third", "third"],
    ),
    (
        "58-16(B)(4) F on Feb 29: the year ends Feb 28, a complaint then is third",
        [("2024-02-29", W), ("2024-03-01", W), ("2025-02-28", W)],
        ["first", "second", "third"],
    ),
    (
        "58-16(B)(4) F on Feb 29: Mar 1 next year starts a new cycle",
        [("2024-02-29", W), ("2024-03-01", W), ("2025-03-01", W)],
        ["first", "second", "first"],
    ),
    (
        "58-16(B)(4) new cycle after the year, then a second within two months of the new F",
        [("2026-01-05", W), ("2026-02-01", W), ("2027-02-01", W), ("2027-04-01", V)],
        ["first", "second", "first", "second"],
    ),
    (
        "58-16(B) ties on the same day keep input order: written then verbal",
        [("2026-01-05", W), ("2026-01-05", V)],
        ["first", "second"],
    ),
    (
        "58-16(B) ties on the same day keep input order: verbal then written",
        [("2026-01-05", V), ("2026-01-05", W)],
        ["verbal_pending", "first"],
    ),
    (
        "58-16(B) ties: two verbals the same day are a first",
        [("2026-01-05", V), ("2026-01-05", V)],
        ["verbal_pending", "first"],
    ),
]


@pytest.mark.parametrize(("rows", "expected"), [pytest.param(r, e, id=i) for i, r, e in CASES])
def test_counting_table(pack, rows, expected) -> None:
    facts = facts_for([(d(received), form) for received, form in rows])
    results = count_complaints(facts, pack.law, pack.tz)
    assert [r.counts_as for r in results] == expected
    assert [r.action for r in results] == [ACTIONS[level] for level in expected]


@pytest.mark.parametrize(
    ("rows", "anchor", "second_end", "third_end"),
    [
        pytest.param(
            [("2026-01-05", W)], "2026-01-05", "2026-03-05", "2027-01-05", id="58-16(B)(2) F = written"
        ),
        pytest.param(
            [("2025-12-31", W)], "2025-12-31", "2026-02-28", "2026-12-31", id="58-16(B)(3) F Dec 31, Feb 28"
        ),
        pytest.param(
            [("2024-02-29", W), ("2024-04-01", V)],
            "2024-02-29",
            "2024-04-29",
            "2025-02-28",
            id="58-16(B)(4) F Feb 29, year ends Feb 28",
        ),
        pytest.param(
            [("2026-01-05", V), ("2026-02-01", V)],
            "2026-02-01",
            "2026-04-01",
            "2027-02-01",
            id="58-16(B)(2) F = the second verbal",
        ),
    ],
)
def test_anchor_and_window_ends(pack, rows, anchor, second_end, third_end) -> None:
    last = count_complaints(facts_for([(d(r), f) for r, f in rows]), pack.law, pack.tz)[-1]
    assert (last.anchor, last.second_window_end, last.third_window_end) == (
        d(anchor),
        d(second_end),
        d(third_end),
    )
    assert last.pending_window_end is None


def test_pending_verbal_has_no_anchor_and_a_pairing_window(pack) -> None:
    [result] = count_complaints(facts_for([(d("2025-12-31"), V)]), pack.law, pack.tz)
    assert result.anchor is None and result.second_window_end is None and result.third_window_end is None
    assert result.pending_window_end == d("2026-02-28")


@pytest.mark.parametrize(
    "rows",
    [
        pytest.param([("2026-01-05", W), ("2026-03-06", V)], id="58-16(B)(3) after a lapsed first"),
        pytest.param(
            [("2026-01-05", W), ("2026-02-01", W), ("2027-01-06", V)], id="58-16(B)(4) after the year"
        ),
    ],
)
def test_pending_after_no_standing_carries_no_old_anchor(pack, rows) -> None:
    last = count_complaints(facts_for([(d(r), f) for r, f in rows]), pack.law, pack.tz)[-1]
    assert last.counts_as == "verbal_pending"
    assert (last.anchor, last.second_window_end, last.third_window_end) == (None, None, None)


def test_counting_is_per_subject(pack) -> None:
    facts = [
        ComplaintFact("a1", "412 Oak St", d("2026-01-05"), W, "barking"),
        ComplaintFact("b1", "9 Elm St", d("2026-01-10"), V, "at_large"),
        ComplaintFact("a2", "412 Oak St", d("2026-01-20"), V, "at_large"),
        ComplaintFact("b2", "9 Elm St", d("2026-01-21"), V, "barking"),
    ]
    results = count_complaints(facts, pack.law, pack.tz)
    assert [(r.fact.id, r.counts_as) for r in results] == [
        ("a1", "first"),
        ("b1", "verbal_pending"),
        ("a2", "second"),
        ("b2", "first"),
    ]


def test_results_come_back_in_input_order_but_count_in_received_order(pack) -> None:
    facts = facts_for([(d("2026-03-01"), W), (d("2026-01-05"), W), (d("2026-02-01"), W)])
    results = count_complaints(facts, pack.law, pack.tz)
    assert [(r.fact.id, r.counts_as) for r in results] == [("c0", "third"), ("c1", "first"), ("c2", "second")]


@pytest.mark.parametrize(
    ("second_received", "expected"),
    [
        pytest.param(
            datetime(2026, 3, 6, 5, 30, tzinfo=timezone.utc),
            "second",
            id="58-16(B)(3) 23:30 CST on F+2 months is inside",
        ),
        pytest.param(
            datetime(2026, 3, 6, 6, 30, tzinfo=timezone.utc),
            "first",
            id="58-16(B)(3) 00:30 CST the day after is outside",
        ),
    ],
)
def test_windows_use_the_citys_calendar_day(pack, second_received, expected) -> None:
    facts = facts_for([(datetime(2026, 1, 5, 10, 0, tzinfo=pack.tz), W), (second_received, W)])
    assert count_complaints(facts, pack.law, pack.tz)[1].counts_as == expected


def test_same_day_datetimes_count_in_time_order_not_input_order(pack) -> None:
    facts = facts_for(
        [(datetime(2026, 1, 5, 15, 0, tzinfo=pack.tz), V), (datetime(2026, 1, 5, 9, 0, tzinfo=pack.tz), W)]
    )
    assert [r.counts_as for r in count_complaints(facts, pack.law, pack.tz)] == ["second", "first"]


def test_windows_come_from_the_pack_not_from_code(pack) -> None:
    rows = [(d("2026-01-05"), W), (d("2026-03-20"), W)]
    assert [r.counts_as for r in count_complaints(facts_for(rows), pack.law, pack.tz)] == ["first", "first"]
    three_months = replace(pack.law, second_within_months=3)
    assert [r.counts_as for r in count_complaints(facts_for(rows), three_months, pack.tz)] == [
        "first",
        "second",
    ]


@pytest.mark.parametrize(
    ("counts_as", "expected"),
    [
        pytest.param("verbal_pending", {"notice": None}, id="58-16(B)(2) verbal complaints are documented"),
        pytest.param(
            "first",
            {
                "notice": "clerk_letter",
                "enclose_chapter": True,
                "license_days": 10,
                "late_license_fee_cents": 10000,
            },
            id="58-16(B)(2) letter with the chapter, 10 days to license, then $100",
        ),
        pytest.param(
            "second",
            {
                "notice": "citation",
                "license_revoked": True,
                "hearing_request_days": 10,
                "reissue_fee_cents": 5000,
                "unlicensed_license_fee_cents": 10000,
                "comply_days": 30,
            },
            id="58-16(B)(3) citation, license revoked, 10 days for a hearing, $50 reissue, $100 unlicensed, 30 days",
        ),
        pytest.param(
            "third",
            {"notice": "referral", "refer_to": "City Attorney"},
            id="58-16(B)(4) to the City Attorney",
        ),
    ],
)
def test_consequences_of_each_level(pack, counts_as, expected) -> None:
    rows = {
        "verbal_pending": [(d("2026-01-05"), V)],
        "first": [(d("2026-01-05"), W)],
        "second": [(d("2026-01-05"), W), (d("2026-01-06"), V)],
        "third": [(d("2026-01-05"), W), (d("2026-01-06"), V), (d("2026-06-01"), V)],
    }[counts_as]
    result = count_complaints(facts_for(rows), pack.law, pack.tz)[-1]
    assert result.counts_as == counts_as
    assert {k: result.consequences[k] for k in expected} == expected


def bite(fid, day, animal=None, incident=None, kind="bite") -> ComplaintFact:
    return ComplaintFact(
        fid, "412 Oak St", d(day), W, kind, animal=animal, victim="person", incident=incident
    )


@pytest.mark.parametrize(
    ("facts", "numbers", "nuisance"),
    [
        pytest.param(
            [bite("c0", "2026-01-05", "rex")], [1], [False], id="one bite case is not a public nuisance"
        ),
        pytest.param(
            [
                bite("c0", "2026-01-05", "rex"),
                bite("c1", "2026-01-06", kind="barking"),
                bite("c2", "2026-02-01", "rex"),
            ],
            [1, None, 2],
            [False, None, True],
            id="two bite cases of the same animal are",
        ),
        pytest.param(
            [bite("c0", "2026-01-05", "rex"), bite("c1", "2026-02-01", "fido")],
            [1, 1],
            [False, False],
            id="two animals of one household: one bite case each",
        ),
        pytest.param(
            [bite("c0", "2026-01-05"), bite("c1", "2026-02-01")],
            [1, 1],
            [False, False],
            id="animal not known: bites never add up",
        ),
        pytest.param(
            [bite("c0", "2026-01-05", "rex", "i1"), bite("c1", "2026-01-05", "rex", "i1")],
            [1, 1],
            [False, False],
            id="two complaints about one bite are one bite case",
        ),
    ],
)
def test_bite_cases_are_counted_per_animal(pack, facts, numbers, nuisance) -> None:
    """58-10 I: "Any animal with a history of two or more bite cases is hereby declared to be a public
    nuisance" - per animal, not per household."""
    results = count_complaints(facts, pack.law, pack.tz)
    assert [r.bite_case_number for r in results] == numbers
    assert [r.public_nuisance for r in results] == nuisance


def test_kellogg_needs_the_form(pack) -> None:
    fact = ComplaintFact("c9", "412 Oak St", d("2026-01-05"), None, "barking")
    with pytest.raises(InputError, match="'c9'.*'form'"):
        count_complaints([fact], pack.law, pack.tz)


@pytest.mark.parametrize(
    ("counts_as", "received", "expected"),
    [
        pytest.param(
            "first", "2026-01-05", {"license_by": "2026-01-15"}, id="58-16(B)(2) 10 days to license"
        ),
        pytest.param(
            "second",
            "2026-12-28",
            {"hearing_request_by": "2027-01-07", "comply_by": "2027-01-27"},
            id="58-16(B)(3) 10 days to ask for a hearing, 30 to comply, across the year",
        ),
        pytest.param("third", "2026-01-05", {}, id="58-16(B)(4) a referral sets no owner deadline"),
    ],
)
def test_notice_deadlines(pack, counts_as, received, expected) -> None:
    deadlines = notice_deadlines(counts_as, d(received), pack.law)
    assert {k: v.isoformat() for k, v in deadlines.items()} == expected
