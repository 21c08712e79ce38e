"""Real residents' reports as an evaluation set (scripts/evaluate_nlu.py, `make eval`).

The file (`../shared/real-residents/dev.jsonl` beside the repository, one JSON object a line: text, source,
type, animal, location, language) holds residents' own words. It is read at run time only and never copied:
nothing here stores or prints its texts. Its labels are scored as the file's README defines them:
- type: our intents folded to barking / at_large / bite / other (bot.nlp.metrics.fold_intent);
- animal: the species of the labelled animal against the distinct species the NLU found (a message names one
  offending animal; two `dog` entities are one dog);
- location: the labelled span against every place the NLU found, whatever its role (`location`,
  `owner_location`, `direction`): the file marks "the place", not whose it is; token-overlap rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.nlp.metrics import Span, folded_type_scores, span_scores, value_scores

# The targets on real text the model was never tuned on.
REAL_TARGETS = {"type_macro_f1": 0.90, "above_keyword": 0.15, "animal_f1": 0.95, "location_f1": 0.80}
PLACE_ENTITIES = ("location", "owner_location", "direction")


@dataclass
class RealExample:
    text: str
    label: str
    animals: list[str] = field(default_factory=list)
    locations: list[Span] = field(default_factory=list)


@dataclass
class RealPrediction:
    intent: str
    animals: list[str] = field(default_factory=list)
    places: list[Span] = field(default_factory=list)


def load_real(path: Path, normalise: Callable[[str], str | None]) -> list[RealExample]:
    """The labelled messages of a real-residents file; a location not found in its text is left out."""
    examples = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        text = row["text"]
        example = RealExample(text=text, label=row["type"])
        if row.get("animal"):
            example.animals.append(normalise(row["animal"]) or row["animal"].lower())
        start = text.find(row["location"]) if row.get("location") else -1
        if start >= 0:
            example.locations.append(Span(start, start + len(row["location"])))
        examples.append(example)
    return examples


def prediction_from_parse(parsed: dict[str, Any], normalise: Callable[[str], str | None]) -> RealPrediction:
    prediction = RealPrediction(intent=(parsed.get("intent") or {}).get("name") or "none")
    for entity in parsed.get("entities") or []:
        if entity.get("entity") == "animal" and entity.get("value") is not None:
            species = normalise(str(entity["value"])) or str(entity["value"])
            if species not in prediction.animals:
                prediction.animals.append(species)
        elif entity.get("entity") in PLACE_ENTITIES:
            prediction.places.append(Span(int(entity["start"]), int(entity["end"])))
    return prediction


def score_real(examples: Sequence[RealExample], predictions: Sequence[RealPrediction]) -> dict[str, Any]:
    return {
        "types": folded_type_scores([e.label for e in examples], [p.intent for p in predictions]),
        "animal": value_scores([e.animals for e in examples], [p.animals for p in predictions]).as_dict(),
        "location": span_scores(
            [e.text for e in examples], [e.locations for e in examples], [p.places for p in predictions]
        ).as_dict(),
    }


def real_targets_met(model: dict[str, Any], keyword: dict[str, Any]) -> dict[str, bool]:
    macro, keyword_macro = model["types"]["macro_f1"], keyword["types"]["macro_f1"]
    return {
        "type_macro_f1": macro >= REAL_TARGETS["type_macro_f1"],
        "above_keyword": macro - keyword_macro >= REAL_TARGETS["above_keyword"],
        "animal_f1": model["animal"]["f1"] >= REAL_TARGETS["animal_f1"],
        "location_f1": model["location"]["f1"] >= REAL_TARGETS["location_f1"],
    }


def real_report(name: str, model: dict[str, Any], keyword: dict[str, Any], targets: dict[str, bool]) -> str:
    """The real set's figures, the model beside the keyword baseline."""
    rows = [("type macro-F1 (folded)", lambda s: s["types"]["macro_f1"])]
    for kind in model["types"]["per_type"]:
        rows.append((f"  F1 {kind}", lambda s, k=kind: s["types"]["per_type"][k]["f1"]))
        rows.append((f"  recall {kind}", lambda s, k=kind: s["types"]["per_type"][k]["recall"]))
    rows.append(("answered with a question", lambda s: s["types"]["asked"]))
    for key in ("animal", "location"):
        for part in ("precision", "recall", "f1"):
            rows.append((f"{key} {part}", lambda s, k=key, q=part: s[k][q]))
    lines = [
        f"Real residents' reports: {name}, {model['types']['messages']} messages (read at run time, never copied)",
        f"  {'':<34}{'model':>9}{'keyword':>9}",
    ]
    lines += [f"  {label:<34}{get(model):>9.3f}{get(keyword):>9.3f}" for label, get in rows]
    lines.append(
        "  kinds: barking, at_large (threats too), bite, other (not_animal, neglect, waste, referrals)"
    )
    lines.append(
        "  location: every place found, any role, token overlap; animal: distinct species per message"
    )
    for key, met in targets.items():
        lines.append(f"    target {key} {REAL_TARGETS[key]}: {'met' if met else 'MISSED'}")
    return "\n".join(lines)
