"""Residents hear only about their own complaints."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.cases.errors import InvalidQuery

CHICAGO = ZoneInfo("America/Chicago")
ALICE = "+15075550101"
BOB = "+15075550202"


def test_a_contact_sees_only_their_own_complaints_newest_first(service, make_report) -> None:
    start = datetime(2026, 3, 2, 8, 0, tzinfo=CHICAGO)
    alice = [
        service.file_complaint(make_report(complainant_contact=ALICE, received=start + timedelta(days=day)))
        for day in range(3)
    ]
    service.file_complaint(make_report(complainant_contact=BOB, received=start + timedelta(days=5)))
    service.file_complaint(make_report(complainant_contact=ALICE, jurisdiction="freeport"))

    summaries = service.complaints_for_contact("kellogg", ALICE)
    assert [summary.reference for summary in summaries] == list(reversed(alice))
    assert summaries[0].status == "new"
    assert summaries[0].type == "barking"
    assert summaries[0].received == start + timedelta(days=2)
    assert service.complaints_for_contact("kellogg", ALICE, limit=2) == summaries[:2]
    assert service.complaints_for_contact("kellogg", "+15075550303") == []


def test_status_reflects_review(service, make_report) -> None:
    reference = service.file_complaint(make_report(complainant_contact=ALICE))
    service.accept(reference, by="clerk")
    (summary,) = service.complaints_for_contact("kellogg", ALICE)
    assert summary.status == "accepted"


def test_find_by_reference_never_reveals_another_residents_complaint(service, make_report) -> None:
    alices = service.file_complaint(make_report(complainant_contact=ALICE))
    bobs = service.file_complaint(make_report(complainant_contact=BOB))
    found = service.find_for_contact("kellogg", ALICE, alices)
    assert found is not None and found.reference == alices
    assert service.find_for_contact("kellogg", ALICE, alices.lower()) == found  # as a resident types it
    assert service.find_for_contact("kellogg", ALICE, bobs) is None
    assert service.find_for_contact("freeport", ALICE, alices) is None
    assert service.find_for_contact("kellogg", ALICE, "KEL-2026-99999") is None


def test_limit_must_be_positive(service) -> None:
    with pytest.raises(InvalidQuery):
        service.complaints_for_contact("kellogg", ALICE, limit=0)
