"""A report filed without a place (the resident never gave one after two re-asks) is marked for the
clerk to call back, and the queue filters on the mark."""

from __future__ import annotations


def test_the_queue_shows_and_filters_the_reports_that_need_a_call_back(signed_in, cases, make_report) -> None:
    placeless = cases.file_complaint(
        make_report(location="not given (the clerk will call you back)", needs_follow_up=True)
    )
    placed = cases.file_complaint(make_report(location="5 Elm St"))
    client = signed_in("clerk")
    everything = client.get("/queue").text
    row = everything[everything.index(f">{placeless}</a>") :].split("</tr>")[0]
    assert "needs follow-up" in row
    assert "needs follow-up" not in everything[everything.index(f">{placed}</a>") :].split("</tr>")[0]
    filtered = client.get("/queue", params={"follow_up": "needed", "status": ""}).text
    assert f">{placeless}</a>" in filtered and f">{placed}</a>" not in filtered
    assert 'name="follow_up" value="needed" checked' in filtered
    assert cases.get_complaint(placeless).location_text.startswith("not given")
