"""Whole SMS replies: everything the assistant says in one turn goes out as one text (the SMS channel joins the
turn's messages, bot.notify.segments counts them). After a failed answer the form asks its question again in
other words; before the place's second re-ask comes, once a conversation, the offer of a person; a
place never given is filed for a call back, said before the next question. Each whole reply fits two
segments, in both languages, for every pack, with the longest question.
"""

from __future__ import annotations

from typing import Any

import pytest
from rasa_sdk.executor import CollectingDispatcher

from actions.report_forms import ValidateBarkingForm
from actions.type_asking import ActionDefaultFallback
from bot.jurisdictions import load_packs
from bot.notify.segments import fold_for_sms, segments
from bot.vocabulary import REPORT_TYPES, question
from tests.actions.conftest import make_tracker


def render(domain: dict[str, Any], message: dict[str, Any], language: str) -> str:
    """A dispatched message as the SMS channel sends it: the response's text in `language`, values filled."""
    if message.get("text"):
        return str(message["text"])
    for variant in domain["responses"][message["response"]]:
        conditions = variant.get("condition") or []
        spanish = any(c.get("name") == "language" and c.get("value") == "es" for c in conditions)
        if variant.get("channel") in (None, "sms") and spanish == (language == "es"):
            return variant["text"].format(**message)
    raise AssertionError(f"no {language} SMS wording of {message['response']}")


def longest_question(language: str) -> str:
    asked = [
        question(kind, detail.slot, [d.slot for d in report.details], language)
        for kind, report in REPORT_TYPES.items()
        for detail in report.details
        if detail.ask
    ]
    return max(asked, key=len)


def reply(domain: dict[str, Any], dispatcher: CollectingDispatcher, language: str, *then: str) -> str:
    return "\n\n".join([*(render(domain, m, language) for m in dispatcher.messages), *then])


def longest_reask(language: str) -> str:
    return max(
        (d.reasks(language) for report in REPORT_TYPES.values() for d in report.details if d.ask), key=len
    )


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("pack", sorted(load_packs()))
async def test_the_offer_of_a_person_and_the_question_again_fit_two_segments(domain, pack, language) -> None:
    dispatcher = CollectingDispatcher()
    asked = [{"event": "bot", "text": "q", "metadata": {"asks": ["location"]}}] * 2
    tracker = make_tracker("here", set_this_turn={"location": "here"}, earlier_events=asked,
                           slots={"jurisdiction": pack, "language": language, "report_type": "barking",
                                  "requested_slot": "location"})  # fmt: skip
    await ValidateBarkingForm().run(dispatcher, tracker, domain)
    assert [m.get("response") for m in dispatcher.messages] == ["utter_offer_person"]
    text = reply(domain, dispatcher, language, longest_reask(language))
    assert segments(fold_for_sms(text)) <= 2, (len(text), text)


@pytest.mark.parametrize("language", ["en", "es"])
async def test_a_place_filed_for_a_call_back_and_the_next_question_fit_two_segments(domain, language) -> None:
    dispatcher = CollectingDispatcher()
    asked = [{"event": "bot", "text": "q", "metadata": {"asks": ["location"]}}] * 3
    tracker = make_tracker("here", set_this_turn={"location": "here"}, earlier_events=asked,
                           slots={"language": language, "report_type": "barking", "requested_slot": "location"})  # fmt: skip
    await ValidateBarkingForm().run(dispatcher, tracker, domain)
    text = reply(domain, dispatcher, language, longest_question(language))
    assert "followup" not in text and segments(fold_for_sms(text)) <= 2, (len(text), text)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("pack", sorted(load_packs()))
async def test_the_second_miss_outside_a_form_fits_two_segments(domain, pack, language) -> None:
    dispatcher = CollectingDispatcher()
    tracker = make_tracker("zzz", slots={"jurisdiction": pack, "language": language, "failed_tries": 1.0})
    await ActionDefaultFallback().run(dispatcher, tracker, domain)
    text = reply(domain, dispatcher, language)
    assert "utter_offer_person" in [m["response"] for m in dispatcher.messages]
    assert segments(fold_for_sms(text)) <= 2, (len(text), text)
