"""Averaging the intent rankings of several classifiers (bot.nlp.ensemble, integrations.intent_ensemble)."""

from __future__ import annotations

import pytest
from rasa.shared.nlu.constants import INTENT, INTENT_RANKING_KEY
from rasa.shared.nlu.training_data.message import Message

from bot.nlp.ensemble import average_rankings
from integrations.intent_ensemble import (
    KEPT_RANKINGS,
    IntentRankingAverage,
    IntentRankingStash,
    LinearIntentClassifier,
)


def _ranking(**confidences: float) -> list[dict]:
    return [{"name": n, "confidence": c} for n, c in confidences.items()]


def test_the_mean_can_change_the_best_intent() -> None:
    # One classifier is sure of barking, the other leans at large a little more than it leans barking:
    # the mean keeps barking. Reversed weights make at large win.
    first = _ranking(report_barking=0.9, report_at_large=0.1)
    second = _ranking(report_at_large=0.6, report_barking=0.4)
    averaged = average_rankings([first, second])
    assert [r["name"] for r in averaged] == ["report_barking", "report_at_large"]
    assert averaged[0]["confidence"] == pytest.approx(0.65)
    reweighted = average_rankings([first, second], weights=[1, 9])
    assert reweighted[0] == {"name": "report_at_large", "confidence": pytest.approx(0.55)}


def test_an_intent_cut_from_one_ranking_counts_zero_there() -> None:
    averaged = average_rankings([_ranking(greet=0.8, affirm=0.2), _ranking(affirm=1.0)])
    assert averaged == [
        {"name": "affirm", "confidence": pytest.approx(0.6)},
        {"name": "greet", "confidence": pytest.approx(0.4)},
    ]


def test_weights_must_match_the_rankings() -> None:
    with pytest.raises(ValueError):
        average_rankings([_ranking(greet=1.0)], weights=[1, 1])
    assert average_rankings([]) == []


def test_the_components_replace_intent_and_ranking_with_the_mean() -> None:
    message = Message(data={"text": "the dog is out again"})
    message.set(INTENT_RANKING_KEY, _ranking(report_barking=0.7, report_at_large=0.3))
    message.set(INTENT, {"name": "report_barking", "confidence": 0.7})
    IntentRankingStash({}).process([message])
    # the second classifier writes its own ranking over the first's
    message.set(INTENT_RANKING_KEY, _ranking(report_at_large=0.9, report_barking=0.1))
    message.set(INTENT, {"name": "report_at_large", "confidence": 0.9})
    IntentRankingAverage({"weights": None}).process([message])
    assert message.get(INTENT) == {"name": "report_at_large", "confidence": pytest.approx(0.6)}
    assert [r["name"] for r in message.get(INTENT_RANKING_KEY)] == ["report_at_large", "report_barking"]
    assert message.get(KEPT_RANKINGS) == []
    assert KEPT_RANKINGS not in message.as_dict(only_output_properties=True)


def test_the_linear_classifier_leaves_a_message_without_features_to_the_ranking_it_had() -> None:
    # Rasa's LogisticRegressionClassifier raised on an empty text ("Found array with 0 feature(s)"), so an
    # empty SMS body got no answer at all (tests/e2e/test_rest_conversations.py, "empty text").
    classifier = LinearIntentClassifier(LinearIntentClassifier.get_default_config(), "linear", None, None)
    message = Message(data={"text": ""})
    ranking = _ranking(greet=0.6, affirm=0.4)
    message.set(INTENT_RANKING_KEY, ranking)
    assert classifier.process([message]) == [message]
    assert message.get(INTENT_RANKING_KEY) == ranking
