"""The clerk's marker of a Spanish conversation: the queue, the complaint page, the household page
and the CSV export say "ES · Spanish"; the resident's own words are shown as they are; English is unmarked."""

from __future__ import annotations

import csv
import html
import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from tests.console.conftest import csrf_from

MARKER = "ES · Spanish"
SPANISH_WORDS = "Resident: el perro de al lado ladra desde las 10 de la noche, ¿pueden venir?"


def test_the_queue_marks_the_spanish_complaint_only(signed_in, cases, make_report) -> None:
    spanish = cases.file_complaint(make_report(transcript=SPANISH_WORDS, language="es"))
    english = cases.file_complaint(make_report(location="5 Elm St"))
    page = signed_in("clerk").get("/queue").text
    rows = {ref: page[page.index(f">{ref}</a>") :].split("</tr>")[0] for ref in (spanish, english)}
    assert MARKER in rows[spanish] and MARKER not in rows[english]
    assert page.count(MARKER) == 1


def test_the_complaint_page_shows_the_marker_and_the_residents_own_words(
    signed_in, cases, make_report
) -> None:
    spanish = cases.file_complaint(make_report(transcript=SPANISH_WORDS, language="es"))
    page = signed_in("clerk").get(f"/complaints/{spanish}").text
    assert 'id="language-marker"' in page and MARKER in page
    assert 'lang="es"' in page  # the words are marked up as Spanish for screen readers
    assert "el perro de al lado ladra desde las 10 de la noche, ¿pueden venir?" in page  # not translated
    english = cases.file_complaint(make_report(location="5 Elm St"))
    page = signed_in("clerk").get(f"/complaints/{english}").text
    assert 'id="language-marker"' not in page and "EN · English" in page


def test_the_household_page_marks_its_spanish_complaints(signed_in, cases, make_report) -> None:
    spanish = cases.file_complaint(make_report(transcript=SPANISH_WORDS, language="es"))
    subject_id = cases.get_complaint(spanish).subject_id
    page = signed_in("clerk").get(f"/subjects/{subject_id}").text
    assert MARKER in page


def test_the_csv_export_has_a_language_column(signed_in, cases, make_report) -> None:
    spanish = cases.file_complaint(make_report(transcript=SPANISH_WORDS, language="es"))
    english = cases.file_complaint(make_report(location="5 Elm St"))
    response = signed_in("clerk").get("/export/complaints.csv")
    rows = {row["reference"]: row for row in csv.DictReader(io.StringIO(response.text))}
    assert (rows[spanish]["language"], rows[english]["language"]) == ("es", "en")
    # the facts are in the same columns whatever the language
    same = ("type", "form", "channel", "animal", "status")
    assert [rows[spanish][k] for k in same] == [rows[english][k] for k in same]


def test_the_clerk_corrects_the_language_with_a_reason_and_the_status_text_follows(
    signed_in, cases, make_report, app
) -> None:
    reference = cases.file_complaint(make_report(language="es"))
    client = signed_in("clerk")
    detail = cases.get_complaint(reference)
    response = client.post(
        f"/complaints/{reference}/edit",
        data={"csrf_token": csrf_from(client, "/queue"), "type": "barking", "location_text": detail.location_text,
              "language": "en", "reason": "the resident wrote in English; the detector was wrong"},
    )  # fmt: skip
    assert response.status_code in (200, 303)
    assert cases.get_complaint(reference).language == "en"
    [edited] = [e for e in cases.audit_trail("complaint", reference) if e.action == "edited"]
    assert (edited.before["language"], edited.after["language"]) == ("es", "en")
    outbox = app.state.console.outbox
    outbox.queue_status_text(reference)
    [text] = outbox.messages()
    assert text.body.startswith("Kellogg, MN animal line:")
    assert MARKER not in client.get("/queue").text


def _edit_form_as_a_browser_sends_it(page: str, reference: str) -> dict[str, str]:
    """The fields of the page's "Correct the fields" form as a browser submits them unchanged."""
    form = re.search(rf'<form[^>]*action="/complaints/{reference}/edit".*?</form>', page, re.S).group(0)
    fields = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag:
            if "checked" in tag:
                fields[name.group(1)] = "on"
        elif name:
            fields[name.group(1)] = html.unescape(value.group(1)) if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        fields[name] = re.search(r'<option value="([^"]*)"[^>]*selected', options).group(1)
    return fields


def test_correcting_only_the_language_changes_only_the_language(signed_in, cases, make_report) -> None:
    # The form shows the received time to the minute: sent back unchanged, it must not move the record's
    # received time (here 09:00:37 would become 09:00:00) nor write a change the clerk did not make.
    received = datetime(2026, 3, 2, 9, 0, 37, tzinfo=ZoneInfo("America/Chicago"))
    reference = cases.file_complaint(make_report(language="es", received=received, urgent=True))
    client = signed_in("clerk")
    fields = _edit_form_as_a_browser_sends_it(client.get(f"/complaints/{reference}").text, reference)
    fields.update(language="en", reason="the resident wrote in English")
    assert client.post(f"/complaints/{reference}/edit", data=fields).status_code == 303
    detail = cases.get_complaint(reference)
    assert (detail.language, detail.received, detail.urgent) == ("en", received, True)
    [edited] = [e for e in cases.audit_trail("complaint", reference) if e.action == "edited"]
    assert set(edited.after) == {"language"}
