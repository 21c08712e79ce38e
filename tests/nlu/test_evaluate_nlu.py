"""`make eval` prints the blind-set figures beside the held-out ones."""

import re
from pathlib import Path

from tests.support.scripts import evaluate_script

ROOT = Path(__file__).resolve().parents[2]


def _result(module, name: str, gold: list[str], predicted: list[str]) -> dict:
    examples = [module.Example(text=f"message {i}", intent=g) for i, g in enumerate(gold)]
    predictions = [module.Prediction(intent=p) for p in predicted]
    scores = module.score(examples, predictions)
    return {
        "name": name,
        "model": "m",
        "messages": len(gold),
        "model_scores": scores,
        "baseline_scores": scores,
        "median_parse_ms": 1.0,
        "overlap_with_training": 0,
        "targets_met": {},
    }


def test_report_puts_the_sets_side_by_side_with_report_type_macro_f1() -> None:
    module = evaluate_script()
    heldout = _result(module, "heldout", ["report_barking", "report_bite"], ["report_barking", "report_bite"])
    blind = _result(
        module, "blind-12", ["report_barking", "report_at_large"], ["report_at_large", "report_at_large"]
    )
    text = module.report([heldout, blind])
    assert re.search(r"heldout\s+baseline\s+blind-12\s+baseline", text)
    row = next(line for line in text.splitlines() if line.strip().startswith("report-type macro-F1"))
    # heldout 1.000 (model and baseline), blind: barking F1 0, at_large F1 2/3 -> 0.333
    assert row.split()[-4:] == ["1.000", "1.000", "0.333", "0.333"]
    wrong = next(line for line in text.splitlines() if "filed under a wrong type" in line)
    assert wrong.split()[-2:] == ["1.000", "1.000"]


def test_make_eval_scores_the_held_out_sets_and_no_set_trained_on() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = next(line for line in makefile.splitlines() if line.startswith("NLU_SETS"))
    assert "heldout-es=tests/nlu/heldout_es.yml" in line
    assert "data/" not in line  # the spent sets moved to data/nlu/residents/ are training data, not scored
    assert "heldout=tests/nlu/heldout.yml" in makefile


def test_make_eval_reads_the_real_residents_reports_from_beside_the_repository() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    sets = next(line for line in makefile.splitlines() if line.startswith("REAL_SETS"))
    assert "../shared/real-residents/dev.jsonl" in sets  # read at run time, never copied into the repository
    assert "--real $(REAL_SETS)" in makefile
    assert not (ROOT / "tests" / "nlu" / "dev.jsonl").exists()


def test_the_real_set_defaults_to_the_shared_file_beside_the_repository() -> None:
    module = evaluate_script()
    assert module.REAL_RESIDENTS == ROOT.parent / "shared" / "real-residents" / "dev.jsonl"
