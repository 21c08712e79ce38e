"""The filing action files the conversation's language: the `language` slot goes on the record;
a conversation without the slot (an older tracker) is filed as English."""

from __future__ import annotations

import pytest

from actions.filing import ActionSubmitReport
from tests.actions.conftest import make_tracker

BARKING = {"report_type": "barking", "location": "412 Oak St", "animal": "dog", "report_confirmed": "yes"}


@pytest.mark.parametrize(("slot", "filed"), [("es", "es"), ("en", "en"), (None, "en")])
async def test_the_language_slot_is_filed_on_the_complaint(dispatcher, domain, case_service, slot, filed):
    slots = {**BARKING, **({"language": slot} if slot else {})}
    tracker = make_tracker("si", intent="affirm", slots=slots, message_id=f"m-{slot}")
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    (message,) = dispatcher.messages
    detail = case_service.get_complaint(message["reference"])
    assert detail.language == filed and (detail.type, detail.location_text) == ("barking", "412 Oak St")
