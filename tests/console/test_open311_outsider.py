"""Open311 from an outsider's side (hands-on pass): what a key holder's POST may put on the public interface.

Before: `attribute[animal]` was filed as the species as written, and the public description was
"Barking animal (<that text>)", so "Greta Lindqvist 507-555-0177" posted as the animal was shown to anyone;
and no field had a length limit (a 3,000-character address was filed).
"""

from __future__ import annotations

import pytest

BASE = "/open311/v2"


@pytest.fixture
def api_key(accounts) -> str:
    return accounts.create_api_key("Wabasha County dispatch", "kellogg")[1]


def _post(client, api_key: str, **fields: str):
    data = {"jurisdiction_id": "kellogg", "service_code": "barking", "api_key": api_key,
            "address_string": "77 Elm St", **fields}  # fmt: skip
    return client.post(f"{BASE}/requests.json", data=data)


def test_a_posted_animal_that_is_no_animal_is_refused(client, cases, api_key) -> None:
    response = _post(client, api_key, **{"attribute[animal]": "Greta Lindqvist 507-555-0177"})
    assert response.status_code == 400
    [error] = response.json()
    assert "Greta" not in error["description"] and "0177" not in error["description"]
    assert cases.list_complaints(jurisdiction="kellogg") == []


def test_a_posted_animal_is_filed_as_its_species(client, cases, api_key) -> None:
    [created] = _post(client, api_key, **{"attribute[animal]": "Pit Bull"}).json()
    assert cases.get_complaint(created["service_request_id"]).animal_species == "dog"


def test_the_public_description_names_only_a_species_of_the_taxonomy(client, cases, make_report) -> None:
    reference = cases.file_complaint(make_report(animal="dog"))
    cases.edit_fields(reference, {"animal_species": "Bob Smith's, call 507-555-0123"}, "typo", by="clerk")
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg").json()
    assert item["description"] == "Barking animal"
    assert "Bob" not in str(item) and "0123" not in str(item)


def test_a_species_of_the_taxonomy_is_still_shown(client, cases, make_report) -> None:
    cases.file_complaint(make_report(animal="raccoon"))
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg").json()
    assert item["description"] == "Barking animal (raccoon)"


@pytest.mark.parametrize(
    ("field", "length"),
    [("address_string", 301), ("description", 1601), ("first_name", 101), ("last_name", 101),
     ("attribute[animal_description]", 301), ("attribute[occurred_text]", 301), ("attribute[frequency]", 301)],
)  # fmt: skip
def test_overlong_fields_are_refused_before_filing(client, cases, api_key, field: str, length: int) -> None:
    response = _post(client, api_key, **{field: "7" + "x" * (length - 1)})
    assert response.status_code == 400
    [error] = response.json()
    assert field in error["description"] and "xxx" not in error["description"]
    assert cases.list_complaints(jurisdiction="kellogg") == []
