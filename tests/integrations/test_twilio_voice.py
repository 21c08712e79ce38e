"""The voice channel: TwiML for the ear, speech hints, reprompt on silence, Dial in office hours, a
Hangup after every goodbye, CallSid + turn idempotency, and the caller's confirmation text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import pytest

from bot.cases.db import make_engine, make_session_factory
from bot.cases.report import Report
from bot.cases.service import CaseService
from bot.jurisdictions import get_pack
from bot.notify.outbox import verbal_complaint_note
from integrations.twilio_voice import TwilioVoiceInput, asks_for_a_person, for_the_ear
from tests.integrations.conftest import FREEPORT_LINE, KELLOGG_LINE, RESIDENT, ScriptedAssistant, twilio_sid

PATH = "/webhooks/voice/webhook"
CHICAGO = ZoneInfo("America/Chicago")
TUESDAY_NIGHT = datetime(2026, 3, 3, 22, 30, tzinfo=CHICAGO)
TUESDAY_MORNING = datetime(2026, 3, 3, 10, 0, tzinfo=CHICAGO)


def call(turn_speech: str | None = None, sid: str = "CA0001", **extra: str) -> dict[str, str]:
    params = {
        "CallSid": twilio_sid(sid),
        "AccountSid": "AC" + "1" * 32,
        "From": RESIDENT,
        "To": KELLOGG_LINE,
        "CallStatus": "in-progress",
        "Direction": "inbound",
        "CallerName": "",
        **extra,
    }
    if turn_speech is not None:
        params.update(SpeechResult=turn_speech, Confidence="0.91")
    return params


def path(turn: int, silences: int = 0) -> str:
    return f"{PATH}?turn={turn}&silences={silences}"


def twiml(response) -> ET.Element:
    assert response.status_code == 200, response.text
    root = ET.fromstring(response.text)
    assert root.tag == "Response"
    return root


def said(root: ET.Element) -> str:
    return " ".join(e.text or "" for e in root.iter("Say"))


def next_turn(root: ET.Element) -> dict[str, list[str]]:
    [gather] = root.findall("Gather")
    return parse_qs(urlsplit(gather.get("action")).query)


def start(serve, at: datetime = TUESDAY_NIGHT):
    assistant = ScriptedAssistant()
    webhook = serve(TwilioVoiceInput(clock=lambda: at), assistant)
    return webhook, assistant


def test_the_call_opens_with_a_speech_gather_with_hints_and_no_office_offer_after_hours(serve) -> None:
    webhook, assistant = start(serve)
    root = twiml(webhook.post(PATH, call()))
    [gather] = root.findall("Gather")
    assert gather.get("input") == "speech" and gather.get("actionOnEmptyResult") == "true"
    assert gather.get("speechModel") == "phone_call" and gather.get("language") == "en-US"
    assert gather.get("action").startswith(PATH) and next_turn(root) == {"turn": ["1"], "silences": ["0"]}
    hints = gather.get("hints").split(", ")
    assert {"dog", "pit bull", "Oak Street", "Belvidere Street"} <= set(hints)
    prompt = gather.find("Say").text
    assert "Kellogg" in prompt and "barking" in prompt and "City Hall" not in prompt
    assert [child.tag for child in root] == ["Gather", "Say", "Hangup"]  # no loop if the action fails
    assert assistant.messages == []


def test_in_office_hours_the_caller_is_offered_city_hall_and_put_through(serve) -> None:
    webhook, assistant = start(serve, at=TUESDAY_MORNING)
    root = twiml(webhook.post(PATH, call()))
    assert "say City Hall" in said(root)
    root = twiml(webhook.post(path(1), call("uh can I talk to city hall please")))
    assert [child.tag for child in root] == ["Say", "Dial", "Hangup"]
    assert root.find("Dial").text == "+15075550100"
    assert assistant.messages == []


@pytest.mark.parametrize(
    "speech",
    ["somebody's goats got out", "a dog bit a person at the park", "someone's dog is loose on main",
     "alguien dejo salir su perro", "un perro mordio a una persona"],
)  # fmt: skip
def test_in_office_hours_a_report_that_says_somebody_goes_to_the_assistant(serve, speech) -> None:
    # "somebody's goats got out" was put through to City Hall in office hours (the conversation bench's
    # Freeport caller, run in the afternoon): a bare "somebody" or "a person" beside an animal is a report.
    webhook, assistant = start(serve, at=TUESDAY_MORNING)
    assistant.replies = [[{"text": "Where are they now?"}]]
    root = twiml(webhook.post(path(1), call(speech)))
    assert root.find("Dial") is None and [m.text for m in assistant.messages] == [speech]


@pytest.mark.parametrize(
    ("speech", "asks"),
    [("uh can I talk to city hall please", True), ("can I talk to someone about a barking dog", True),
     ("I need a real person", True), ("somebody help me", True), ("quiero hablar con una persona", True),
     ("somebody's goats got out", False), ("the dog bit a person", False), ("alguien dejo salir su perro", False)],
)  # fmt: skip
def test_asks_for_a_person(speech: str, asks: bool) -> None:
    assert asks_for_a_person(speech) is asks


def test_after_hours_asking_for_a_person_goes_to_the_assistant(serve) -> None:
    webhook, assistant = start(serve)
    assistant.replies = [
        [{"text": "You can reach Kellogg City Hall at (507) 555-0100.", "utter_action": "utter_human"}]
    ]
    root = twiml(webhook.post(path(1), call("can I talk to a person")))
    assert root.find("Dial") is None and "555-0100" in said(root)
    assert len(assistant.messages) == 1


def test_speech_reaches_the_assistant_as_the_callers_number_and_the_reply_is_spoken(serve) -> None:
    webhook, assistant = start(serve)
    assistant.replies = [[{"text": "Dog at 412 Oak St. Reply YES to send it, or tell me what to change."}]]
    root = twiml(webhook.post(path(3), call("uh yeah the dog next door at four twelve oak")))
    [message] = assistant.messages
    call_sid = twilio_sid("CA0001")
    # the call is a conversation of its own; the caller's number rides in the metadata
    assert (message.text, message.sender_id, message.input_channel, message.message_id) == (
        "uh yeah the dog next door at four twelve oak",
        f"call:{call_sid}",
        "voice",
        f"{call_sid}:3",
    )
    assert message.metadata["to"] == KELLOGG_LINE and message.output_channel.name() == "voice"
    assert message.metadata["caller"] == RESIDENT and message.metadata["caller_verified"] is False
    assert root.find("Gather/Say").text == "Dog at 412 Oak St. Say yes to send it, or tell me what to change."
    assert next_turn(root) == {"turn": ["4"], "silences": ["0"]}


def test_silence_gets_one_reprompt_of_the_last_question_then_goodbye_and_hangup(serve) -> None:
    webhook, assistant = start(serve)
    assistant.replies = [[{"text": "Is the animal still there now?"}]]
    webhook.post(path(1), call("a loose dog on main street"))
    root = twiml(webhook.post(path(2), call("")))
    assert root.find("Gather/Say").text == "Sorry, I didn't hear anything. Is the animal still there now?"
    assert next_turn(root) == {"turn": ["3"], "silences": ["1"]}
    root = twiml(webhook.post(path(3, 1), call("")))
    assert root.find("Gather") is None and [child.tag for child in root] == ["Say", "Hangup"]
    assert "Goodbye" in said(root)
    assert len(assistant.messages) == 1


def test_speaking_after_a_reprompt_resets_the_silence_count(serve) -> None:
    webhook, _ = start(serve)
    webhook.post(path(1), call("a loose dog"))
    twiml(webhook.post(path(2), call("")))
    root = twiml(webhook.post(path(3, 1), call("on main street")))
    assert next_turn(root) == {"turn": ["4"], "silences": ["0"]}


def test_a_retried_turn_is_processed_once_and_answered_the_same(serve) -> None:
    webhook, assistant = start(serve)
    assistant.replies = [[{"text": "Where is this?"}], [{"text": "something else"}]]
    first = webhook.post(path(1), call("a dog is barking"))
    again = webhook.post(path(1), call("a dog is barking"))
    assert again.text == first.text and len(assistant.messages) == 1
    other_call = webhook.post(path(1), call("a dog is barking", sid="CA0002"))
    assert "something else" in said(twiml(other_call))


def test_a_forged_call_gets_403(serve) -> None:
    webhook, assistant = start(serve)
    response = webhook.post(path(1), call("a dog is barking"), signature="Zm9yZ2Vk")
    assert response.status_code == 403 and assistant.messages == []
    # the turn is part of the signed URL: a signature for another turn does not fit
    from tests.integrations.conftest import sign

    response = webhook.post(path(2), call("x"), signature=sign(path(1), call("x")))
    assert response.status_code == 403


def test_an_unknown_number_is_told_politely_and_hung_up_on(serve) -> None:
    webhook, assistant = start(serve)
    root = twiml(webhook.post(PATH, call(To="+16125550100")))
    assert [child.tag for child in root] == ["Say", "Hangup"] and "Sorry" in said(root)


def _file_verbal(twilio_env: str, jurisdiction: str) -> str:
    cases = CaseService(make_session_factory(make_engine(twilio_env)))
    return cases.file_complaint(
        Report(
            jurisdiction=jurisdiction,
            type="barking",
            channel="voice",
            source_id=f"{RESIDENT}:CA0001:7",
            received=datetime.now(timezone.utc),
            location="412 Oak St",
            transcript="the dog at 412 oak barks all night",
            animal="dog",
            complainant_contact=RESIDENT,
        )
    )


@pytest.mark.parametrize(("line", "jurisdiction"), [(KELLOGG_LINE, "kellogg"), (FREEPORT_LINE, "freeport")])
def test_after_filing_the_caller_hears_what_a_phone_report_means_there_then_hangup(
    serve, stores, twilio_env, line, jurisdiction
) -> None:
    webhook, assistant = start(serve)
    reference = _file_verbal(twilio_env, jurisdiction)
    assistant.replies = [
        [{"text": f"Your report is filed. Your reference is {reference}.", "utter_action": "utter_filed",
          "reference": reference}]
    ]  # fmt: skip
    root = twiml(webhook.post(path(7), call("yes", To=line)))
    assert [child.tag for child in root] == ["Say", "Hangup"]
    speech = said(root)
    note = verbal_complaint_note(get_pack(jurisdiction))
    assert note and note in speech and speech.endswith("Goodbye.")
    if jurisdiction == "kellogg":
        assert "recorded as a verbal complaint" in speech and "clerk" in speech
        assert "text this" not in speech  # a text files a new, written complaint (58-16 B(2))
        assert "two verbal complaints" not in speech  # wrong for a household that has a first
    else:
        assert "verbal" not in speech.lower()
    prefix, year, number = reference.split("-")
    assert f"{' '.join(prefix)}, {' '.join(year)}, {' '.join(number)}" in speech  # spelled for the ear
    _, outbox = stores
    [confirmation] = outbox.messages()
    assert confirmation.idempotency_key == f"confirm:{reference}" and confirmation.to_number == RESIDENT
    assert confirmation.from_number == line and reference in confirmation.body


def test_goodbye_and_cancel_end_the_call(serve) -> None:
    webhook, assistant = start(serve)
    assistant.replies = [
        [{"text": "Thanks for letting the city know. Goodbye.", "utter_action": "utter_goodbye"}],
        [{"text": "OK, I didn't send it. Text again any time.", "utter_action": "utter_report_cancelled"}],
    ]
    for turn, speech in ((1, "bye"), (2, "no forget it")):
        root = twiml(webhook.post(path(turn), call(speech, sid=f"CAend{turn}")))
        assert [child.tag for child in root] == ["Say", "Hangup"]
        assert said(root).count("Goodbye") == 1 and "Text again" not in said(root)


def test_a_call_cannot_go_on_forever(serve) -> None:
    webhook, _ = start(serve)
    root = twiml(webhook.post(path(41), call("still talking")))
    assert [child.tag for child in root] == ["Say", "Hangup"]


def test_sms_wording_is_made_sayable() -> None:
    assert for_the_ear("Reply SKIP to stay anonymous. Quote KEL-2026-00042.") == (
        "Say skip to stay anonymous. Quote K E L, 2 0 2 6, 0 0 0 4 2."
    )


def test_the_read_back_that_asks_for_the_name_is_made_sayable() -> None:
    """The read-back of a report without a name asks for it (bot/messages/resident.py, readback.prompt_name):
    on the phone the caller says the name, or says skip, instead of replying."""
    assert for_the_ear(
        "Barking: dog at 412 oak st; since: since 10pm. To send it, reply with your name (kept private), or SKIP "
        "to send it without one. Or tell me what to change."
    ) == (
        "Barking: dog at 412 oak st; since: since 10pm. To send it, say your name (kept private), or say skip "
        "to send it without one. Or tell me what to change."
    )
    assert for_the_ear(
        "Ladridos: perro en 412 oak st; desde: desde las 10pm. Para enviarlo, responda con su nombre (queda "
        "privado), o ANONIMO para enviarlo sin nombre. O dígame qué cambiar."
    ) == (
        "Ladridos: perro en 412 oak st; desde: desde las 10pm. Para enviarlo, diga su nombre (queda privado), o "
        "diga anónimo para enviarlo sin nombre. O dígame qué cambiar."
    )


def test_the_read_back_prompts_as_the_assistant_words_them_are_sayable() -> None:
    """The wordings the read-back is built from, as the assistant says them in either language: nothing
    left that only makes sense written (REPLY, SKIP, ANONIMO, Responda)."""
    from bot.messages import say

    for language in ("en", "es"):
        for reading in ("count", "exclude"):  # `exclude` adds the city's note after the prompt
            note = say(f"anonymous.{reading}", language)
            spoken = for_the_ear(f"{say('readback.prompt_name', language)} {note}")
            written = [word for word in ("reply", "Reply", "SKIP", "ANONIMO", "esponda") if word in spoken]
            assert written == [], spoken
            heard = (
                ("say your name", "or say skip") if language == "en" else ("diga su nombre", "o diga anónimo")
            )
            assert all(words in spoken for words in heard), spoken


def test_speech_hints_write_place_names_as_they_are_written() -> None:
    """str.title() wrote "Casey'S", "Charlie'S Cafe", "Mckinley Street": a hint is the name as written."""
    from integrations.voice_twiml import place_name, speech_hints

    kellogg = speech_hints(get_pack("kellogg")).split(", ")
    freeport = speech_hints(get_pack("freeport")).split(", ")
    assert {
        "Casey's",
        "McKinley Street",
        "McDonough Park",
        "Wabasha-Kellogg School",
        "St. Agnes Church",
    } <= set(kellogg)
    assert {"Charlie's Cafe", "Stop-N-Go"} <= set(freeport)
    assert not [
        hint for hint in kellogg + freeport if "'S" in hint or hint.startswith("Mc") and hint[2].islower()
    ]
    assert [place_name(n) for n in ("o'brien's yard", "mack", "i-90")] == ["O'Brien's Yard", "Mack", "I-90"]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", {"barking", "loose", "bite", "threat", "neglect", "waste", "too many", "damage"}),
        (
            "es",
            {
                "ladridos",
                "suelto",
                "mordida",
                "amenaza",
                "descuido",
                "excremento",
                "demasiados animales",
                "daños",
            },
        ),
    ],
)
def test_speech_hints_name_every_report_type_and_keep_the_places(language: str, words: set[str]) -> None:
    from integrations.voice_twiml import MAX_HINTS, speech_hints

    hints = speech_hints(get_pack("kellogg"), language).split(", ")
    assert words <= set(hints) and len(hints) <= MAX_HINTS
    assert "McKinley Street" in hints  # the report words crowd out no street
