"""Open311 GeoReport v2: the spec's shapes and errors, the city chosen by jurisdiction_id, and privacy."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import datetime

import pytest

from bot.cases.report import BiteDetails
from tests.console.conftest import CHICAGO

BASE = "/open311/v2"
# no media_url: a resident's photo is never on Open311, not even for key holders
REQUEST_FIELDS = {
    "service_request_id", "status", "status_notes", "service_name", "service_code", "description",
    "agency_responsible", "service_notice", "requested_datetime", "updated_datetime", "expected_datetime",
    "address", "address_id", "zipcode", "lat", "long",
}  # fmt: skip
WORDS = "the dog next door has barked since 10pm, it's Bob Smith's dog"


def assert_error(response, code: int) -> None:
    assert response.status_code == code
    body = response.json()
    assert isinstance(body, list) and len(body) == 1 and set(body[0]) == {"code", "description"}
    assert body[0]["code"] == code and body[0]["description"]


@pytest.fixture
def api_key(accounts) -> str:
    return accounts.create_api_key("Wabasha County dispatch", "kellogg")[1]


def test_services_list_one_service_per_report_type_with_definitions(client) -> None:
    services = client.get(f"{BASE}/services.json?jurisdiction_id=kellogg").json()
    assert [s["service_code"] for s in services] == [
        "barking",
        "at_large",
        "bite",
        "threat",
        "neglect",
        "waste",
        "too_many",
        "damage",
    ]
    assert all(s["metadata"] is True and s["type"] == "realtime" and s["service_name"] for s in services)
    definition = client.get(f"{BASE}/services/bite.json?jurisdiction_id=kellogg").json()
    assert definition["service_code"] == "bite"
    victim = next(a for a in definition["attributes"] if a["code"] == "victim")
    assert victim["required"] is True and victim["datatype"] == "singlevaluelist"
    assert {v["key"] for v in victim["values"]} == {"person", "animal"}
    assert [a["order"] for a in definition["attributes"]] == sorted(
        a["order"] for a in definition["attributes"]
    )


def test_errors_use_the_spec_format(client) -> None:
    assert_error(client.get(f"{BASE}/services.json"), 400)  # several cities: jurisdiction_id is required
    assert_error(client.get(f"{BASE}/services.json?jurisdiction_id=atlantis"), 404)
    assert_error(client.get(f"{BASE}/services/cruelty.json?jurisdiction_id=kellogg"), 404)
    assert_error(client.get(f"{BASE}/requests/KEL-2026-00404.json?jurisdiction_id=kellogg"), 404)
    assert_error(client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&start_date=yesterday"), 400)
    assert_error(client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&status=lost"), 400)
    assert_error(client.get(f"{BASE}/nothing-here.json"), 404)
    xml_error = client.get(f"{BASE}/services.xml")
    root = ET.fromstring(xml_error.content)
    assert root.tag == "errors" and root.find("error/code").text == "400"


def test_public_requests_are_block_level_without_words_or_complainant(client, cases, make_report) -> None:
    reference = cases.file_complaint(make_report(photo_urls=("https://media.example/1.jpg",)))
    cases.file_complaint(make_report(jurisdiction="freeport", location="3 Main St"))
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg").json()
    assert set(item) == REQUEST_FIELDS
    assert item["service_request_id"] == reference and item["status"] == "open"
    assert item["address"] == "400 block of Oak St"
    text = str(item)
    assert "media.example" not in text  # the resident's photo: never public
    assert "412" not in text and "Jane" not in text and "+1507" not in text and "barked" not in text
    assert datetime.fromisoformat(item["requested_datetime"]) == cases.get_complaint(reference).received
    [single] = client.get(f"{BASE}/requests/{reference}.json?jurisdiction_id=kellogg").json()
    assert single == item
    assert_error(client.get(f"{BASE}/requests/{reference}.json?jurisdiction_id=freeport"), 404)


def test_a_place_that_is_not_a_street_address_is_shown_as_the_city_only(client, cases, make_report) -> None:
    cases.file_complaint(make_report(location="behind Bob Smith's garage by the church"))
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg").json()
    assert item["address"] == "Kellogg, MN"


def test_api_key_holders_get_the_full_address_and_description(
    client, cases, make_report, api_key, accounts
) -> None:
    cases.file_complaint(make_report())
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&api_key={api_key}").json()
    assert item["address"] == "412 Oak Street" and item["description"] == WORDS
    assert "Jane" not in str(item) and "+1507" not in str(item)  # never the complainant
    assert_error(client.get(f"{BASE}/requests.json?jurisdiction_id=freeport&api_key={api_key}"), 403)
    assert_error(client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&api_key=o311_guess"), 403)


def test_request_filters_follow_the_spec(client, cases, make_report) -> None:
    march = cases.file_complaint(make_report())
    bite = cases.file_complaint(
        make_report(
            type="bite",
            received=datetime(2026, 2, 20, 9, tzinfo=CHICAGO),
            bite=BiteDetails("person", True, None, None),
        )
    )
    rejected = cases.file_complaint(make_report(received=datetime(2026, 2, 25, 9, tzinfo=CHICAGO)))
    cases.reject(rejected, "not a complaint", by="setup")
    old = cases.file_complaint(make_report(received=datetime(2025, 6, 1, 9, tzinfo=CHICAGO)))

    def ids(query: str) -> list[str]:
        return [
            r["service_request_id"]
            for r in client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&{query}").json()
        ]

    assert ids("") == [march, rejected, bite]  # newest first, the last 90 days by default
    assert ids("service_code=bite") == [bite]
    assert ids("status=closed") == [rejected]
    assert ids("status=open,closed&service_code=barking") == [march, rejected]
    assert ids("start_date=2025-01-01T00:00:00Z&end_date=2025-12-31T00:00:00Z") == [old]
    assert ids(f"service_request_id={old},{bite}&service_code=barking") == [bite, old]  # ids override filters


def test_xml_responses_carry_the_same_requests(client, cases, make_report) -> None:
    reference = cases.file_complaint(make_report())
    root = ET.fromstring(client.get(f"{BASE}/requests.xml?jurisdiction_id=kellogg").content)
    assert root.tag == "service_requests"
    assert root.find("request/service_request_id").text == reference
    assert root.find("request/address").text == "400 block of Oak St"


def test_post_files_a_written_complaint_through_the_case_service(client, cases, api_key) -> None:
    fields = {"jurisdiction_id": "kellogg", "service_code": "bite", "api_key": api_key,
              "address_string": "77 Elm St", "description": "Dispatch: dog bit a jogger",
              "attribute[victim]": "person", "attribute[skin_broken]": "yes", "attribute[animal]": "Dog",
              "first_name": "Ann", "last_name": "Jogger", "phone": "(507) 555-0177"}  # fmt: skip
    response = client.post(f"{BASE}/requests.json", data=fields)
    assert response.status_code == 200
    [created] = response.json()
    assert set(created) == {"service_request_id", "service_notice", "account_id"}
    detail = cases.get_complaint(created["service_request_id"])
    assert (detail.channel, detail.form, detail.type, detail.urgent) == ("web", "written", "bite", True)
    assert (detail.animal_species, detail.bite.victim, detail.bite.skin_broken_or_medical) == (
        "dog",
        "person",
        True,
    )
    # an unverified contact for the clerk, never a complainant record (issue 35 item 5)
    assert (detail.complainant_name, detail.complainant_contact) == (None, None)
    assert detail.details["unverified_contact"] == "Ann Jogger, +15075550177"
    assert detail.transcript == "Dispatch: dog bit a jogger"


def test_post_needs_a_valid_key_a_location_and_the_required_attributes(client, cases, api_key) -> None:
    fields = {"jurisdiction_id": "kellogg", "service_code": "barking", "address_string": "1 Oak St"}
    assert_error(client.post(f"{BASE}/requests.json", data=fields), 403)
    assert_error(client.post(f"{BASE}/requests.json", data={**fields, "api_key": "o311_nope"}), 403)
    assert_error(
        client.post(f"{BASE}/requests.json", data={**fields, "api_key": api_key, "address_string": ""}), 400
    )
    bite = {**fields, "api_key": api_key, "service_code": "bite"}
    assert_error(client.post(f"{BASE}/requests.json", data=bite), 400)
    assert_error(
        client.post(
            f"{BASE}/requests.json", data={**fields, "api_key": api_key, "jurisdiction_id": "freeport"}
        ),
        403,
    )
    assert cases.count_complaints() == 0


def test_an_admin_issues_a_key_in_the_console_shown_once_and_usable(
    signed_in, client, cases, make_report
) -> None:
    import re

    from tests.console.conftest import csrf_from

    cases.file_complaint(make_report())
    admin = signed_in("admin")
    page = admin.post("/admin/api-keys", data={"csrf_token": csrf_from(admin, "/admin"), "name": "Dispatch",
                                               "jurisdiction": "kellogg"}).text  # fmt: skip
    key = re.search(r'<code id="new-key">([^<]+)</code>', page).group(1)
    assert key not in admin.get("/admin").text  # shown once
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&api_key={key}").json()
    assert item["address"] == "412 Oak Street"


def test_discovery_names_the_configured_url_never_the_host_header(client) -> None:
    """Issue 10, finding 13: discovery echoed the Host header, so anyone could name the endpoint."""
    answer = client.get(f"{BASE}/discovery.json", headers={"Host": "evil.example"}).json()
    assert [e["url"] for e in answer["endpoints"]] == ["https://console.example/open311/v2/"]
    root = ET.fromstring(client.get(f"{BASE}/discovery.xml", headers={"Host": "evil.example"}).content)
    assert root.tag == "discovery" and root.find("discovery") is None
    assert root.find("endpoints/endpoint/url").text == "https://console.example/open311/v2/"
    assert [f.text for f in root.findall("endpoints/endpoint/formats/format")] == [
        "application/json",
        "text/xml",
    ]


def test_the_xml_service_definition_is_not_nested_in_itself(client) -> None:
    """Issue 10, finding 13: <service_definition> inside <service_definition> hid every attribute."""
    root = ET.fromstring(client.get(f"{BASE}/services/bite.xml?jurisdiction_id=kellogg").content)
    assert root.tag == "service_definition" and root.find("service_definition") is None
    assert root.find("service_code").text == "bite"
    victim = next(a for a in root.findall("attributes/attribute") if a.find("code").text == "victim")
    assert victim.find("required").text == "true"
    assert [v.find("key").text for v in victim.findall("values/value")] == ["person", "animal"]


def test_no_resident_photo_even_for_key_holders_and_none_taken_by_post(
    client, cases, make_report, api_key
) -> None:
    """Issue 10, finding 4: public Open311 returned the resident's Twilio photo URL as media_url."""
    cases.file_complaint(
        make_report(photo_urls=("https://api.twilio.com/2010-04-01/Accounts/AC1/Media/ME1",))
    )
    for query in ("", f"&api_key={api_key}"):
        [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg{query}").json()
        assert "media_url" not in item and "twilio" not in str(item)
        xml = client.get(f"{BASE}/requests.xml?jurisdiction_id=kellogg{query}").text
        assert "media_url" not in xml and "twilio" not in xml
    fields = {"jurisdiction_id": "kellogg", "service_code": "barking", "api_key": api_key,
              "address_string": "77 Elm St", "media_url": "javascript:alert(1)"}  # fmt: skip
    [created] = client.post(f"{BASE}/requests.json", data=fields).json()
    assert cases.get_complaint(created["service_request_id"]).photo_urls == ()


def test_a_control_character_in_a_residents_words_keeps_the_xml_readable(
    client, cases, make_report, api_key
) -> None:
    cases.file_complaint(make_report(transcript="the dog\x0b barks\x00 all night"))
    root = ET.fromstring(client.get(f"{BASE}/requests.xml?jurisdiction_id=kellogg&api_key={api_key}").content)
    assert root.find("request/description").text == "the dog barks all night"


def test_the_services_are_the_report_types_of_the_one_vocabulary(client, monkeypatch) -> None:
    """Open311 keeps no list of its own (issue 9, Shape): a fourth report type in bot/vocabulary.py is served."""
    from dataclasses import replace

    from bot import vocabulary

    listed = [s["service_code"] for s in client.get(f"{BASE}/services.json?jurisdiction_id=kellogg").json()]
    assert listed == list(vocabulary.REPORT_TYPES)
    fighting = replace(vocabulary.REPORT_TYPES["at_large"], code="dog_fight", title="Dog fight")
    monkeypatch.setitem(vocabulary.REPORT_TYPES, "dog_fight", fighting)
    services = client.get(f"{BASE}/services.json?jurisdiction_id=kellogg").json()
    assert [s["service_code"] for s in services] == [*listed, "dog_fight"]
    assert services[-1]["service_name"] == "Dog fight"
    definition = client.get(f"{BASE}/services/dog_fight.json?jurisdiction_id=kellogg").json()
    assert definition["service_code"] == "dog_fight" and definition["attributes"]


@pytest.mark.parametrize(
    ("location", "public"),
    [
        # "Landmarks keep their names. Open311's public answer may show a landmark or an intersection"
        ("county road 9 past the grain elevator", "county road 9 past the grain elevator"),
        ("by the Dollar General on Belvidere", "by the Dollar General on Belvidere"),
        ("corner of 3rd and Elm", "corner of 3rd and Elm"),
        # "... and still never a house number", and nothing private: a name, someone's yard, a box number
        ("behind Bob Smith's garage by the church", "Kellogg, MN"),
        ("my neighbor's yard on Oak St", "Kellogg, MN"),
        ("rural route 2 box 14", "Kellogg, MN"),
        # a house counted along a street names it as surely as its number ("house" and "trailer" are words of
        # landmark kinds, "shelter house" and "trailer park", not public on their own)
        ("the fourth house on Oak St", "Kellogg, MN"),
        ("Park and Main, third house", "Kellogg, MN"),
        ("second trailer past the Casey's", "Kellogg, MN"),
        ("the third trailer on county road 9", "Kellogg, MN"),
        ("the trailer park on Oak", "the trailer park on Oak"),
        ("by the grain bins on county road 9", "by the grain bins on county road 9"),
    ],
)
def test_a_public_landmark_or_intersection_is_shown_and_nothing_private(
    client, cases, make_report, location, public
) -> None:
    cases.file_complaint(make_report(location=location))
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg").json()
    assert item["address"] == public
