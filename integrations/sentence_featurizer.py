"""A Rasa dense featurizer: one pretrained sentence vector per message text (bot.nlp.sentence_vectors).

It adds sentence-level features only (no per-token sequence), which DIET and the linear classifier read
beside the sparse n-gram features. Messages with no text (responses, intents) get nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from rasa.engine.graph import ExecutionContext, GraphComponent
from rasa.engine.recipes.default_recipe import DefaultV1Recipe
from rasa.engine.storage.resource import Resource
from rasa.engine.storage.storage import ModelStorage
from rasa.nlu.featurizers.dense_featurizer.dense_featurizer import DenseFeaturizer
from rasa.shared.nlu.constants import TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from bot.nlp.sentence_vectors import encode

BATCH = 256  # texts per encoder call while training: batches amortise the weight streaming


class SentenceFeaturizer(DenseFeaturizer, GraphComponent):
    """A dense featurizer that adds one sentence-level vector per message with text, and no sequence.
    Subclasses give `_vectors(texts)`, one row per text; `scale` (default 1.0) multiplies them."""

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        return {**DenseFeaturizer.get_default_config(), "scale": 1.0}

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> SentenceFeaturizer:
        return cls(config, execution_context.node_name)

    def __init__(self, config: dict[str, Any], name: str) -> None:
        super().__init__(name, config)

    @classmethod
    def validate_config(cls, config: dict[str, Any]) -> None:
        if not isinstance(config.get("scale", 1.0), (int, float)) or config.get("scale", 1.0) <= 0:
            raise ValueError(f"{cls.__name__}: `scale` must be a positive number")

    def _vectors(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def _featurize(self, messages: list[Message]) -> None:
        texted = [m for m in messages if (m.get(TEXT) or "").strip()]
        for start in range(0, len(texted), BATCH):
            batch = texted[start : start + BATCH]
            vectors = self._vectors([m.get(TEXT) for m in batch]) * float(self._config["scale"])
            for message, vector in zip(batch, vectors, strict=True):
                self.add_features_to_message(None, np.expand_dims(vector, 0), TEXT, message)

    def process_training_data(self, training_data: TrainingData) -> TrainingData:
        self._featurize(training_data.training_examples)
        return training_data

    def process(self, messages: list[Message]) -> list[Message]:
        self._featurize(messages)
        return messages


@DefaultV1Recipe.register([DefaultV1Recipe.ComponentType.MESSAGE_FEATURIZER], is_trainable=False)
class SentenceEncoderFeaturizer(SentenceFeaturizer):
    """`denoise` (default true): number tokens become one placeholder before encoding.
    `scale` (default 1.0): the unit vectors are multiplied by it, so that a linear classifier over raw
    n-gram counts and these 512 small floats gives the vectors a comparable say."""

    @staticmethod
    def get_default_config() -> dict[str, Any]:
        return {**SentenceFeaturizer.get_default_config(), "denoise": True}

    @classmethod
    def create(
        cls,
        config: dict[str, Any],
        model_storage: ModelStorage,
        resource: Resource,
        execution_context: ExecutionContext,
    ) -> SentenceEncoderFeaturizer:
        featurizer = cls(config, execution_context.node_name)
        # the weights load and the first call warms up when the model loads, not on a resident's first text
        encode(["ready"], denoise=featurizer._config["denoise"])
        return featurizer

    @classmethod
    def validate_config(cls, config: dict[str, Any]) -> None:
        if not isinstance(config.get("denoise", True), bool):
            raise ValueError("SentenceEncoderFeaturizer: `denoise` must be true or false")
        super().validate_config(config)

    def _vectors(self, texts: list[str]) -> np.ndarray:
        return encode(texts, denoise=self._config["denoise"])
