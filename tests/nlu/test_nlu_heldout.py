"""The held-out set stays separate from training and follows the NLU contract."""

from pathlib import Path

import pytest

from bot.nlp.taxonomy import species_names

ROOT = Path(__file__).resolve().parents[2]
CONTRACT_INTENTS = {
    "report_barking", "report_at_large", "report_bite", "greet", "goodbye", "affirm", "deny", "thanks",
    "inform", "request_human", "check_status", "ask_lost_pet", "ask_licensing", "ask_ordinance",
    "other_city_service", "bot_challenge", "chitchat", "out_of_scope",
}  # fmt: skip


def _examples(path: Path):
    from rasa.shared.nlu.training_data.loading import load_data

    return load_data(str(path)).intent_examples


@pytest.fixture(scope="module")
def heldout():
    return _examples(ROOT / "tests" / "nlu" / "heldout.yml")


@pytest.fixture(scope="module")
def blind():
    return _examples(ROOT / "tests" / "nlu" / "heldout_blind.yml")


@pytest.fixture(scope="module")
def training():
    return [m for path in sorted((ROOT / "data" / "nlu").glob("*.yml")) for m in _examples(path)]


def test_heldout_is_large_enough_and_covers_every_intent(heldout) -> None:
    assert len(heldout) >= 180
    assert {m.get("intent") for m in heldout} == CONTRACT_INTENTS


def test_training_covers_exactly_the_contract_intents(training) -> None:
    assert {m.get("intent") for m in training} == CONTRACT_INTENTS


def test_no_heldout_message_is_in_training(heldout, blind, training) -> None:
    seen = {m.get("text").strip().lower() for m in training}
    assert [m.get("text") for m in [*heldout, *blind] if m.get("text").strip().lower() in seen] == []


def test_blind_set_covers_every_intent(blind) -> None:
    assert {m.get("intent") for m in blind} == CONTRACT_INTENTS


def test_heldout_animal_values_are_species(heldout, blind) -> None:
    values = {
        e["value"].lower()
        for m in [*heldout, *blind]
        for e in m.get("entities") or []
        if e["entity"] == "animal"
    }
    assert values <= species_names()
