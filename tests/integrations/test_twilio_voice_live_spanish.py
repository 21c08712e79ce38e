"""The phone line's switch to Spanish on a running Rasa server (the real agent, tracker store and lock store
behind the signed voice webhook): "español" switches the call, and the assistant's turns that follow keep
it in es-MX. Whole Spanish conversations, filed, are tested end to end elsewhere."""

from __future__ import annotations

import pytest

from tests.integrations.test_twilio_conversations import Caller


@pytest.fixture
def line(live_line):
    return live_line


def test_saying_espanol_on_a_live_line_keeps_the_call_in_spanish_through_the_assistants_turns(line) -> None:
    caller = Caller(line["base"])
    greeting = caller.hears()
    assert [s.get("voice") for s in greeting.find("Gather").findall("Say")] == ["Polly.Joanna", "Polly.Mia"]
    switched = caller.hears("español")
    assert switched.find("Gather").get("language") == "es-MX"
    assert switched.find("Gather/Say").text.startswith("Muy bien, seguimos en español.")
    for speech in ("hay un perro ladrando en el 412 de Oak Street", "sí"):
        root = caller.hears(speech)
        gather = root.find("Gather")
        assert gather is not None, spoken(root)
        assert gather.get("language") == "es-MX" and "lang=es" in gather.get("action"), speech
        assert {s.get("voice") for s in gather.findall("Say")} == {"Polly.Mia"}


def spoken(root) -> str:
    return " ".join(s.text or "" for s in root.iter("Say"))
