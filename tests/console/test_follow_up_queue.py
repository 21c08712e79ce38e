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


def test_a_report_filed_without_a_type_waits_for_the_clerk_to_type_it(signed_in, cases, make_report) -> None:
    untyped = cases.file_complaint(make_report(type="unknown", location="412 Oak St", needs_follow_up=True))
    client = signed_in("clerk")
    queue = client.get("/queue", params={"follow_up": "needed", "status": ""}).text
    row = queue[queue.index(f">{untyped}</a>") :].split("</tr>")[0]
    assert "needs follow-up" in row and "Type not known: call back" in row

    page = client.get(f"/complaints/{untyped}")
    assert page.status_code == 200
    assert "the resident could not give the type" in page.text
    # the correction form never pre-selects a type the resident did not give
    assert '<option value="" selected>not known yet: ask the resident</option>' in page.text
    assert 'value="barking" selected' not in page.text


def test_open311_lists_no_report_without_a_type(client, cases, make_report) -> None:
    untyped = cases.file_complaint(make_report(type="unknown", location="412 Oak St", needs_follow_up=True))
    typed = cases.file_complaint(make_report(location="5 Elm St"))
    listed = client.get("/open311/v2/requests.json", params={"jurisdiction_id": "kellogg"})
    assert [item["service_request_id"] for item in listed.json()] == [typed]
    assert (
        client.get(f"/open311/v2/requests/{untyped}.json", params={"jurisdiction_id": "kellogg"}).status_code
        == 404
    )
