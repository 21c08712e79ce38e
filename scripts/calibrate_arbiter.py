"""Choose the ask-or-file thresholds (FallbackClassifier and ReportTypeArbiter) on tuned-on sets only.

Parses every message once with the trained model, then replays the two components' decisions from each
message's reconciled intent ranking for a grid of settings, and prints, per setting, the report-type
macro-F1 (mean over the sets), the reports filed under a wrong type and the reports asked about. The
ranking the arbiter left in the parse result (with `nlu_fallback` and `ambiguous_report` looked through)
is the one the settings act on, so the replay is exact for the species-reconciled ranking.

Never pass a set that is still blind: a threshold chosen on it makes its figure a tuned one.

    PYTHONPATH=. .venv/bin/python scripts/calibrate_arbiter.py --model models/intake.tar.gz \
        --data heldout=tests/nlu/heldout.yml heldout-es=tests/nlu/heldout_es.yml ...
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bot.nlp.ensemble import average_rankings  # noqa: E402
from bot.nlp.facts.ambiguity import AMBIGUOUS_REPORT, arbitrate, confirmed_bite, reconcile_species  # noqa: E402
from bot.nlp.facts.bite_cues import mentions_harm, says_bitten  # noqa: E402
from bot.nlp.metrics import report_type_scores  # noqa: E402

LOOKED_THROUGH = ("nlu_fallback", AMBIGUOUS_REPORT)


def decide(
    ranking: Sequence[dict[str, Any]],
    setting: dict[str, float],
    animal_named: bool = False,
    bite_said: bool = False,
    harm_said: bool = True,
) -> str:
    """The intent the FallbackClassifier and the ReportTypeArbiter would give under `setting`."""
    ranked = [r for r in ranking if r.get("name") not in LOOKED_THROUGH]
    if not ranked:
        return "nlu_fallback"
    best = float(ranked[0].get("confidence", 0))
    second = float(ranked[1].get("confidence", 0)) if len(ranked) > 1 else 0.0
    if arbitrate(
        ranked, setting["low_confidence"], setting["competing_gap"], animal_named, bite_said, harm_said
    ):
        return AMBIGUOUS_REPORT
    if confirmed_bite(ranked, bite_said):
        return "report_bite"  # the words confirm it, whatever the fallback thresholds
    if best < setting["fallback_threshold"] or best - second < setting["ambiguity_threshold"]:
        return "nlu_fallback"
    return str(ranked[0]["name"])


def capture_classifier_rankings() -> list[list[list[dict[str, Any]]]]:
    """Record, per parsed message, each classifier's ranking as IntentRankingAverage receives them."""
    from rasa.shared.nlu.constants import INTENT_RANKING_KEY

    from integrations.intent_ensemble import KEPT_RANKINGS, IntentRankingAverage

    captured: list[list[list[dict[str, Any]]]] = []
    original = IntentRankingAverage.process

    def recording(self: Any, messages: list[Any]) -> list[Any]:
        for message in messages:
            kept = [list(r) for r in message.get(KEPT_RANKINGS) or []]
            captured.append([*kept, [dict(r) for r in message.get(INTENT_RANKING_KEY) or []]])
        return original(self, messages)

    IntentRankingAverage.process = recording
    return captured


def reweighted(
    rankings: list[list[dict[str, Any]]], animals: list[str | None], weights: Sequence[float]
) -> list[dict[str, Any]]:
    """The ranking the arbiter would act on with the classifiers averaged by `weights`."""
    averaged = average_rankings(rankings, weights)
    return reconcile_species(averaged, animals) or averaged


def settings_grid() -> list[dict[str, float]]:
    grid = itertools.product(
        (0.3, 0.35, 0.4, 0.45, 0.5), (0.05, 0.1, 0.15, 0.2), (0.3, 0.35, 0.4), (0.05, 0.1)
    )
    return [
        {"low_confidence": low, "competing_gap": gap, "fallback_threshold": fb, "ambiguity_threshold": amb}
        for low, gap, fb, amb in grid
        if fb <= low
    ]


def configured_setting(config: Path) -> dict[str, float]:
    """The ReportTypeArbiter's four settings as config.yml gives them."""
    import yaml

    pipeline = yaml.safe_load(config.read_text(encoding="utf-8"))["pipeline"]
    arbiter = next(c for c in pipeline if c["name"].endswith("ReportTypeArbiter"))
    keys = ("low_confidence", "competing_gap", "fallback_threshold", "ambiguity_threshold")
    return {key: float(arbiter[key]) for key in keys}


Flags = list[tuple[bool, bool]]  # per message: an animal named, a bite said


def summarise(
    sets: list[tuple[str, list[str], list[list[dict[str, Any]]], Flags]], setting: dict[str, float]
) -> dict[str, Any]:
    per_set, wrong, asked = [], 0, 0
    for _name, gold, rankings, flags in sets:
        scores = report_type_scores(
            gold, [decide(r, setting, *f) for r, f in zip(rankings, flags, strict=True)]
        )
        per_set.append(scores["macro_f1"])
        wrong += scores["wrong_type"]
        asked += scores["asked"]
    return {"mean": sum(per_set) / len(per_set), "min": min(per_set), "wrong": wrong, "asked": asked}


def main(argv: list[str] | None = None) -> int:
    from evaluate_nlu import _named_sets, load_examples, parse_with_model

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", type=Path, required=True)
    parser.add_argument("--data", nargs="+", required=True, help="tuned-on sets only, as name=path")
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument(
        "--weights", action="store_true", help="also vary the weight of the first classifier (DIET)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    model = args.model.resolve()
    named = _named_sets(args.data)
    os.chdir(ROOT)  # SpacyNLP loads models/spacy_intake relative to the working directory
    examples = [load_examples(path) for _, path in named]
    captured = capture_classifier_rankings()
    parsed, _ = parse_with_model(model, [e.text for group in examples for e in group])
    captured = captured[1:]  # the warm-up parse
    animals = [
        [e.get("value") for e in p.get("entities") or [] if e.get("entity") == "animal"] for p in parsed
    ]
    sets, offset = [], 0
    for (name, _), group in zip(named, examples, strict=True):
        rankings = [p.get("intent_ranking") or [] for p in parsed[offset : offset + len(group)]]
        named = [bool(a) for a in animals[offset : offset + len(group)]]
        flags = [(n, says_bitten(e.text), mentions_harm(e.text)) for n, e in zip(named, group, strict=True)]
        sets.append((name, [e.intent for e in group], rankings, flags))
        offset += len(group)
    current = configured_setting(ROOT / "config.yml")
    texts = [e.text for group in examples for e in group]
    replayed = [
        decide(p.get("intent_ranking") or [], current, bool(a), says_bitten(t), mentions_harm(t))
        for p, a, t in zip(parsed, animals, texts, strict=True)
    ]
    differ = sum(1 for p, r in zip(parsed, replayed, strict=True) if (p.get("intent") or {}).get("name") != r)
    print(f"replay of the current setting differs from the model on {differ} of {len(parsed)} messages")
    summary = summarise(sets, current)
    print(
        f"current: mean {summary['mean']:.4f} min {summary['min']:.4f} wrong {summary['wrong']} asked {summary['asked']}"
    )
    rows = [(summarise(sets, s), s) for s in settings_grid()]
    if args.weights:
        rows = []
        for first in (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8):
            reranked = [reweighted(c, a, (first, 1 - first)) for c, a in zip(captured, animals, strict=True)]
            weighted_sets, offset = [], 0
            for name, gold, _, flags in sets:
                weighted_sets.append((name, gold, reranked[offset : offset + len(gold)], flags))
                offset += len(gold)
            for setting in settings_grid():
                rows.append((summarise(weighted_sets, setting), {**setting, "diet_weight": first}))
    rows.sort(key=lambda row: (-row[0]["mean"], row[0]["wrong"]))
    for summary, setting in rows[: args.top]:
        print(
            f"mean {summary['mean']:.4f} min {summary['min']:.4f} wrong {summary['wrong']:3d} "
            f"asked {summary['asked']:3d}  {setting}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
