"""Places learned or ruled: train a spaCy NER on the annotated places of the training data and score it beside
the rules (the entity ruler and bot.nlp.places.entities) on the evaluation sets and the real residents' reports.

    PYTHONPATH=. .venv/bin/python scripts/place_extractor.py [--epochs 6] [--out var/eval/places.json]

Three readings per set, location F1 by the token-overlap rule of `make eval`:
- rules: what the product does today;
- learned: a blank English spaCy NER (our tokenizer) trained on every annotated `location`, `owner_location`
  and `direction` of data/nlu (the spent sets in data/nlu/residents/ included), nothing else;
- rules, then learned: the learned places only where the rules found none.
On the labelled sets only `location` is scored (their roles are labelled); on the real ones every place, as
bot.nlp.real_text scores them. The learned model is written to models/place_ner (not committed, not used by
the assistant unless it measures better).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.nlp.metrics import Span, span_scores  # noqa: E402

ROLES = ("location", "owner_location", "direction")
EVALUATION_SETS = {
    "heldout": "tests/nlu/heldout.yml",
    "heldout-es": "tests/nlu/heldout_es.yml",
    "blind-12o": "tests/nlu/blind_2026_12o.yml",
    "blind-es14": "tests/nlu/blind_es_2026_12n.yml",
    "blind-12p": "tests/nlu/blind_2026_12p.yml",
    "blind-es15": "tests/nlu/blind_es_2026_12o.yml",
    "blind-12q": "tests/nlu/blind_2026_12q.yml",
    "blind-es16": "tests/nlu/blind_es_2026_12p.yml",
}
REAL_SETS = {
    "real-dev": ROOT.parent / "shared" / "real-residents" / "dev.jsonl",
    "real-style": ROOT / "tests" / "nlu" / "real_style_blind.jsonl",
}
Places = list[tuple[str, int, int]]  # (role, start, end)


def annotated(path: Path) -> list[tuple[str, Places]]:
    from rasa.shared.nlu.training_data.loading import load_data

    found = []
    for message in load_data(str(path)).intent_examples:
        places = [
            (e["entity"], e["start"], e["end"]) for e in message.get("entities") or [] if e["entity"] in ROLES
        ]
        found.append((message.get("text"), places))
    return found


def training_examples() -> list[tuple[str, Places]]:
    return [example for path in sorted((ROOT / "data" / "nlu").rglob("*.yml")) for example in annotated(path)]


def train(examples: Sequence[tuple[str, Places]], epochs: int, seed: int = 42) -> Any:
    import spacy
    from spacy.training import Example
    from spacy.util import minibatch

    from bot.nlp.pipeline import _customise_tokenizer

    spacy.util.fix_random_seed(seed)
    nlp = spacy.blank("en")
    _customise_tokenizer(nlp)
    ner = nlp.add_pipe("ner")
    for role in ROLES:
        ner.add_label(role)
    data = []
    for text, places in examples:
        doc = nlp.make_doc(text)
        spans = [doc.char_span(s, e, label=r, alignment_mode="expand") for r, s, e in places]
        spans = [s for s in spans if s is not None]
        try:
            data.append(
                Example.from_dict(doc, {"entities": [(s.start_char, s.end_char, s.label_) for s in spans]})
            )
        except ValueError:  # overlapping annotations: left out
            continue
    optimizer = nlp.initialize(lambda: data)
    for epoch in range(epochs):
        random.Random(seed + epoch).shuffle(data)
        losses: dict[str, float] = {}
        for batch in minibatch(data, size=32):
            nlp.update(batch, sgd=optimizer, drop=0.2, losses=losses)
        print(f"  epoch {epoch + 1}: loss {losses.get('ner', 0.0):.1f}", flush=True)
    return nlp


def rules_reader() -> Callable[[str], Places]:
    from tests.support.place_runner import place_runner

    run = place_runner()

    def read(text: str) -> Places:
        found, cursor = [], {}
        for role, value in run(text):
            start = text.find(value, cursor.get(value, 0))
            cursor[value] = start + 1
            found.append((role, start, start + len(value)))
        return found

    return read


def _f1(texts: list[str], gold: list[list[Span]], predicted: list[Places], roles: Sequence[str]) -> float:
    spans = [[Span(s, e) for r, s, e in places if r in roles] for places in predicted]
    return span_scores(texts, gold, spans).f1


def score_sets(read_rules: Callable[[str], Places], learned: Any) -> dict[str, dict[str, float]]:
    from bot.nlp.animals.taxonomy import normalise_animal
    from bot.nlp.real_text import load_real

    sets: dict[str, tuple[list[str], list[list[Span]], Sequence[str]]] = {}
    for name, relative in EVALUATION_SETS.items():
        examples = annotated(ROOT / relative)
        gold = [[Span(s, e) for r, s, e in places if r == "location"] for _, places in examples]
        sets[name] = ([t for t, _ in examples], gold, ("location",))
    for name, path in REAL_SETS.items():
        if path.exists():
            real = load_real(path, normalise_animal)
            sets[name] = ([e.text for e in real], [e.locations for e in real], ROLES)
    results = {}
    for name, (texts, gold, roles) in sets.items():
        ruled = [read_rules(t) for t in texts]
        learnt = [[(e.label_, e.start_char, e.end_char) for e in learned(t).ents] for t in texts]
        both = [r if any(p[0] in roles for p in r) else lr for r, lr in zip(ruled, learnt, strict=True)]
        results[name] = {
            "messages": len(texts),
            "rules": _f1(texts, gold, ruled, roles),
            "learned": _f1(texts, gold, learnt, roles),
            "rules_then_learned": _f1(texts, gold, both, roles),
        }
        print(
            f"  {name:<12}{len(texts):>6}"
            + "".join(f"{v:>10.3f}" for k, v in results[name].items() if k != "messages")
        )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--out", type=Path, default=ROOT / "var" / "eval" / "places.json")
    args = parser.parse_args(argv)
    examples = training_examples()
    print(f"training a place NER on {len(examples)} annotated messages, {args.epochs} epochs")
    learned = train(examples, args.epochs)
    learned.to_disk(ROOT / "models" / "place_ner")
    print(f"  {'set':<12}{'msgs':>6}{'rules':>10}{'learned':>10}{'both':>10}   (location F1, token overlap)")
    results = score_sets(rules_reader(), learned)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
