import pytest

from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.metrics import Span, intent_scores, median, prf, span_scores, token_iou, trim_span, value_scores


def test_prf_counts() -> None:
    score = prf(true_positives=3, predicted=4, gold=6)
    assert (score.precision, score.recall) == (0.75, 0.5)
    assert score.f1 == pytest.approx(0.6)


def test_prf_empty_sides() -> None:
    assert prf(0, 0, 0).f1 == 1.0
    assert prf(0, 2, 0).f1 == 0.0
    assert prf(0, 0, 2).f1 == 0.0


def test_intent_scores_accuracy_and_macro_f1() -> None:
    gold = ["a", "a", "b", "b"]
    predicted = ["a", "b", "b", "b"]
    scores = intent_scores(gold, predicted)
    assert scores["accuracy"] == 0.75
    # a: P=1 R=0.5 F1=0.6667; b: P=0.6667 R=1 F1=0.8
    assert scores["macro_f1"] == pytest.approx((2 / 3 + 0.8) / 2, abs=1e-3)


def test_prediction_outside_gold_labels_costs_recall_but_is_not_a_class_in_macro() -> None:
    scores = intent_scores(["a", "b"], ["a", "nlu_fallback"])
    assert scores["per_intent"]["b"]["recall"] == 0.0
    assert scores["macro_f1"] == pytest.approx(0.5)
    assert scores["macro_f1_all_labels"] == pytest.approx(1 / 3, abs=1e-3)


def test_intent_scores_reject_length_mismatch() -> None:
    with pytest.raises(ValueError):
        intent_scores(["a"], ["a", "b"])


def test_trim_span_drops_edge_punctuation() -> None:
    text = "dog at 412 Oak St. now"
    assert trim_span(text, Span(7, 18)) == Span(7, 17)


def test_exact_span_match_ignores_trailing_period_only() -> None:
    text = "dog at 412 Oak St. now"
    gold = [[Span(7, 17)]]
    assert span_scores([text], gold, [[Span(7, 18)]], rule="exact").f1 == 1.0
    assert span_scores([text], gold, [[Span(11, 17)]], rule="exact").f1 == 0.0


def test_overlap_rule_needs_half_the_tokens() -> None:
    text = "loose dog behind the church on oak"
    gold = [Span(10, 27)]  # behind the church
    assert token_iou(text, gold[0], Span(17, 27)) == pytest.approx(2 / 3)
    assert span_scores([text], [gold], [[Span(17, 27)]], rule="overlap").f1 == 1.0
    assert span_scores([text], [gold], [[Span(21, 27)]], rule="overlap").f1 == 0.0  # "church" alone: 1/3


def test_overlap_rule_pairs_one_to_one() -> None:
    text = "412 oak st and 414 oak st"
    gold = [[Span(0, 10)]]
    predicted = [[Span(0, 10), Span(0, 7)]]
    score = span_scores([text], gold, predicted, rule="overlap")
    assert (score.true_positives, score.predicted, score.gold) == (1, 2, 1)


def test_unknown_span_rule_is_an_error() -> None:
    with pytest.raises(ValueError):
        span_scores(["x"], [[]], [[]], rule="fuzzy")


def test_value_scores_normalise_predictions_and_count_multisets() -> None:
    gold = [["dog", "dog"], ["cow"], []]
    predicted = [["pit bull", "cat"], ["cattle"], ["mailman"]]
    score = value_scores(gold, predicted, normalise_animal)
    assert (score.true_positives, score.predicted, score.gold) == (2, 4, 3)


def test_median() -> None:
    assert median([3.0, 1.0, 2.0]) == 2.0
    assert median([4.0, 1.0, 2.0, 3.0]) == 2.5
    assert median([]) == 0.0


def test_report_type_scores_macro_wrong_type_and_asked() -> None:
    from bot.nlp.metrics import report_type_scores

    gold = ["report_barking", "report_barking", "report_at_large", "report_wildlife", "report_bite"]
    predicted = ["report_barking", "ambiguous_report", "report_at_large", "report_at_large", "report_barking"]
    scores = report_type_scores(gold, predicted)
    # barking P=1/2 R=1/2 F1=0.5; at_large P=1/2 R=1 F1=0.6667; bite F1=0
    assert scores["macro_f1"] == pytest.approx((0.5 + 2 / 3 + 0) / 3, abs=1e-3)
    assert (scores["reports"], scores["wrong_type"], scores["asked"]) == (4, 1, 1)


def test_intents_fold_to_the_real_sets_kinds() -> None:
    from bot.nlp.metrics import fold_intent, fold_label

    assert fold_intent("report_threat") == "at_large"  # charged, chased: the file labels it at large
    assert [
        fold_intent(i) for i in ("report_neglect", "report_waste", "report_wildlife", "ask_lost_pet")
    ] == ["other"] * 4
    assert fold_intent("ambiguous_report") == "asked" and fold_intent("nlu_fallback") == "asked"
    assert fold_label("not_animal") == "other" and fold_label("other_animal") == "other"
    assert fold_label("bite") == "bite"


def test_folded_macro_f1_is_over_the_kinds_in_gold_and_a_question_costs_recall() -> None:
    from bot.nlp.metrics import folded_type_scores

    gold = ["at_large", "at_large", "other_animal", "not_animal"]
    predicted = ["report_threat", "ambiguous_report", "report_neglect", "report_at_large"]
    scores = folded_type_scores(gold, predicted)
    # at_large: P 1/2 R 1/2 F1 0.5; other: P 1/1 R 1/2 F1 0.667; barking and bite absent from gold
    assert scores["macro_f1"] == pytest.approx((0.5 + 2 / 3) / 2, abs=1e-3)
    assert set(scores["per_type"]) == {"at_large", "other"}
    assert scores["asked"] == 1
