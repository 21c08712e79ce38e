"""What the hands-on pass found confusing for the clerk, each fixed.

- A link to a page with a query (a notice preview) sent a signed-out clerk to the sign-in page and, after it, to
  the page without its query: "That request had a field missing or malformed."
- A correction without a reason said "Not done: edit_fields needs a reason" (a function's name).
- Saving the corrections form unchanged said "corrected." though nothing was recorded.
- Notices (legal documents, printed) and Open311's service notice wrote the office phone as +15075550100.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

from bot.jurisdictions import get_pack
from tests.console.conftest import PASSWORD, csrf_from

KELLOGG = get_pack("kellogg")


def _text(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.unescape(page)))


def _post(client, path: str, **fields: str):
    return client.post(path, data={"csrf_token": csrf_from(client, "/queue"), **fields})


def test_after_sign_in_the_clerk_lands_on_the_page_with_its_query(client, staff, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    cases.accept(reference, by="setup")
    cases.confirm_household(reference, by="setup")
    wanted = f"/notices/preview?complaint={reference}&kind=letter"
    to_login = client.get(wanted)
    assert to_login.status_code == 303
    login = urlsplit(to_login.headers["location"])
    assert login.path == "/login" and parse_qs(login.query)["next"] == [wanted]
    page = client.get(to_login.headers["location"])
    signed = client.post("/login", data={"username": "clerk", "password": PASSWORD, "next": wanted,
                                         "csrf_token": csrf_from(client, to_login.headers["location"])})  # fmt: skip
    assert signed.status_code == 303 and signed.headers["location"] == wanted, page.text
    assert client.get(wanted).status_code == 200


def test_a_correction_without_a_reason_is_refused_in_words(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    client = signed_in("clerk")
    _post(client, f"/complaints/{reference}/edit", location_text="412 Oak St", language="es", reason="")
    page = _text(client.get(f"/complaints/{reference}").text)
    assert "a correction needs a reason" in page and "edit_fields" not in page
    assert cases.get_complaint(reference).language == "en"


def test_saving_the_corrections_unchanged_says_nothing_changed(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    detail = cases.get_complaint(reference)
    client = signed_in("clerk")
    form = {"type": detail.type, "location_text": detail.location_text, "animal_species": detail.animal_species or "",
            "language": detail.language, "reason": "checked"}  # fmt: skip
    if detail.urgent:
        form["urgent"] = "on"
    _post(client, f"/complaints/{reference}/edit", **form)
    page = _text(client.get(f"/complaints/{reference}").text)
    assert "Nothing changed" in page and f"{reference} corrected" not in page
    _post(client, f"/complaints/{reference}/edit", **{**form, "language": "es"})
    page = _text(client.get(f"/complaints/{reference}").text)
    assert f"{reference} corrected" in page and "language: en → es" in page


def test_a_notice_writes_the_office_phone_as_people_do(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    cases.accept(reference, by="setup")
    cases.confirm_household(reference, by="setup")
    page = signed_in("clerk").get(f"/notices/preview?complaint={reference}&kind=letter").text
    assert "(507) 555-0100" in page and KELLOGG.office_phone not in page


def test_open311_service_notice_writes_the_office_phone_as_people_do(client, accounts) -> None:
    key = accounts.create_api_key("Wabasha County dispatch", "kellogg")[1]
    data = {
        "jurisdiction_id": "kellogg",
        "service_code": "barking",
        "api_key": key,
        "address_string": "77 Elm St",
    }
    [created] = client.post("/open311/v2/requests.json", data=data).json()
    assert (
        "(507) 555-0100" in created["service_notice"]
        and KELLOGG.office_phone not in created["service_notice"]
    )
