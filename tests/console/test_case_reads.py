"""The CaseService read methods the console added: households, notices, listings."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from sqlalchemy.orm import sessionmaker

from bot.cases.errors import InvalidQuery, SubjectNotFound
from bot.cases.service import CaseService
from tests.console.conftest import CHICAGO


@pytest.fixture
def cases(session_factory: sessionmaker, clock) -> CaseService:
    """These read methods run on both databases (tests/conftest.py): a fresh database or schema per test."""
    return CaseService(session_factory, clock=clock)


def test_find_subjects_matches_the_normalised_address_prefix_literally(cases, make_report) -> None:
    oak = cases.get_complaint(cases.file_complaint(make_report())).subject_id
    cases.file_complaint(make_report(location="41 Elm St"))
    assert [s.id for s in cases.find_subjects("kellogg", "412 oak street")] == [oak]
    assert [s.id for s in cases.find_subjects("kellogg", "412")] == [oak]
    assert cases.find_subjects("kellogg", "%") == [] and cases.find_subjects("kellogg", "4_2") == []
    assert cases.find_subjects("freeport", "412 oak street") == []
    with pytest.raises(SubjectNotFound):
        cases.get_subject(999)


def test_complaints_of_subject_include_every_status_oldest_first(cases, make_report) -> None:
    first = cases.file_complaint(make_report())
    second = cases.file_complaint(make_report())
    cases.reject(second, "prank", by="clerk")
    subject_id = cases.get_complaint(first).subject_id
    assert [(c.reference, c.status) for c in cases.complaints_of_subject(subject_id)] == [
        (first, "new"),
        (second, "rejected"),
    ]


def test_notices_by_subject_complaint_and_open_deadline(cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    subject_id = cases.get_complaint(reference).subject_id
    cases.confirm_household(reference, by="clerk")  # a notice goes to a confirmed household
    early = cases.record_notice(
        reference, "letter", date(2026, 3, 2), by="clerk", license_by=date(2026, 3, 12)
    )
    late = cases.record_notice(
        reference, "citation", date(2026, 4, 1), by="clerk", comply_by=date(2026, 5, 1)
    )
    assert [n.id for n in cases.notices(subject_id=subject_id)] == [early, late]
    assert [n.id for n in cases.notices(reference=reference.lower())] == [early, late]
    assert [n.id for n in cases.notices(deadline_from=date(2026, 3, 13))] == [late]
    assert cases.notices(jurisdiction="freeport") == []
    assert cases.get_notice(early).license_by == date(2026, 3, 12)
    with pytest.raises(InvalidQuery):
        cases.get_notice(999)


def test_list_complaints_filters_and_leaves_out_the_complainant(cases, make_report) -> None:
    march = cases.file_complaint(make_report(photo_urls=("https://media.example/a.jpg",)))
    february = cases.file_complaint(make_report(received=datetime(2026, 2, 1, 9, tzinfo=CHICAGO)))
    duplicate = cases.file_complaint(make_report())
    cases.mark_duplicate(duplicate, march, by="clerk")
    listed = cases.list_complaints(jurisdiction="kellogg")
    assert [c.reference for c in listed] == [duplicate, march, february]
    assert listed[0].duplicate_of == march and listed[1].photo_urls == ("https://media.example/a.jpg",)
    assert not hasattr(listed[0], "complainant_contact")
    since = datetime(2026, 3, 1, tzinfo=CHICAGO)
    assert [c.reference for c in cases.list_complaints(received_from=since, newest_first=False)] == [
        march,
        duplicate,
    ]
    assert [c.reference for c in cases.list_complaints(statuses=("duplicate",))] == [duplicate]
    assert [c.reference for c in cases.list_complaints(references=[february.lower()])] == [february]
    with pytest.raises(InvalidQuery):
        cases.list_complaints(types=("cruelty",))
    with pytest.raises(InvalidQuery):
        cases.list_complaints(received_from=datetime(2026, 3, 1))
