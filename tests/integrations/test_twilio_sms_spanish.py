"""Issue 12: the SMS channel's own texts in Spanish, through the signed webhook on a live Sanic server.

AYUDA gets the Spanish HELP text; INICIO opts back in, in Spanish. Twilio's own opt-out handling knows only its
English keywords, so for ALTO / PARAR / PARE / BASTA Twilio blocks nothing and says nothing: the line records
the opt-out itself (the assistant and the outbox then leave the number alone) and confirms it in Spanish.
Every reply goes out folded into GSM-7 (bot.notify.segments).
"""

from __future__ import annotations

import asyncio
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest

from bot.notify.segments import encoding
from integrations.twilio_sms import TwilioSmsInput
from tests.integrations.conftest import FREEPORT_LINE, RESIDENT, ScriptedAssistant
from tests.integrations.test_twilio_sms import PATH, messages, sms


@pytest.fixture
def line(serve):
    assistant = ScriptedAssistant()
    return serve(TwilioSmsInput(), assistant), assistant


def test_ayuda_gets_the_spanish_help_text_with_the_citys_office(line) -> None:
    webhook, assistant = line
    [kellogg] = messages(webhook.post(PATH, sms("AYUDA", sid="SMay1")))
    assert kellogg == (
        "Linea de quejas de animales de Kellogg, MN: escriba que pasa y donde (ladridos, suelto, mordida, amenaza, "
        "descuido, excremento, demasiados animales, daños). "
        "Kellogg City Hall: (507) 555-0100 (lun-jue 8:00-16:30, vie 8:00-12:00). Emergencias: 911. "
        "Para no recibir mas, responda ALTO."
    )
    [freeport] = messages(webhook.post(PATH, sms("¡Ayuda!", sid="SMay2", To=FREEPORT_LINE)))
    assert "(320) 836-2112" in freeport and "lun-vie 8:00-16:30" in freeport
    assert encoding(kellogg) == encoding(freeport) == "GSM-7"
    assert assistant.messages == []


def test_help_is_still_english(line) -> None:
    webhook, _ = line
    [answer] = messages(webhook.post(PATH, sms("HELP", sid="SMh1")))
    assert answer.startswith("Kellogg, MN animal complaint line:") and "Reply STOP to opt out." in answer


@pytest.mark.parametrize("word", ["ALTO", "parar", "Pare.", "BASTA"])
def test_a_spanish_opt_out_word_is_recorded_and_confirmed_in_spanish(line, stores, word) -> None:
    webhook, assistant = line
    inbound, _ = stores
    [confirmed] = messages(webhook.post(PATH, sms(word, sid="SMalto")))
    assert confirmed == (
        "Ya no va a recibir mensajes de la linea de quejas de animales de Kellogg, MN. "
        "Para recibirlos otra vez, responda INICIO."
    )
    assert inbound.is_opted_out(RESIDENT) and assistant.messages == []
    assert messages(webhook.post(PATH, sms("hay un perro suelto en la calle Main", sid="SMafter"))) == []
    assert assistant.messages == []


def test_a_second_spanish_opt_out_is_not_confirmed_again(line, stores) -> None:
    webhook, _ = line
    webhook.post(PATH, sms("ALTO", sid="SMa1"))
    assert messages(webhook.post(PATH, sms("ALTO", sid="SMa2"))) == []


def test_inicio_opts_back_in_in_spanish(line, stores) -> None:
    webhook, assistant = line
    inbound, _ = stores
    inbound.opt_out(RESIDENT)
    [welcome] = messages(webhook.post(PATH, sms("INICIO", sid="SMi1")))
    assert welcome == (
        "Va a recibir otra vez mensajes de la linea de quejas de animales de Kellogg, MN. Digame que pasa y donde."
    )
    assert not inbound.is_opted_out(RESIDENT)
    webhook.post(PATH, sms("hay un perro suelto", sid="SMi2"))
    assert [m.text for m in assistant.messages] == ["hay un perro suelto"]


@pytest.mark.parametrize("word", ["REVOKE", "optout"])
def test_twilios_newer_opt_out_keywords_are_recorded_too(line, stores, word) -> None:
    webhook, assistant = line
    assert messages(webhook.post(PATH, sms(word, sid="SMrv"))) == []  # Twilio confirms these itself
    assert stores[0].is_opted_out(RESIDENT) and assistant.messages == []


def test_cancelar_is_left_to_the_conversation(line, stores) -> None:
    webhook, assistant = line
    assistant.replies = [[{"text": "Está bien, no lo mandé. Escríbanos cuando quiera."}]]
    [answer] = messages(webhook.post(PATH, sms("cancelar", sid="SMc1")))
    assert [m.text for m in assistant.messages] == ["cancelar"] and not stores[0].is_opted_out(RESIDENT)
    assert answer == "Esta bien, no lo mande. Escribanos cuando quiera."  # folded into GSM-7


def test_an_assistant_reply_in_spanish_goes_out_in_gsm7(line) -> None:
    webhook, assistant = line
    assistant.replies = [
        [{"text": "¿Dónde es? Una dirección, una esquina (3rd y Elm), una cuadra o un lugar conocido."}]
    ]
    [answer] = messages(webhook.post(PATH, sms("hay un perro ladrando", sid="SMg1")))
    assert answer == "¿Donde es? Una direccion, una esquina (3rd y Elm), una cuadra o un lugar conocido."
    assert encoding(answer) == "GSM-7"


class FakeTrackerStore:
    def __init__(self, language: str | None) -> None:
        self.language = language

    async def retrieve(self, sender_id: str) -> SimpleNamespace | None:
        if self.language is None:
            return None  # no conversation yet
        return SimpleNamespace(get_slot=lambda name: self.language if name == "language" else None)


def _photo_alone(media, language: str | None, sid: str) -> str:
    agent = SimpleNamespace(tracker_store=FakeTrackerStore(language))
    photo = {"NumMedia": "1", "MediaUrl0": media.url(sid), "MediaContentType0": "image/jpeg"}
    reply = asyncio.run(TwilioSmsInput().handle(sms("", sid=sid, **photo), ScriptedAssistant(), agent))
    [text] = [m.text for m in ET.fromstring(reply)]
    return text


def test_a_photo_alone_is_answered_in_the_conversations_language(stores, media) -> None:
    assert _photo_alone(media, "es", "SMph1") == (
        "Gracias, recibi su foto y va a ir con su reporte. "
        "Ahora digame con palabras que pasa y donde: ladridos, animal suelto, mordida o amenaza, descuido, "
        "excremento, demasiados animales o daños."
    )
    assert _photo_alone(media, "en", "SMph2").startswith("Thanks, I've got your photo")
    both = _photo_alone(media, None, "SMph3")  # a first message: nothing tells the language yet
    assert both.startswith("Got your photo.") and "\nRecibi su foto." in both
