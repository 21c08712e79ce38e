"""Scoring for the NLU evaluation (scripts/evaluate_nlu.py): intents and entity spans or values.

Pure functions over plain data so they can be tested with small hand-made cases.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

_WORD = re.compile(r"\w+")
_EDGE = " \t\n.,;:!?\"'()"


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    value: str = ""


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float
    true_positives: int
    predicted: int
    gold: int

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def prf(true_positives: int, predicted: int, gold: int) -> PRF:
    """Precision, recall and F1; an empty side scores 1.0 only when both sides are empty."""
    precision = true_positives / predicted if predicted else (1.0 if gold == 0 else 0.0)
    recall = true_positives / gold if gold else (1.0 if predicted == 0 else 0.0)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return PRF(round(precision, 4), round(recall, 4), round(f1, 4), true_positives, predicted, gold)


def intent_scores(gold: Sequence[str], predicted: Sequence[str]) -> dict[str, Any]:
    """Accuracy, macro-F1 over every label seen in gold or predictions, and per-label figures."""
    if len(gold) != len(predicted):
        raise ValueError("gold and predicted intents differ in length")
    labels = sorted(set(gold) | set(predicted))
    per_label = {}
    for label in labels:
        true_positives = sum(1 for g, p in zip(gold, predicted, strict=True) if g == label and p == label)
        per_label[label] = prf(
            true_positives, sum(1 for p in predicted if p == label), sum(1 for g in gold if g == label)
        )
    correct = sum(1 for g, p in zip(gold, predicted, strict=True) if g == p)
    gold_labels = sorted(set(gold))
    return {
        "accuracy": round(correct / len(gold), 4) if gold else 0.0,
        # Averaged over the intents of the test set: a prediction outside them (e.g. nlu_fallback) still
        # costs the gold intent its recall, but is not averaged in as a class of its own.
        "macro_f1": round(sum(per_label[label].f1 for label in gold_labels) / len(gold_labels), 4)
        if gold
        else 0.0,
        # sklearn's default: every label seen in gold or predictions.
        "macro_f1_all_labels": round(sum(s.f1 for s in per_label.values()) / len(labels), 4)
        if labels
        else 0.0,
        "per_intent": {label: score.as_dict() for label, score in per_label.items()},
    }


def trim_span(text: str, span: Span) -> Span:
    """The span without surrounding spaces and punctuation ("412 Oak St." == "412 Oak St")."""
    start, end = span.start, span.end
    while start < end and text[start] in _EDGE:
        start += 1
    while end > start and text[end - 1] in _EDGE:
        end -= 1
    return Span(start, end, span.value)


def _tokens(text: str, span: Span) -> set[int]:
    return {
        i
        for i, match in enumerate(_WORD.finditer(text))
        if match.start() < span.end and span.start < match.end()
    }


def token_iou(text: str, first: Span, second: Span) -> float:
    a, b = _tokens(text, first), _tokens(text, second)
    return len(a & b) / len(a | b) if a | b else 0.0


def _match_spans(
    text: str, gold: Sequence[Span], predicted: Sequence[Span], rule: str, min_iou: float
) -> int:
    gold_trimmed = [trim_span(text, s) for s in gold]
    predicted_trimmed = [trim_span(text, s) for s in predicted]
    if rule == "exact":
        remaining = Counter((s.start, s.end) for s in gold_trimmed)
        matched = 0
        for span in predicted_trimmed:
            if remaining[(span.start, span.end)]:
                remaining[(span.start, span.end)] -= 1
                matched += 1
        return matched
    # token overlap: best pairs first, each gold span used once
    pairs = sorted(
        (
            (token_iou(text, g, p), gi, pi)
            for gi, g in enumerate(gold_trimmed)
            for pi, p in enumerate(predicted_trimmed)
        ),
        reverse=True,
    )
    used_gold: set[int] = set()
    used_predicted: set[int] = set()
    matched = 0
    for iou, gi, pi in pairs:
        if iou < min_iou:
            break
        if gi in used_gold or pi in used_predicted:
            continue
        used_gold.add(gi)
        used_predicted.add(pi)
        matched += 1
    return matched


def span_scores(
    texts: Sequence[str],
    gold: Sequence[Sequence[Span]],
    predicted: Sequence[Sequence[Span]],
    rule: str = "overlap",
    min_iou: float = 0.5,
) -> PRF:
    """Micro P/R/F1 of entity spans over messages.

    rule "exact": same start and end after trimming punctuation; rule "overlap": one-to-one pairs whose
    word-token intersection-over-union is at least `min_iou`.
    """
    if rule not in {"exact", "overlap"}:
        raise ValueError(f"unknown span rule {rule!r}")
    matched = sum(
        _match_spans(text, g, p, rule, min_iou) for text, g, p in zip(texts, gold, predicted, strict=True)
    )
    return prf(matched, sum(len(p) for p in predicted), sum(len(g) for g in gold))


def value_scores(
    gold: Sequence[Sequence[str]],
    predicted: Sequence[Sequence[str | None]],
    normalise: Callable[[str], str | None] = lambda value: value,
) -> PRF:
    """Micro P/R/F1 of entity values per message (multisets), after normalising predicted values.

    A predicted value that normalises to None counts as a wrong prediction.
    """
    matched = 0
    for gold_values, predicted_values in zip(gold, predicted, strict=True):
        remaining = Counter(gold_values)
        for value in predicted_values:
            normalised = normalise(value) if value is not None else None
            if normalised is not None and remaining[normalised]:
                remaining[normalised] -= 1
                matched += 1
    return prf(matched, sum(len(p) for p in predicted), sum(len(g) for g in gold))


def median(values: Sequence[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


# The intents under which a report is filed.
REPORT_TYPES = ("report_barking", "report_at_large", "report_bite")


def report_type_scores(
    gold: Sequence[str],
    predicted: Sequence[str],
    report_types: Sequence[str] = REPORT_TYPES,
    ask_intents: Sequence[str] = ("ambiguous_report", "nlu_fallback"),
) -> dict[str, Any]:
    """Macro-F1 over the report types, with how often a report was filed under another type or asked about.

    Per-type precision counts every message predicted as that type (a wildlife message read as at-large
    costs at-large its precision); the macro average is over the report types present in `gold`.
    `wrong_type` counts gold reports predicted as a different report type (a complaint filed wrongly);
    `asked` counts gold reports answered with a clarifying question instead (`ask_intents`).
    """
    scores = intent_scores(gold, predicted)["per_intent"]
    present = [label for label in report_types if label in set(gold)]
    pairs = list(zip(gold, predicted, strict=True))
    return {
        "macro_f1": round(sum(scores[label]["f1"] for label in present) / len(present), 4)
        if present
        else 0.0,
        "per_type": {label: scores[label] for label in present},
        "reports": sum(1 for g, _ in pairs if g in report_types),
        "wrong_type": sum(1 for g, p in pairs if g in report_types and p in report_types and p != g),
        "asked": sum(1 for g, p in pairs if g in report_types and p in ask_intents),
    }


# Real residents' reports (../shared/real-residents/README.md) are labelled with four kinds of complaint and
# `not_animal`; our intents fold to those kinds. A threat without contact folds to at large (the file labels
# charging, chasing and an attempted attack `at_large`). `not_animal` folds to `other`, like neglect, waste,
# wildlife, dead animals, lost pets and referrals: none of them is a complaint of the three counted kinds.
FOLDED_TYPES = ("barking", "at_large", "bite", "other")
ASKED = "asked"  # a clarifying question (ambiguous_report, nlu_fallback): wrong for every gold kind
_FOLDED_INTENTS = {
    "report_barking": "barking",
    "report_at_large": "at_large",
    "report_threat": "at_large",
    "report_bite": "bite",
    "ambiguous_report": ASKED,
    "nlu_fallback": ASKED,
}
_FOLDED_LABELS = {"barking": "barking", "at_large": "at_large", "bite": "bite"}


def fold_intent(intent: str) -> str:
    """An intent as a real-text kind: barking, at_large, bite, other, or `asked` for a clarifying question."""
    return _FOLDED_INTENTS.get(intent, "other")


def fold_label(label: str) -> str:
    """A real-text label (barking | at_large | bite | other_animal | not_animal) as a folded kind."""
    return _FOLDED_LABELS.get(label, "other")


def folded_type_scores(gold_labels: Sequence[str], predicted_intents: Sequence[str]) -> dict[str, Any]:
    """Macro-F1 over the folded kinds present in gold, per kind, and how many reports were asked about."""
    gold = [fold_label(label) for label in gold_labels]
    predicted = [fold_intent(intent) for intent in predicted_intents]
    scores = intent_scores(gold, predicted)["per_intent"]
    present = [kind for kind in FOLDED_TYPES if kind in set(gold)]
    return {
        "macro_f1": round(sum(scores[kind]["f1"] for kind in present) / len(present), 4) if present else 0.0,
        "per_type": {kind: scores[kind] for kind in present},
        "asked": sum(1 for p in predicted if p == ASKED),
        "messages": len(gold),
    }
