"""No dead end before a form: a resident who cannot say what kind of report it is gets the type question, two
re-asks in other words, and then the report is filed without a type, marked for the clerk to call back
(issue text: "The report type and the place get at most two re-asks, with examples. Then: on SMS, the report is
filed with what was given and marked for the clerk to call back"). On the phone in office hours the caller is
put through instead. The trackers are built inline and the exact messages and events are asserted."""

from __future__ import annotations

from typing import Any

import pytest
from rasa_sdk.events import FollowupAction, SlotSet, UserUtteranceReverted
from rasa_sdk.executor import CollectingDispatcher

from actions.type_asking import ActionDefaultFallback, ActionNothingPending
from bot.cases.errors import InvalidChange
from bot.messages import say
from tests.actions.conftest import make_tracker

TYPE_QUESTION = {
    "event": "bot",
    "text": "Is it barking, loose, ...",
    "metadata": {"utter_action": "utter_ask_report_type"},
}


def reask(key: str, language: str = "en") -> dict[str, Any]:
    return {"event": "bot", "text": say(key, language), "metadata": {"asks": ["report_type"]}}


def resident(text: str) -> dict[str, Any]:
    return {"event": "user", "text": text, "parse_data": {"intent": {"name": "deny"}}}


# the type question and both re-asks, none answered
ASKED_THRICE = [
    resident("hi"),
    TYPE_QUESTION,
    resident("?"),
    reask("type.again"),
    resident("??"),
    reask("type.last"),
]


def spoken(dispatcher: CollectingDispatcher) -> list[str]:
    return [m.get("response") or m.get("text") for m in dispatcher.messages]


async def test_not_sure_to_the_type_question_is_asked_again_in_other_words(dispatcher, domain) -> None:
    tracker = make_tracker(
        "not sure", intent="deny", earlier_events=[resident("the dog on 5th"), TYPE_QUESTION]
    )
    assert await ActionNothingPending().run(dispatcher, tracker, domain) == []
    assert spoken(dispatcher) == [say("type.again", "en")]
    assert dispatcher.messages[0]["asks"] == ["report_type"]


async def test_the_second_reask_is_worded_apart_from_the_first(dispatcher, domain) -> None:
    earlier = [resident("hi"), TYPE_QUESTION, resident("not sure"), reask("type.again")]
    tracker = make_tracker("I don't know", intent="deny", earlier_events=earlier)
    await ActionNothingPending().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == [say("type.last", "en")]
    assert say("type.last", "en") != say("type.again", "en")


@pytest.mark.parametrize("language", ["en", "es"])
async def test_after_two_reasks_the_report_is_filed_without_a_type_for_a_call_back(
    dispatcher, domain, case_service, language
) -> None:
    earlier = [resident("the goat at 200 pine st"), TYPE_QUESTION, resident("not sure"), reask("type.again"),
               resident("dunno"), reask("type.last")]  # fmt: skip
    tracker = make_tracker("not sure", intent="deny", earlier_events=earlier, message_id="m-9",
                           slots={"location": "200 pine st", "animal": "goat", "language": language})  # fmt: skip
    events = await ActionNothingPending().run(dispatcher, tracker, domain)
    reference = dispatcher.messages[0]["filed"]
    assert spoken(dispatcher) == [say("type.filed", language, reference=reference)]
    assert SlotSet("location", None) in events and SlotSet("animal", None) in events
    filed = case_service.get_complaint(reference)
    assert (filed.type, filed.needs_follow_up, filed.location_text, filed.animal_species) == (
        "unknown", True, "200 pine st", "goat")  # fmt: skip
    assert filed.subject_id is None  # no household until the clerk has called back and typed it
    assert (
        "Resident: the goat at 200 pine st" in filed.transcript and "Resident: not sure" in filed.transcript
    )
    assert [i.reference for i in case_service.review_queue(needs_follow_up=True).items] == [reference]

    # a retried delivery of the same message files nothing new
    again = CollectingDispatcher()
    await ActionNothingPending().run(again, tracker, domain)
    assert again.messages[0]["filed"] == reference and case_service.count_complaints() == 1


async def test_an_untyped_report_counts_only_once_the_clerk_sets_its_type(
    dispatcher, domain, case_service
) -> None:
    earlier = ASKED_THRICE
    tracker = make_tracker("no idea", intent="deny", earlier_events=earlier, slots={"location": "412 oak st"})
    await ActionNothingPending().run(dispatcher, tracker, domain)
    reference = dispatcher.messages[0]["filed"]
    with pytest.raises(InvalidChange, match="no type yet"):
        case_service.accept(reference, by="clerk.ann")
    case_service.edit_fields(reference, {"location_text": "414 Oak St"}, "called back", by="clerk.ann")
    assert case_service.get_complaint(reference).needs_follow_up is True  # the type is still missing
    case_service.edit_fields(reference, {"type": "barking"}, "called back: barking all night", by="clerk.ann")
    assert case_service.get_complaint(reference).needs_follow_up is False
    case_service.accept(reference, by="clerk.ann")
    assert case_service.get_complaint(reference).status == "accepted"


async def test_without_a_place_the_untyped_report_waits_for_both(dispatcher, domain, case_service) -> None:
    earlier = ASKED_THRICE
    tracker = make_tracker("no idea", intent="deny", earlier_events=earlier)
    await ActionNothingPending().run(dispatcher, tracker, domain)
    reference = dispatcher.messages[0]["filed"]
    assert case_service.get_complaint(reference).location_text == say("followup.place", "en")
    case_service.edit_fields(reference, {"type": "at_large"}, "called back", by="clerk.ann")
    with pytest.raises(InvalidChange, match="no place yet"):
        case_service.accept(reference, by="clerk.ann")
    case_service.edit_fields(reference, {"location_text": "5th and Elm"}, "called back", by="clerk.ann")
    case_service.accept(reference, by="clerk.ann")


async def test_on_the_phone_in_office_hours_the_caller_is_put_through(
    dispatcher, domain, case_service
) -> None:
    earlier = ASKED_THRICE
    tracker = make_tracker("no idea", intent="deny", earlier_events=earlier, channel="voice",
                           sender_id="call:CA" + "0" * 32, metadata={"office_open": True})  # fmt: skip
    assert await ActionNothingPending().run(dispatcher, tracker, domain) == []
    assert [m["custom"] for m in dispatcher.messages] == [{"transfer": True}]
    assert case_service.count_complaints() == 0


async def test_words_that_start_a_report_get_the_type_question(dispatcher, domain) -> None:
    tracker = make_tracker("hay un problema con un animal", intent="inform", slots={"language": "es"})
    await ActionNothingPending().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == ["utter_ask_report_type"]


@pytest.mark.parametrize(
    ("text", "intent"), [("a mi hijo lo mordieron", "inform"), ("yes my son got bit", "affirm")]
)
async def test_a_bite_the_model_did_not_read_starts_the_bite_report_with_the_911_advice(
    dispatcher, domain, text: str, intent: str
) -> None:
    # filed without a type, a bite would be neither urgent nor paged (Kellogg 58-10, Freeport 11)
    tracker = make_tracker(text, intent=intent, earlier_events=[resident("hola"), TYPE_QUESTION])
    assert await ActionNothingPending().run(dispatcher, tracker, domain) == [FollowupAction("bite_form")]
    assert spoken(dispatcher) == ["utter_call_911"]


async def test_an_unreadable_message_that_says_a_bite_is_kept_and_starts_the_bite_report(
    dispatcher, domain
) -> None:
    tracker = make_tracker(
        "el perro lo mordieron a mi nino ayer", intent="nlu_fallback", slots={"failed_tries": 1.0}
    )
    events = await ActionDefaultFallback().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == ["utter_call_911"]
    assert events == [SlotSet("failed_tries", 0.0), FollowupAction("bite_form")]  # no UserUtteranceReverted


async def test_a_bite_said_not_to_have_happened_is_no_bite_report(dispatcher, domain) -> None:
    tracker = make_tracker(
        "no, it didn't bite anyone", intent="deny", earlier_events=[resident("hi"), TYPE_QUESTION]
    )
    await ActionNothingPending().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == [say("type.again", "en")]


async def test_a_no_with_no_question_pending_is_asked_if_there_is_anything_else(dispatcher, domain) -> None:
    filed = [{"event": "action", "name": "action_submit_report"}, {"event": "bot", "text": "Sent."}]
    tracker = make_tracker("no", intent="deny", earlier_events=filed)
    await ActionNothingPending().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == ["utter_how_can_i_help"]


async def test_the_type_asks_count_again_after_a_report_filed_without_its_type(dispatcher, domain) -> None:
    earlier = [resident("?"), TYPE_QUESTION, resident("??"), reask("type.again"), resident("???"),
               reask("type.last"), resident("no idea"),
               {"event": "bot", "text": "I'll send ...", "metadata": {"filed": "KEL-2026-00001"}},
               resident("also the cat"), TYPE_QUESTION]  # fmt: skip
    tracker = make_tracker("not sure", intent="deny", earlier_events=earlier)
    await ActionNothingPending().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == [say("type.again", "en")]


async def test_an_unreadable_answer_to_the_type_question_counts_as_unanswered(dispatcher, domain) -> None:
    earlier = [
        resident("zzz"),
        {"event": "bot", "text": "Sorry...", "metadata": {"utter_action": "utter_default"}},
    ]
    tracker = make_tracker("qwxz", intent="nlu_fallback", earlier_events=earlier, slots={"failed_tries": 1.0})
    events = await ActionDefaultFallback().run(dispatcher, tracker, domain)
    assert spoken(dispatcher) == ["utter_offer_person", say("type.again", "en")]
    assert events == [UserUtteranceReverted(), SlotSet("failed_tries", 0.0)]
