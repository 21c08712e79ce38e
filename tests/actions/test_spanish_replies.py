"""Issue 12: the assistant answers in the conversation's language (the `language` slot): the questions, the
read-back, the filed answer with its reference, status answers and asides. With no language slot, English as
before. Inline trackers, the real case service."""

from __future__ import annotations

from typing import Any

import pytest
from rasa.core.nlg.response import TemplatedNaturalLanguageGenerator
from rasa_sdk.executor import CollectingDispatcher

from actions.asking import ASK_ACTIONS
from actions.confirmation import ActionAskReportConfirmed, ValidateConfirmForm
from actions.conversation import ActionAnswerAside, ActionCheckStatus
from actions.filing import ActionSubmitReport
from bot.messages import LANGUAGES, catalogue
from bot.messages.resident import SPECIES_ES, TEXTS
from bot.nlp.animals.taxonomy import SPECIES_TERMS
from bot.vocabulary import REPORT_TYPES, question
from tests.actions.conftest import entity, make_tracker
from tests.test_domain_responses import _all_responses

BARKING = {
    "report_type": "barking",
    "location": "412 Oak St",
    "animal": "dog",
    "barking_since": "desde las 10 de la noche",
    "barking_frequency": "todas las noches",
    "complainant_name": "Ana Lopez",
}
BITE = {
    "report_type": "bite",
    "location": "3rd y Elm",
    "animal": "dog",
    "victim": "person",
    "injury": "yes",
    "bite_when": "hace como una hora",
    "animal_description": "cafe con collar rojo",
    "owner_known": "unknown",
    "vaccinated": "unknown",
    "complainant_name": "anonymous",
}


def rendered(message: dict[str, Any], slots: dict[str, Any], channel: str = "sms") -> str:
    """The text Rasa's server makes of a dispatched message (a response is filled from the slots)."""
    if message.get("text"):
        return str(message["text"])
    nlg = TemplatedNaturalLanguageGenerator(_all_responses())
    values = {k: v for k, v in message.items() if k not in ("response", "text") and v is not None}
    return nlg.generate_from_slots(message["response"], slots, channel, **values)["text"]


# ---- questions ---------------------------------------------------------------------------------------


async def test_a_question_is_asked_in_spanish_in_a_spanish_conversation(dispatcher, domain):
    tracker = make_tracker(
        "hay un perro ladrando", slots={"report_type": "barking", "location": "412 Oak St", "language": "es"},
        active_loop="barking_form",
    )  # fmt: skip
    await ASK_ACTIONS["barking_since"]().run(dispatcher, tracker, domain)
    assert [m["text"] for m in dispatcher.messages] == [
        "¿Cuánto tiempo lleva ladrando sin parar (desde las 10pm, desde hace 45 minutos...) y pasa todas las noches?"
    ]


async def test_the_same_question_with_no_language_slot_is_english_as_before(dispatcher, domain):
    tracker = make_tracker(
        "dog barking", slots={"report_type": "barking", "location": "412 Oak St"}, active_loop="barking_form"
    )
    await ASK_ACTIONS["barking_since"]().run(dispatcher, tracker, domain)
    assert [m["text"] for m in dispatcher.messages] == [
        "How long has it been barking without a break (since 10pm, for 45 minutes...), and is it every night?"
    ]


async def test_the_readback_asks_the_name_in_spanish(dispatcher, domain):
    """Both packs count anonymous complaints (reading `anonymous: count`): the read-back asks for the name
    without a warning (it once said an anonymous report "may not count toward action", which neither does)."""
    slots = {"report_type": "barking", "location": "412 oak st", "animal": "dog", "language": "es"}
    await ActionAskReportConfirmed().run(dispatcher, make_tracker("x", slots=slots), domain)
    assert dispatcher.messages[0]["text"].endswith(
        "Para enviarlo, responda con su nombre (queda privado), o ANONIMO para enviarlo sin nombre. O dígame qué "
        "cambiar."
    )


async def test_a_place_heard_unclearly_is_read_back_in_spanish(dispatcher, domain):
    slots = {
        "report_type": "barking",
        "location": "612 N 4th St",
        "location_unconfirmed": True,
        "language": "es",
    }
    await ASK_ACTIONS["location_confirmed"]().run(dispatcher, make_tracker("x", slots=slots), domain)
    assert dispatcher.messages[0]["text"] == "Entendí 612 N 4th St. ¿Es correcto?"


def test_spanish_bite_questions_join_their_parts_the_spanish_way():
    kind = REPORT_TYPES["bite"]
    assert question("bite", "animal", kind.slots, "es") == (
        "¿Qué tipo de animal era, cómo era, de quién es (un nombre o una dirección), y está vacunado contra la "
        "rabia, si sabe?"
    )
    assert (
        question("bite", "injury", ["injury"], "es")
        == "¿Le rompió la piel, o alguien necesitó atención médica?"
    )


# ---- read-back, filing, status -----------------------------------------------------------------------------


async def test_the_read_back_is_in_spanish_with_the_species_and_values_worded(dispatcher, domain):
    tracker = make_tracker("si", slots={**BITE, "language": "es"}, active_loop="confirm_form")
    await ActionAskReportConfirmed().run(dispatcher, tracker, domain)
    assert dispatcher.messages[0]["text"] == (
        "Mordida: perro en 3rd y Elm; mordió a: una persona; piel rota/atención médica: sí; cuándo: hace como una "
        "hora; cómo es: cafe con collar rojo; dueño: no se sabe; vacunado: no se sabe; anónimo. "
        "Responda SÍ para enviarlo, o dígame qué cambiar."
    )


async def test_the_read_back_with_no_language_slot_is_english_as_before(dispatcher, domain):
    tracker = make_tracker("yes", slots=BITE, active_loop="confirm_form")
    await ActionAskReportConfirmed().run(dispatcher, tracker, domain)
    assert dispatcher.messages[0]["text"] == (
        "Bite: dog at 3rd y Elm; bitten: person; skin broken/medical care: yes; when: hace como una hora; "
        "looks like: cafe con collar rojo; owner: unknown; vaccinated: unknown; anonymous. "
        "Reply YES to send it, or tell me what to change."
    )


async def test_a_barking_read_back_words_how_often_and_when_in_spanish(dispatcher, domain):
    slots = {
        **BARKING,
        "barking_minutes": 45.0,
        "barking_frequency": "every night",
        "barking_time_of_day": "night",
    }
    await ActionAskReportConfirmed().run(
        dispatcher, make_tracker("si", slots={**slots, "language": "es"}), domain
    )
    await ActionAskReportConfirmed().run(dispatcher, make_tracker("yes", slots=slots), domain)
    spanish, english = (m["text"] for m in dispatcher.messages)
    assert spanish == (
        "Ladridos: perro en 412 Oak St; desde: desde las 10 de la noche; minutos sin parar: 45; qué tan seguido: "
        "todas las noches; a qué hora: de noche; nombre: Ana Lopez. Responda SÍ para enviarlo, o dígame qué cambiar."
    )
    # the float slot's 45.0 was read back as "45.0" before
    assert "minutes without a break: 45; how often: every night; when: night;" in english


async def test_the_filed_answer_gives_the_reference_in_spanish(dispatcher, domain, case_service):
    slots = {**BARKING, "report_confirmed": "yes", "language": "es"}
    await ActionSubmitReport().run(dispatcher, make_tracker("si", slots=slots), domain)
    (message,) = dispatcher.messages
    assert rendered(message, slots) == (
        "Enviado. Su número de referencia es KEL-2026-00001. Úselo para preguntar por este reporte. "
        "La oficina de la ciudad revisa los reportes en días hábiles."
    )


async def test_an_urgent_bite_filed_by_phone_is_answered_in_spanish_with_the_911_advice(
    dispatcher, domain, case_service
):
    slots = {**BITE, "report_confirmed": "yes", "language": "es"}
    await ActionSubmitReport().run(dispatcher, make_tracker("si", slots=slots), domain)
    (message,) = dispatcher.messages
    assert rendered(message, slots, channel="voice") == (
        "Su reporte quedó registrado como urgente, y ya le estamos avisando al oficial de control de animales de "
        "turno. Su número de referencia es KEL-2026-00001. Si alguien está herido, llame al 911."
    )
    english = {**slots, "language": None}
    assert rendered(message, english).startswith("Sent as urgent. Your reference is KEL-2026-00001.")


async def test_status_is_described_in_spanish(dispatcher, domain, case_service):
    filed = make_tracker("si", slots={**BARKING, "report_confirmed": "yes"}, sender_id="ana", message_id="a1")
    await ActionSubmitReport().run(dispatcher, filed, domain)
    dispatcher.messages.clear()
    text = "como va el KEL-2026-00001"
    asking = make_tracker(
        text, intent="check_status", sender_id="ana", slots={"language": "es"},
        entities=[entity("reference", "KEL-2026-00001", text)],
    )  # fmt: skip
    await ActionCheckStatus().run(dispatcher, asking, domain)
    assert dispatcher.messages[0]["text"] == (
        "KEL-2026-00001: reporte de ladridos del 18 de nov, recibido, en espera de revisión en la oficina."
    )


async def test_an_aside_points_to_the_office_with_its_hours_in_spanish(dispatcher, domain):
    slots = {"language": "es"}
    tracker = make_tracker("quiero hablar con una persona", intent="request_human", slots=slots)
    await ActionAnswerAside().run(dispatcher, tracker, domain)
    assert rendered(dispatcher.messages[0], slots) == (
        "Puede hablar a Kellogg City Hall al (507) 555-0100 (lun-jue 8:00-16:30, vie 8:00-12:00). "
        "Si alguien está en peligro, llame al 911."
    )


# ---- every wording has both languages --------------------------------------------------------------------


def test_every_text_python_builds_has_both_languages():
    missing = [
        (key, lang) for key, wordings in catalogue().items() for lang in LANGUAGES if not wordings.get(lang)
    ]
    assert not missing


@pytest.mark.parametrize("code", list(REPORT_TYPES))
def test_every_question_and_label_of_the_vocabulary_has_its_spanish(code):
    kind = REPORT_TYPES[code]
    assert kind.title_es and kind.spoken_es
    for detail in kind.details:
        assert bool(detail.ask_es) == bool(detail.ask), detail.slot
        assert not detail.alone or detail.alone_es, detail.slot
        assert bool(detail.label_es) == bool(detail.label), detail.slot


def test_every_species_the_taxonomy_files_has_a_spanish_name():
    assert set(SPECIES_ES) == set(SPECIES_TERMS)
    assert all(f"species.{species}" in TEXTS for species in SPECIES_TERMS)


@pytest.mark.parametrize(
    ("reading", "words"),
    [
        ("count", "counts the same as one with a name"),
        ("exclude", "this city does not count it toward action"),
    ],
)
async def test_the_readback_follows_the_citys_anonymous_reading(
    dispatcher, domain, monkeypatch, reading, words
):
    """docs/rules.md "Readings": `anonymous` decides whether an anonymous complaint counts. Where it does not
    (`exclude`), the read-back that asks for the name says so before the resident chooses; where it counts the
    same, the read-back says nothing of it. Taking a name off says what the city in force does, never that it
    "may not count"."""
    from dataclasses import replace

    import actions.services
    from bot.jurisdictions import get_pack

    pack = get_pack("kellogg")
    chosen = replace(pack, readings=replace(pack.readings, anonymous=reading))
    monkeypatch.setattr(actions.services, "conversation_pack", lambda tracker: chosen)
    slots = {"report_type": "barking", "location": "412 oak st", "animal": "dog", "language": "en"}
    await ActionAskReportConfirmed().run(dispatcher, make_tracker("x", slots=slots), domain)
    text = dispatcher.messages[0]["text"]
    assert (words in text) is (reading == "exclude") and "may not count" not in text
    # taking the name off at the read-back is answered with the same reading, never "may not count toward action"
    declined = CollectingDispatcher()
    tracker = make_tracker("skip", slots={**slots, "complainant_name": "Jane Doe"},
                           set_this_turn={"report_confirmed": "skip"})  # fmt: skip
    await ValidateConfirmForm().run(declined, tracker, domain)
    [answer] = [m for m in declined.messages if m.get("response") == "utter_anonymous_ok"]
    assert words in answer["anonymous_note"]
