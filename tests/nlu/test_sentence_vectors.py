"""Pretrained sentence vectors (bot.nlp.sentence_vectors) and the Rasa featurizer that adds them
(integrations.sentence_featurizer)."""

from __future__ import annotations

import numpy as np
from rasa.shared.nlu.constants import TEXT
from rasa.shared.nlu.training_data.message import Message
from rasa.shared.nlu.training_data.training_data import TrainingData

from bot.nlp.sentence_vectors import DIMENSIONS, encode
from integrations.sentence_featurizer import SentenceEncoderFeaturizer


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def test_a_blank_text_is_a_row_of_zeros_and_the_others_are_unit_vectors() -> None:
    vectors = encode(["", "the dog next door barks all night", "   "])
    assert vectors.shape == (3, DIMENSIONS)
    assert not vectors[0].any() and not vectors[2].any()
    assert abs(float(np.linalg.norm(vectors[1])) - 1.0) < 1e-3


def test_house_numbers_do_not_change_the_vector_unless_denoise_is_off() -> None:
    texts = [
        "the dog at 412 Oak St has been barking for an hour",
        "the dog at 18 Oak St has been barking for an hour",
    ]
    denoised = encode(texts)
    assert np.allclose(denoised[0], denoised[1])
    raw = encode(texts, denoise=False)
    assert not np.allclose(raw[0], raw[1])


def test_the_same_report_in_spanish_is_nearer_than_another_report_in_english() -> None:
    barking_es, barking_en, bite_en = encode(
        [
            "el perro del vecino no deja de ladrar en toda la noche",
            "the neighbours dog won't stop barking all night",
            "a dog bit my son on the leg",
        ]
    )
    assert _cosine(barking_es, barking_en) > _cosine(barking_es, bite_en)


def _featurizer() -> SentenceEncoderFeaturizer:
    return SentenceEncoderFeaturizer({**SentenceEncoderFeaturizer.get_default_config()}, "sentence_vectors")


def test_a_message_gets_one_sentence_feature_and_no_sequence_feature() -> None:
    message = Message(data={TEXT: "there's a cow standing in the middle of 2nd street"})
    _featurizer().process([message])
    sequence, sentence = message.get_dense_features(TEXT)
    assert sequence is None
    assert sentence is not None and sentence.features.shape == (1, DIMENSIONS)
    assert np.allclose(sentence.features[0], encode([message.get(TEXT)])[0])


def test_an_empty_sms_body_gets_no_features_and_training_texts_all_do() -> None:
    empty = Message(data={TEXT: ""})
    _featurizer().process([empty])
    assert empty.get_dense_features(TEXT) == (None, None)
    examples = [
        Message(data={TEXT: f"dog loose on elm number {i}", "intent": "report_at_large"}) for i in range(300)
    ]
    _featurizer().process_training_data(TrainingData(training_examples=examples))
    assert all(m.get_dense_features(TEXT)[1].features.shape == (1, DIMENSIONS) for m in examples)


def test_scale_multiplies_the_vector_and_a_bad_setting_is_refused() -> None:
    import pytest

    text = "hogs out on county road 9 past the grain elevator"
    scaled = SentenceEncoderFeaturizer({**SentenceEncoderFeaturizer.get_default_config(), "scale": 3.0}, "s")
    message = Message(data={TEXT: text})
    scaled.process([message])
    assert np.allclose(message.get_dense_features(TEXT)[1].features[0], 3.0 * encode([text])[0], atol=1e-5)
    with pytest.raises(ValueError):
        SentenceEncoderFeaturizer({**SentenceEncoderFeaturizer.get_default_config(), "scale": 0}, "s")
    with pytest.raises(ValueError):
        SentenceEncoderFeaturizer({**SentenceEncoderFeaturizer.get_default_config(), "denoise": "yes"}, "s")
