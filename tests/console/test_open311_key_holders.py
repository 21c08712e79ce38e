"""Issue 35 items 5 and 7: what an API key lets its holder do and read.

Before: 1,000 POSTs in 11 seconds were all accepted; each posted bite paged the officer on call; a posted
`phone` became a complainant, whose reports the SMS status answer then read out to that number; every post made
a household. And key holders got the resident's first message word for word, self-introduction and all.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.console.open311_text import without_contact_details

BASE = "/open311/v2"
RESIDENT = "+15075550142"


@pytest.fixture
def api_key(accounts) -> str:
    return accounts.create_api_key("Wabasha County dispatch", "kellogg")[1]


def post(client, api_key: str, **fields: str):
    data = {"jurisdiction_id": "kellogg", "service_code": "barking", "api_key": api_key,
            "address_string": "412 Oak St", "description": "barking all night", **fields}  # fmt: skip
    return client.post(f"{BASE}/requests.json", data=data)


def test_posts_are_limited_per_key_per_hour_and_per_day(app, client, accounts, api_key, clock, cases) -> None:
    settings = app.state.console.settings
    assert (settings.open311_posts_per_hour, settings.open311_posts_per_day) == (20, 100)  # the defaults
    settings.open311_posts_per_hour, settings.open311_posts_per_day = 3, 5
    answers = [post(client, api_key).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]  # a refused post is counted too (4 of the day's 5)
    refused = post(client, api_key).json()[0]
    assert refused["code"] == 429 and "this hour" in refused["description"]
    other_key = accounts.create_api_key("Another dispatch", "kellogg")[1]
    assert post(client, other_key).status_code == 200  # per key
    clock.advance(3600)  # a new hour, the same day: the day's limit now
    refused = post(client, api_key).json()[0]
    assert refused["code"] == 429 and "this day" in refused["description"]
    assert cases.count_complaints() == 4
    clock.advance(24 * 3600)
    assert post(client, api_key).status_code == 200


def test_a_posted_bite_pages_no_one_but_a_residents_own_text_does(
    app, client, api_key, cases, make_report
) -> None:
    outbox = app.state.console.outbox
    posted = post(client, api_key, service_code="bite", **{"attribute[victim]": "person"}).json()[0]
    texted = cases.file_complaint(
        make_report(type="bite", urgent=True, complainant_contact=RESIDENT, location="9 Elm St")
    )
    outbox.follow_up_filing(posted["service_request_id"])
    outbox.follow_up_filing(texted)
    outbox.sweep_follow_ups()
    pages = [m.complaint_reference for m in outbox.messages() if m.purpose == "page_on_call"]
    assert pages == [texted]
    assert cases.get_complaint(posted["service_request_id"]).urgent  # still urgent in the clerk's queue


def test_a_posted_phone_joins_no_complainant_and_a_post_makes_no_household(
    client, api_key, cases, make_report
) -> None:
    own = cases.file_complaint(make_report(complainant_contact=RESIDENT))
    posted = post(client, api_key, phone="(507) 555-0142", first_name="Mallory").json()[0][
        "service_request_id"
    ]
    # the number's status answer (action_check_status reads this) holds only the resident's own report
    assert [c.reference for c in cases.complaints_for_contact("kellogg", RESIDENT, 100)] == [own]
    detail = cases.get_complaint(posted)
    assert detail.complainant_contact is None and detail.subject_id is None
    assert detail.details["unverified_contact"] == "Mallory, +15075550142"
    assert cases.get_complaint(own).subject_id is not None  # a resident's barking report still suggests one


def test_key_holders_get_the_first_message_without_phone_email_or_the_senders_name(
    client, api_key, cases, make_report, clock
) -> None:
    first = "Hi it's Maria, cell 507-555-1234, maria@example.com. The dog at 412 oak st barks all night"
    transcript = f"Resident: {first}\nAssistant: Since when?\nResident: since 10pm"
    reference = cases.file_complaint(
        make_report(transcript=transcript, received=clock.now - timedelta(hours=1))
    )
    [item] = client.get(f"{BASE}/requests.json?jurisdiction_id=kellogg&api_key={api_key}").json()
    assert item["service_request_id"] == reference
    assert (
        item["description"] == "Hi it's [name], cell [phone], [email]. The dog at 412 oak st barks all night"
    )


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        ("This is John Q Public calling about a loose dog at 12 Main St, (507) 555 0188",
         "This is [name] calling about a loose dog at 12 Main St, [phone]"),
        ("hola soy María de la Cruz, mi número es 5075551234, el perro ladra",
         "hola soy [name], mi número es [phone], el perro ladra"),
        ("my name is jane. call +1 507 555 0123", "my name is jane. call [phone]"),  # a name not capitalised stays
        ("I'm worried, the dog at 1200 oak st has been loose since 2024-03-01",
         "I'm worried, the dog at 1200 oak st has been loose since 2024-03-01"),
        ("the dog next door has barked since 10pm, it's Bob Smith's dog",
         "the dog next door has barked since 10pm, it's Bob Smith's dog"),  # the owner's, not the sender's
    ],
)  # fmt: skip
def test_contact_details_are_taken_out_and_the_rest_kept(said: str, shown: str) -> None:
    assert without_contact_details(said) == shown
