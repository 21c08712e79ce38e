import pytest

pytest.importorskip("rasa")

from rasa.shared.nlu.training_data.message import Message  # noqa: E402

from integrations.nlu_components import EntityNormaliser, canonical_reference  # noqa: E402


def entity(kind: str, value: str, start: int, end: int, extractor: str = "SpacyEntityExtractor") -> dict:
    return {"entity": kind, "value": value, "start": start, "end": end, "extractor": extractor}


@pytest.fixture
def normaliser() -> EntityNormaliser:
    return EntityNormaliser(EntityNormaliser.get_default_config())


def test_animal_values_become_species_and_non_animals_are_dropped(normaliser: EntityNormaliser) -> None:
    result = normaliser.normalise([entity("animal", "Pit Bulls", 0, 9), entity("animal", "mailman", 20, 27)])
    assert [(e["entity"], e["value"]) for e in result] == [("animal", "dog")]


def test_reference_is_canonical(normaliser: EntityNormaliser) -> None:
    result = normaliser.normalise([entity("reference", "kel 2026 42", 10, 21)])
    assert result[0]["value"] == "KEL-2026-00042"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KEL-2026-00042", "KEL-2026-00042"),
        ("fre-2026-7", "FRE-2026-00007"),
        ("hello", None),
        ("KEL-26-1", None),
    ],
)
def test_canonical_reference(text: str, expected: str | None) -> None:
    assert canonical_reference(text) == expected


def test_location_is_trimmed(normaliser: EntityNormaliser) -> None:
    assert normaliser.normalise([entity("location", "412 Oak St.", 0, 11)])[0]["value"] == "412 Oak St"


def test_a_location_keeps_the_residents_own_case(normaliser: EntityNormaliser) -> None:
    # SpacyNLP (case_sensitive: false) gives the extractor the lower-cased text; the clerk reads what was written
    text = "the dog next door at 412 Oak St, barking for an hour"
    found = [entity("location", "412 oak st,", 21, 32)]
    assert normaliser.normalise(found, text)[0]["value"] == "412 Oak St"
    # offsets that point at other words leave the value as it was
    assert normaliser.normalise([entity("location", "412 oak st", 0, 10)], text)[0]["value"] == "412 oak st"
    message = Message(data={"text": "loose dog at the corner of 3rd and Elm"})
    message.set("entities", [entity("location", "corner of 3rd and elm", 17, 38)])
    normaliser.process([message])
    assert message.get("entities")[0]["value"] == "corner of 3rd and Elm"


def test_overlapping_entities_keep_the_preferred_extractor(normaliser: EntityNormaliser) -> None:
    ruler = entity("location", "412 oak st", 7, 17)
    diet = entity("location", "oak st", 11, 17, extractor="DIETClassifier")
    elsewhere = entity("location", "the park", 30, 38, extractor="DIETClassifier")
    result = normaliser.normalise([diet, elsewhere, ruler])
    assert [(e["value"], e["extractor"]) for e in result] == [
        ("412 oak st", "SpacyEntityExtractor"),
        ("the park", "DIETClassifier"),
    ]


def test_process_sets_entities_on_messages(normaliser: EntityNormaliser) -> None:
    message = Message(data={"text": "labs loose", "entities": [entity("animal", "labs", 0, 4)]})
    normaliser.process([message])
    assert message.get("entities")[0]["value"] == "dog"


def test_a_street_named_for_a_bird_is_dropped_as_an_animal(normaliser: EntityNormaliser) -> None:
    # the ruler sees "heron" lower-cased; the normaliser reads the resident's own text at its offsets
    text = "I reported the dog on Heron last Tuesday"
    found = [entity("animal", "dog", 15, 18), entity("animal", "heron", 22, 27)]
    assert [e["value"] for e in normaliser.normalise(found, text)] == ["dog"]
    pond = "a heron is in my pond"
    assert [e["value"] for e in normaliser.normalise([entity("animal", "heron", 2, 7)], pond)] == ["bird"]
