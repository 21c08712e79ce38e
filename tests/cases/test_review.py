"""Review operations for the clerk's console; each writes an audit entry with before and after."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from bot.cases.errors import (
    CaseError,
    ComplaintNotFound,
    InvalidChange,
    InvalidQuery,
    ReasonRequired,
    SubjectNotFound,
)

CHICAGO = ZoneInfo("America/Chicago")


def last_entry(service, reference):
    return service.audit_trail("complaint", reference)[-1]


def test_accept_records_who_and_before_after(service, make_report, clock) -> None:
    reference = service.file_complaint(make_report())
    clock.now += timedelta(hours=2)
    service.accept(reference, by="clerk.ann", reason="confirmed by officer")
    assert service.get_complaint(reference).status == "accepted"
    entry = last_entry(service, reference)
    assert (entry.action, entry.actor, entry.at, entry.reason) == (
        "accepted",
        "clerk.ann",
        clock.now,
        "confirmed by officer",
    )
    assert entry.before["status"] == "new" and entry.after["status"] == "accepted"
    with pytest.raises(InvalidChange, match="already accepted"):
        service.accept(reference, by="clerk.ann")


def test_reject_needs_a_reason(service, make_report) -> None:
    reference = service.file_complaint(make_report())
    for blank in ("", "   ", None):
        with pytest.raises(ReasonRequired):
            service.reject(reference, blank, by="clerk")
    assert service.get_complaint(reference).status == "new"
    service.reject(reference, "outside city limits", by="clerk")
    detail = service.get_complaint(reference)
    assert (detail.status, detail.status_reason) == ("rejected", "outside city limits")
    entry = last_entry(service, reference)
    assert (entry.action, entry.reason, entry.before["status"]) == ("rejected", "outside city limits", "new")


def test_mark_duplicate_points_at_the_original(service, make_report) -> None:
    original = service.file_complaint(make_report())
    copy = service.file_complaint(make_report())
    service.mark_duplicate(copy, original, by="clerk", reason="same night, same dog")
    detail = service.get_complaint(copy)
    assert (detail.status, detail.duplicate_of) == ("duplicate", original)
    entry = last_entry(service, copy)
    assert entry.action == "marked_duplicate"
    assert entry.after["duplicate_of_id"] == service.get_complaint(original).id
    # a duplicate is not an original, and nothing is its own duplicate
    third = service.file_complaint(make_report())
    with pytest.raises(InvalidChange, match="itself a duplicate"):
        service.mark_duplicate(third, copy, by="clerk")
    with pytest.raises(InvalidChange, match="itself"):
        service.mark_duplicate(third, third, by="clerk")
    # another city's complaint is answered exactly as one that does not exist: its reference is not confirmed
    freeport = service.file_complaint(make_report(jurisdiction="freeport"))
    with pytest.raises(ComplaintNotFound) as other_city:
        service.mark_duplicate(freeport, original, by="clerk")
    with pytest.raises(ComplaintNotFound) as nowhere:
        service.mark_duplicate(freeport, "KEL-2026-99999", by="clerk")
    assert str(other_city.value) == str(nowhere.value).replace("KEL-2026-99999", original)
    # accepting a duplicate later clears the link
    service.accept(copy, by="clerk", reason="different dog after all")
    assert service.get_complaint(copy).duplicate_of is None


def test_edit_fields_records_only_what_changed(service, make_report) -> None:
    reference = service.file_complaint(make_report(location="behind the church"))
    occurred = datetime(2026, 3, 1, 23, 0, tzinfo=CHICAGO)
    service.edit_fields(
        reference,
        {"location_text": "412 Oak St", "occurred": occurred, "animal_species": "dog", "type": "barking"},
        "resident called back with the address",
        by="clerk",
    )
    detail = service.get_complaint(reference)
    assert detail.location_text == "412 Oak St"
    assert detail.location_normalised == "412 OAK ST"
    assert detail.occurred == occurred
    entry = last_entry(service, reference)
    assert entry.action == "edited"
    assert entry.before == {
        "location_text": "behind the church",
        "location_normalised": None,
        "occurred": None,
    }
    assert entry.after["location_normalised"] == "412 OAK ST"
    assert entry.after["occurred"] == occurred.astimezone(timezone.utc).isoformat()
    trail_length = len(service.audit_trail("complaint", reference))
    service.edit_fields(reference, {"animal_species": "dog"}, "no-op", by="clerk")
    assert len(service.audit_trail("complaint", reference)) == trail_length


@pytest.mark.parametrize(
    ("changes", "reason", "error"),
    [
        ({"transcript": "changed words"}, "fix", InvalidChange),
        ({"reference": "KEL-2026-00009"}, "fix", InvalidChange),
        ({"type": "noise"}, "fix", InvalidChange),
        ({"received": datetime(2026, 3, 1, 9, 0)}, "fix", InvalidChange),
        ({"urgent": "yes"}, "fix", InvalidChange),
        ({"location_text": " "}, "fix", InvalidChange),
        ({}, "fix", InvalidChange),
        ({"animal_species": "cat"}, "", ReasonRequired),
    ],
)
def test_edit_fields_refuses_bad_edits(service, make_report, changes, reason, error) -> None:
    reference = service.file_complaint(make_report())
    with pytest.raises(error):
        service.edit_fields(reference, changes, reason, by="clerk")
    assert len(service.audit_trail("complaint", reference)) == 1


def test_change_form_needs_a_reason_and_is_audited(service, make_report) -> None:
    reference = service.file_complaint(make_report(channel="sms"))
    with pytest.raises(ReasonRequired):
        service.change_form(reference, "verbal", " ", by="clerk")
    with pytest.raises(InvalidChange):
        service.change_form(reference, "shouted", "because", by="clerk")
    with pytest.raises(InvalidChange, match="already written"):
        service.change_form(reference, "written", "because", by="clerk")
    service.change_form(reference, "verbal", "resident phoned it in; text was staff's note", by="clerk")
    assert service.get_complaint(reference).form == "verbal"
    entry = last_entry(service, reference)
    assert (entry.action, entry.before, entry.after) == (
        "form_changed",
        {"form": "written"},
        {"form": "verbal"},
    )


def test_create_and_link_subject(service, make_report) -> None:
    reference = service.file_complaint(make_report(location="behind the church"))
    subject_id = service.create_subject("kellogg", "15 Church Street", by="clerk", name="R. Owner")
    service.link_subject(reference, subject_id, by="clerk", reason="officer identified the house")
    assert service.get_complaint(reference).subject_id == subject_id
    entry = last_entry(service, reference)
    # the clerk's link is a confirmed household (docs/rules.md "Who a complaint is against")
    assert (entry.action, entry.before, entry.after) == (
        "subject_linked",
        {"subject_id": None, "subject_confirmed": False, "animal_id": None},
        {"subject_id": subject_id, "subject_confirmed": True, "animal_id": None},
    )
    (created,) = service.audit_trail("subject", str(subject_id))
    assert (created.action, created.actor) == ("created", "clerk")
    # the next filing at that address links to the same subject
    later = service.file_complaint(make_report(location="15 church st"))
    assert service.get_complaint(later).subject_id == subject_id
    with pytest.raises(InvalidChange, match="already linked"):
        service.link_subject(reference, subject_id, by="clerk")
    with pytest.raises(SubjectNotFound):
        service.link_subject(reference, 999_999, by="clerk")
    # another city's household is answered exactly as one that does not exist
    freeport_subject = service.create_subject("freeport", "15 Church Street", by="clerk")
    with pytest.raises(SubjectNotFound) as other_city:
        service.link_subject(reference, freeport_subject, by="clerk")
    assert str(other_city.value) == f"no subject with id {freeport_subject}"
    assert "jurisdiction" not in str(other_city.value)


def test_a_change_of_ownership_supersedes_the_subject(service, make_report) -> None:
    old_owner = service.file_complaint(make_report())
    old_subject = service.get_complaint(old_owner).subject_id
    with pytest.raises(InvalidChange, match="already current"):
        service.create_subject("kellogg", "412 Oak St", by="clerk")
    new_subject = service.create_subject(
        "kellogg", "412 Oak St", by="clerk", reason="house sold", replace_current=True
    )
    assert new_subject != old_subject
    assert [e.action for e in service.audit_trail("subject", str(old_subject))] == ["created", "superseded"]
    new_owner = service.file_complaint(make_report())
    assert service.get_complaint(new_owner).subject_id == new_subject


def test_subject_complaints_are_accepted_non_duplicates_in_received_order(service, make_report) -> None:
    start = datetime(2026, 3, 2, 8, 0, tzinfo=CHICAGO)
    late = service.file_complaint(make_report(received=start + timedelta(days=20), channel="voice"))
    early = service.file_complaint(make_report(received=start, complainant_name="Pat"))
    tie_a = service.file_complaint(make_report(received=start + timedelta(days=5)))
    tie_b = service.file_complaint(make_report(received=start + timedelta(days=5)))
    pending = service.file_complaint(make_report(received=start + timedelta(days=6)))
    rejected = service.file_complaint(make_report(received=start + timedelta(days=7)))
    duplicate = service.file_complaint(make_report(received=start + timedelta(days=5, minutes=1)))
    elsewhere = service.file_complaint(make_report(received=start + timedelta(days=8), location="9 Elm St"))
    unconfirmed = service.file_complaint(make_report(received=start + timedelta(days=9)))
    for reference in (late, early, tie_a, tie_b, rejected, duplicate, elsewhere, unconfirmed):
        service.accept(reference, by="clerk")
    for reference in (late, early, tie_a, tie_b, rejected, duplicate, elsewhere):
        service.confirm_household(reference, by="clerk")
    service.reject(rejected, "not our dog", by="clerk")
    service.mark_duplicate(duplicate, tie_a, by="clerk")
    subject_id = service.get_complaint(early).subject_id

    history = service.subject_complaints(subject_id)
    assert [c.reference for c in history] == [early, tie_a, tie_b, late]
    assert pending not in [c.reference for c in history]
    # docs/rules.md "Who a complaint is against": "Counting, standing and notices use only complaints the
    # clerk has linked and accepted": accepted at a suggested household, it does not count yet
    assert unconfirmed not in [c.reference for c in history]
    assert [c.form for c in history] == ["written", "written", "written", "verbal"]
    assert history[0].received == start
    assert [c.complainant_identified for c in history] == [True, False, False, False]
    assert {c.subject_id for c in history} == {subject_id}


def test_review_queue_filters_and_pages_newest_first(service, make_report) -> None:
    start = datetime(2026, 3, 2, 8, 0, tzinfo=CHICAGO)
    filed = [service.file_complaint(make_report(received=start + timedelta(hours=h))) for h in range(7)]
    bite = service.file_complaint(make_report(received=start + timedelta(hours=3, minutes=30), type="bite"))
    freeport = service.file_complaint(make_report(received=start, jurisdiction="freeport"))
    service.accept(filed[0], by="clerk")

    page1 = service.review_queue(jurisdiction="kellogg", type="barking", status="new", page=1, page_size=4)
    page2 = service.review_queue(jurisdiction="kellogg", type="barking", status="new", page=2, page_size=4)
    assert [item.reference for item in page1.items] == [filed[6], filed[5], filed[4], filed[3]]
    assert page1.has_next is True
    assert [item.reference for item in page2.items] == [filed[2], filed[1]]
    assert page2.has_next is False
    everything = service.review_queue(page_size=50)
    assert len(everything.items) == 9
    assert everything.items[0].reference == filed[6]
    assert [i.received for i in everything.items] == sorted(
        (i.received for i in everything.items), reverse=True
    )
    assert [i.reference for i in service.review_queue(type="bite").items] == [bite]
    assert [i.reference for i in service.review_queue(jurisdiction="freeport").items] == [freeport]
    assert [i.reference for i in service.review_queue(status="accepted").items] == [filed[0]]
    with pytest.raises(InvalidQuery):
        service.review_queue(page=0)
    with pytest.raises(InvalidQuery):
        service.review_queue(page_size=1000)
    with pytest.raises(InvalidQuery):
        service.review_queue(status="open")


def test_record_notice_keeps_dates_and_fee_in_cents(service, make_report) -> None:
    reference = service.file_complaint(make_report())
    service.confirm_household(reference, by="clerk")
    letter = service.record_notice(
        reference, "letter", datetime(2026, 3, 3).date(), by="clerk", license_by=datetime(2026, 3, 13).date()
    )
    quarantine = service.record_notice(
        reference,
        "quarantine_order",
        datetime(2026, 3, 3).date(),
        by="clerk",
        quarantine_until=datetime(2026, 3, 13).date(),
    )
    assert service.audit_trail("notice", str(letter))[0].after["license_by"] == "2026-03-13"
    assert service.audit_trail("notice", str(quarantine))[0].after["quarantine_until"] == "2026-03-13"
    notice_id = service.record_notice(
        reference,
        "citation",
        datetime(2026, 3, 10).date(),
        by="clerk",
        hearing_request_by=datetime(2026, 3, 20).date(),
        comply_by=datetime(2026, 4, 9).date(),
        fee_cents=5000,
    )
    (entry,) = service.audit_trail("notice", str(notice_id))
    assert entry.after["fee_cents"] == 5000 and entry.after["comply_by"] == "2026-04-09"
    with pytest.raises(InvalidChange):
        service.record_notice(reference, "citation", datetime(2026, 3, 10).date(), by="clerk", fee_cents=50.0)
    with pytest.raises(InvalidChange):
        service.record_notice(reference, "warning", datetime(2026, 3, 10).date(), by="clerk")


@pytest.mark.parametrize(
    "operation",
    [
        lambda s: s.accept("KEL-2026-04242", by="clerk"),
        lambda s: s.reject("KEL-2026-04242", "why", by="clerk"),
        lambda s: s.mark_duplicate("KEL-2026-04242", "KEL-2026-00001", by="clerk"),
        lambda s: s.edit_fields("KEL-2026-04242", {"urgent": True}, "why", by="clerk"),
        lambda s: s.change_form("KEL-2026-04242", "verbal", "why", by="clerk"),
        lambda s: s.link_subject("KEL-2026-04242", 1, by="clerk"),
        lambda s: s.get_complaint("KEL-2026-04242"),
    ],
)
def test_unknown_reference_is_a_clear_domain_error(service, make_report, operation) -> None:
    service.file_complaint(make_report(complainant_name="Pat Example"))
    with pytest.raises(ComplaintNotFound, match="no complaint with reference KEL-2026-04242") as raised:
        operation(service)
    assert isinstance(raised.value, CaseError)
    assert "Pat" not in str(raised.value) and "+1507" not in str(raised.value)


def test_subject_complaints_carry_when_it_happened(service, make_report) -> None:
    """The same_incident reading and 58-10 I ("complaints about the same incident are one bite case",
    docs/rules.md) key on when it happened: the history must carry `occurred`, or every complaint is
    its own incident."""
    night = datetime(2026, 3, 1, 23, 30, tzinfo=CHICAGO)
    with_time = service.file_complaint(make_report(occurred=night, occurred_text="last night at 11:30"))
    without = service.file_complaint(make_report())
    for reference in (with_time, without):
        service.accept(reference, by="clerk")
        service.confirm_household(reference, by="clerk")
    history = service.subject_complaints(service.get_complaint(with_time).subject_id)
    assert [(c.reference, c.occurred) for c in history] == [(with_time, night), (without, None)]
