"""A complaint filed without a place (the resident never gave one after two re-asks) is marked for
the clerk to call back. It counts only once the clerk has filled in what was missing: it cannot be accepted
until the place is corrected, and correcting the place clears the mark (audited like any correction)."""

from __future__ import annotations

import pytest

from bot.cases.errors import InvalidChange

PLACELESS = "not given (the clerk will call you back)"


def test_a_placeless_complaint_counts_only_once_its_place_is_filled_in(service, make_report) -> None:
    reference = service.file_complaint(make_report(location=PLACELESS, needs_follow_up=True))
    assert [item.reference for item in service.review_queue(needs_follow_up=True).items] == [reference]
    with pytest.raises(InvalidChange, match="no place yet"):
        service.accept(reference, by="clerk.ann")

    service.edit_fields(reference, {"location_text": "412 Oak St"}, "called back", by="clerk.ann")
    assert service.review_queue(needs_follow_up=True).items == ()
    entry = service.audit_trail("complaint", reference)[-1]
    assert entry.before["needs_follow_up"] is True and entry.after["needs_follow_up"] is False
    service.accept(reference, by="clerk.ann")
    assert service.get_complaint(reference).status == "accepted"


def test_a_complaint_with_its_place_is_not_marked(service, make_report) -> None:
    reference = service.file_complaint(make_report())
    assert service.review_queue(needs_follow_up=True).items == ()
    service.accept(reference, by="clerk.ann")
