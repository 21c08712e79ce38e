"""`python -m bot.cases show REF`: one complaint as stable JSON, never the complainant (issue 8 section 1)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from bot.cases.__main__ import main
from bot.cases.db import make_engine, make_session_factory, migrate
from bot.cases.report import BiteDetails
from bot.cases.service import CaseService
from tests.support.reports import report_builder

CHICAGO = ZoneInfo("America/Chicago")
PHONE, NAME = "+15075550199", "Margit Halvorsen"


@pytest.fixture
def database(tmp_path):
    url = f"sqlite:///{tmp_path / 'cases.db'}"
    migrate(url)
    engine = make_engine(url)
    yield (
        url,
        CaseService(
            make_session_factory(engine), clock=lambda: datetime(2026, 3, 2, 15, tzinfo=timezone.utc)
        ),
    )
    engine.dispose()


def show(url: str, reference: str, capsys) -> dict:
    assert main(["show", reference, "--url", url]) == 0
    out = capsys.readouterr().out
    assert PHONE not in out and NAME not in out and "Halvorsen" not in out and "5550199" not in out
    return json.loads(out)


def test_a_bite_prints_the_stable_shape_without_the_complainant(database, capsys) -> None:
    url, cases = database
    build = report_builder(lambda n: datetime(2026, 3, 2, 9, 0, tzinfo=CHICAGO) + timedelta(minutes=n))
    reference = cases.file_complaint(
        build(
            type="bite",
            location="Central Park by the swings",
            transcript=f"this is {NAME}, a dog bit my son",
            complainant_contact=PHONE,
            complainant_name=NAME,
            occurred=datetime(2026, 3, 2, 8, 15, tzinfo=CHICAGO),
            occurred_text="about an hour ago",
            animal_description="brown lab, red collar",
            owner="the people at 220 Walnut Street",
            bite=BiteDetails(
                victim="person", skin_broken_or_medical=True, animal_vaccinated=None, owner_known=None
            ),
            details={"still_there": "no"},
            urgent=True,
        )
    )
    document = show(url, reference.lower(), capsys)
    household_id = cases.get_complaint(reference).subject_id
    assert document == {
        "reference": reference,
        "type": "bite",
        "form": "written",
        "channel": "sms",
        "status": "new",
        "language": "en",
        "received": "2026-03-02T09:01:00-06:00",
        "occurred": "2026-03-02T08:15:00-06:00",
        "location": {"text": "Central Park by the swings", "normalised": None},
        "household": {"id": household_id, "address": "220 WALNUT ST", "confirmed": False},
        "animal": {"species": "dog", "description": "brown lab, red collar", "id": None},
        "details": {
            "injury": True,
            "occurred_text": "about an hour ago",
            "owner": "the people at 220 Walnut Street",
            "photos": [],
            "still_there": "no",
            "urgent": True,
            "vaccinated": None,
            "victim": "person",
            "victim_kind": "person",
        },
    }


def test_an_at_large_complaint_waiting_for_a_household_shows_null(database, capsys) -> None:
    url, cases = database
    build = report_builder(lambda n: datetime(2026, 7, 2, 9, 0, tzinfo=CHICAGO))
    reference = cases.file_complaint(
        build(
            type="at_large",
            location="my yard at 77 Prairie Lane",
            complainant_contact=PHONE,
            complainant_name=NAME,
        )
    )
    document = show(url, reference, capsys)
    assert document["household"] is None and document["occurred"] is None
    assert document["received"] == "2026-07-02T09:00:00-05:00"  # summer: the city's daylight offset
    assert document["location"] == {"text": "my yard at 77 Prairie Lane", "normalised": "77 PRAIRIE LN"}
    assert "victim" not in document["details"]


def test_an_unknown_reference_is_an_error_on_stderr(database, capsys) -> None:
    url, _cases = database
    assert main(["show", "KEL-2026-99999", "--url", url]) == 1
    assert "KEL-2026-99999" in capsys.readouterr().err
