"""58-16 letters, citations and referrals as the chapter words them, and the counting readings they rest on:
58-5 C applied to barking, the day the "first violation" runs from, and the letter's 10 days."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance import barking_note, notice_receipt, notice_terms, receipt_words
from bot.ordinance.facts import ComplaintFact
from bot.ordinance.kellogg import count_complaints
from bot.ordinance.view import NoticeFacts

V, W = "verbal", "written"


@pytest.fixture(scope="module")
def kellogg():
    return get_pack("kellogg")


def with_readings(pack, **readings):
    return replace(pack, readings=replace(pack.readings, **readings))


def barking(fid: str, day: str, minutes: int | None, form: str = W) -> ComplaintFact:
    return ComplaintFact(fid, "7 Elm", date.fromisoformat(day), form, "barking", barking_minutes=minutes)


def counts(pack, facts) -> list[str]:
    return [r.counts_as for r in count_complaints(facts, pack.law, pack.tz, pack.readings)]


# ---- item 6: 58-5 C applied -------------------------------------------------------------------------------


def test_barking_shorter_than_30_minutes_states_no_58_5_c_violation(kellogg) -> None:
    """58-5 C: "Any animal that barks, bays, cries, howls or makes any other noise continuously for a period
    of 30 minutes" is a nuisance; 58-16 A penalises an owner "found in violation". The defect marked a
    10-minute complaint "does not meet it" and still counted it as a first complaint, offering the letter."""
    facts = [barking("a", "2026-03-02", 10), barking("b", "2026-03-09", 45), barking("c", "2026-03-20", None)]
    assert counts(kellogg, facts) == ["not_counted_barking_short", "first", "second"]
    assert "not counted under 58-16" in barking_note(kellogg, "dog", 10)


def test_reading_barking_duration_complaint_counts_every_barking_complaint(kellogg) -> None:
    pack = with_readings(kellogg, barking_duration="complaint")
    facts = [barking("a", "2026-03-02", 10), barking("b", "2026-03-09", 45)]
    assert counts(pack, facts) == ["first", "second"]
    assert "still counts under 58-16" in barking_note(pack, "dog", 10)
    assert "counts complaints, not violations" in " ".join(pack.readings.words("kellogg"))


@pytest.mark.parametrize(
    ("kind", "complaint_type", "section"),
    [("letter", "barking", "58-5(C)"), ("citation", "at_large", "58-3"), ("referral", "bite", "58-5(A)")],
)
def test_each_counting_notice_names_the_section_violated(kellogg, kind, complaint_type, section) -> None:
    """58-16 B(2): "The City Clerk/Treasurer's letter will outline the process to follow should they be in
    violation": a notice names what the complaint states a violation of."""
    terms = notice_terms(kellogg, kind, date(2026, 3, 3), facts=NoticeFacts(complaint_type=complaint_type))
    assert section in terms.violation and section in " ".join(terms.lines)


# ---- item 11: licensing terms only for an animal not licensed ---------------------------------------------


def test_the_letter_carries_licensing_terms_only_for_an_animal_not_recorded_licensed(kellogg) -> None:
    """58-16 B(2): "If it is discovered that a first-time violators' animal is not licensed, the owner will
    have 10 days to license it at the regular fee." The defect printed "License by" on every letter."""
    licensed = notice_terms(
        kellogg, "letter", date(2026, 3, 3), facts=NoticeFacts("barking", animal_licensed=True)
    )
    assert licensed.license_by is None and "10 days" not in " ".join(licensed.lines)
    unknown = notice_terms(kellogg, "letter", date(2026, 3, 3), facts=NoticeFacts("barking"))
    assert unknown.license_by == date(2026, 3, 13)
    assert unknown.license_label.startswith("If the animal is not licensed")


def test_reading_letter_days_from_receipt(kellogg) -> None:
    """58-16 B(2) "within 10 days of violation notice": from the letter's date (default) or its receipt."""
    pack = with_readings(kellogg, letter_days_from="receipt")
    terms = notice_terms(pack, "letter", date(2026, 3, 3), facts=NoticeFacts("barking"))
    assert terms.license_by is None and "from the day you receive this letter" in " ".join(terms.lines)
    assert notice_receipt(pack, "letter", date(2026, 3, 6)) == {"license_by": date(2026, 3, 16)}
    assert "awaiting receipt" in receipt_words(pack, "letter", None, date(2026, 3, 4))
    assert notice_receipt(kellogg, "letter", date(2026, 3, 6)) == {}  # the default: from the letter's date


# ---- item 9: the referral's addressee ---------------------------------------------------------------------


def test_the_referral_is_addressed_to_the_city_attorney_not_the_household(kellogg) -> None:
    """58-16 B(4): a third violation "will be handed over to the City Attorney's office for prosecution".
    The defect headed it "To the owner or keeper" with the household's address, above "To the City
    Attorney"."""
    terms = notice_terms(kellogg, "referral", date(2026, 3, 3), facts=NoticeFacts("barking"))
    assert (terms.addressee, terms.addressed_to) == ("prosecutor", "To the City Attorney")
    assert not terms.lines[0].startswith("To the")
    assert notice_terms(kellogg, "letter", date(2026, 3, 3)).addressee == "owner"


# ---- the reading of "the first violation" -----------------------------------------------------------------


def test_reading_first_violation_after_two_verbal_complaints(kellogg) -> None:
    """58-16 B(2): "Two verbal complaints in a two-month period will be considered a first complaint"; B(4):
    "Any complaint received within one year after the first violation". When the first complaint was two
    verbal ones, the year runs from the second (established, the default) or from the first (earliest)."""
    facts = [
        barking("a", "2026-01-05", None, V),
        barking("b", "2026-02-01", None, V),
        barking("c", "2026-03-01", None),
        barking("d", "2027-01-20", None),
    ]
    assert counts(kellogg, facts) == ["verbal_pending", "first", "second", "third"]
    earliest = with_readings(kellogg, first_violation="earliest")
    assert counts(earliest, facts) == ["verbal_pending", "first", "second", "first"]
    [*_, second, _] = count_complaints(facts, earliest.law, earliest.tz, earliest.readings)
    assert second.third_window_end == date(2027, 1, 5)
