"""Complaints taken by staff go through the same filing service, with the channel's default form."""

from __future__ import annotations

import re

import pytest

from bot.vocabulary import REPORT_TYPES
from tests.console.conftest import csrf_from


def entry_form(client) -> dict[str, str]:
    page = client.get("/complaints/new").text
    token = re.search(r'name="entry_token" value="([^"]+)"', page).group(1)
    return {"csrf_token": csrf_from(client, "/queue"), "entry_token": token, "jurisdiction": "kellogg",
            "type": "barking", "received": "2026-03-02T10:15", "location": "20 Pine Ave", "animal": "Dog",
            "transcript": "Caller says the dog barks all night.", "complainant_name": "Lee Caller",
            "complainant_phone": "507-555-0142"}  # fmt: skip


def test_walk_in_and_staff_phone_are_verbal_and_a_letter_is_written(signed_in, cases) -> None:
    client = signed_in("clerk")
    forms = {}
    for channel in ("walk_in", "staff_phone", "letter"):
        response = client.post("/complaints", data={**entry_form(client), "channel": channel})
        assert response.status_code == 303
        reference = response.headers["location"].rsplit("/", 1)[1]
        detail = cases.get_complaint(reference)
        forms[channel] = detail.form
        assert (detail.channel, detail.animal_species, detail.complainant_contact) == (
            channel,
            "dog",
            "+15075550142",
        )
        assert detail.received.isoformat() == "2026-03-02T16:15:00+00:00"  # 10:15 in Kellogg, CST
        assert [(e.action, e.actor) for e in cases.audit_trail("complaint", reference)][0] == (
            "filed",
            "clerk",
        )
    assert forms == {"walk_in": "verbal", "staff_phone": "verbal", "letter": "written"}


def test_submitting_the_same_form_twice_files_once(signed_in, cases) -> None:
    client = signed_in("clerk")
    fields = {**entry_form(client), "channel": "walk_in"}
    first = client.post("/complaints", data=fields).headers["location"]
    second = client.post("/complaints", data=fields).headers["location"]
    assert first == second and cases.count_complaints() == 1


def test_a_bite_taken_at_the_counter_is_urgent_and_keeps_the_bite_details(signed_in, cases) -> None:
    client = signed_in("clerk")
    fields = {**entry_form(client), "channel": "walk_in", "type": "bite", "bite_victim": "person",
              "bite_skin_broken": "yes", "bite_vaccinated": ""}  # fmt: skip
    reference = client.post("/complaints", data=fields).headers["location"].rsplit("/", 1)[1]
    detail = cases.get_complaint(reference)
    assert (
        detail.urgent and detail.bite.skin_broken_or_medical is True and detail.bite.animal_vaccinated is None
    )


def test_a_complaint_without_a_location_is_not_filed(signed_in, cases) -> None:
    client = signed_in("clerk")
    response = client.post("/complaints", data={**entry_form(client), "channel": "walk_in", "location": " "})
    assert response.headers["location"] == "/complaints/new"
    assert cases.count_complaints() == 0
    assert "location is required" in client.get("/complaints/new").text


def _filed(client, **fields: str) -> str:
    response = client.post("/complaints", data={**entry_form(client), "channel": "staff_phone", **fields})
    assert response.status_code == 303 and response.headers["location"].startswith("/complaints/KEL-"), (
        response.headers["location"]
    )
    return response.headers["location"].rsplit("/", 1)[1]


def test_the_form_asks_each_types_details_in_the_assistants_words(signed_in) -> None:
    page = signed_in("clerk").get("/complaints/new").text
    for code in ("threat", "neglect", "waste", "too_many", "damage", "barking", "at_large"):
        for slot in REPORT_TYPES[code].filed_details:
            assert f'name="{code}-{slot}"' in page, (code, slot)
    danger = REPORT_TYPES["neglect"].detail("in_danger").ask
    assert f'<label for="neglect-in_danger">{danger[:1].upper() + danger[1:]}</label>' in page
    assert 'name="bite-bite_when"' not in page  # a bite has its own fields


def test_a_phoned_in_animal_in_danger_is_filed_with_its_details_and_urgent(signed_in, cases) -> None:
    """Kellogg 58-12 "sufficient wholesome food and water, proper shelter and protection from the weather": the
    clerk records what care is missing and that the animal is in danger now, as the assistant would."""
    client = signed_in("clerk")
    reference = _filed(client, type="neglect", **{"neglect-in_danger": "yes",
                       "neglect-what_happened": "chained in the yard, no water since Friday",
                       "threat-what_happened": "typed in the wrong box"})  # fmt: skip
    detail = cases.get_complaint(reference)
    assert dict(detail.details) == {
        "in_danger": "yes",
        "what_happened": "chained in the yard, no water since Friday",
    }
    assert detail.urgent  # in danger now is urgent like a bite (bot.cases.report.URGENT_ANSWERS)
    page = client.get(f"/complaints/{reference}").text
    assert "chained in the yard, no water since Friday" in page and "typed in the wrong box" not in page


def test_a_threat_records_what_it_did_whether_it_was_loose_and_whose_it_is(signed_in, cases) -> None:
    """Freeport 11 C 2 b "chased or approached a person ... in an apparent attitude of attack"."""
    client = signed_in("clerk")
    reference = _filed(client, type="threat", **{"threat-what_happened": "chased me to my car",
                       "threat-loose": "yes", "threat-in_danger": "no",
                       "threat-owner_known": "the Lindqvists at 30 Elm St"})  # fmt: skip
    detail = cases.get_complaint(reference)
    assert dict(detail.details) == {"what_happened": "chased me to my car", "loose": "yes", "in_danger": "no"}
    assert detail.owner_named == "the Lindqvists at 30 Elm St" and not detail.urgent


def test_barking_files_the_assistants_values(signed_in, cases) -> None:
    client = signed_in("clerk")
    reference = _filed(client, type="barking", **{"barking-barking_since": "since 10pm",
                       "barking-barking_minutes": "45", "barking-barking_frequency": "yes"})  # fmt: skip
    details = dict(cases.get_complaint(reference).details)
    assert details == {
        "barking_since": "since 10pm",
        "barking_minutes": 45,
        "barking_frequency": "every night",
    }


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("neglect-in_danger", "maybe", "choose yes, no or not known"),
        ("barking-barking_minutes", "forty", "a whole number of minutes"),
        ("barking-barking_minutes", "0", "a whole number of minutes"),
        ("neglect-what_happened", "x" * 301, "at most 300 characters"),
    ],
)
def test_a_detail_out_of_bounds_is_not_filed_and_says_which(signed_in, cases, field, value, says) -> None:
    client = signed_in("clerk")
    complaint_type = field.split("-")[0]
    response = client.post("/complaints", data={**entry_form(client), "channel": "walk_in",
                                                "type": complaint_type, field: value})  # fmt: skip
    assert response.headers["location"] == "/complaints/new"
    assert cases.count_complaints() == 0
    assert says in client.get("/complaints/new").text
