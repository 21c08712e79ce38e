"""Averaging intent rankings of several classifiers (to generalise to unseen messages).

One DIET training on a few thousand messages swings by about +-0.04 report-type macro-F1 on an unseen set
from one random seed to the next (docs/nlu-evaluation.md). Averaging the probabilities of classifiers
trained differently (another seed, a linear model over the same sparse features) keeps what they agree
on and damps what one of them learnt by chance. `integrations.intent_ensemble` calls this between the
classifiers in config.yml.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def average_rankings(
    rankings: Sequence[Sequence[dict[str, Any]]], weights: Sequence[float] | None = None
) -> list[dict[str, Any]]:
    """One ranking (name, confidence; best first) whose confidences are the weighted mean of the given
    rankings'. An intent missing from a ranking (cut by its `ranking_length`) counts 0 there. Ties keep
    the order of the first ranking that names them."""
    if not rankings:
        return []
    weights = list(weights) if weights is not None else [1.0] * len(rankings)
    if len(weights) != len(rankings) or sum(weights) <= 0:
        raise ValueError("one positive weight per ranking")
    total = sum(weights)
    scores: dict[str, float] = {}
    for ranking, weight in zip(rankings, weights, strict=True):
        for entry in ranking:
            name = entry.get("name")
            if name is None:
                continue
            scores[name] = scores.get(name, 0.0) + weight * float(entry.get("confidence") or 0.0)
    order = {name: index for index, name in enumerate(scores)}
    averaged = [{"name": name, "confidence": score / total} for name, score in scores.items()]
    return sorted(averaged, key=lambda r: (-r["confidence"], order[r["name"]]))
