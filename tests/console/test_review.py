"""The clerk's review: the queue, the complaint page, and every review action reaching the case file and the standing."""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from bot.cases.report import BiteDetails
from bot.jurisdictions import get_pack
from bot.ordinance.dates import add_months, add_years
from tests.console.conftest import CHICAGO, csrf_from

KELLOGG = get_pack("kellogg")


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def long_day(day: date) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def post(client, path: str, **fields: str):
    return client.post(path, data={"csrf_token": csrf_from(client, "/queue"), **fields})


def test_queue_is_newest_first_and_filters_by_city_type_and_status(signed_in, cases, make_report) -> None:
    older = cases.file_complaint(make_report())
    bite = cases.file_complaint(
        make_report(type="bite", location="9 Elm St", bite=BiteDetails("person", True, None, None))
    )
    freeport = cases.file_complaint(make_report(jurisdiction="freeport", location="3 Main St"))
    client = signed_in("clerk")
    page = client.get("/queue").text
    assert page.index(freeport) < page.index(bite) < page.index(older)
    only_kellogg = client.get("/queue?jurisdiction=kellogg").text
    assert freeport not in only_kellogg and older in only_kellogg
    only_bites = client.get("/queue?type=bite").text
    assert bite in only_bites and older not in only_bites
    cases.accept(older, by="setup")
    assert older not in client.get("/queue").text  # the default view is what is still new
    assert older in client.get("/queue?status=accepted").text


def test_complaint_page_shows_words_fields_photos_duplicates_subject_and_history(
    signed_in, cases, make_report
) -> None:
    first = cases.file_complaint(make_report())
    second = cases.file_complaint(
        make_report(photo_urls=("/photos/" + "d" * 32,), animal_description="brown lab")  # our own copy
    )
    page = signed_in("officer").get(f"/complaints/{second}").text
    detail = cases.get_complaint(second)
    assert detail.transcript.replace("'", "&#39;") in page
    assert "brown lab" in page and "412 OAK ST" in page
    assert "Jane Resident" not in page  # who reported is the clerk's: test_complainant_privacy.py
    assert f'src="/photos/{"d" * 32}"' in page
    assert f'href="/complaints/{first}"' in page  # suggested duplicate
    assert f'href="/subjects/{detail.subject_id}"' in page
    assert "filed" in text_of(page) and "assistant" in text_of(page)


def test_accepting_changes_the_standing_on_the_household_page(signed_in, cases, make_report, clock) -> None:
    reference = cases.file_complaint(make_report())
    subject_id = cases.get_complaint(reference).subject_id
    client = signed_in("clerk")
    assert "No standing" in client.get(f"/subjects/{subject_id}").text
    assert post(client, f"/complaints/{reference}/accept").status_code == 303
    # docs/rules.md "Who a complaint is against": "Barking: the household at the incident address is
    # *suggested*; the clerk confirms it" - accepted at a suggested household, it does not count yet
    assert "No standing" in client.get(f"/subjects/{subject_id}").text
    assert post(client, f"/complaints/{reference}/confirm-household").status_code == 303
    received = cases.get_complaint(reference).received.astimezone(CHICAGO).date()
    page = text_of(client.get(f"/subjects/{subject_id}").text)
    window_end = add_months(received, KELLOGG.law.second_within_months)
    assert "First complaint" in page
    assert f"window open until {long_day(window_end)}" in page
    assert f"({(window_end - clock().astimezone(CHICAGO).date()).days} days left)" in page
    assert "58-16(B)(2)" in page and "58-16(B)(3)" in page
    assert ("accepted", "clerk") in [(e.action, e.actor) for e in cases.audit_trail("complaint", reference)]

    clock.now = datetime(2026, 3, 21, 12, 0, tzinfo=CHICAGO)
    second = cases.file_complaint(make_report(received=datetime(2026, 3, 20, 10, 0, tzinfo=CHICAGO)))
    assert (
        'it would count as <strong id="would-count">second</strong>'
        in client.get(f"/complaints/{second}").text
    )
    post(client, f"/complaints/{second}/confirm-household")
    assert "First complaint" in text_of(
        client.get(f"/subjects/{subject_id}").text
    )  # a preview changes nothing
    post(client, f"/complaints/{second}/accept")
    page = text_of(client.get(f"/subjects/{subject_id}").text)
    assert "Second complaint" in page
    assert f"window open until {long_day(add_years(received, KELLOGG.law.third_within_years))}" in page
    assert "City Attorney" in page and "58-16(B)(4)" in page


def test_a_verbal_walk_in_is_pending_until_a_second_verbal_complaint(
    signed_in, cases, make_report, clock
) -> None:
    first = cases.file_complaint(make_report(channel="walk_in"))
    subject_id = cases.get_complaint(first).subject_id
    client = signed_in("clerk")
    post(client, f"/complaints/{first}/accept")
    post(client, f"/complaints/{first}/confirm-household")  # only confirmed households count
    assert "One verbal complaint pending" in client.get(f"/subjects/{subject_id}").text
    second = cases.file_complaint(
        make_report(channel="staff_phone", received=datetime(2026, 3, 2, 11, tzinfo=CHICAGO))
    )
    post(client, f"/complaints/{second}/accept")
    post(client, f"/complaints/{second}/confirm-household")
    page = text_of(client.get(f"/subjects/{subject_id}").text)
    assert "First complaint" in page and "One verbal complaint pending" not in page


def test_reject_needs_a_reason_and_records_it(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    client = signed_in("clerk")
    post(client, f"/complaints/{reference}/reject", reason="  ")
    assert cases.get_complaint(reference).status == "new"
    assert "needs a reason" in client.get(f"/complaints/{reference}").text
    post(client, f"/complaints/{reference}/reject", reason="prank text")
    detail = cases.get_complaint(reference)
    assert (detail.status, detail.status_reason) == ("rejected", "prank text")
    assert "prank text" in client.get(f"/complaints/{reference}").text


def test_mark_duplicate_change_form_and_correct_fields_are_recorded(signed_in, cases, make_report) -> None:
    original = cases.file_complaint(make_report())
    copy = cases.file_complaint(make_report())
    client = signed_in("clerk")
    post(client, f"/complaints/{copy}/duplicate", of=original)
    assert cases.get_complaint(copy).duplicate_of == original

    post(client, f"/complaints/{original}/form", form="verbal", reason="resident phoned it in first")
    assert cases.get_complaint(original).form == "verbal"
    post(client, f"/complaints/{original}/edit", type="barking", location_text="414 Oak Street",
         animal_species="dog", animal_description="beagle", occurred_text="", received="2026-03-02T09:01",
         reason="resident corrected the house number")  # fmt: skip
    detail = cases.get_complaint(original)
    assert (detail.location_normalised, detail.animal_description) == ("414 OAK ST", "beagle")
    actions = [(e.action, e.reason) for e in cases.audit_trail("complaint", original)]
    assert ("form_changed", "resident phoned it in first") in actions
    assert ("edited", "resident corrected the house number") in actions
    history = text_of(client.get(f"/complaints/{original}").text)
    assert "form changed" in history and "resident corrected the house number" in history


def test_link_to_a_new_household_and_back(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report(location="behind the church"))
    assert cases.get_complaint(reference).subject_id is None
    client = signed_in("clerk")
    post(
        client,
        f"/complaints/{reference}/new-subject",
        address="12 Church St",
        name="Pat Owner",
        reason="officer found the house",
    )
    subject_id = cases.get_complaint(reference).subject_id
    assert cases.get_subject(subject_id).address_normalised == "12 CHURCH ST"
    other = cases.file_complaint(make_report(location="12 church street"))
    assert cases.get_complaint(other).subject_id == subject_id  # filing finds the household now
    third = cases.file_complaint(make_report(location="near the school"))
    post(client, f"/complaints/{third}/link-subject", subject_id=str(subject_id))
    assert cases.get_complaint(third).subject_id == subject_id


def test_another_citys_complaint_or_household_is_answered_as_one_that_does_not_exist(
    signed_in, cases, make_report
) -> None:
    """Marking a duplicate of, or linking to, a record of another city says exactly what it says for an id
    that does not exist: the clerk learns nothing of another city's records."""
    reference = cases.file_complaint(make_report())
    freeport = cases.file_complaint(make_report(jurisdiction="freeport", location="3 Main St"))
    freeport_subject = cases.create_subject("freeport", "77 Birch Street", by="setup")
    missing_subject = freeport_subject + 1000
    client = signed_in("clerk")

    def flashed(path: str, **fields: str) -> str:
        response = post(client, f"/complaints/{reference}/{path}", **fields)
        assert response.status_code == 303
        return text_of(client.get(f"/complaints/{reference}").text).split("Not done: ")[1].split(" ")[:6]

    other_city = flashed("duplicate", of=freeport)
    nowhere = flashed("duplicate", of="FRE-2026-99999")
    assert other_city == [w.replace("FRE-2026-99999", freeport) for w in nowhere]
    assert " ".join(other_city[:4]) == "no complaint with reference"
    other_household = flashed("link-subject", subject_id=str(freeport_subject))
    no_household = flashed("link-subject", subject_id=str(missing_subject))
    assert other_household == [w.replace(str(missing_subject), str(freeport_subject)) for w in no_household]
    assert " ".join(other_household[:4]) == "no subject with id"
    detail = cases.get_complaint(reference)
    assert (detail.status, detail.subject_confirmed) == ("new", False)


def test_unknown_complaint_and_household_are_not_found(signed_in) -> None:
    client = signed_in("clerk")
    assert client.get("/complaints/KEL-2026-99999").status_code == 404
    assert client.get("/subjects/99999").status_code == 404


def test_freeport_household_counts_every_complaint_and_flags_bites(signed_in, cases, make_report) -> None:
    def freeport(**fields):
        return cases.file_complaint(make_report(jurisdiction="freeport", location="3 Main St", **fields))

    # a bite counts against the owner the resident named, never the place of the bite (docs/rules.md "Who a
    # complaint is against"): the resident names the household at 3 Main St
    owner = BiteDetails("person", True, None, "3 Main St")
    references = [
        freeport(channel="voice"),
        freeport(type="bite", bite=owner, received=datetime(2026, 3, 1, 8, tzinfo=CHICAGO)),
        freeport(type="bite", bite=owner, received=datetime(2026, 3, 1, 9, tzinfo=CHICAGO) + timedelta(days=-20)),
    ]  # fmt: skip
    for reference in references:
        cases.accept(reference, by="setup")
        cases.confirm_household(reference, by="setup")
    subject_id = cases.get_complaint(references[0]).subject_id
    page = text_of(signed_in("officer").get(f"/subjects/{subject_id}").text)
    assert "3 accepted complaints" in page and "every accepted complaint counts" in page
    # skin broken: bodily injury to a person, 11 C 1 a; the two bites' animal is not identified, so they
    # are never added up into "two or more occasions" (11 C 1 d)
    assert "complaint 3" in page and "(11(C)(1)(a))" in page and "11(C)(1)(d)" not in page


def test_the_clerks_decision_is_texted_to_a_resident_who_texted_once_per_status(
    signed_in, cases, make_report, app
) -> None:
    by_text = cases.file_complaint(make_report())
    by_web = cases.file_complaint(
        make_report(channel="rest", complainant_contact="rest:dev-1", location="9 Elm St")
    )
    client = signed_in("clerk")
    post(client, f"/complaints/{by_text}/accept")
    post(client, f"/complaints/{by_text}/accept")  # a second click changes nothing and texts nothing more
    post(client, f"/complaints/{by_web}/reject", reason="no such address")
    outbox = app.state.console.outbox
    [text] = outbox.messages()
    assert text.idempotency_key == f"status:{by_text}:accepted"
    assert text.to_number == "+15075550123" and by_text in text.body and "accepted" in text.body
