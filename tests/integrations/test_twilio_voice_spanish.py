"""The phone line in Spanish, through the signed voice webhook with the real RequestValidator.

The first prompt offers Spanish in Spanish; saying "español" switches the call; once the conversation is in
Spanish every <Gather> listens in es-MX with Spanish hints and every <Say> uses the es-MX voice; the channel
learns the language from the conversation's `language` slot after each turn (a stand-in agent's tracker
store here), so a short answer ("sí", an address) never sends a Spanish caller back to en-US.
"""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from sanic import Sanic

from bot.cases.db import make_engine, make_session_factory
from bot.cases.report import Report
from bot.cases.service import CaseService
from bot.jurisdictions import get_pack
from bot.notify.outbox import verbal_complaint_note
from integrations.resilience import TurnFailed, apology
from integrations.twilio_voice import TwilioVoiceInput
from integrations.voice_twiml import for_the_ear, language_pick
from tests.integrations.conftest import (
    KELLOGG_LINE,
    RESIDENT,
    ScriptedAssistant,
    ServerThread,
    Webhook,
    _free_port,
)
from tests.integrations.test_twilio_voice import TUESDAY_MORNING, TUESDAY_NIGHT, call

PATH = "/webhooks/voice/webhook"
SPANISH = ("es-MX", "Polly.Mia")
ENGLISH = ("en-US", "Polly.Joanna")


@dataclass
class FakeTracker:
    slots: dict[str, Any] = field(default_factory=lambda: {"language": "en"})
    active_loop_name: str | None = None

    def get_slot(self, name: str) -> Any:
        return self.slots.get(name)

    def update(self, event: Any) -> None:
        self.slots[event.key] = event.value


class FakeTrackerStore:
    """Rasa's tracker store as the channel reaches it (request.app.ctx.agent.tracker_store)."""

    def __init__(self) -> None:
        self.tracker = FakeTracker()
        self.retrieved = 0

    async def retrieve(self, sender_id: str) -> FakeTracker:
        self.retrieved += 1
        return self.tracker

    async def save(self, tracker: FakeTracker) -> None:
        self.tracker = tracker


class FakeLockStore:
    @asynccontextmanager
    async def lock(self, conversation: str):
        yield


@dataclass
class SlotSettingAssistant(ScriptedAssistant):
    """The scripted assistant, standing in for the NLU too: `languages[i]` is what turn i's words set the
    `language` slot to (None: too short to tell, the slot keeps its value)."""

    store: FakeTrackerStore | None = None
    languages: list[str | None] = field(default_factory=list)

    async def __call__(self, message: Any) -> None:
        told = self.languages.pop(0) if self.languages else None
        if told and self.store is not None:
            self.store.tracker.slots["language"] = told
        await super().__call__(message)


@pytest.fixture
def line(twilio_env, monkeypatch) -> Iterator[Callable[..., tuple[Webhook, SlotSettingAssistant, Any]]]:
    """line(at=..., agent=True) -> (webhook, assistant, store): the voice channel on a live Sanic server whose
    app context holds a stand-in agent (tracker store and lock store), as Rasa's server does."""
    monkeypatch.setattr(Sanic, "test_mode", True)
    started: list[ServerThread] = []
    client = httpx.Client(timeout=30)

    def start(at: datetime = TUESDAY_NIGHT, agent: bool = True):
        store = FakeTrackerStore()
        assistant = SlotSettingAssistant(store=store)
        channel = TwilioVoiceInput(clock=lambda: at)
        app = Sanic(f"voice_es_{len(started)}")
        if agent:
            app.ctx.agent = SimpleNamespace(tracker_store=store, lock_store=FakeLockStore())
        app.blueprint(channel.blueprint(assistant), url_prefix="/webhooks/voice")
        server = ServerThread(app, _free_port())
        server.start()
        started.append(server)
        return Webhook(f"http://127.0.0.1:{server._port}", client), assistant, store

    yield start
    client.close()
    for server in started:
        server.stop()


def twiml(response: httpx.Response) -> ET.Element:
    assert response.status_code == 200, response.text
    return ET.fromstring(response.text)


def gather_of(root: ET.Element) -> ET.Element:
    [gather] = root.findall("Gather")
    return gather


def listens_and_speaks(root: ET.Element) -> tuple[str, str]:
    """(the Gather's recognition language, the voice of its question), checking every Say matches it."""
    gather = gather_of(root)
    says = gather.findall("Say")
    question = says[0]
    assert question.get("language") == gather.get("language")
    return gather.get("language"), question.get("voice")


def next_query(root: ET.Element) -> dict[str, list[str]]:
    return parse_qs(urlsplit(gather_of(root).get("action")).query)


def next_path(root: ET.Element) -> str:
    return gather_of(root).get("action")


def said(root: ET.Element) -> str:
    return " ".join(e.text or "" for e in root.iter("Say"))


def test_the_first_prompt_offers_spanish_in_spanish_by_the_spanish_voice(line) -> None:
    webhook, _, _ = line(agent=False)
    root = twiml(webhook.post(PATH, call()))
    assert listens_and_speaks(root) == ENGLISH
    question, offer = gather_of(root).findall("Say")
    assert "Kellogg" in question.text and "barking" in question.text
    assert (offer.text, offer.get("language"), offer.get("voice")) == (
        "Para español, diga español.",
        *SPANISH,
    )
    assert "español" in gather_of(root).get("hints").split(", ")  # the English recogniser listens for it
    assert "lang" not in next_query(root)


def test_saying_espanol_switches_the_call_to_es_mx_and_sets_the_slot(line) -> None:
    webhook, assistant, store = line()
    twiml(webhook.post(PATH, call()))
    root = twiml(webhook.post(f"{PATH}?turn=1&silences=0", call("Español.")))
    assert listens_and_speaks(root) == SPANISH
    assert said(root).startswith("Muy bien, seguimos en español. Dígame qué pasa")
    offer = gather_of(root).findall("Say")[-1]  # the way back, in the English voice
    assert (offer.text, offer.get("language"), offer.get("voice")) == ("For English, say English.", *ENGLISH)
    assert next_query(root)["lang"] == ["es"] and next_query(root)["turn"] == ["2"]
    hints = gather_of(root).get("hints").split(", ")
    assert {"perro", "gato", "mordió", "sí", "no", "no sé"} <= set(hints)
    assert {"Oak Street", "Belvidere Street"} <= set(hints)  # the city's streets stay
    assert store.tracker.get_slot("language") == "es"  # the assistant answers in Spanish from now on
    assert assistant.messages == []  # the pick is the channel's: "español" is no answer to a question
    # the hang-up after an unanswered Gather is Spanish too
    assert [(s.text, s.get("voice")) for s in root.findall("Say")] == [("Adiós.", "Polly.Mia")]
    # and back: "English" returns the call to en-US
    root = twiml(webhook.post(next_path(root), call("English please")))
    assert listens_and_speaks(root) == ENGLISH and "lang" not in next_query(root)
    assert store.tracker.get_slot("language") == "en" and assistant.messages == []


def test_a_spanish_caller_is_never_sent_back_to_en_us_by_a_short_answer(line) -> None:
    webhook, assistant, store = line()
    store.tracker.slots["language"] = "es"  # set by an earlier Spanish sentence
    assistant.replies = [
        [{"text": "Perro en 412 Oak St. ¿Todavía está ahí?"}],
        [{"text": "¿Desde cuándo ladra?"}],
        [{"text": "Responda SÍ para enviarlo, o dígame qué cambiar."}],
    ]
    assistant.languages = [None, None, None]  # "sí", an address, "no sé": too short to tell
    path = f"{PATH}?turn=3&silences=0&lang=es"
    for speech in ("sí", "412 Oak Street", "no sé"):
        root = twiml(webhook.post(path, call(speech)))
        assert listens_and_speaks(root) == SPANISH, speech
        assert next_query(root)["lang"] == ["es"]
        path = next_path(root)
    assert gather_of(root).find("Say").text == "Diga sí para enviarlo, o dígame qué cambiar."
    assert store.retrieved == 3  # one read of the slot per turn


def test_without_the_tracker_the_signed_url_keeps_the_call_in_spanish(line) -> None:
    webhook, _, _ = line(agent=False)
    root = twiml(webhook.post(f"{PATH}?turn=4&silences=0&lang=es", call("si")))
    assert listens_and_speaks(root) == SPANISH and next_query(root)["lang"] == ["es"]


def test_the_line_follows_the_slot_when_the_assistant_switches_language(line) -> None:
    webhook, assistant, store = line()
    assistant.replies = [[{"text": "¿Dónde está el perro?"}], [{"text": "Where is the dog?"}]]
    assistant.languages = ["es", "en"]
    root = twiml(webhook.post(f"{PATH}?turn=1&silences=0", call("hay un perro suelto en la calle")))
    assert listens_and_speaks(root) == SPANISH and next_query(root)["lang"] == ["es"]
    root = twiml(webhook.post(next_path(root), call("english please, the dog is on Oak")))
    assert listens_and_speaks(root) == ENGLISH and "lang" not in next_query(root)


def test_silence_in_spanish_is_reprompted_then_said_goodbye_to_in_spanish(line) -> None:
    webhook, assistant, store = line()
    store.tracker.slots["language"] = "es"
    assistant.replies = [[{"text": "¿Todavía está ahí el animal?"}]]
    twiml(webhook.post(f"{PATH}?turn=1&silences=0&lang=es", call("un perro suelto en Main")))
    root = twiml(webhook.post(f"{PATH}?turn=2&silences=0&lang=es", call("")))
    assert gather_of(root).find("Say").text == "Perdón, no escuché nada. ¿Todavía está ahí el animal?"
    assert listens_and_speaks(root) == SPANISH
    root = twiml(webhook.post(f"{PATH}?turn=3&silences=1&lang=es", call("")))
    assert [child.tag for child in root] == ["Say", "Hangup"]
    assert root.find("Say").get("voice") == "Polly.Mia" and said(root).endswith("Adiós.")


def test_a_long_call_and_a_failure_end_in_spanish(line) -> None:
    webhook, _, _ = line()
    root = twiml(webhook.post(f"{PATH}?turn=41&silences=0&lang=es", call("sigo hablando")))
    assert said(root).startswith("Vamos a dejarlo aquí") and root.find("Say").get("language") == "es-MX"

    async def broken(message: Any) -> None:
        raise RuntimeError("boom")

    # the channel catches a failed turn and says goodbye in the call's language
    channel = TwilioVoiceInput(clock=lambda: TUESDAY_NIGHT)
    reply = asyncio.run(channel.handle(call("un perro"), 2, 0, broken, None, {"language": "es"}))
    root = ET.fromstring(reply)
    assert (
        said(root).startswith("Perdón, tuvimos un problema") and root.find("Say").get("voice") == "Polly.Mia"
    )


def test_in_office_hours_a_spanish_caller_asking_for_a_person_is_put_through_in_spanish(line) -> None:
    webhook, assistant, _ = line(at=TUESDAY_MORNING)
    root = twiml(webhook.post(f"{PATH}?turn=1&silences=0&lang=es", call("quiero hablar con una persona")))
    assert [child.tag for child in root] == ["Say", "Dial", "Hangup"]
    assert said(root).startswith("Le comunico con") and root.find("Say").get("language") == "es-MX"
    assert assistant.messages == []


def test_a_spanish_caller_hears_the_filing_ending_and_gets_the_confirmation_in_spanish(
    line, stores, twilio_env
) -> None:
    webhook, assistant, store = line()
    store.tracker.slots["language"] = "es"
    cases = CaseService(make_session_factory(make_engine(twilio_env)))
    reference = cases.file_complaint(
        Report(
            jurisdiction="kellogg", type="barking", channel="voice", source_id=f"{RESIDENT}:CAes:7",
            received=datetime.now(timezone.utc), location="412 Oak St", animal="dog", language="es",
            transcript="Resident: el perro del 412 Oak ladra toda la noche", complainant_contact=RESIDENT,
        )
    )  # fmt: skip
    assistant.replies = [
        [{"text": f"Su reporte quedó registrado. Su número es {reference}.", "utter_action": "utter_filed",
          "reference": reference}]
    ]  # fmt: skip
    root = twiml(webhook.post(f"{PATH}?turn=7&silences=0&lang=es", call("sí")))
    assert [child.tag for child in root] == ["Say", "Hangup"]
    speech = said(root)
    assert verbal_complaint_note(get_pack("kellogg"), "es") in speech and "queja verbal" in speech
    assert speech.endswith("Gracias por llamar. Adiós.")
    prefix, year, number = reference.split("-")
    assert f"{' '.join(prefix)}, {' '.join(year)}, {' '.join(number)}" in speech
    _, outbox = stores
    [confirmation] = outbox.messages()
    assert confirmation.body.startswith("Linea de animales de Kellogg, MN: recibimos su reporte por telefono")


def test_a_spanish_status_question_gets_the_code_said_and_texted_in_spanish(line, stores) -> None:
    from bot.settings import get_settings
    from tests.integrations.test_twilio_limits import on_file

    on_file(get_settings().database_url, RESIDENT)  # a code goes only to a number with reports on file
    webhook, assistant, store = line()
    store.tracker.slots["language"] = "es"
    assistant.replies = [[{"text": "Por su privacidad...", "custom": {"verify_caller": True}}]]
    root = twiml(webhook.post(f"{PATH}?turn=1&silences=0&lang=es", call("como va mi reporte")))
    assert said(root).startswith("Para proteger su privacidad, si el número del que llama tiene reportes")
    assert listens_and_speaks(root) == SPANISH and len(next_query(root)["code"][0]) == 32
    _, outbox = stores
    [text] = [m for m in outbox.messages() if m.purpose == "voice_code"]
    assert text.body.startswith("Linea de animales de Kellogg, MN: su codigo es ")  # folded into GSM-7


def test_spanish_sms_wording_is_made_sayable_and_references_still_spelled() -> None:
    assert for_the_ear("Responda SÍ para enviarlo. Su número es KEL-2026-00042, en el 412 de la Oak.") == (
        "Diga sí para enviarlo. Su número es K E L, 2 0 2 6, 0 0 0 4 2, en el 412 de la Oak."
    )
    assert for_the_ear("Si quiere agregar algo, escríbanos de nuevo.") == (
        "Si quiere agregar algo, vuelva a llamar."
    )
    assert for_the_ear("¿Le mordió? ¿Sangró?") == "¿Le mordió? ¿Sangró?"  # accents and marks untouched
    assert for_the_ear("No entendí qué cambiar, o responda SÍ para enviarlo.") == (
        "No entendí qué cambiar, o diga sí para enviarlo."
    )
    assert for_the_ear("responda para mañana") == "responda para mañana"  # no keyword: left as it is


@pytest.mark.parametrize(
    ("speech", "picked"),
    [
        ("Español.", "es"), ("espanol", "es"), ("en español por favor", "es"), ("Spanish", "es"),
        ("English", "en"), ("in English please", "en"), ("inglés", "en"),
        ("sí", None), ("412 Oak Street", None), ("el perro habla español", None), ("", None),
        ("a dog is barking and the owner speaks spanish", None),
    ],
)  # fmt: skip
def test_only_a_whole_answer_naming_a_language_picks_it(speech: str, picked: str | None) -> None:
    assert language_pick(speech) == picked


def _apology(channel: str, params: dict[str, str], request: Any, error: Exception) -> ET.Element:
    return ET.fromstring(asyncio.run(apology(channel, request, params, error)))


def test_the_resilience_apology_is_spoken_in_the_calls_language(twilio_env) -> None:
    params = {"CallSid": "CA1", "From": RESIDENT, "To": KELLOGG_LINE}
    spanish = SimpleNamespace(args={"lang": "es"}, app=SimpleNamespace(ctx=SimpleNamespace()))
    root = _apology("voice", params, spanish, TurnFailed(["lock store"]))
    [say] = root.findall("Say")
    assert (say.get("language"), say.get("voice")) == SPANISH
    assert say.text.startswith("Perdón, nuestro sistema tiene problemas") and "(507) 555-0100" in say.text
    english = SimpleNamespace(args={}, app=SimpleNamespace(ctx=SimpleNamespace()))
    [say] = _apology("voice", params, english, TurnFailed(["lock store"])).findall("Say")
    assert say.get("language") == "en-US" and "having trouble" in say.text


def test_the_sms_apology_follows_the_conversations_slot_unless_the_tracker_store_failed(twilio_env) -> None:
    params = {"MessageSid": "SM9", "From": RESIDENT, "To": KELLOGG_LINE}
    store = FakeTrackerStore()
    store.tracker.slots["language"] = "es"
    agent = SimpleNamespace(tracker_store=store, lock_store=FakeLockStore())
    request = SimpleNamespace(app=SimpleNamespace(ctx=SimpleNamespace(agent=agent)))
    body = _apology("sms", params, request, TurnFailed(["lock store"], RESIDENT)).find("Message").text
    assert body.startswith("Perdón, nuestro sistema tiene problemas") and "al (507) 555-0100" in body
    body = _apology("sms", params, request, TurnFailed(["tracker store"], RESIDENT)).find("Message").text
    assert "having trouble" in body  # the store that would tell the language is the one that failed
    # a failure before the turn (the lock store down): the conversation is the sender's number
    body = _apology("sms", params, request, RuntimeError("redis down")).find("Message").text
    assert body.startswith("Perdón, nuestro sistema tiene problemas")


def test_a_response_chosen_on_the_language_condition_tells_the_language_without_a_tracker_read(line) -> None:
    webhook, assistant, store = line()
    spanish = {"text": "¿Dónde está el perro?", "utter_action": "utter_ask_location",
               "condition": [{"type": "slot", "name": "language", "value": "es"}]}  # fmt: skip
    assistant.replies = [[spanish]]
    root = twiml(webhook.post(f"{PATH}?turn=1&silences=0", call("hay un perro suelto")))
    assert listens_and_speaks(root) == SPANISH and store.retrieved == 0


def test_the_language_slot_is_set_and_read_on_rasas_own_stores(tmp_path) -> None:
    """The channel's pick and read against Rasa's SQLTrackerStore and lock store (not stand-ins)."""
    from rasa.core.lock_store import InMemoryLockStore
    from rasa.core.tracker_store import SQLTrackerStore
    from rasa.shared.core.domain import Domain
    from rasa.shared.core.events import UserUttered

    from integrations.twilio_voice import conversation_language, set_conversation_language

    domain = Domain.from_yaml(
        "version: '3.1'\nslots:\n  language:\n    type: categorical\n    values: [en, es]\n"
        "    initial_value: en\n    mappings: [{type: custom}]\n"
    )

    async def scenario() -> tuple[str, str, str]:
        store = SQLTrackerStore(domain, dialect="sqlite", db=str(tmp_path / "tracker.db"))
        agent = SimpleNamespace(tracker_store=store, lock_store=InMemoryLockStore())
        tracker = await store.get_or_create_tracker("call:CA1")
        tracker.update(UserUttered("hello"))
        await store.save(tracker)
        before = await conversation_language(agent, "call:CA1", "en")
        await set_conversation_language(agent, "call:CA1", "es")
        after = await conversation_language(agent, "call:CA1", "en")
        other = await conversation_language(agent, "call:CA2", "es")  # no such conversation: as it began
        return before, after, other

    assert asyncio.run(scenario()) == ("en", "es", "es")
