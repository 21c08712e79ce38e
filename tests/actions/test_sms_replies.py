"""Whole SMS replies: everything the assistant says in one turn goes out as one text (the SMS channel joins the
turn's messages, bot.notify.segments counts them). After a failed answer the form asks its question again, so
the reply is the "didn't understand" line, or on the second failed try the offer of a person, and then the
question. Each whole reply fits two segments, in both languages, for every pack, with the longest question.
"""

from __future__ import annotations

from typing import Any

import pytest
from rasa_sdk.executor import CollectingDispatcher

from actions.conversation import ActionDefaultFallback
from actions.report_forms import ValidateBarkingForm
from bot.jurisdictions import load_packs
from bot.notify.segments import fold_for_sms, segments
from bot.vocabulary import REPORT_TYPES, question
from tests.actions.conftest import make_tracker

UNCLEAR = ("utter_animal_unclear", "utter_answer_unclear", "utter_location_unclear", "utter_victim_unclear",
           "utter_yes_no_unclear", "utter_look_unclear")  # fmt: skip


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


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("pack", sorted(load_packs()))
async def test_a_failed_answer_and_the_question_again_fit_two_segments(domain, pack, language) -> None:
    question_again = longest_question(language)
    over = []
    for failed_before in (0.0, 1.0):  # the first failed try, then the second (the offer of a person)
        for response in UNCLEAR:
            dispatcher = CollectingDispatcher()
            tracker = make_tracker("here", slots={"jurisdiction": pack, "language": language,
                                                  "failed_tries": failed_before})  # fmt: skip
            ValidateBarkingForm()._reject("location", response, dispatcher, tracker)
            text = reply(domain, dispatcher, language, question_again)
            if segments(fold_for_sms(text)) > 2:
                over.append((failed_before, response, len(text)))
    assert not over, f"replies over two SMS segments (failed before, response, characters): {over}"


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("pack", sorted(load_packs()))
async def test_the_second_miss_outside_a_form_fits_two_segments(domain, pack, language) -> None:
    dispatcher = CollectingDispatcher()
    tracker = make_tracker("zzz", slots={"jurisdiction": pack, "language": language, "failed_tries": 1.0})
    await ActionDefaultFallback().run(dispatcher, tracker, domain)
    text = reply(domain, dispatcher, language)
    assert "utter_offer_person" in [m["response"] for m in dispatcher.messages]
    assert segments(fold_for_sms(text)) <= 2, (len(text), text)
