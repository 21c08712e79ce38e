"""Filing: references, idempotency, atomicity, subject linking, duplicate suggestions."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import func, select

from bot.cases.errors import InvalidReport
from bot.cases.models import (
    AuditEntry,
    Complainant,
    Complaint,
    DuplicateSuggestion,
    ReferenceCounter,
    Subject,
)
from bot.cases.report import BiteDetails
from bot.cases.service import CaseService

CHICAGO = ZoneInfo("America/Chicago")


def count(session_factory, model) -> int:
    with session_factory() as session:
        return session.execute(select(func.count()).select_from(model)).scalar_one()


def test_reference_has_prefix_local_year_and_five_digit_sequence(service, make_report) -> None:
    reference = service.file_complaint(make_report())
    assert re.fullmatch(r"KEL-2026-\d{5}", reference)
    assert reference == "KEL-2026-00001"


def test_sequence_is_per_jurisdiction_and_per_year(service, make_report) -> None:
    kellogg = [service.file_complaint(make_report()) for _ in range(3)]
    freeport = service.file_complaint(make_report(jurisdiction="freeport"))
    next_year = service.file_complaint(make_report(received=datetime(2027, 1, 4, 9, 0, tzinfo=CHICAGO)))
    back_in_2026 = service.file_complaint(make_report())
    assert kellogg == ["KEL-2026-00001", "KEL-2026-00002", "KEL-2026-00003"]
    assert freeport == "FRE-2026-00001"
    assert next_year == "KEL-2027-00001"
    assert back_in_2026 == "KEL-2026-00004"


def test_year_is_the_jurisdictions_local_year_not_utc(service, make_report) -> None:
    # 23:30 on New Year's Eve in Minnesota is already 2027 in UTC
    late_evening = datetime(2026, 12, 31, 23, 30, tzinfo=CHICAGO)
    assert late_evening.astimezone(timezone.utc).year == 2027
    assert service.file_complaint(make_report(received=late_evening)).startswith("KEL-2026-")


def test_refiling_the_same_source_id_files_nothing_new(service, session_factory, make_report) -> None:
    report = make_report(source_id="SM-retried")
    first = service.file_complaint(report)
    again = service.file_complaint(report)
    assert again == first
    assert count(session_factory, Complaint) == 1
    assert len(service.audit_trail("complaint", first)) == 1
    # the retry did not use up a number either
    assert service.file_complaint(make_report()) == "KEL-2026-00002"


def test_same_source_id_in_another_jurisdiction_is_a_different_complaint(service, make_report) -> None:
    kellogg = service.file_complaint(make_report(source_id="SM-1"))
    freeport = service.file_complaint(make_report(source_id="SM-1", jurisdiction="freeport"))
    assert kellogg != freeport


@pytest.mark.parametrize("failing_step", ["_suggest_duplicates", "_audit"])
def test_a_failure_part_way_leaves_nothing_half_filed(
    service, session_factory, make_report, monkeypatch, failing_step
) -> None:
    def explode(*args, **kwargs):
        raise RuntimeError("injected failure")

    monkeypatch.setattr(CaseService, failing_step, explode)
    with pytest.raises(RuntimeError, match="injected failure"):
        service.file_complaint(make_report(photo_urls=("https://example.test/p.jpg",)))
    for model in (Complaint, Complainant, Subject, ReferenceCounter, AuditEntry):
        assert count(session_factory, model) == 0, model.__tablename__
    monkeypatch.undo()
    assert service.file_complaint(make_report()) == "KEL-2026-00001"


def test_form_defaults_from_the_channel_and_can_be_overridden(service, make_report) -> None:
    by_sms = service.file_complaint(make_report(channel="sms"))
    by_voice = service.file_complaint(make_report(channel="voice"))
    overridden = service.file_complaint(make_report(channel="voice", form="written"))
    assert service.get_complaint(by_sms).form == "written"
    assert service.get_complaint(by_voice).form == "verbal"
    assert service.get_complaint(overridden).form == "written"


def test_complainant_is_found_by_contact_and_anonymity_is_per_complaint(
    service, session_factory, make_report
) -> None:
    anonymous = service.file_complaint(make_report())
    named = service.file_complaint(make_report(complainant_name="Pat Example"))
    other_phone = service.file_complaint(make_report(complainant_contact="+15075550999"))
    assert count(session_factory, Complainant) == 2
    assert service.get_complaint(anonymous).anonymous is True
    detail = service.get_complaint(named)
    assert detail.anonymous is False
    assert detail.complainant_contact == "+15075550123"
    assert detail.complainant_name == "Pat Example"
    assert service.get_complaint(other_phone).complainant_contact == "+15075550999"


def test_no_contact_files_without_a_complainant(service, make_report) -> None:
    reference = service.file_complaint(make_report(complainant_contact=None))
    assert service.get_complaint(reference).complainant_contact is None


def test_spellings_of_one_address_link_to_one_subject(service, session_factory, make_report) -> None:
    references = [
        service.file_complaint(make_report(location=location))
        for location in ("412 Oak Street", "412 oak st.", "412 OAK ST APT 2")
    ]
    subject_ids = {service.get_complaint(reference).subject_id for reference in references}
    assert len(subject_ids) == 1 and None not in subject_ids
    assert count(session_factory, Subject) == 1
    other = service.file_complaint(make_report(location="414 Oak Street"))
    assert service.get_complaint(other).subject_id not in subject_ids


def test_a_place_that_is_not_an_address_files_without_a_subject(
    service, session_factory, make_report
) -> None:
    reference = service.file_complaint(make_report(location="behind the church"))
    detail = service.get_complaint(reference)
    assert detail.subject_id is None
    assert detail.location_normalised is None
    assert detail.location_text == "behind the church"
    assert count(session_factory, Subject) == 0


def test_same_address_in_two_jurisdictions_is_two_subjects(service, make_report) -> None:
    kellogg = service.file_complaint(make_report())
    freeport = service.file_complaint(make_report(jurisdiction="freeport"))
    assert service.get_complaint(kellogg).subject_id != service.get_complaint(freeport).subject_id


def test_details_photos_bite_and_times_are_kept(service, make_report) -> None:
    occurred = datetime(2026, 3, 1, 22, 0, tzinfo=CHICAGO)
    reference = service.file_complaint(
        make_report(
            type="bite",
            urgent=True,
            occurred=occurred,
            occurred_text="last night",
            details={"frequency": "every night"},
            photo_urls=("https://example.test/a.jpg", "https://example.test/b.jpg"),
            bite=BiteDetails(
                victim="person", skin_broken_or_medical=True, animal_vaccinated=None, owner_known="neighbour"
            ),
        )
    )
    detail = service.get_complaint(reference)
    assert detail.type == "bite" and detail.urgent is True
    assert detail.occurred == occurred
    assert detail.occurred.tzinfo is not None
    assert detail.occurred_text == "last night"
    assert detail.details == {"frequency": "every night"}
    assert detail.photo_urls == ("https://example.test/a.jpg", "https://example.test/b.jpg")
    assert detail.bite is not None
    assert (detail.bite.victim, detail.bite.skin_broken_or_medical, detail.bite.animal_vaccinated) == (
        "person",
        True,
        None,
    )


def test_filing_writes_a_filed_audit_entry(service, make_report, clock) -> None:
    reference = service.file_complaint(make_report())
    (entry,) = service.audit_trail("complaint", reference)
    assert (entry.action, entry.actor, entry.at) == ("filed", "assistant", clock.now)
    assert entry.after["form"] == "written"
    assert "+15075550123" not in str(entry.after)


def test_duplicates_are_suggested_inside_the_window_only(service, session_factory, make_report) -> None:
    start = datetime(2026, 3, 2, 8, 0, tzinfo=CHICAGO)
    first = service.file_complaint(make_report(received=start))
    within = service.file_complaint(make_report(received=start + timedelta(hours=47), location="412 oak st"))
    outside = service.file_complaint(make_report(received=start + timedelta(hours=49)))
    other_type = service.file_complaint(make_report(received=start + timedelta(hours=1), type="at_large"))
    other_house = service.file_complaint(
        make_report(received=start + timedelta(hours=1), location="9 Elm St")
    )
    assert service.get_complaint(within).duplicate_suggestions == (first,)
    # 49 h after the first but only 2 h after the second: suggested against the second only
    assert service.get_complaint(outside).duplicate_suggestions == (within,)
    assert service.get_complaint(other_type).duplicate_suggestions == ()
    assert service.get_complaint(other_house).duplicate_suggestions == ()
    # suggestions only: nothing is merged or re-statused
    assert {service.get_complaint(r).status for r in (first, within, outside)} == {"new"}
    assert count(session_factory, DuplicateSuggestion) == 2


def test_a_late_filed_earlier_complaint_is_suggested_too(service, make_report) -> None:
    start = datetime(2026, 3, 2, 8, 0, tzinfo=CHICAGO)
    later = service.file_complaint(make_report(received=start + timedelta(hours=10)))
    earlier = service.file_complaint(make_report(received=start))
    assert service.get_complaint(earlier).duplicate_suggestions == (later,)


def test_rejected_complaints_are_not_suggested(service, make_report) -> None:
    first = service.file_complaint(make_report())
    service.reject(first, "prank", by="clerk")
    second = service.file_complaint(make_report())
    assert service.get_complaint(second).duplicate_suggestions == ()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"jurisdiction": "atlantis"}, "unknown jurisdiction"),
        ({"type": "noise"}, "unknown complaint type"),
        ({"channel": "pigeon"}, "unknown channel"),
        ({"form": "shouted"}, "unknown form"),
        ({"received": datetime(2026, 3, 2, 9, 0)}, "received must be timezone-aware"),
        ({"occurred": datetime(2026, 3, 2, 9, 0)}, "occurred must be timezone-aware"),
        ({"source_id": " "}, "source_id is required"),
        ({"location": ""}, "location is required"),
    ],
)
def test_bad_reports_are_refused_without_resident_data_in_the_message(
    service, session_factory, make_report, overrides, message
) -> None:
    report = make_report(complainant_name="Pat Example", **overrides)
    with pytest.raises(InvalidReport, match=message) as raised:
        service.file_complaint(report)
    for private in ("Pat Example", "+15075550123", "412 Oak"):
        assert private not in str(raised.value)
    assert count(session_factory, Complaint) == 0
