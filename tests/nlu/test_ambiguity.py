"""Ask rather than guess (issue 9 section 4): two report types competing, or low confidence, are asked about."""

import pytest

from bot.nlp.ambiguity import arbitrate


def ranking(*pairs: tuple[str, float]) -> list[dict]:
    return [{"name": name, "confidence": confidence} for name, confidence in pairs]


def test_two_report_types_close_together_are_asked_about() -> None:
    assert arbitrate(ranking(("report_barking", 0.48), ("report_at_large", 0.41), ("greet", 0.02))) == [
        "report_barking",
        "report_at_large",
    ]


def test_a_low_confidence_report_is_asked_about() -> None:
    assert arbitrate(ranking(("report_bite", 0.42), ("out_of_scope", 0.2))) == ["report_bite"]


def test_a_clear_report_stands() -> None:
    assert arbitrate(ranking(("report_barking", 0.93), ("report_at_large", 0.04))) is None


def test_a_non_report_is_left_to_the_fallback_classifier() -> None:
    assert arbitrate(ranking(("nlu_fallback", 0.4), ("greet", 0.3), ("report_bite", 0.28))) is None


def test_the_fallback_intent_is_looked_through() -> None:
    result = arbitrate(ranking(("nlu_fallback", 0.4), ("report_bite", 0.45), ("report_at_large", 0.4)))
    assert result == ["report_bite", "report_at_large"]


def test_component_sets_ambiguous_report_and_keeps_the_candidates() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    message = Message(data={"text": "theres a dog out there"})
    message.set("intent", {"name": "report_at_large", "confidence": 0.5})
    message.set("intent_ranking", ranking(("report_at_large", 0.5), ("report_barking", 0.45)))
    ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process([message])
    assert message.get("intent")["name"] == "ambiguous_report"
    assert message.get("report_candidates") == ["report_at_large", "report_barking"]
    assert message.get("intent_ranking")[1]["name"] == "report_at_large"


def test_component_leaves_a_clear_report_alone() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    message = Message(data={"text": "dog barking at 412 oak"})
    message.set("intent", {"name": "report_barking", "confidence": 0.97})
    message.set("intent_ranking", ranking(("report_barking", 0.97), ("report_at_large", 0.01)))
    ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process([message])
    assert message.get("intent")["name"] == "report_barking"


def test_place_roles_component_relabels_the_owners_address() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import PlaceRoles

    text = "the german shepherd from 511 Chestnut went after my cat at 509 Chestnut"
    message = Message(data={"text": text})
    message.set(
        "entities",
        [
            {
                "entity": "location",
                "start": 25,
                "end": 37,
                "value": "511 Chestnut",
                "extractor": "SpacyEntityExtractor",
            },
            {
                "entity": "location",
                "start": 61,
                "end": 73,
                "value": "509 Chestnut",
                "extractor": "SpacyEntityExtractor",
            },
        ],
    )
    PlaceRoles(["Chestnut"]).process([message])
    assert [(e["entity"], e["value"]) for e in message.get("entities")] == [
        ("owner_location", "511 Chestnut"),
        ("location", "509 Chestnut"),
    ]
