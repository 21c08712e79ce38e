"""Complaints taken by staff go through the same filing service, with the channel's default form."""

from __future__ import annotations

import re

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
