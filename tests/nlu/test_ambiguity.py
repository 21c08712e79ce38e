"""Ask rather than guess: two report types competing, or low confidence, are asked about."""

import pytest

from bot.nlp.facts.ambiguity import arbitrate


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
                "start": 59,
                "end": 71,
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


# The animals named hold the report type (bot.nlp.facts.ambiguity.reconcile_species): farm animals and pets loose
# are "at large" under both ordinances (Kellogg 58-1 "at large": off the owner's premises; Freeport 1 E), so
# never wildlife; a skunk or a deer is wildlife, referred, never filed as barking or at large.


def test_a_cow_is_never_wildlife() -> None:
    from bot.nlp.facts.ambiguity import reconcile_species

    result = reconcile_species(
        ranking(("report_wildlife", 0.6), ("report_at_large", 0.3), ("report_barking", 0.1)), ["cow"]
    )
    assert [r["name"] for r in result] == ["report_at_large", "report_barking"]
    assert result[0]["confidence"] == pytest.approx(0.75)


def test_dogs_heard_from_the_house_are_not_wildlife_and_the_fallback_is_looked_through() -> None:
    from bot.nlp.facts.ambiguity import reconcile_species

    result = reconcile_species(
        ranking(("nlu_fallback", 0.4), ("report_wildlife", 0.38), ("report_barking", 0.35)), ["dog", "dog"]
    )
    assert result[0]["name"] == "report_barking"


def test_a_skunk_is_never_at_large() -> None:
    from bot.nlp.facts.ambiguity import reconcile_species

    result = reconcile_species(
        ranking(("report_at_large", 0.7), ("report_wildlife", 0.2), ("inform", 0.1)), ["skunk"]
    )
    assert [r["name"] for r in result] == ["report_wildlife", "inform"]
    assert result[0]["confidence"] == pytest.approx(0.9)


def test_a_coyote_close_between_wildlife_and_at_large_is_wildlife() -> None:
    from bot.nlp.facts.ambiguity import reconcile_species

    result = reconcile_species(
        ranking(
            ("nlu_fallback", 0.4), ("report_wildlife", 0.51), ("report_at_large", 0.44), ("inform", 0.05)
        ),
        ["coyote"],
    )
    assert result[0]["name"] == "report_wildlife"
    assert result[0]["confidence"] == pytest.approx(0.95)


def test_a_contradicted_intent_far_down_the_ranking_changes_nothing() -> None:
    from bot.nlp.facts.ambiguity import reconcile_species

    assert (
        reconcile_species(ranking(("inform", 0.5), ("deny", 0.45), ("report_wildlife", 0.05)), ["cow"])
        is None
    )


@pytest.mark.parametrize(
    "top, animals",
    [
        ("report_wildlife", ["fox", "chicken"]),  # both kinds: the words decide
        ("report_wildlife", ["bird"]),  # a bird can be either
        ("report_wildlife", ["bird", "chicken"]),  # "a hawk keeps taking our chickens"
        ("report_wildlife", []),
        ("report_bite", ["raccoon"]),  # a wild animal that bit is a bite
        ("report_at_large", ["dog"]),
    ],
)
def test_the_best_intent_stands_when_the_animals_do_not_contradict_it(top: str, animals: list[str]) -> None:
    from bot.nlp.facts.ambiguity import reconcile_species

    result = reconcile_species(ranking((top, 0.6), ("report_at_large", 0.3)), animals)
    assert result is None or result[0] == {"name": top, "confidence": 0.6}


def test_component_reads_a_calf_on_the_road_as_at_large() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    message = Message(data={"text": "i almost hit a calf on county rd 18"})
    message.set("intent", {"name": "report_wildlife", "confidence": 0.55})
    message.set(
        "intent_ranking", ranking(("report_wildlife", 0.55), ("report_at_large", 0.4), ("inform", 0.05))
    )
    message.set("entities", [{"entity": "animal", "value": "cow", "start": 15, "end": 19}])
    ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process([message])
    assert message.get("intent")["name"] == "report_at_large"
    assert message.get("report_candidates") is None


def test_component_falls_back_when_the_reconciled_intent_is_weak() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    message = Message(data={"text": "the dog thing again"})
    message.set("intent", {"name": "report_wildlife", "confidence": 0.5})
    message.set("intent_ranking", ranking(("report_wildlife", 0.5), ("greet", 0.15), ("inform", 0.15)))
    message.set("entities", [{"entity": "animal", "value": "dog", "start": 4, "end": 7}])
    ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process([message])
    assert message.get("intent")["name"] == "nlu_fallback"


def test_a_city_service_naming_an_animal_with_a_report_close_behind_is_asked_about() -> None:
    # "a pack of three dogs is going through garbage cans on Water St": the trash pulls towards a city
    # service, but the message names the animal; asking keeps the report, falling back loses it.
    close = ranking(("nlu_fallback", 0.4), ("other_city_service", 0.526), ("report_at_large", 0.44))
    assert arbitrate(close, animal_named=True) == ["report_at_large"]
    assert arbitrate(close, animal_named=False) is None  # no animal: the fallback classifier's answer stands
    far = ranking(("other_city_service", 0.8), ("report_at_large", 0.15))
    assert arbitrate(far, animal_named=True) is None  # a pothole report that mentions a dog stays a pothole
    out = ranking(("out_of_scope", 0.45), ("report_barking", 0.3), ("report_bite", 0.28), ("greet", 0.2))
    assert arbitrate(out, animal_named=True) == ["report_barking", "report_bite"]
    status = ranking(("check_status", 0.5), ("report_barking", 0.45))
    assert arbitrate(status, animal_named=True) is None  # only "no animal matter" intents are second-guessed


def test_component_asks_when_a_city_service_message_names_an_animal() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    def parsed(entities: list[dict]) -> Message:
        message = Message(data={"text": "a pack of three dogs is going through garbage cans on Water St"})
        message.set("intent", {"name": "nlu_fallback", "confidence": 0.4})
        message.set(
            "intent_ranking",
            ranking(("nlu_fallback", 0.4), ("other_city_service", 0.526), ("report_at_large", 0.44)),
        )
        message.set("entities", entities)
        return message

    named = parsed([{"entity": "animal", "value": "dog", "start": 16, "end": 20}])
    unnamed = parsed([{"entity": "location", "value": "Water St", "start": 54, "end": 62}])
    ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process([named, unnamed])
    assert named.get("intent") == {"name": "ambiguous_report", "confidence": 0.44}
    assert named.get("report_candidates") == ["report_at_large"]
    assert unnamed.get("intent")["name"] == "nlu_fallback"


@pytest.mark.parametrize(
    ("best", "close"),
    [
        ("report_threat", "report_bite"),  # nothing bit, or a bite: 911 and the officer's page hang on it
        ("report_neglect", "report_at_large"),  # issue 34: neglect was filed and counted as at large
        ("report_waste", "report_at_large"),  # 58-15, not 58-3
        ("report_too_many", "report_barking"),  # a kennel: 58-4, or 58-5 C
        ("report_at_large", "report_threat"),  # charged at me: Freeport 11 C 2 b
        ("report_barking", "report_neglect"),  # a dog crying all day on a chain
    ],
)
def test_a_newer_report_type_close_to_another_is_asked_about(best: str, close: str) -> None:
    assert arbitrate(ranking((best, 0.5), (close, 0.4), ("inform", 0.05))) == [best, close]


def test_damage_close_behind_lets_the_other_type_stand() -> None:
    # a loose dog that dug up a garden is at large whatever else it did (Kellogg names no damage)
    assert arbitrate(ranking(("report_at_large", 0.55), ("report_damage", 0.4))) is None
    # but damage as the best guess, with at large close behind, is asked about
    assert arbitrate(ranking(("report_damage", 0.55), ("report_at_large", 0.4))) == [
        "report_damage",
        "report_at_large",
    ]


@pytest.mark.parametrize("best", ["report_threat", "report_neglect", "report_waste", "report_too_many"])
def test_a_newer_report_type_at_low_confidence_is_asked_about(best: str) -> None:
    assert arbitrate(ranking((best, 0.45), ("inform", 0.3))) == [best]
    assert arbitrate(ranking((best, 0.9), ("inform", 0.05))) is None


def test_a_bite_in_the_words_of_a_threat_is_asked_about_with_the_bite() -> None:
    # "it charged and bit my leg": filed as a threat it would page nobody
    assert arbitrate(ranking(("report_threat", 0.8), ("report_bite", 0.1)), bite_said=True) == [
        "report_threat",
        "report_bite",
    ]
