"""The language as two sentence features (integrations.language_featurizer): [English, Spanish]."""

from __future__ import annotations

import numpy as np
import pytest
from rasa.shared.nlu.constants import TEXT
from rasa.shared.nlu.training_data.message import Message

from integrations.language_featurizer import LanguageFeaturizer, language_vector


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the dog next door has been barking all night", [2.0, 0.0]),
        ("hay un perro suelto en la calle Main", [0.0, 2.0]),
        ("412 oak st", [0.0, 0.0]),  # too short to tell: no language is made up
        ("si", [0.0, 0.0]),
    ],
)
def test_the_language_vector(text: str, expected: list[float]) -> None:
    assert language_vector(text, 2.0).tolist() == expected


def test_a_message_gets_one_two_wide_sentence_feature_and_an_empty_one_none() -> None:
    featurizer = LanguageFeaturizer({**LanguageFeaturizer.get_default_config()}, "language")
    spanish, empty = Message(data={TEXT: "el perro del vecino mordio a mi hijo"}), Message(data={TEXT: " "})
    featurizer.process([spanish, empty])
    sequence, sentence = spanish.get_dense_features(TEXT)
    assert sequence is None
    assert np.array_equal(sentence.features, np.array([[0.0, 1.0]], dtype=np.float32))
    assert empty.get_dense_features(TEXT) == (None, None)
