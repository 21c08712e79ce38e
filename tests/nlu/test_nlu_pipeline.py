from pathlib import Path

import pytest
import yaml

from bot.nlp.animals.taxonomy import normalise_animal, species_names
from bot.nlp.pipeline import build, entity_patterns, lookup_files

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def nlp(tmp_path_factory: pytest.TempPathFactory):
    import spacy

    directory = build(tmp_path_factory.mktemp("spacy") / "spacy_intake")
    return spacy.load(directory)


def entities(nlp, text: str) -> list[tuple[str, str]]:
    return [(ent.label_, ent.text) for ent in nlp(text).ents]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dog at 412 oak st barking since 10pm", [("animal", "dog"), ("location", "412 oak st")]),
        (
            "the pit bull at 412 Oak St apt 3 bit me",
            [("animal", "pit bull"), ("location", "412 Oak St apt 3")],
        ),
        (
            "loose cattle on the corner of 3rd and Elm",
            [("animal", "cattle"), ("location", "corner of 3rd and Elm")],
        ),
        ("2 labs at 3rd & elm", [("animal", "labs"), ("location", "3rd & elm")]),
        ("barking on the 400 block of oak", [("location", "the 400 block of oak")]),
        ("skunk behind the church", [("animal", "skunk"), ("location", "behind the church")]),
        ("cows out on county road 18", [("animal", "cows"), ("location", "county road 18")]),
        ("the owner is bob at 414 oak", [("location", "414 oak")]),
        ("any update on KEL-2026-00042?", [("reference", "KEL-2026-00042")]),
        ("uh the dog at four twelve oak street", [("animal", "dog"), ("location", "four twelve oak street")]),
    ],
)
def test_ruler_finds_entity_spans(nlp, text: str, expected: list[tuple[str, str]]) -> None:
    assert entities(nlp, text) == expected


@pytest.mark.parametrize(
    "text", ["it's on my street", "the dog next door", "my name is Jane Doe", "3 school kids"]
)
def test_vague_places_and_names_are_not_entities(nlp, text: str) -> None:
    assert [label for label, _ in entities(nlp, text) if label != "animal"] == []
    assert "Doe" not in [span for _, span in entities(nlp, text)]


def test_animal_patterns_carry_their_species_as_id(nlp) -> None:
    doc = nlp("a rottweiler and two kittens")
    assert [(ent.text, ent.ent_id_) for ent in doc.ents] == [("rottweiler", "dog"), ("kittens", "cat")]


def test_patterns_are_deterministic() -> None:
    assert entity_patterns() == entity_patterns()


def test_every_animal_pattern_normalises_to_its_species() -> None:
    for pattern in entity_patterns():
        if pattern["label"] == "animal" and all("LOWER" in token for token in pattern["pattern"]):
            phrase = " ".join(token["LOWER"] for token in pattern["pattern"])
            assert normalise_animal(phrase) == pattern["id"], phrase


def test_committed_lookup_files_match_the_tables() -> None:
    for name, content in lookup_files().items():
        assert (ROOT / "data" / "nlu" / name).read_text(encoding="utf-8") == content, (
            f"data/nlu/{name} is stale: run python -m bot.nlp.pipeline export-lookups data/nlu"
        )


def test_synonyms_only_name_species() -> None:
    document = yaml.safe_load(lookup_files()["synonyms.yml"])
    assert {item["synonym"] for item in document["nlu"]} <= species_names()
