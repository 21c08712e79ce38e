"""A resident's later "no updates" text over the SMS channel (signed webhook, real Sanic server, case database).

Issue 36: "Where the resident agreed to updates, each is texted to them in their language ... STOP is
honoured." Both packs read texting a report as agreement (`dispatch.status_texts: by_reporting`); a resident
who then texts "no updates" has taken it back: no officer's or clerk's status text follows about their open
reports, the line still listens, and the change is in each report's history.
"""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.cases.db import make_engine, make_session_factory
from bot.cases.report import BiteDetails, Report
from bot.cases.service import CaseService
from bot.notify.dispatch_texts import DispatchTexts
from bot.notify.outbox import OutboxService
from integrations.twilio_sms import TwilioSmsInput
from tests.integrations.conftest import RESIDENT, ScriptedAssistant
from tests.integrations.test_twilio_sms import PATH, messages, sms

NEIGHBOUR = "+15075550124"


@pytest.fixture
def line(serve):
    assistant = ScriptedAssistant()
    return serve(TwilioSmsInput(), assistant), assistant


@pytest.fixture
def cases(twilio_env) -> CaseService:
    return CaseService(make_session_factory(make_engine(twilio_env)))


@pytest.fixture
def outbox(twilio_env) -> OutboxService:
    return OutboxService(make_session_factory(make_engine(twilio_env)))


def _file(cases: CaseService, source: str, contact: str = RESIDENT) -> str:
    return cases.file_complaint(
        Report(jurisdiction="kellogg", type="bite", channel="sms", source_id=f"{contact}:{source}",
               received=datetime.now(timezone.utc), location="412 Oak Street", transcript="a dog bit my son",
               animal="dog", complainant_contact=contact, bite=BiteDetails("person", True, None, None),
               urgent=True)
    )  # fmt: skip


def test_no_more_updates_ends_the_status_texts_of_the_residents_open_reports(line, cases, outbox) -> None:
    webhook, assistant = line
    open_report, rejected = _file(cases, "SMa"), _file(cases, "SMb")
    neighbours = _file(cases, "SMc", contact=NEIGHBOUR)
    cases.reject(rejected, "not in the city", by="clerk1")
    texts = DispatchTexts(outbox._session_factory, outbox)
    assert texts.queue(open_report, "on_the_way")  # agreed by reporting, until the resident says otherwise

    [reply] = messages(webhook.post(PATH, sms("No more updates.", sid="SMnoupdates")))
    assert "no more status texts" in reply and "Kellogg" in reply
    assert assistant.messages == []  # answered by the line, not the conversation

    assert cases.get_complaint(open_report).details.get("status_updates") == "no"
    assert "status_updates" not in cases.get_complaint(rejected).details  # closed: nothing to text about
    assert "status_updates" not in cases.get_complaint(neighbours).details
    assert not texts.queue(open_report, "on_scene")
    cases.accept(open_report, by="clerk1")
    assert not outbox.queue_status_text(open_report)  # the clerk's status text neither
    assert texts.queue(neighbours, "on_the_way")
    [entry] = [
        e for e in cases.audit_trail("complaint", open_report) if e.action == "status_updates_declined"
    ]
    assert (entry.actor, entry.after) == ("resident", {"status_updates": "no"})

    webhook.post(PATH, sms("dog barking at 412 oak", sid="SMafter"))
    assert [m.text for m in assistant.messages] == ["dog barking at 412 oak"]  # not an opt-out: still heard


def test_sin_actualizaciones_is_answered_in_spanish(line, cases) -> None:
    webhook, assistant = line
    reference = _file(cases, "SMes")
    [reply] = messages(webhook.post(PATH, sms("¡Sin actualizaciones, gracias!", sid="SMes1")))
    assert reply.startswith("De acuerdo: no le vamos a mandar mas avisos") and "Kellogg" in reply
    assert cases.get_complaint(reference).details.get("status_updates") == "no" and assistant.messages == []


def test_words_in_a_report_are_not_a_no_updates_answer(line, cases) -> None:
    webhook, assistant = line
    reference = _file(cases, "SMrep")
    webhook.post(PATH, sms("no updates on the dog at 412 oak, it is loose again", sid="SMrep1"))
    assert [m.text for m in assistant.messages] == ["no updates on the dog at 412 oak, it is loose again"]
    assert "status_updates" not in cases.get_complaint(reference).details
