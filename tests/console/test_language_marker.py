"""The clerk's marker of a Spanish conversation (issue 12): the queue, the complaint page, the household page
and the CSV export say "ES · Spanish"; the resident's own words are shown as they are; English is unmarked."""

from __future__ import annotations

import csv
import io

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
