"""The console keeps the household complained about apart from the incident place (docs/rules.md "Who a
complaint is against"), and records animals and a bite's victim."""

from __future__ import annotations

import html
import re
from dataclasses import replace

from bot.cases.report import BiteDetails
from bot.jurisdictions import get_pack, load_packs
from tests.console.conftest import csrf_from


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def post(client, path: str, **fields: str):
    return client.post(path, data={"csrf_token": csrf_from(client, "/queue"), **fields})


def test_the_queue_shows_complaints_that_need_a_household(signed_in, cases, make_report) -> None:
    # "At large: ... otherwise the complaint waits unlinked in the queue."
    at_large = cases.file_complaint(make_report(type="at_large", location="my yard at 77 Prairie Lane"))
    confirmed = cases.file_complaint(make_report(location="9 Elm St"))
    cases.confirm_household(confirmed, by="setup")
    client = signed_in("clerk")
    needing = client.get("/queue?household=needed").text
    assert at_large in needing and confirmed not in needing
    row = re.search(rf"{at_large}.*?</tr>", needing, re.S).group(0)
    assert "needs a household" in row
    assert "needs a household" not in re.search(
        rf"{confirmed}.*?</tr>", client.get("/queue").text, re.S
    ).group(0)


def test_an_at_large_complaint_is_never_against_the_place_it_was_seen(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(make_report(type="at_large", location="my yard at 77 Prairie Lane"))
    walnut = cases.create_subject("kellogg", "220 Walnut Street", by="setup", name="K. Olsen")
    client = signed_in("clerk")
    page = client.get(f"/complaints/{reference}").text
    assert 'id="subject-link"' not in page
    assert "needs a household" in page and "off its owner's premises (Kellogg 58-1, Freeport 1 E)" in page
    found = client.get(f"/complaints/{reference}?find=220+walnut").text
    assert "K. Olsen" in found and f'name="subject_id" value="{walnut}"' in found
    assert post(client, f"/complaints/{reference}/link-subject", subject_id=str(walnut)).status_code == 303
    linked = text_of(client.get(f"/complaints/{reference}").text)
    assert f"household {walnut}: 220 Walnut Street" in linked and "confirmed" in linked


def test_a_bite_suggests_the_owner_the_resident_named(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(
        make_report(
            type="bite",
            location="412 Oak Street",
            bite=BiteDetails("person", True, None, "the Olsens, 220 Walnut St"),
        )
    )
    client = signed_in("clerk")
    page = text_of(client.get(f"/complaints/{reference}").text)
    assert "suggested household" in page and "220 WALNUT ST" in page
    assert (
        "from the owner the resident named" in page
        and "It does not count until the clerk confirms it" in page
    )
    assert "412 OAK ST" not in page.split("Household complained about")[1].split("Animal")[0]
    assert post(client, f"/complaints/{reference}/confirm-household").status_code == 303
    assert cases.get_complaint(reference).subject_confirmed is True


def test_the_clerk_records_the_animal_that_bit_and_the_victim(signed_in, cases, make_report) -> None:
    reference = cases.file_complaint(
        make_report(type="bite", location="the park", bite=BiteDetails(None, True, None, "220 Walnut St"))
    )
    client = signed_in("clerk")
    assert "who was bitten" in client.get(f"/complaints/{reference}").text  # unknown victim: said plainly
    post(
        client,
        f"/complaints/{reference}/new-animal",
        species="Dog",
        name="Rex",
        description="black lab",
        vaccinated="no",
        licensed="",
    )
    detail = cases.get_complaint(reference)
    [animal] = cases.animals_of_subject(detail.subject_id)
    assert (detail.animal_id, animal.species, animal.vaccinated, animal.licensed) == (
        animal.id,
        "dog",
        False,
        None,
    )
    post(
        client,
        f"/complaints/{reference}/victim",
        victim="domestic_animal",
        reason="it was the neighbour's cat",
    )
    assert cases.get_complaint(reference).bite.victim_kind == "domestic_animal"
    household = text_of(client.get(f"/subjects/{detail.subject_id}").text)
    assert "Animals" in household and "Rex, black lab" in household
    post(
        client,
        f"/subjects/{detail.subject_id}/animals",
        species="cat",
        description="grey tabby",
        vaccinated="yes",
    )
    assert [a.species for a in cases.animals_of_subject(detail.subject_id)] == ["dog", "cat"]
    assert "Not done" not in client.get(f"/complaints/{reference}").text


def test_no_first_complaint_letter_goes_to_the_house_of_the_resident_who_saw_a_dog_at_large(
    signed_in, cases, make_report
) -> None:
    # 'An at-large text, "loose dog in my yard at 77 Prairie Lane", once accepted, drafts a Kellogg
    # first-complaint letter to "Resident, 77 PRAIRIE LN": the complainant's own house.'
    reference = cases.file_complaint(
        make_report(type="at_large", location="my yard at 77 Prairie Lane", transcript="loose dog in my yard")
    )
    client = signed_in("clerk")
    post(client, f"/complaints/{reference}/accept")
    assert "Prepare letter" not in client.get(f"/complaints/{reference}").text
    assert client.get(f"/notices/preview?complaint={reference}&kind=letter").status_code == 303
    token = csrf_from(client, "/queue")
    client.post(
        "/notices",
        data={"csrf_token": token, "complaint": reference, "kind": "letter", "issued_on": "2026-03-03"},
    )
    assert cases.notices(reference=reference) == []


def test_the_household_page_names_the_bite_reading_and_places_each_bite(
    signed_in, cases, make_report, monkeypatch
) -> None:
    """58-16 A counts an owner "found in violation of any part of this article"; 58-10 B: "If the incident
    occurs at a location other than owner's premises, the animal shall be impounded". Reading
    bite_complaints: count (default) counts every accepted bite; violation_only counts one only off the
    premises, and where the records cannot tell, the page says so."""
    owner = BiteDetails("person", True, None, "the people at 220 Walnut Street")
    at_home = cases.file_complaint(make_report(type="bite", location="220 Walnut St", bite=owner))
    park = cases.file_complaint(make_report(type="bite", location="Central Park", bite=owner))
    for reference in (at_home, park):
        cases.accept(reference, by="clerk")
        cases.confirm_household(reference, by="clerk")
    subject = cases.get_complaint(at_home).subject_id
    client = signed_in("clerk")
    page = text_of(client.get(f"/subjects/{subject}").text)
    assert "58-16: an accepted bite complaint counts like any other complaint about the household" in page
    assert "Second complaint" in page and "not counted bite" not in page  # today's reading: unchanged
    kellogg = get_pack("kellogg")
    strict = replace(kellogg, readings=replace(kellogg.readings, bite_complaints="violation_only"))
    monkeypatch.setitem(load_packs(), "kellogg", strict)
    page = html.unescape(text_of(client.get(f"/subjects/{subject}").text))
    assert "58-16 counts a bite complaint only when it states a violation of chapter 58" in page
    assert f"{at_home}: bite on the owner's premises: handled under 58-10 alone" in page
    assert (
        f"{park}: bite the records cannot tell whether it happened off the owner's premises" in page
        and "(the bite place is not a street address the records can compare)" in page
    )
    assert "not counted bite on premises" in page and "not counted bite place unknown" in page
    assert "No standing" in page
