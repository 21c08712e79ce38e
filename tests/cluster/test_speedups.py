"""integrations/speedups.py: the action-response check built once behaves exactly like Rasa's own."""

from __future__ import annotations

import pytest
from jsonschema import ValidationError
from rasa.core.actions.action import RemoteAction

from integrations import speedups

RASA_OWN = RemoteAction._validate_action_result
VALID = [
    {"events": [], "responses": []},
    {
        "events": [{"event": "slot", "name": "barking_frequency", "value": "every night"}],
        "responses": [{"response": "utter_ask_barking_since"}, {"text": "Thanks"}],
    },  # fmt: skip
    {"events": [{"event": "followup", "name": "action_listen"}]},
]
INVALID = [
    {"events": {"event": "slot"}},
    {"events": [{"name": "no event key"}]},
    {"events": [{"event": "slot", "timestamp": "not a number"}], "responses": []},
    {"responses": "not a list"},
]


@pytest.mark.parametrize("result", VALID)
def test_a_valid_action_response_passes_both_checks(result) -> None:
    action = RemoteAction("validate_report_form", None)
    assert RASA_OWN(action, result) is True
    assert speedups.validate_action_result(action, result) is True


@pytest.mark.parametrize("result", INVALID)
def test_an_invalid_action_response_fails_both_with_the_same_error(result) -> None:
    action = RemoteAction("validate_report_form", None)
    with pytest.raises(ValidationError) as rasa_error:
        RASA_OWN(action, result)
    with pytest.raises(ValidationError) as our_error:
        speedups.validate_action_result(action, result)
    assert our_error.value.message == rasa_error.value.message
    assert list(our_error.value.path) == list(rasa_error.value.path)


def test_install_replaces_the_method_once(monkeypatch) -> None:
    monkeypatch.setattr(RemoteAction, "_validate_action_result", RASA_OWN)
    monkeypatch.setattr(speedups, "_installed", False)
    speedups.install()
    speedups.install()
    assert RemoteAction._validate_action_result is speedups.validate_action_result
