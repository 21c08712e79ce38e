"""Read-back, corrections, filing through the real case service, and status look-ups."""

from __future__ import annotations

from rasa_sdk.events import FollowupAction, SlotSet
from rasa_sdk.executor import CollectingDispatcher

from actions.confirmation import ActionAskReportConfirmed, ValidateConfirmForm
from actions.conversation import ActionCheckStatus, ActionSessionStart, session_jurisdiction
from actions.filing import REPORT_SLOTS, ActionSubmitReport
from tests.actions.conftest import entity, make_tracker

BARKING = {
    "report_type": "barking",
    "location": "412 Oak St",
    "animal": "dog",
    "barking_since": "since 10pm",
    "barking_frequency": "every night",
    "barking_time_of_day": "night",
    "complainant_name": "Jane Doe",
}
EARLIER = [
    {"event": "user", "text": "an earlier report", "timestamp": 1794990000.0},
    {"event": "action", "name": "action_submit_report"},
    {"event": "user", "text": "dog barking at 412 oak st", "timestamp": 1794999000.0},
    {
        "event": "user",
        "text": "",
        "timestamp": 1794999050.0,
        "metadata": {"photo_urls": ["https://media.example/1.jpg"]},
    },
    {"event": "user", "text": "since 10pm", "timestamp": 1794999100.0},
]
CLEARED = [SlotSet(name, None) for name in REPORT_SLOTS] + [SlotSet("failed_tries", 0.0)]


async def test_read_back_is_one_sms_and_asks_for_yes(dispatcher, domain):
    tracker = make_tracker("jane doe", slots=BARKING, active_loop="confirm_form")
    assert await ActionAskReportConfirmed().run(dispatcher, tracker, domain) == []
    (message,) = dispatcher.messages
    assert message["text"] == (
        "Barking: dog at 412 Oak St; since: since 10pm; how often: every night; when: night; name: Jane Doe. "
        "Reply YES to send it, or tell me what to change."
    )
    assert len(message["text"]) <= 320


async def test_yes_confirms(dispatcher, domain):
    tracker = make_tracker("YES", intent="affirm", slots=BARKING, set_this_turn={"report_confirmed": "YES"})
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("report_confirmed", "yes")]


async def test_correction_changes_the_field_and_reads_back_again(dispatcher, domain):
    text = "the address is 500 Elm St"
    tracker = make_tracker(
        text,
        entities=[entity("location", "500 Elm St", text)],
        slots=BARKING,
        set_this_turn={"report_confirmed": text},
    )
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert events == [
        SlotSet("report_confirmed", None),
        SlotSet("location", "500 Elm St"),
        SlotSet("failed_tries", 0.0),
    ]


async def test_correction_of_a_free_text_field(dispatcher, domain):
    text = "change how often to only weekends"
    tracker = make_tracker(text, slots=BARKING, set_this_turn={"report_confirmed": text})
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert SlotSet("barking_frequency", "only weekends") in events
    assert SlotSet("report_confirmed", None) in events


async def test_no_asks_what_to_change_without_reading_back_twice(dispatcher, domain):
    tracker = make_tracker("no", intent="deny", slots=BARKING, set_this_turn={"report_confirmed": "no"})
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("report_confirmed", None), SlotSet("change_requested", True)]
    assert [m["response"] for m in dispatcher.messages] == ["utter_what_to_change"]

    dispatcher.messages.clear()
    ask = make_tracker("no", slots={**BARKING, "change_requested": True})
    assert await ActionAskReportConfirmed().run(dispatcher, ask, domain) == [
        SlotSet("change_requested", None)
    ]
    assert dispatcher.messages == []


async def test_cancel_drops_the_report_and_files_nothing(dispatcher, domain, case_service):
    tracker = make_tracker("cancel", slots={**BARKING, "report_confirmed": "cancelled"})
    events = await ActionSubmitReport().run(dispatcher, tracker, domain)
    assert events == CLEARED
    assert [m["response"] for m in dispatcher.messages] == ["utter_report_cancelled"]
    assert case_service.count_complaints() == 0


async def test_confirmed_report_is_filed_with_a_reference_and_is_idempotent(dispatcher, domain, case_service):
    tracker = make_tracker(
        "yes", intent="affirm", slots={**BARKING, "report_confirmed": "yes"}, earlier_events=EARLIER
    )
    events = await ActionSubmitReport().run(dispatcher, tracker, domain)
    assert events == CLEARED
    (message,) = dispatcher.messages
    assert message["response"] == "utter_filed"
    reference = message["reference"]
    assert reference == "KEL-2026-00001"

    detail = case_service.get_complaint(reference)
    assert (detail.type, detail.channel, detail.form, detail.location_text) == (
        "barking",
        "rest",
        "written",
        "412 Oak St",
    )
    assert detail.transcript == "Resident: dog barking at 412 oak st\nResident: since 10pm\nResident: yes"
    assert detail.photo_urls == ("https://media.example/1.jpg",)

    # the same YES delivered again files nothing new and gets the same reference
    dispatcher.messages.clear()
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    assert dispatcher.messages[0]["reference"] == reference
    assert case_service.count_complaints() == 1


async def test_bite_is_filed_urgent_with_its_details(dispatcher, domain, case_service):
    slots = {
        "report_type": "bite",
        "location": "Central Park",
        "animal": "dog",
        "victim": "person",
        "injury": "yes",
        "bite_when": "an hour ago",
        "animal_description": "black lab",
        "owner_known": "unknown",
        "vaccinated": "unknown",
        "complainant_name": "anonymous",
        "report_confirmed": "yes",
    }
    tracker = make_tracker("yes", intent="affirm", slots=slots)
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    (message,) = dispatcher.messages
    assert message["response"] == "utter_filed_urgent"
    detail = case_service.get_complaint(message["reference"])
    assert detail.urgent is True
    assert detail.bite.victim == "person" and detail.bite.skin_broken_or_medical is True
    assert detail.bite.animal_vaccinated is None and detail.bite.owner_known is None


async def test_filing_failure_loses_nothing_and_asks_again(dispatcher, domain, monkeypatch):
    def broken():
        raise RuntimeError("database is down")

    monkeypatch.setattr("actions.filing.case_service", broken)
    tracker = make_tracker("yes", intent="affirm", slots={**BARKING, "report_confirmed": "yes"})
    events = await ActionSubmitReport().run(dispatcher, tracker, domain)
    assert events == [SlotSet("report_confirmed", None), FollowupAction("confirm_form")]
    assert dispatcher.messages[0]["response"] == "utter_filing_failed"


async def test_status_answers_only_for_the_residents_own_reports(dispatcher, domain, case_service):
    mine = make_tracker(
        "yes", slots={**BARKING, "report_confirmed": "yes"}, sender_id="alice", message_id="a1"
    )
    await ActionSubmitReport().run(dispatcher, mine, domain)
    alice_ref = dispatcher.messages[0]["reference"]
    theirs = make_tracker(
        "yes", slots={**BARKING, "report_confirmed": "yes"}, sender_id="bob", message_id="b1"
    )
    await ActionSubmitReport().run(dispatcher, theirs, domain)
    dispatcher.messages.clear()

    await ActionCheckStatus().run(
        dispatcher, make_tracker("status?", intent="check_status", sender_id="alice"), domain
    )
    assert dispatcher.messages[0]["text"].startswith(f"{alice_ref}: barking report of ")
    assert "KEL-2026-00002" not in dispatcher.messages[0]["text"]

    dispatcher.messages.clear()
    text = "any update on KEL-2026-00002"
    asking = make_tracker(
        text, intent="check_status", sender_id="alice", entities=[entity("reference", "KEL-2026-00002", text)]
    )
    await ActionCheckStatus().run(dispatcher, asking, domain)
    assert dispatcher.messages[0]["response"] == "utter_status_not_found"

    dispatcher.messages.clear()
    await ActionCheckStatus().run(
        dispatcher, make_tracker("status", intent="check_status", sender_id="carol"), domain
    )
    assert dispatcher.messages[0]["response"] == "utter_status_none"


async def test_session_start_picks_the_city_from_the_number_texted(dispatcher, domain):
    assert session_jurisdiction({"to": "+13205550158"}) == "freeport"
    assert session_jurisdiction({"jurisdiction": "freeport"}) == "freeport"
    assert session_jurisdiction({"jurisdiction": "atlantis"}) == "kellogg"
    tracker = make_tracker("hi", slots={"session_started_metadata": {"to": "+13205550158"}})
    events = await ActionSessionStart().run(dispatcher, tracker, domain)
    assert events[1] == SlotSet("jurisdiction", "freeport")
    assert [e["event"] for e in events] == ["session_started", "slot", "action"]


NAMED = [
    {"event": "action", "name": "action_session_start"},
    {"event": "user", "text": "dog barking at 412 oak st", "timestamp": 1794999000.0},
    {"event": "bot", "text": "How long has it been barking without a break, and is it every night?"},
    {"event": "user", "text": "since 10pm, every night", "timestamp": 1794999100.0},
    {"event": "bot", "text": "What's your name? It stays private with the city."},
    {"event": "user", "text": "carol jensen", "timestamp": 1794999200.0},
    {"event": "slot", "name": "complainant_name", "value": "carol jensen"},
    {"event": "slot", "name": "complainant_name", "value": "Carol Jensen"},
    {"event": "bot", "text": "Barking: dog at 412 Oak St; name: Carol Jensen. Reply YES to send it."},
]


async def test_transcript_keeps_the_questions_and_the_name_goes_to_the_complainant_only(
    dispatcher, domain, case_service
):
    """Issue 9 section 5: questions beside answers; the name reads "[name]"; Open311 key holders get the
    first message only."""
    from bot.cases.report import first_resident_message

    tracker = make_tracker(
        "yes",
        intent="affirm",
        slots={**BARKING, "complainant_name": "Carol Jensen", "report_confirmed": "yes"},
        earlier_events=NAMED,
    )
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    detail = case_service.get_complaint(dispatcher.messages[0]["reference"])
    assert detail.transcript == (
        "Resident: dog barking at 412 oak st\n"
        "Assistant: How long has it been barking without a break, and is it every night?\n"
        "Resident: since 10pm, every night\n"
        "Assistant: What's your name? It stays private with the city.\n"
        "Resident: [name]\n"
        "Assistant: Barking: dog at 412 Oak St; name: [name]. Reply YES to send it.\n"
        "Resident: yes"
    )
    assert detail.complainant_name == "Carol Jensen"
    assert first_resident_message(detail.transcript) == "dog barking at 412 oak st"


async def test_barking_minutes_and_the_bite_time_are_filed(dispatcher, domain, case_service):
    """Kellogg 58-5 C (30 minutes of continuous barking) gets the figure; the time is the clerk's occurred."""
    slots = {
        **BARKING,
        "barking_minutes": 426.0,
        "occurred": "2026-11-17T22:00:00-06:00",
        "report_confirmed": "yes",
    }
    tracker = make_tracker("yes", intent="affirm", slots=slots)
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    detail = case_service.get_complaint(dispatcher.messages[0]["reference"])
    assert detail.details["barking_minutes"] == 426
    assert detail.occurred.isoformat() == "2026-11-18T04:00:00+00:00"
    assert detail.occurred_text == "since 10pm"


async def test_i_want_to_make_a_complaint_is_not_a_status_check(dispatcher, domain, case_service):
    tracker = make_tracker("I want to make a complaint", intent="check_status")
    assert await ActionCheckStatus().run(dispatcher, tracker, domain) == []
    assert [m["response"] for m in dispatcher.messages] == ["utter_greet"]


def test_open311_key_holders_get_the_first_message_not_the_transcript():
    """Issue 9 section 5: the transcript (questions, answers, "[name]") stays with the clerk."""
    from datetime import datetime, timezone
    from types import SimpleNamespace

    from bot.console.open311 import request_json
    from bot.jurisdictions import get_pack

    moment = datetime(2026, 11, 18, 11, 0, tzinfo=timezone.utc)
    listing = SimpleNamespace(
        reference="KEL-2026-00001", status="new", duplicate_of=None, animal_species="dog", type="barking",
        transcript="Resident: dog barking at 412 oak st\nAssistant: What's your name?\nResident: [name]",
        received=moment, updated_at=moment, location_text="412 oak st", location_normalised="412 OAK ST", photo_urls=(),
    )  # fmt: skip
    full = request_json(listing, get_pack("kellogg"), full=True)
    assert full["description"] == "dog barking at 412 oak st"
    public = request_json(listing, get_pack("kellogg"), full=False)
    assert "412" not in public["description"] and "oak" not in public["description"]


async def test_a_bite_without_a_victim_said_is_filed_with_the_victim_unknown(
    dispatcher, domain, case_service
):
    """Issue 9: "An animal bite" says nothing about who was bitten; filing never fills it in as a person."""
    slots = {
        "report_type": "bite",
        "location": "Central Park",
        "animal": "dog",
        "injury": "unknown",
        "complainant_name": "anonymous",
        "report_confirmed": "yes",
    }
    tracker = make_tracker("yes", intent="affirm", slots=slots)
    await ActionSubmitReport().run(dispatcher, tracker, domain)
    (message,) = dispatcher.messages
    detail = case_service.get_complaint(message["reference"])
    assert detail.bite.victim is None and detail.bite.victim_kind == "unknown"


async def test_skip_at_the_read_back_drops_the_name_and_reads_it_back_anonymous(dispatcher, domain):
    """Issue 9 (brief item 3): the name question says "Reply SKIP to stay anonymous"; at the read-back
    "skip" means the same. It used to get "What should I change?"."""
    tracker = make_tracker("skip", intent="deny", slots=BARKING, set_this_turn={"report_confirmed": "skip"})
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("report_confirmed", None), SlotSet("complainant_name", "anonymous")]
    assert [m["response"] for m in dispatcher.messages] == ["utter_anonymous_ok"]  # with the city's reading
    assert (
        dispatcher.messages[0]["anonymous_note"] == "An anonymous report counts the same as one with a name."
    )
    read_back = CollectingDispatcher()
    anonymous = make_tracker("skip", slots={**BARKING, "complainant_name": "anonymous"})
    await ActionAskReportConfirmed().run(read_back, anonymous, domain)
    assert read_back.messages[0]["text"].endswith(
        "night; anonymous. Reply YES to send it, or tell me what to change."
    )


async def test_skip_at_the_read_back_of_an_anonymous_report_changes_nothing(dispatcher, domain):
    anonymous = {**BARKING, "complainant_name": "anonymous"}
    tracker = make_tracker("SKIP", slots=anonymous, set_this_turn={"report_confirmed": "SKIP"})
    events = await ValidateConfirmForm().run(dispatcher, tracker, domain)
    assert events == [SlotSet("report_confirmed", None), SlotSet("change_requested", True)]
    assert [m["response"] for m in dispatcher.messages] == ["utter_already_anonymous"]
