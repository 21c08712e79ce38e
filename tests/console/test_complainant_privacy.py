"""Who reported is the clerk's to know, never the officer's: every page and export the officer's role can open
holds no complainant's name, number or e-mail (the officer calls back through the city's number), while the
clerk's complaint page still shows them whole."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.cases.report import BiteDetails
from tests.console.conftest import csrf_from

NAME = "Marguerite Okonkwo"
NUMBER = "+15075550177"
# the resident's identity as it is written in the fields and in their own words: none may reach the officer
WRITTEN = ("Marguerite", "Okonkwo", "+15075550177", "5075550177", "507-555-0177", "(507) 555-0177",
           "555-0177", "okonkwo@example.com")  # fmt: skip
TRANSCRIPT = (
    "Resident: hi this is marguerite okonkwo, the dog next door at 412 Oak Street barks all night\n"
    "Assistant: Barking: dog at 412 Oak Street. To send it, reply with your name (kept private), or SKIP to send "
    "it without one. Or tell me what to "
    "change.\n"
    "Resident: Marguerite. Call me at (507) 555-0177 or 507-555-0177, or mail okonkwo@example.com"
)


def leaked(page: str) -> list[str]:
    return [written for written in WRITTEN if written.lower() in page.lower()]


@pytest.fixture
def seeded(cases, make_report, clock) -> dict[str, str]:
    """A barking complaint (accepted, household confirmed, a letter issued) and an urgent bite, both by
    Marguerite; the bite also carries a key holder's unverified contact, as an Open311 post files it."""
    barking = cases.file_complaint(make_report(complainant_name=NAME, complainant_contact=NUMBER,
                                               transcript=TRANSCRIPT))  # fmt: skip
    cases.accept(barking, by="setup")
    cases.confirm_household(barking, by="setup")
    bite = cases.file_complaint(
        make_report(
            type="bite", location="20 Pine Ave", complainant_name=NAME, complainant_contact=NUMBER,
            transcript=TRANSCRIPT, urgent=True, occurred=clock.now - timedelta(minutes=20),
            received=clock.now - timedelta(minutes=10),
            details={"unverified_contact": f"{NAME}, {NUMBER}", "submitted_by": "Neighbourhood app"},
            bite=BiteDetails(victim="person", skin_broken_or_medical=True, animal_vaccinated=None,
                             owner_known="the Hansens at 500 Elm St"),
        )
    )  # fmt: skip
    return {"barking": barking, "bite": bite}


def _issue_letter(client, reference: str) -> str:
    response = client.post("/notices", data={"csrf_token": csrf_from(client, "/queue"), "complaint": reference,
                                             "kind": "letter"})  # fmt: skip
    assert response.status_code == 303, response.text
    return response.headers["location"]


def _officer_pages(cases, seeded: dict[str, str], notice: str) -> list[str]:
    subject = cases.get_complaint(seeded["barking"]).subject_id
    return [
        "/queue?status=", f"/complaints/{seeded['barking']}", f"/complaints/{seeded['bite']}",
        f"/subjects/{subject}", "/subjects?jurisdiction=kellogg&address=412+Oak", notice, f"{notice}/html",
        f"/notices/designation?complaint={seeded['bite']}", "/deadlines", "/officer", f"/officer/{seeded['bite']}",
    ]  # fmt: skip


def test_no_page_the_officer_opens_holds_the_complainant(signed_in, cases, seeded) -> None:
    notice = _issue_letter(signed_in("clerk"), seeded["barking"])
    officer = signed_in("officer")
    for path in _officer_pages(cases, seeded, notice):
        response = officer.get(path)
        assert response.status_code == 200, path
        assert leaked(response.text) == [], path
    page = officer.get(f"/complaints/{seeded['barking']}").text
    assert "not shown to the officer's role" in page
    assert "the dog next door at 412 Oak Street barks all night" in page  # the report itself stays whole
    assert "Call me at [number] or [number], or mail [email]" in page
    bite = officer.get(f"/officer/{seeded['bite']}").text
    assert "Neighbourhood app" in bite and "Unverified contact" not in bite  # who posted it, not who reported


def test_the_officer_is_refused_the_exports_and_the_dashboard(signed_in, seeded) -> None:
    officer = signed_in("officer")
    for path in ("/export/complaints.csv", "/dashboard", "/dashboard/per_week.csv"):
        response = officer.get(path)
        assert response.status_code == 403, path
        assert leaked(response.text) == [], path


def test_the_clerk_still_reads_who_reported(signed_in, seeded) -> None:
    clerk = signed_in("clerk")
    barking = clerk.get(f"/complaints/{seeded['barking']}").text
    assert NAME in barking and NUMBER in barking
    assert "Call me at (507) 555-0177 or 507-555-0177, or mail okonkwo@example.com" in barking
    bite = clerk.get(f"/complaints/{seeded['bite']}").text
    assert f"{NAME}, {NUMBER}" in bite  # the key holder's unverified contact, for the clerk's call back
    export = clerk.get("/export/complaints.csv").text
    assert f"unverified_contact: {NAME}, {NUMBER}" in export


def test_an_admin_reads_who_reported(signed_in, seeded) -> None:
    page = signed_in("admin").get(f"/complaints/{seeded['barking']}").text
    assert NAME in page and NUMBER in page
