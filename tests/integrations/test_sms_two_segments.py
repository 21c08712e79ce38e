"""Every response the assistant texts fits in two SMS segments (320 characters of GSM-7 at most, 306 when split),
in English and in Spanish, as sent (folded into GSM-7, bot.notify.segments), with the longest realistic values.

A text of three segments costs the city half as much again and reaches some phones out of order. Voice
wordings (`channel: voice`) are spoken, not texted, and are not held to it.
"""

from __future__ import annotations

import pytest

MAX_SEGMENTS = 2
LONG_VALUES = {"reference": "FRE-2026-12345", "street": "North Belvidere Avenue"}


def _sms_texts() -> list[tuple[str, str]]:
    """(what, text as Rasa fills it for the SMS channel) for every response, pack and language."""
    from rasa.core.nlg.response import TemplatedNaturalLanguageGenerator

    from actions.services import office_details
    from bot.jurisdictions import load_packs
    from bot.messages import say
    from tests.test_domain_responses import _all_responses

    nlg = TemplatedNaturalLanguageGenerator(_all_responses())
    texts = []
    for pack in load_packs().values():
        for language in ("en", "es"):
            # the longer of the two anonymous readings' notes (actions.services.anonymous_note)
            note = say("anonymous.exclude", language)
            values = {**LONG_VALUES, **office_details(pack, language), "anonymous_note": note}
            for name in nlg.responses:
                filled = nlg.generate_from_slots(name, {"language": language}, "sms", **values)
                texts.append((f"{name} ({pack.code}, {language})", filled["text"]))
    return texts


def test_every_sms_response_fits_in_two_segments_in_both_languages() -> None:
    from bot.notify.segments import fold_for_sms, segments

    texts = _sms_texts()
    assert len(texts) >= 120 and not any("{" in text for _, text in texts)  # every value filled
    over = [(what, segments(fold_for_sms(text)), len(text)) for what, text in texts
            if segments(fold_for_sms(text)) > MAX_SEGMENTS]  # fmt: skip
    assert not over, f"SMS responses over {MAX_SEGMENTS} segments (what, segments, characters): {over}"


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_wildlife_referral_still_says_where_to_turn(language: str) -> None:
    wildlife = dict(_sms_texts())[f"utter_wildlife (kellogg, {language})"]
    assert "DNR" in wildlife and ("bite" in wildlife or "mordida" in wildlife)
