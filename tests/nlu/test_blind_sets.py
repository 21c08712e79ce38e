"""The December blind sets (issue 9 §4, issue 12 Measure) are large enough, well formed, wired into
`make eval`, and stay blind: none of their messages appears in the training data.

This file checks the sets' shape only; it never parses them with a model (the lead scores them once)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bot.nlp.taxonomy import normalise_animal
from tests.support.scripts import evaluate_script

ROOT = Path(__file__).resolve().parents[2]
BLIND_SETS = {
    "blind-12o": ROOT / "tests" / "nlu" / "blind_2026_12o.yml",
    "blind-es14": ROOT / "tests" / "nlu" / "blind_es_2026_12n.yml",
    "blind-12p": ROOT / "tests" / "nlu" / "blind_2026_12p.yml",
    "blind-es15": ROOT / "tests" / "nlu" / "blind_es_2026_12o.yml",
    "blind-12q": ROOT / "tests" / "nlu" / "blind_2026_12q.yml",
    "blind-es16": ROOT / "tests" / "nlu" / "blind_es_2026_12p.yml",
    "blind-12r": ROOT / "tests" / "nlu" / "blind_2026_12r.yml",
    "blind-es17": ROOT / "tests" / "nlu" / "blind_es_2026_12q.yml",
}
# The sets before them (blind-11 to blind-12n, blind-es to blind-es13) were each scored once while blind, tuned on,
# and are training data since rounds 7 to 15 (data/nlu/residents/, docs/nlu-evaluation.md).
# blind-12h and blind-es7: written 2026-12-02 07:33-07:41 UTC by the blind engineer "blind8" (branch blind8), after
# round 7's scoring and with nothing tuned after it, without reading data/, /work/tuning/, /work/exp/, var/eval/
# or the messages of any set (only the g sets' header comments); scored once at the end of round 8 (14:46-14:50
# UTC), tuned-on from then, training data since round 9.
# blind-12i and blind-es8: written 2026-12-02 13:54-14:03 UTC by the blind engineer "blind9" (branch blind9), at the
# start of round 8, without reading data/, /work/tuning/, /work/exp/, var/eval/, models/ or the messages of any
# set (only the h sets' header comments); scored once at the end of round 9 (20:25-20:29 UTC), tuned-on from then,
# training data since round 10.
# blind-12j and blind-es9: written 2026-12-02 18:26-18:38 UTC by the blind engineer "blind10" (branch blind10), at
# the start of round 9, the same way (only the h and i sets' header comments read); scored once at the end of
# round 10 (2026-12-03 10:28-10:31 UTC), tuned-on from then, training data since round 11.
# blind-12k and blind-es10: written 2026-12-03 10:36-11:34 UTC by the blind engineer "blind11" (branch blind11),
# after round 10's scoring and with nothing tuned after it, the same way (only the j sets' header comments read);
# scored once at the end of round 11 (2026-12-04 03:05-03:13 UTC), tuned-on from then, training data since round 12.
# blind-12l and blind-es11: written 2026-12-04 01:20-01:30 UTC by the blind engineer "blind12" (branch blind12), at
# the start of round 11, the same way (only the k sets' header comments read); scored once at the end of round 12
# (2026-12-04 08:58-09:01 UTC), tuned-on from then, training data since round 13.
# blind-12m and blind-es12: written 2026-12-04 08:01-08:17 UTC by the blind engineer "blind13" (branch blind13), the
# same way (only the l sets' header comments read); scored once at the end of round 13 (2026-12-04 12:16-12:19 UTC),
# tuned-on from then, training data since round 14.
# blind-12n and blind-es13: written 2026-12-04 11:44-11:56 UTC by the blind engineer "blind14" (branch blind14), the
# same way (only the m and es12 sets' header comments read; the spent l and es11 sets read in full), larger
# (228 and 190 messages) to cut the sets' own noise; scored once at the end of round 14 (2026-12-04 15:55-15:59 UTC),
# tuned-on from then, training data since round 15.
# blind-12o and blind-es14: written 2026-12-04 16:04-16:12 UTC by the blind engineer "blind15" (branch blind15, a
# worktree at /work/wt/blind15), after round 14's scoring, the same way (only the n and es13 sets' header comments
# read; the spent m and es12 sets read in full), 224 and 191 messages; scored once at the end of round 15
# (2026-12-04 19:50-19:55 UTC), tuned-on from then.
# blind-12p and blind-es15: written 2026-12-04 20:15-20:23 UTC by the blind engineer "blind16b" (branch blind16b, a
# worktree at /work/wt/blind16b, from 0e88cbc), in round 15 and blind to its tuning, the same way (only the o
# sets' header comments read; the spent n and es13 sets read in full), 224 and 191 messages; scored once at the end
# of round 15 (2026-12-04 21:07-21:16 UTC), tuned-on from then.
# blind-12q and blind-es16: written 2026-12-04 20:29-20:38 UTC by the blind engineer "blind17" (branch blind17, a
# worktree at /work/wt/blind17, from d185392), the same way (only the p sets' header comments read; the spent o
# and es14 sets read in full), 224 and 191 messages; scored once at the start of round 16 (2026-12-04 22:24-22:43
# UTC), tuned-on from then.
# blind-12r and blind-es17: written 2026-12-04 20:40-20:50 UTC by the blind engineer "blind16" (branch blind16, from
# 8adf403; the o sets read in full, the p sets' headers only) as "blind-12q"/"blind-es16", renamed for the names
# blind17 had taken first; 224 and 192 messages, for a later round; unscored, still blind. Seen in part in round 16
# (23:00 UTC): a check of the animal ruler over every set printed 2 messages of each whose animals a change
# written before had fixed; nothing was written from them (their headers say which).
STILL_BLIND: tuple[str, ...] = ("blind-12r", "blind-es17")
NEAR_COPY = 80  # rapidfuzz ratio at which a training message is a reworded copy of a blind message
REPORT_TYPES = ("report_barking", "report_at_large", "report_bite")
PLACE_ENTITIES = {"location", "owner_location", "direction"}


def _examples(path: Path) -> list:
    from rasa.shared.nlu.training_data.loading import load_data

    return load_data(str(path)).intent_examples


def _training_texts() -> set[str]:
    """Every training message, in data/nlu/ and any subdirectory (data/nlu/es/), lower-cased."""
    return {
        message.get("text").strip().lower()
        for path in sorted((ROOT / "data" / "nlu").rglob("*.yml"))
        for message in _examples(path)
    }


@pytest.fixture(scope="module")
def training_texts() -> set[str]:
    return _training_texts()


@pytest.fixture(scope="module", params=sorted(BLIND_SETS))
def blind_set(request: pytest.FixtureRequest) -> tuple[str, list]:
    return request.param, _examples(BLIND_SETS[request.param])


def test_set_has_at_least_160_messages_and_30_per_report_type(blind_set) -> None:
    name, examples = blind_set
    counts = Counter(message.get("intent") for message in examples)
    assert len(examples) >= 160, name
    for report_type in REPORT_TYPES:
        assert counts[report_type] >= 30, (name, report_type, counts[report_type])
    assert counts["report_wildlife"] >= 12, name
    assert counts["ask_lost_pet"] >= 5, name
    for other in ("check_status", "inform", "out_of_scope", "other_city_service", "affirm", "deny"):
        assert counts[other] >= 1, (name, other)


@pytest.mark.parametrize("name", STILL_BLIND)
def test_the_sets_still_blind_meet_the_second_rounds_minimums(name: str) -> None:
    # The brief of the second round: >= 170 messages, 35 per report type, 14 wildlife, 7 lost pets,
    # and some of every kind of answer a resident gives besides a report.
    examples = _examples(BLIND_SETS[name])
    counts = Counter(message.get("intent") for message in examples)
    assert len(examples) >= 170, name
    for report_type in REPORT_TYPES:
        assert counts[report_type] >= 35, (name, report_type, counts[report_type])
    assert counts["report_wildlife"] >= 14, name
    assert counts["ask_lost_pet"] >= 7, name
    others = ("check_status", "inform", "out_of_scope", "other_city_service", "affirm", "deny", "greet")
    assert [other for other in others if counts[other] < 3] == [], name
    entities = Counter(e["entity"] for m in examples for e in m.get("entities") or [])
    assert all(entities[entity] >= 5 for entity in ("animal", "location", "owner_location", "direction"))


@pytest.mark.parametrize("name", STILL_BLIND)
def test_no_training_message_is_a_near_copy_of_a_message_still_blind(name: str, training_texts) -> None:
    # A message reworded by a few characters is still a leak. The failure gives a count only, so that
    # whoever reads it learns nothing of the set it must stay blind to.
    from rapidfuzz import fuzz, process

    texts = [m.get("text").strip().lower() for m in _examples(BLIND_SETS[name])]
    close = sum(
        1 for t in texts if process.extractOne(t, training_texts, scorer=fuzz.ratio, score_cutoff=NEAR_COPY)
    )
    assert close == 0, f"{name}: {close} training messages are near copies of blind messages"


def test_no_message_of_a_blind_set_is_in_the_training_data(blind_set, training_texts) -> None:
    # For a set still blind the failure gives a count only: whoever reads it must learn nothing of the set
    # (it printed the messages, so an engineer writing training data could have read them).
    name, examples = blind_set
    leaked = [m.get("text") for m in examples if m.get("text").strip().lower() in training_texts]
    shown = f"{len(leaked)} messages" if name in STILL_BLIND else leaked
    assert leaked == [], f"{name}: these blind messages appear in data/nlu, reword them there: {shown}"


def test_no_message_is_repeated_within_a_set(blind_set) -> None:
    name, examples = blind_set
    counts = Counter(m.get("text").strip().lower() for m in examples)
    assert [text for text, n in counts.items() if n > 1] == [], name


def test_animal_values_are_species_of_the_taxonomy(blind_set) -> None:
    # Gold values are the English species the case records use, so Spanish words carry an explicit value.
    name, examples = blind_set
    for message in examples:
        for entity in message.get("entities") or []:
            if entity["entity"] == "animal":
                assert normalise_animal(str(entity["value"])) == entity["value"], (name, message.get("text"))


def test_only_the_entities_the_evaluation_scores_are_annotated(blind_set) -> None:
    name, examples = blind_set
    for message in examples:
        for entity in message.get("entities") or []:
            assert entity["entity"] in {"animal", "reference"} | PLACE_ENTITIES, (name, entity)


def test_the_training_check_catches_a_copied_message(tmp_path: Path) -> None:
    # The leak check must not be vacuous: a set holding a training message is caught.
    copied = sorted(_training_texts())[0]
    path = tmp_path / "copied.yml"
    path.write_text(f'version: "3.1"\nnlu:\n  - intent: inform\n    examples: |\n      - {copied}\n')
    assert _examples(path)[0].get("text").strip().lower() in _training_texts()


def test_the_near_copy_check_catches_a_reworded_message() -> None:
    # The near-copy check must not be vacuous: a training message with a word added is caught.
    from rapidfuzz import fuzz, process

    copied = max(_training_texts(), key=len)
    assert process.extractOne(f"{copied} pls", [copied], scorer=fuzz.ratio, score_cutoff=NEAR_COPY)


def test_both_sets_are_in_make_eval() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = next(line for line in makefile.splitlines() if line.startswith("NLU_SETS"))
    for name, path in BLIND_SETS.items():
        assert re.search(rf"\b{re.escape(name)}={re.escape(str(path.relative_to(ROOT)))}\b", line), name


def test_the_spanish_set_is_told_apart_by_its_name() -> None:
    module = evaluate_script()
    expected = {
        "blind-12o": "en",
        "blind-es14": "es",
        "blind-12p": "en",
        "blind-es15": "es",
        "blind-12q": "en",
        "blind-es16": "es",
        "blind-12r": "en",
        "blind-es17": "es",
    }
    assert {name: module.set_language(name, path) for name, path in BLIND_SETS.items()} == expected
    assert module.set_language("heldout-x", ROOT / "tests/nlu/heldout_es.yml") == "es"
    assert module.set_language("tests", ROOT / "tests/nlu/heldout.yml") == "en"
    # a numbered Spanish set is Spanish by its name alone, whatever its file is called
    assert module.set_language("blind-es3", ROOT / "tests/nlu/renamed.yml") == "es"
    assert module.set_language("blind-12d", ROOT / "tests/nlu/best_guesses.yml") == "en"
    assert module.set_language("blind-es", ROOT / "tests/nlu/renamed.yml") == "es"


def test_spanish_sets_are_held_to_issue_12s_targets_and_say_the_baseline_is_english() -> None:
    module = evaluate_script()
    gold = ["report_barking", "report_at_large", "report_bite"] * 10 + ["greet"]
    predicted = gold[:-1] + ["report_bite"]  # one greeting read as a bite: report-type macro-F1 0.984
    examples = [module.Example(text=f"m{i}", intent=g) for i, g in enumerate(gold)]
    scores = module.score(examples, [module.Prediction(intent=p) for p in predicted])
    scores["report_types"]["macro_f1"] = 0.94  # between issue 12's 0.93 and issue 9's 0.96
    spanish = module.targets_met("blind-es", scores, module.SPANISH_TARGETS)
    english = module.targets_met("blind-12b", scores, module.TARGETS)
    assert spanish["report_type_macro_f1"] is True and english["report_type_macro_f1"] is False
    assert "intent_macro_f1" not in spanish
    result = {
        "name": "blind-es",
        "model": "m",
        "messages": len(gold),
        "model_scores": scores,
        "baseline_scores": scores,
        "median_parse_ms": 1.0,
        "overlap_with_training": 0,
        "language": "es",
        "targets": module.SPANISH_TARGETS,
        "targets_met": spanish,
    }
    text = module.report([result])
    assert module.BASELINE_ENGLISH_ONLY in text
    assert "target report_type_macro_f1 >= 0.93: met" in text
