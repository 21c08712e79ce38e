"""Rasa components that average the intent rankings of several classifiers (bot.nlp.ensemble).

In config.yml, `IntentRankingStash` follows every classifier but the last and keeps its ranking aside;
`IntentRankingAverage` follows the last classifier and replaces the intent and ranking with the weighted
mean of the kept rankings and its own. The FallbackClassifier and the ReportTypeArbiter come after, so
they judge the averaged confidences.
"""

from __future__ import annotations

from typing import Any

from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.classifiers.logistic_regression_classifier import LogisticRegressionClassifier
from rasa.shared.nlu.constants import INTENT, INTENT_RANKING_KEY, TEXT
from rasa.shared.nlu.training_data.message import Message

from bot.nlp.ensemble import average_rankings

KEPT_RANKINGS = "kept_intent_rankings"  # a message attribute, never in the parse result


class _Stateless(GraphComponent):
    def __init__(self, config: dict[str, Any]) -> None:
        self._config = config

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> GraphComponent:
        return cls(config)


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=False)
class IntentRankingStash(_Stateless):
    """Keeps the ranking of the classifier before it, for IntentRankingAverage."""

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            kept = list(message.get(KEPT_RANKINGS) or [])
            kept.append([dict(r) for r in message.get(INTENT_RANKING_KEY) or []])
            message.set(KEPT_RANKINGS, kept)
        return messages


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=False)
class IntentRankingAverage(_Stateless):
    """The intent and ranking become the weighted mean of the kept rankings and the current one.

    `weights`: one per ranking, kept ones first, the current one last (equal when not given).
    """

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        return {"weights": None}

    def process(self, messages: list[Message]) -> list[Message]:
        for message in messages:
            rankings = [*(message.get(KEPT_RANKINGS) or []), message.get(INTENT_RANKING_KEY) or []]
            weights = self._config.get("weights")
            averaged = average_rankings(rankings, weights)
            if not averaged:
                continue
            message.set(INTENT, dict(averaged[0]), add_to_output=True)
            message.set(INTENT_RANKING_KEY, averaged, add_to_output=True)
            message.set(KEPT_RANKINGS, [])
        return messages


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.INTENT_CLASSIFIER], is_trainable=True)
class LinearIntentClassifier(LogisticRegressionClassifier):
    """Rasa's LogisticRegressionClassifier, except that a message with no features (an empty text) keeps the
    ranking it came with. scikit-learn refuses a row of 0 features, so Rasa's own class failed the whole
    parse of an empty SMS body; here the averaging then sees the earlier classifier's ranking alone."""

    def process(self, messages: list[Message]) -> list[Message]:
        featured = [
            message
            for message in messages
            if message.get_sparse_features(TEXT)[1] is not None
            or message.get_dense_features(TEXT)[1] is not None
        ]
        if featured:
            super().process(featured)
        return messages
