"""A bite is never filed under another type: when the
resident's words say an animal bit someone and the classifiers rank barking, at large or wildlife first, the
assistant asks "Is it barking, loose, or did it bite someone?" (bot.nlp.facts.bite_cues, bot.nlp.facts.ambiguity).

Kellogg 58-10 and Freeport 5 B make a bite a matter of hours (quarantine, the owner told within two
hours): a bite filed as "at large" gets no 911 advice, is not urgent and pages nobody."""

import pytest

from bot.nlp.facts.ambiguity import arbitrate
from bot.nlp.facts.bite_cues import mentions_harm, says_bitten


@pytest.mark.parametrize(
    "text",
    [
        "A loose dog bit my wife's hand in the alley behind Pine St while she took out the trash",
        "fox bit our cat on the back steps, it was walking in circles",
        "my son got bit by the shepherd that runs loose on Maple",
        "the mailman was bitten on Elm this morning",
        "the husky from down the road killed our hens and now it's sitting in the ditch",
        "the neighbors dog bites anyone who walks past, it bit the paper boy today",
        "un perro suelto mordio a mi hijo en la Walnut",
        "me mordio el perro del vecino cuando sali por el correo",
        "un perro mato al conejo de mis hijos en su jaula",
        "mi esposa fue mordida por un gato en la calle Elm",
        # the spent m sets: a bite said without "bit", reworded
        "the little terrier in the pickup hopped out at the gas station and got me on the ankle",
        "a raccoon grabbed my thumb when I lifted the lid of the compost bin",
        "our lab came home after a coyote got hold of his ear, it's bleeding",
        "the shepherd took a chunk out of my coat and my forearm, never mind, my arm",
        "paramedic here, a man with dog inflicted wounds on his legs at the trailer park",
        "the goat has two holes in her neck after the neighbor's husky got into the pen",
        "el gato del vecino me clavo los dientes en la mano",
        "el chucho me agarro la pierna cuando pase en bici",
    ],
)
def test_words_that_say_an_animal_bit_someone(text: str) -> None:
    assert says_bitten(text)


@pytest.mark.parametrize(
    "text",
    [
        "a dog chased my son on his bike down Spruce, it didnt bite but he is scared",
        "it's just loose, no bite",
        "big dog at the bus stop, nobody bit but it's still running around",
        "it hasn't bitten anyone yet but it growls at the kids",
        "not a bite or anything, just a dog barking all night at 412 School St",
        "the dog on Main has been limping a bit and wandering in the road",
        "yes every bit of that is right",
        "un perro correteo a mi hijo, no lo mordio pero se asusto",
        "no ha mordido a nadie, nomas ladra",
        "las ardillas mordieron los cables del shed en la Forest",
        # a grabbing verb with no body part, a body part that is the animal's own, a habit
        "the dog got out the back door and is on Elm",
        "a deer got its leg caught in the fence on 570th",
        "grabbed my keys and went out, the dog on Pine is barking again",
        "my ferret scooted out the door at 18 Depot, call if you find him, he bites a little",
        "",
    ],
)
def test_words_that_say_no_bite_happened_or_none_at_all(text: str) -> None:
    assert not says_bitten(text)


def ranking(*pairs: tuple[str, float]) -> list[dict]:
    return [{"name": name, "confidence": confidence} for name, confidence in pairs]


@pytest.mark.parametrize("top", ["report_at_large", "report_barking", "report_wildlife"])
def test_a_confident_other_type_is_asked_about_when_the_words_say_a_bite(top: str) -> None:
    confident = ranking((top, 0.92), ("report_bite", 0.05))
    assert arbitrate(confident) is None  # the classifiers alone would file it
    assert arbitrate(confident, bite_said=True) == [top, "report_bite"]


@pytest.mark.parametrize(
    "close",
    [
        # "A loose dog bit my wife's hand in the alley behind Pine St": loose, and a bite
        ranking(("report_bite", 0.52), ("report_at_large", 0.41)),
        # "fox bit my cat on our porch": wildlife, and a bite
        ranking(("report_bite", 0.45), ("report_wildlife", 0.40)),
    ],
)
def test_a_bite_ranked_first_is_filed_when_the_words_say_it_bit(close: list[dict]) -> None:
    # Kellogg § 58-10 "Animal bites"; Freeport Section 11 A: an animal that inflicts "bodily injury to any
    # person or other animal". The words confirm the classifiers' first choice.
    assert arbitrate(close) is not None  # the classifiers alone would ask
    assert arbitrate(close, bite_said=True) is None


def test_a_bite_read_as_a_lost_pet_is_asked_about() -> None:
    # "found one of our barn cats torn up ... and saw a bobcat slinking off" was answered as a lost pet
    lost = ranking(("ask_lost_pet", 0.7), ("report_bite", 0.2))
    assert arbitrate(lost) is None
    assert arbitrate(lost, bite_said=True) == ["ask_lost_pet", "report_bite"]


def _arbitrated(texts: list[str], ranked: list[dict]) -> list:
    """Messages as the classifiers leave them (best of `ranked` first), after the ReportTypeArbiter."""
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    messages = []
    for text in texts:
        message = Message(data={"text": text})
        message.set("intent", dict(ranked[0]))
        message.set("intent_ranking", [dict(r) for r in ranked])
        messages.append(message)
    return ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process(messages)


def test_a_bite_the_words_confirm_is_filed_over_the_fallback() -> None:
    bitten, unclear = _arbitrated(
        [
            "EMT here, a woman with dog inflicted wounds to both hands at 1120 Melrose Ave",
            "the brown one at 1120 Melrose Ave, you know the one",
        ],
        ranking(("nlu_fallback", 0.4), ("report_bite", 0.36), ("inform", 0.3), ("report_at_large", 0.1)),
    )
    assert bitten.get("intent") == {"name": "report_bite", "confidence": 0.36}
    assert [r["name"] for r in bitten.get("intent_ranking")] == ["report_bite", "inform", "report_at_large"]
    assert unclear.get("intent")["name"] == "ambiguous_report"  # no bite said: asked, as before


def test_a_bite_ranked_first_or_another_intent_is_left_alone_by_the_bite_words() -> None:
    assert arbitrate(ranking(("report_bite", 0.9), ("report_at_large", 0.05)), bite_said=True) is None
    # "did you find the dog that bit my son?" is a status question, never a report to ask about
    assert arbitrate(ranking(("check_status", 0.9), ("report_bite", 0.05)), bite_said=True) is None
    assert arbitrate(ranking(("inform", 0.8), ("report_bite", 0.1)), bite_said=True) is None


def test_component_asks_when_a_bite_is_read_as_an_animal_at_large() -> None:
    pytest.importorskip("rasa")
    from rasa.shared.nlu.training_data.message import Message

    from integrations.nlu_components import ReportTypeArbiter

    def parsed(text: str) -> Message:
        message = Message(data={"text": text})
        message.set("intent", {"name": "report_at_large", "confidence": 0.81})
        message.set("intent_ranking", ranking(("report_at_large", 0.81), ("report_bite", 0.12)))
        return message

    bitten = parsed("a loose dog bit my neighbor's boy by the school on Center St and ran off")
    chased = parsed("a loose dog chased my neighbor's boy by the school on Center St, it didn't bite")
    ReportTypeArbiter(ReportTypeArbiter.get_default_config()).process([bitten, chased])
    assert bitten.get("intent") == {"name": "ambiguous_report", "confidence": 0.81}
    assert bitten.get("report_candidates") == ["report_at_large", "report_bite"]
    assert chased.get("intent")["name"] == "report_at_large"


@pytest.mark.parametrize(
    "text",
    [
        "my goat has bite wounds all over and the shepherd down the road is always loose",
        "the heeler got the meter reader on the leg",  # no "bit": a body part after "on the"
        "a dog is going after kids at the playground",
        "unos perros despedazaron a nuestros patos",
        "el ganso le pico la mano a mi nino",
        "el perro se le fue encima a mi hija",
        "a mi hijo lo alcanzo un perro y le rompio la piel",
        # the spent o sets: held by the neck, a pet at the vet
        "el perro de al lado traia a mi conejo del pescuezo, ya esta con el veterinario",
        "our cat is at the vet now, the shepherd from next door caught her in the yard",
    ],
)
def test_words_of_a_bite_an_attack_or_a_wound(text: str) -> None:
    assert mentions_harm(text)


@pytest.mark.parametrize(
    "text",
    [
        "our kitten snuck out when the couch got delivered at 12 Elm, grey with a white chest",
        "se nos salieron tres borregas del corral en la 590th, alguien las ha visto?",
        "las vacas del vecino estan en nuestro campo de maiz otra vez",
        "a dalmatian got loose in the clinic parking lot and is in the ditch now",
        "",
    ],
)
def test_no_word_of_harm(text: str) -> None:
    assert not mentions_harm(text)


def test_a_bite_ranked_first_with_no_word_of_harm_is_asked_about_not_filed() -> None:
    # Kellogg 58-10 D: the owner is told within two hours of a bite; a lost kitten filed as a bite pages the
    # officer for nothing. The classifier's 0.97 is asked about when no word of the message speaks of harm.
    kitten = ranking(("report_bite", 0.97), ("ask_lost_pet", 0.02))
    assert arbitrate(kitten, harm_said=False) == ["report_bite"]
    assert arbitrate(kitten, harm_said=True) is None
    close = ranking(("report_bite", 0.61), ("report_at_large", 0.29))
    assert arbitrate(close, harm_said=False) == ["report_bite"]


def test_the_arbiter_asks_about_a_bite_whose_words_say_no_harm() -> None:
    kitten, bitten = _arbitrated(
        [
            "my daughter's kitten snuck out at 409 Heritage Dr, black with a white spot",
            "my daughter's kitten was bitten by the dog at 409 Heritage Dr",
        ],
        ranking(("report_bite", 0.97), ("ask_lost_pet", 0.02)),
    )
    assert kitten.get("intent")["name"] == "ambiguous_report"
    assert kitten.get("report_candidates") == ["report_bite"]
    assert bitten.get("intent") == {"name": "report_bite", "confidence": 0.97}
