"""The newer report types in the console and Open311: the title and section on the complaint page, the queue's
filter, the export's columns, and what a key holder's POST files (docs/rules.md "Report types")."""

from __future__ import annotations

import csv
import io

from tests.console.test_open311 import BASE, api_key, assert_error  # noqa: F401 (fixture)


def test_the_complaint_page_names_the_type_and_the_section_it_rests_on(signed_in, cases, make_report) -> None:
    """Kellogg 58-11 A "No person shall beat, treat cruelly, torment or otherwise abuse any animal"; Freeport
    section 13 "All animals shall receive from their owners or keepers kind treatment, housing in the winter,
    and sufficient food and water for their comfort"."""
    client = signed_in("clerk")
    kellogg = cases.file_complaint(
        make_report(type="neglect", details={"what_happened": "chained with no water", "in_danger": "no"})
    )
    freeport = cases.file_complaint(
        make_report(type="neglect", jurisdiction="freeport", location="5 Main St E")
    )
    page = client.get(f"/complaints/{kellogg}").text
    assert "Neglect or cruelty" in page
    assert "Kellogg City Code chapter 58: 58-11, 58-12" in page
    assert "chained with no water" in page
    assert "Freeport Ordinance 2005-03: 13)" in client.get(f"/complaints/{freeport}").text


def test_damage_in_kellogg_says_no_section_names_it(signed_in, cases, make_report) -> None:
    client = signed_in("clerk")
    reference = cases.file_complaint(
        make_report(type="damage", details={"what_happened": "dug up the garden"})
    )
    page = client.get(f"/complaints/{reference}").text
    assert "Damage to property" in page and "no section of chapter 58 names damage to property" in page


def test_the_queue_filters_by_a_newer_type(signed_in, cases, make_report) -> None:
    client = signed_in("clerk")
    waste = cases.file_complaint(make_report(type="waste"))
    barking = cases.file_complaint(make_report())
    page = client.get("/queue?type=waste&status=").text
    assert waste in page and barking not in page
    assert '<option value="too_many" >Too many animals</option>' in page


def test_the_export_has_each_complaints_section_and_answers(signed_in, cases, make_report) -> None:
    client = signed_in("clerk")
    cases.file_complaint(make_report(type="too_many", details={"animal_count": "12"}))
    rows = list(csv.DictReader(io.StringIO(client.get("/export/complaints.csv").text)))
    assert [(r["type"], r["section"], r["details"]) for r in rows] == [
        ("too_many", "58-4", "animal_count: 12")
    ]


def test_a_key_holders_neglect_report_in_danger_now_is_urgent(client, cases, api_key) -> None:  # noqa: F811
    fields = {"jurisdiction_id": "kellogg", "service_code": "neglect", "api_key": api_key,
              "address_string": "500 Main St", "description": "Dispatch: dog in a hot car",
              "attribute[in_danger]": "yes", "attribute[what_happened]": "dog in a hot car, windows up"}  # fmt: skip
    response = client.post(f"{BASE}/requests.json", data=fields)
    assert response.status_code == 200
    detail = cases.get_complaint(response.json()[0]["service_request_id"])
    assert (detail.type, detail.urgent) == ("neglect", True)
    assert dict(detail.details)["what_happened"] == "dog in a hot car, windows up"

    not_now = {**fields, "attribute[in_danger]": "no", "address_string": "501 Main St"}
    detail = cases.get_complaint(
        client.post(f"{BASE}/requests.json", data=not_now).json()[0]["service_request_id"]
    )
    assert detail.urgent is False

    assert_error(client.post(f"{BASE}/requests.json", data={**fields, "attribute[in_danger]": "maybe"}), 400)


def test_each_newer_service_has_its_own_name_and_attributes(client) -> None:
    services = {
        s["service_code"]: s for s in client.get(f"{BASE}/services.json?jurisdiction_id=kellogg").json()
    }
    assert services["threat"]["service_name"] == "Animal threat without contact"
    definition = client.get(f"{BASE}/services/threat.json?jurisdiction_id=kellogg").json()
    assert {"what_happened", "loose", "in_danger"} <= {a["code"] for a in definition["attributes"]}
