"""Deadlines and orders in the ordinance's words: 58-10 bites, 58-16 B(3) citation, 58-5 C, Freeport 5 B, 7 A."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.jurisdictions import get_pack
from bot.ordinance import barking_note, bite_order, notice_receipt, notice_terms, receipt_words
from bot.ordinance.dates import local_time_words
from bot.ordinance.kellogg import KelloggBite, bite_orders
from bot.ordinance.view import BiteFacts

CHICAGO = ZoneInfo("America/Chicago")
BITTEN = datetime(2026, 6, 1, 9, 5, tzinfo=CHICAGO)


@pytest.fixture(scope="module")
def kellogg():
    return get_pack("kellogg")


@pytest.fixture(scope="module")
def freeport():
    return get_pack("freeport")


def bite(bitten_at=BITTEN, victim="person", injury=True, vaccinated=None) -> BiteFacts:
    return BiteFacts("KEL-1", bitten_at, BITTEN, victim, injury, vaccinated)


def test_owner_notice_deadline_in_local_words_never_utc_iso(kellogg) -> None:
    """58-10 D: "If the owner cannot be advised of the animal bite within two hours after the bite"."""
    orders = bite_orders(KelloggBite(BITTEN, "person", None, None), kellogg.law, kellogg.tz)
    [item] = [i for i in orders.to_confirm if i.startswith("58-10(D)")]
    assert "June 1, 2026 at 11:05 AM CDT" in item and "T16:05" not in item and "+00:00" not in item
    order = bite_order(kellogg, bite())
    assert any("within two hours after it, by June 1, 2026 at 11:05 AM CDT" in line for line in order.lines)


def test_bite_time_not_known_is_said_plainly(kellogg) -> None:
    """58-10 D runs from the bite: with no bite time the deadline is not dated from the report's receipt."""
    order = bite_order(kellogg, bite(bitten_at=None))
    assert order.owner_notice_deadline is None
    assert any("bite time not known" in item for item in order.to_confirm)
    assert any("bite time not known" in line for line in order.lines)
    # the period runs from confinement (reading quarantine_from: confinement): no end before an order
    assert order.ends_on is None and "from the day confinement begins" in order.period_words


def test_kellogg_quarantine_order_states_where_how_long_expense_and_duties(kellogg) -> None:
    """58-10: notify the City and the Sheriff; at least 10 days; (A) indoors and separate with proof of
    vaccination, else (C) a veterinary hospital or shelter; (B) impounded when bitten off the premises;
    (A)(3) examination at the end."""
    lines = " ".join(bite_order(kellogg, bite()).lines)
    for words in ("notify the City and the Sheriff", "minimum period of 10 days", "impoundment fee (58-10(G))",
                  "veterinary hospital or at an animal shelter", "examination by a designated veterinarian",
                  "Board of Health"):  # fmt: skip
        assert words in lines
    # 58-10 G names only the impoundment fee: the order sets no other expense on the owner
    assert "At whose expense" not in lines
    at_home = bite_orders(KelloggBite(BITTEN, "person", True, True), kellogg.law)
    assert at_home.quarantine_place == "owner_home" and any("indoors" in c for c in at_home.conditions)
    away = bite_orders(KelloggBite(BITTEN, "person", True, False), kellogg.law)
    assert away.quarantine_place == "shelter_or_veterinary_clinic" and "58-10(B)" in away.sections


def test_kellogg_orders_no_quarantine_when_an_animal_was_bitten(kellogg) -> None:
    order = bite_order(kellogg, bite(victim="animal"))
    assert order.required is False and order.lines == ()
    with pytest.raises(ValueError):
        notice_terms(kellogg, "quarantine_order", date(2026, 6, 1), order)


@pytest.mark.parametrize(
    ("vaccinated", "where"),
    [
        (False, "Where: the Animal Shelter designated by the City Council"),
        (None, "Where: to confirm"),
    ],
)
def test_freeport_5b_order_where_how_long_expense(freeport, vaccinated, where) -> None:
    """5 B: not inoculated + skin punctured or a doctor -> the Animal Shelter (or a veterinary hospital not
    outside Stearns County) "for a period of not less than ten days, at the expense of the owner". The
    defect printed "at least None days"."""
    order = bite_order(freeport, bite(vaccinated=vaccinated))
    terms = notice_terms(freeport, "quarantine_order", date(2026, 6, 1), order)
    text = " ".join(terms.lines)
    assert text.startswith(where)
    assert "not less than 10 days" in text and "At whose expense: the owner's" in text and "None" not in text
    assert terms.quarantine_until == date(2026, 6, 11)


def test_freeport_vaccinated_animal_on_the_owners_property_gets_no_period_and_no_costs(freeport) -> None:
    """5 B: "If, however, the animal has been inoculated with a live modified rabies vaccine and the owner has
    proof of the vaccination by a certificate from a licensed veterinarian, the owner may confine the dog or
    other animal to the owner's property." The ten days and the costs are the shelter's; the defect gave
    this option both."""
    order = bite_order(freeport, bite(vaccinated=True))
    terms = notice_terms(freeport, "quarantine_order", date(2026, 6, 1), order)
    text = " ".join(terms.lines)
    assert text.startswith("Where: on the owner's property")
    assert "not less than 10 days" not in text and "expense" not in text
    assert terms.quarantine_until is None and "sets no period and no costs" in text


def test_freeport_no_order_without_a_puncture_or_doctor(freeport) -> None:
    assert bite_order(freeport, bite(injury=False)).required is False
    unknown = bite_order(freeport, bite(injury=None))
    assert unknown.required is None and unknown.min_days is None and unknown.lines == ()


def test_citation_in_the_ordinances_words_and_receipt(kellogg) -> None:
    """58-16 B(3): a hearing "before the City Council if the owner contacts the Clerk/Treasurer's office
    within 10 days after receiving the citation"; "Should the owner not comply ... prosecution could occur"."""
    terms = notice_terms(kellogg, "citation", date(2026, 3, 2))
    text = " ".join(terms.lines)
    assert "within 10 days after receiving the citation" in text and "before the City Council" in text
    assert "prosecution could occur" in text
    assert terms.hearing_request_by is None  # not dated at issue
    assert "awaiting receipt" in receipt_words(kellogg, "citation", None, date(2026, 3, 3))
    assert notice_receipt(kellogg, "citation", date(2026, 3, 6)) == {
        "hearing_request_by": date(2026, 3, 16),
        "comply_by": date(2026, 4, 5),
    }
    assert notice_receipt(kellogg, "letter", date(2026, 3, 6)) == {}
    assert "March 16, 2026 (6 days left" in receipt_words(
        kellogg, "citation", date(2026, 3, 6), date(2026, 3, 10)
    )


def test_letter_encloses_the_chapter(kellogg) -> None:
    """58-16 B(2): "First time violators ... shall receive a letter ... along with a copy of this article"."""
    terms = notice_terms(kellogg, "letter", date(2026, 3, 3))
    assert terms.enclose_ordinance and terms.license_by == date(2026, 3, 13)


@pytest.mark.parametrize(
    ("minutes", "text", "expected"),
    [
        (45, None, "reported 45 minutes (meets it)"),
        (10, None, "reported 10 minutes (does not meet it)"),
        (None, "since 10pm", 'reported: "since 10pm"'),
        (None, None, "gave no duration"),
    ],
)
def test_kellogg_barking_threshold_beside_the_duration(kellogg, minutes, text, expected) -> None:
    """58-5 C: "Any animal that barks ... continuously for a period of 30 minutes"."""
    note = barking_note(kellogg, "dog", minutes, text)
    assert "continuously for a period of 30 minutes" in note and expected in note


def test_freeport_barking_speaks_of_a_dog(freeport) -> None:
    """7 A: "a dog which habitually barks or cries"; 8(3): "a previous complaint of a barking dog"."""
    assert "a dog which habitually barks" in barking_note(freeport, "dog", None)
    assert "neither applies" in barking_note(freeport, "cat", None)


def test_local_time_words_across_dst() -> None:
    assert local_time_words(datetime(2026, 12, 1, 18, 0, tzinfo=ZoneInfo("UTC")), CHICAGO) == (
        "December 1, 2026 at 12:00 PM CST"
    )
