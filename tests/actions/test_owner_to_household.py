"""The owner the resident named reaches the filed report and suggests the household (DESIGN.md "Who a
complaint is against": "Bite: the owner the resident named (`owner_known`) is the suggested household,
never the place of the bite"; at large: "Link only to an owner the resident named")."""

from __future__ import annotations

from actions.filing import ActionSubmitReport
from tests.actions.conftest import make_tracker

BITE = {
    "report_type": "bite",
    "location": "412 Oak St",  # where the bite happened: not the owner's house
    "animal": "dog",
    "victim": "person",
    "injury": "yes",
    "bite_when": "an hour ago",
    "animal_description": "black lab",
    "owner_known": "the people at 220 Walnut Street",
    "vaccinated": "unknown",
    "complainant_name": "anonymous",
    "report_confirmed": "yes",
}


async def test_a_bite_is_filed_against_the_owner_named_not_the_bite_place(dispatcher, domain, case_service):
    await ActionSubmitReport().run(dispatcher, make_tracker("yes", intent="affirm", slots=BITE), domain)
    detail = case_service.get_complaint(dispatcher.messages[0]["reference"])
    assert detail.owner_named == "the people at 220 Walnut Street"
    assert detail.household is not None and detail.household.confirmed is False
    assert case_service.get_subject(detail.subject_id).address_normalised == "220 WALNUT ST"


async def test_an_at_large_report_with_an_owner_named_suggests_that_household(
    dispatcher, domain, case_service
):
    slots = {
        "report_type": "at_large",
        "location": "77 Prairie Lane",
        "animal": "dog",
        "still_there": "yes",
        "owner_known": "15 Church Street",
        "complainant_name": "anonymous",
        "report_confirmed": "yes",
    }
    await ActionSubmitReport().run(dispatcher, make_tracker("yes", intent="affirm", slots=slots), domain)
    detail = case_service.get_complaint(dispatcher.messages[0]["reference"])
    assert case_service.get_subject(detail.subject_id).address_normalised == "15 CHURCH ST"
    assert detail.location_normalised == "77 PRAIRIE LN"
