"""The SMS channel: signatures, idempotency, opt-outs, photos, unknown numbers, follow-up texts."""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone

import pytest

from bot.cases.db import make_engine, make_session_factory
from bot.cases.report import BiteDetails, Report
from bot.cases.service import CaseService
from bot.notify.segments import fold_for_sms
from bot.settings import get_settings
from integrations.twilio_common import TwilioConfigurationError
from integrations.twilio_sms import TwilioSmsInput, photo_only_text
from tests.integrations.conftest import (
    AUTH_TOKEN,
    FREEPORT_LINE,
    KELLOGG_LINE,
    RESIDENT,
    ScriptedAssistant,
    sign,
    twilio_sid,
)

PATH = "/webhooks/sms/webhook"


def sms(body: str, sid: str = "SM0001", **extra: str) -> dict[str, str]:
    return {
        "MessageSid": twilio_sid(sid),
        "SmsSid": twilio_sid(sid),
        "AccountSid": "AC" + "1" * 32,
        "From": RESIDENT,
        "To": KELLOGG_LINE,
        "Body": body,
        "NumMedia": "0",
        "FromCity": "",  # Twilio posts blank fields; they are signed too
        **extra,
    }


def messages(response) -> list[str]:
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/xml")
    root = ET.fromstring(response.text)
    assert root.tag == "Response"
    assert all(child.tag == "Message" for child in root)
    return [child.text or "" for child in root]


@pytest.fixture
def line(serve):
    assistant = ScriptedAssistant()
    webhook = serve(TwilioSmsInput(), assistant)
    return webhook, assistant


def test_a_signed_text_reaches_the_assistant_keyed_by_the_residents_number(line) -> None:
    webhook, assistant = line
    assistant.replies = [[{"text": "Where is this?"}, {"text": "What kind of animal?"}]]
    reply = webhook.post(PATH, sms("dog barking nonstop", sid="SMa"))
    assert messages(reply) == ["Where is this?\n\nWhat kind of animal?"]
    [message] = assistant.messages
    assert (message.text, message.sender_id, message.input_channel, message.message_id) == (
        "dog barking nonstop",
        RESIDENT,
        "sms",
        twilio_sid("SMa"),
    )
    assert message.metadata == {"to": KELLOGG_LINE, "photo_urls": []}
    assert message.output_channel.name() == "sms"  # the domain's channel variations apply


def test_a_national_format_number_is_normalised_to_e164(line) -> None:
    webhook, assistant = line
    webhook.post(PATH, sms("hi", From="(507) 555-0123", To="507-555-0158"))
    assert assistant.messages[0].sender_id == RESIDENT
    assert assistant.messages[0].metadata["to"] == KELLOGG_LINE


@pytest.mark.parametrize(
    "signature",
    [
        pytest.param(None, id="missing"),
        pytest.param("bm90IGEgc2lnbmF0dXJl", id="forged"),
        pytest.param(sign(PATH, sms("dog barking"), token="someone-elses-token"), id="wrong token"),
        pytest.param(sign(PATH, sms("dog barking"), base="https://evil.example"), id="other URL"),
        pytest.param(
            sign(PATH, {k: v for k, v in sms("dog barking").items() if v}), id="blank field left out"
        ),
        pytest.param(sign(PATH, sms("cat barking")), id="body changed"),
    ],
)
def test_an_unsigned_or_forged_text_gets_403_and_touches_nothing(line, stores, signature) -> None:
    webhook, assistant = line
    reply = webhook.post(PATH, sms("dog barking"), signature=signature)
    assert reply.status_code == 403
    assert assistant.messages == []
    inbound, _ = stores
    assert inbound.reply_for("sms", twilio_sid("SM0001")) is None  # not even recorded as processed


def test_a_retried_delivery_is_processed_once_and_gets_the_same_reply(line) -> None:
    webhook, assistant = line
    assistant.replies = [[{"text": "Where is this?"}], [{"text": "a second answer"}]]
    first = webhook.post(PATH, sms("dog barking", sid="SMretry"))
    again = webhook.post(PATH, sms("dog barking", sid="SMretry"))
    assert again.text == first.text and messages(again) == ["Where is this?"]
    assert len(assistant.messages) == 1
    third = webhook.post(PATH, sms("412 oak st", sid="SMnext"))
    assert messages(third) == ["a second answer"] and len(assistant.messages) == 2


def test_a_retry_arriving_during_processing_waits_for_the_same_reply(line) -> None:
    webhook, assistant = line
    assistant.delay_s = 1.0
    assistant.replies = [[{"text": "Where is this?"}], [{"text": "processed twice"}]]
    with ThreadPoolExecutor(max_workers=2) as pool:
        deliveries = [pool.submit(webhook.post, PATH, sms("dog barking", sid="SMrace")) for _ in range(2)]
        first, second = (delivery.result(timeout=30) for delivery in deliveries)
    assert messages(first) == messages(second) == ["Where is this?"]
    assert len(assistant.messages) == 1


def test_stop_opts_out_until_start(line, stores) -> None:
    webhook, assistant = line
    inbound, _ = stores
    assert messages(webhook.post(PATH, sms("Stop.", sid="SM1"))) == []
    assert inbound.is_opted_out(RESIDENT)
    for n, text in enumerate(["dog barking at 412 oak", "help", "yes please"]):
        assert messages(webhook.post(PATH, sms(text, sid=f"SMq{n}"))) == []
    assert assistant.messages == []
    [welcome] = messages(webhook.post(PATH, sms("START", sid="SM2")))
    assert "again" in welcome and not inbound.is_opted_out(RESIDENT)
    webhook.post(PATH, sms("dog barking at 412 oak", sid="SM3"))
    assert [m.text for m in assistant.messages] == ["dog barking at 412 oak"]


@pytest.mark.parametrize("word", ["STOPALL", "unsubscribe", "Cancel", "END", "quit"])
def test_every_twilio_stop_synonym_opts_out(line, stores, word) -> None:
    webhook, assistant = line
    assert messages(webhook.post(PATH, sms(word))) == []
    assert stores[0].is_opted_out(RESIDENT) and assistant.messages == []


def test_yes_restarts_an_opted_out_number_but_otherwise_confirms_a_report(line, stores) -> None:
    webhook, assistant = line
    inbound, _ = stores
    assistant.replies = [[{"text": "Sent. Your reference is KEL-2026-00001."}]]
    webhook.post(PATH, sms("YES", sid="SMy1"))
    assert [m.text for m in assistant.messages] == ["YES"]  # not opted out: YES goes to the assistant
    webhook.post(PATH, sms("unstop", sid="SMy2"))
    assert [m.text for m in assistant.messages] == ["YES"]
    inbound.opt_out(RESIDENT)
    [welcome] = messages(webhook.post(PATH, sms("yes", sid="SMy3")))
    assert "again" in welcome and not inbound.is_opted_out(RESIDENT)
    assert len(assistant.messages) == 1


def test_help_answers_with_the_citys_office_without_the_assistant(line) -> None:
    webhook, assistant = line
    [kellogg] = messages(webhook.post(PATH, sms("HELP", sid="SMh1")))
    [freeport] = messages(webhook.post(PATH, sms("info", sid="SMh2", To=FREEPORT_LINE)))
    assert "(507) 555-0100" in kellogg and "STOP" in kellogg
    assert "(320) 836-2112" in freeport and "Freeport" in freeport
    assert assistant.messages == []


def test_an_unknown_number_gets_a_polite_answer_and_a_warning_without_the_residents_number(
    line, caplog
) -> None:
    webhook, assistant = line
    with caplog.at_level(logging.INFO):
        [answer] = messages(webhook.post(PATH, sms("dog barking", To="+16125550100")))
    assert "Sorry" in answer and "city hall" in answer.lower()
    assert assistant.messages == []
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings and "no jurisdiction pack" in warnings[0].getMessage()
    assert RESIDENT not in caplog.text and "0123" not in caplog.text


def test_a_photo_without_words_is_answered_and_goes_with_the_next_text(line, stores, media) -> None:
    webhook, assistant = line
    photo = {"NumMedia": "1", "MediaUrl0": media.url("ME1"), "MediaContentType0": "image/jpeg"}
    [answer] = messages(webhook.post(PATH, sms("", sid="SMp1", **photo)))
    assert answer == fold_for_sms(photo_only_text()) and assistant.messages == []
    webhook.post(PATH, sms("loose dog at 3rd and elm", sid="SMp2"))
    webhook.post(PATH, sms("brown lab", sid="SMp3"))
    [kept], later = [m.metadata["photo_urls"] for m in assistant.messages]
    assert kept.startswith("/photos/") and later == []
    assert stores[0].pending_photos(RESIDENT) == []


def test_photos_sent_with_words_are_attached_to_that_message_as_our_own_copies(line, media) -> None:
    webhook, assistant = line
    urls = {"NumMedia": "2", "MediaUrl0": media.url("ME1"), "MediaUrl1": media.url("ME2")}
    webhook.post(PATH, sms("this dog bit my son", sid="SMm", **urls))
    paths = assistant.messages[0].metadata["photo_urls"]
    assert len(paths) == 2 and all(p.startswith("/photos/") for p in paths) and paths[0] != paths[1]


def test_an_urgent_filing_queues_the_page_to_the_officer_on_call(line, stores, twilio_env) -> None:
    webhook, assistant = line
    cases = CaseService(make_session_factory(make_engine(twilio_env)))
    reference = cases.file_complaint(
        Report(
            jurisdiction="kellogg",
            type="bite",
            channel="sms",
            source_id=f"{RESIDENT}:SMfile",
            received=datetime.now(timezone.utc),
            location="the park on main st",
            transcript="a dog bit my son",
            animal="dog",
            complainant_contact=RESIDENT,
            bite=BiteDetails("person", True, None, None),
            urgent=True,
        )
    )
    assistant.replies = [
        [{"text": f"Sent as urgent. Your reference is {reference}.", "utter_action": "utter_filed_urgent",
          "reference": reference}]
    ]  # fmt: skip
    [answer] = messages(webhook.post(PATH, sms("yes", sid="SMfile")))
    assert reference in answer
    _, outbox = stores
    rows = outbox.messages()
    assert [(r.idempotency_key, r.to_number) for r in rows] == [(f"page:{reference}", "+15075550199")]


def test_resident_numbers_stay_out_of_info_logs(line, caplog) -> None:
    webhook, _ = line
    with caplog.at_level(logging.INFO):
        webhook.post(PATH, sms("dog barking at 412 oak st", sid="SMlog"))
        webhook.post(PATH, sms("stop", sid="SMlog2"))
        webhook.post(PATH, sms("dog", sid="SMlog3"), signature="forged")
    assert RESIDENT not in caplog.text and "412 oak" not in caplog.text


def test_outside_development_the_channel_refuses_to_start_without_a_token(monkeypatch) -> None:
    monkeypatch.setenv("TWILIO_AUTH_TOKEN", "")
    for environment in ("production", "test"):
        monkeypatch.setenv("ENVIRONMENT", environment)
        get_settings.cache_clear()
        with pytest.raises(TwilioConfigurationError, match="TWILIO_AUTH_TOKEN"):
            TwilioSmsInput.from_credentials({})
    monkeypatch.setenv("ENVIRONMENT", "development")
    get_settings.cache_clear()
    assert TwilioSmsInput.from_credentials({}).name() == "sms"
    monkeypatch.setenv("ENVIRONMENT", "production")
    monkeypatch.setenv("TWILIO_AUTH_TOKEN", AUTH_TOKEN)
    get_settings.cache_clear()
    assert TwilioSmsInput.from_credentials({}).name() == "sms"
    get_settings.cache_clear()
