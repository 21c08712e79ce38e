"""The Spanish training data covers every intent, and the Spanish held-out set stays out of it."""

from __future__ import annotations

from pathlib import Path

import pytest
from rapidfuzz import fuzz

from tests.nlu.test_nlu_heldout import CONTRACT_INTENTS, HELD_OUT_INTENTS
from tests.support import nlu_data

ROOT = Path(__file__).resolve().parents[2]
NEAR_COPY = 90  # rapidfuzz ratio at which a training example is a reworded copy of a held-out message


@pytest.fixture(scope="module")
def spanish_training() -> list:
    return [
        m for path in sorted((ROOT / "data" / "nlu" / "es").glob("*.yml")) for m in nlu_data.examples(path)
    ]


@pytest.fixture(scope="module")
def heldout_es() -> list:
    return nlu_data.examples(ROOT / "tests" / "nlu" / "heldout_es.yml")


def test_spanish_examples_for_every_intent(spanish_training) -> None:  # noqa: ANN001
    assert {m.get("intent") for m in spanish_training} == CONTRACT_INTENTS


@pytest.mark.parametrize("intent", ["report_barking", "report_at_large", "report_bite"])
def test_the_reports_have_the_mostexamples(spanish_training, intent: str) -> None:  # noqa: ANN001
    assert sum(1 for m in spanish_training if m.get("intent") == intent) >= 40


def test_the_spanish_heldout_set_covers_every_intent(heldout_es) -> None:  # noqa: ANN001
    assert len(heldout_es) >= 60
    assert {m.get("intent") for m in heldout_es} == HELD_OUT_INTENTS


def test_no_spanish_heldout_message_is_in_training_even_reworded(spanish_training, heldout_es) -> None:  # noqa: ANN001
    training = [m.get("text").strip().lower() for m in spanish_training]
    copies = [
        (held.get("text"), text)
        for held in heldout_es
        for text in training
        if fuzz.ratio(held.get("text").strip().lower(), text) >= NEAR_COPY
    ]
    assert copies == []
