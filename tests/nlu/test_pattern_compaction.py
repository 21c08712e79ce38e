"""The ruler's patterns are merged (bot/nlp/pattern_compaction.py) only where the merged pattern matches exactly
the spans the originals matched."""

from __future__ import annotations

import pytest

from bot.nlp.pattern_compaction import compact_patterns
from bot.nlp.pipeline import build_pipeline, entity_patterns
from tests.support.nlu_data import training_examples
from tests.support.place_runner import intake_pipeline


def _ruler(patterns):
    import spacy

    nlp = spacy.blank("en")
    nlp.add_pipe("entity_ruler", config={"validate": False, "overwrite_ents": True}).add_patterns(patterns)
    return nlp


def _spans(nlp, text: str) -> list[tuple[str, str, str]]:
    return [(ent.label_, ent.text, ent.ent_id_) for ent in nlp(text).ents]


THREE = [
    {"label": "location", "pattern": [{"LOWER": "behind"}, {"LOWER": "the"}, {"LOWER": "church"}]},
    {"label": "location", "pattern": [{"LOWER": "behind"}, {"LOWER": "the"}, {"LOWER": "school"}]},
    {"label": "location", "pattern": [{"LOWER": "behind"}, {"LOWER": "a"}, {"LOWER": "school"}]},
]


def test_patterns_differing_in_one_word_become_one_with_both_words() -> None:
    # "behind the school" merges with "behind a school"; "behind the church" then differs from the merged
    # pattern in two places, and merging it too would read "behind a church", which no pattern read
    assert compact_patterns(THREE) == [
        {"label": "location", "pattern": [{"LOWER": "behind"}, {"LOWER": "the"}, {"LOWER": "church"}]},
        {
            "label": "location",
            "pattern": [{"LOWER": "behind"}, {"LOWER": {"IN": ["a", "the"]}}, {"LOWER": "school"}],
        },
    ]


def test_a_merge_never_matches_a_span_no_original_matched() -> None:
    before, after = _ruler(THREE), _ruler(compact_patterns(THREE))
    for text in (
        "behind the church",
        "behind the school",
        "behind a school",
        "behind a church",
        "behind the",
    ):
        assert _spans(after, text) == _spans(before, text), text
    assert _spans(after, "behind a church") == []


@pytest.mark.parametrize(
    "pair",
    [
        # another label, another id (species), another OP, a test other than LOWER: each kept apart
        [
            {"label": "location", "pattern": [{"LOWER": "oak"}]},
            {"label": "animal", "pattern": [{"LOWER": "elm"}]},
        ],
        [
            {"label": "animal", "pattern": [{"LOWER": "pup"}], "id": "dog"},
            {"label": "animal", "pattern": [{"LOWER": "kit"}], "id": "cat"},
        ],
        [
            {"label": "location", "pattern": [{"LOWER": "the", "OP": "?"}, {"LOWER": "park"}]},
            {"label": "location", "pattern": [{"LOWER": "a"}, {"LOWER": "park"}]},
        ],
        [
            {"label": "location", "pattern": [{"TEXT": {"REGEX": "^\\d+$"}}, {"LOWER": "oak"}]},
            {"label": "location", "pattern": [{"LOWER": "ten"}, {"LOWER": "oak"}]},
        ],
    ],
)
def test_patterns_that_differ_in_more_than_one_word_are_kept_apart(pair) -> None:
    assert sorted(map(repr, compact_patterns(pair))) == sorted(map(repr, pair))


def test_the_compacted_ruler_finds_what_the_full_ruler_finds_in_the_training_messages() -> None:
    patterns = entity_patterns(("KEL", "FRE"))
    compacted = compact_patterns(patterns)
    assert len(compacted) < len(patterns) / 2
    full, compact = build_pipeline(("KEL", "FRE"), compact=False), intake_pipeline()
    texts = [message.get("text") for message in training_examples()][::100]
    assert len(texts) > 80
    for text in texts + [
        text.lower() for text in texts
    ]:  # Rasa passes the lower-cased text (case_sensitive: false)
        assert _spans(compact, text) == _spans(full, text), text
