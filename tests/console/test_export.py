"""CSV export: filtered, oldest first, no complainant, spreadsheet formulas defused."""

from __future__ import annotations

import csv
import io

from tests.console.conftest import CHICAGO


def test_export_lists_filtered_complaints_without_the_complainant(signed_in, cases, make_report) -> None:
    kept = [
        cases.file_complaint(make_report()),
        cases.file_complaint(make_report(animal_description="=HYPERLINK(1)")),
    ]
    cases.file_complaint(make_report(jurisdiction="freeport", location="3 Main St"))
    response = signed_in("clerk").get("/export/complaints.csv?jurisdiction=kellogg")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    assert "attachment" in response.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(response.text)))
    assert [row["reference"] for row in rows] == kept
    assert rows[1]["animal_description"] == "'=HYPERLINK(1)"
    detail = cases.get_complaint(kept[0])
    assert rows[0]["received"] == detail.received.astimezone(CHICAGO).isoformat()
    assert "Jane Resident" not in response.text and "+15075550123" not in response.text
    assert "barked since 10pm" not in response.text  # the resident's words stay in the console


def test_export_with_a_bad_filter_is_refused(signed_in) -> None:
    assert signed_in("clerk").get("/export/complaints.csv?status=lost").status_code == 400
