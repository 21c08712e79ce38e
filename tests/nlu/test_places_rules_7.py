"""Place rules of the seventh places pass (round 11, read from the spent j sets' errors; bot/nlp/place_tails.py and
the owner cues of bot/nlp/places.py). The annotation conventions the sets state since round 10 ("A road with a
landmark along it is one location span"; "a direction span keeps its words of direction"; "the dog at <address>
with no word of living there is the incident location") are the rule."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a llama in the middle of Sauk River Rd near the canoe landing",
         [("location", "Sauk River Rd near the canoe landing")]),
        ("there are sheep all over 260th Ave by the Becker dairy", [("location", "260th Ave by the Becker dairy")]),
        ("cattle through the fence on County Rd 9 half mile north of 190th, angus",
         [("location", "County Rd 9 half mile north of 190th")]),
        ("a pony in the ditch on County Road 18 across from fire number 28905",
         [("location", "County Road 18 across from fire number 28905")]),
        ("the dog in a kennel on Franklin near Grant barks all day", [("location", "Franklin near Grant")]),
        ("un poni suelto en la Sand Prairie Rd cerca del Wildlife Area", [("location", "Sand Prairie Rd cerca del Wildlife Area")]),
        ("los chivos estan en la County 2 por la curva", [("location", "County 2 por la curva")]),
        # what follows the road's landmark is another phrase: "and the farm" is no part of "west of town"
        ("we're out on County Road 24 west of town and the farm across the road keeps a dog chained",
         [("location", "County Road 24")]),
    ],
)  # fmt: skip
def test_a_road_and_what_is_along_it_are_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a dog is loose on Oak St and went toward the river", [("location", "Oak St"), ("direction", "toward the river")]),
        ("just left heading toward Forest", [("direction", "toward Forest")]),
        ("big dog trotting down Water St, they went north toward the bridge",
         [("location", "Water St"), ("direction", "north toward the bridge")]),
        ("the boxer took off south on Zumbro", [("direction", "south on Zumbro")]),
        # the verb's particle is no word of direction
        ("it ran off toward the grain elevator", [("direction", "toward the grain elevator")]),
        ("se fue corriendo hacia el rio", [("direction", "hacia el rio")]),
        # a way to a place no pattern knows
        ("that grey husky is strolling down Cherry no leash, going toward the ball diamonds",
         [("location", "Cherry"), ("direction", "toward the ball diamonds")]),
        ("hay un perro suelto en la esquina de la quinta y la hickory y se va para el lado del puente",
         [("location", "esquina de la quinta y la hickory"), ("direction", "para el lado del puente")]),
    ],
)  # fmt: skip
def test_a_way_keeps_its_words_of_direction(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the dachshund at fire number 41820 on 210th St barks all night", [("location", "fire number 41820 on 210th St")]),
        ("the llama at the hobby farm on 210th bit my niece", [("location", "the hobby farm on 210th")]),
        ("la alpaca del vecino en la 210 me mordio el hombro", [("location", "la 210")]),
        ("dropping a pin 44.308, -91.999 thats the farm with the dogs", [("location", "44.308, -91.999")]),
        ("DOG RUNNING IN TRAFFIC ON I-94 AT THE FREEPORT EXIT RAMP", [("location", "I-94 AT THE FREEPORT EXIT RAMP")]),
        ("standing in my bean stubble at 42380 Stearns County Road 12", [("location", "42380 Stearns County Road 12")]),
        ("pack of dogs crossing County Road 11 at the bridge", [("location", "County Road 11 at the bridge")]),
        # not places: a number that is a time, a 100th that is no road, a drive-through, people
        ("el perro ladra desde la 10 de la noche", []),
        ("this is my 100th call about it", []),
        ("Bank drive thru: a great dane sitting in lane 2 at the bank on Main", [("location", "the bank on Main")]),
        ("BULL OUT on 290th Ave by the township hall huge black one nobody drive by it",
         [("location", "290th Ave by the township hall")]),
    ],
)  # fmt: skip
def test_rural_places_and_what_is_no_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # two animals at two addresses and no other place: both are where it happens
        ("There's two: the dog at 44 Birch and the dog at 46 Birch bark at each other across the fence",
         [("location", "44 Birch"), ("location", "46 Birch")]),
        # the resident's own animal at an address is where it happened
        ("the two huskies from up the road at 33120 County 11 killed my daughters fair pig at 33098 County 11",
         [("owner_location", "33120 County 11"), ("location", "33098 County 11")]),
        ("Dog bite my husband in hand. Dog of neighbor 1008 Sunrise. It happen in our yard 1010 Sunrise",
         [("owner_location", "1008 Sunrise"), ("location", "1010 Sunrise")]),
        ("a schnauzer charged out of 1404 Prospect and bit my husband on Prospect",
         [("owner_location", "1404 Prospect"), ("location", "Prospect")]),
        ("a dog bit my grandson in Mcdonough Park. owner lives at the corner of High and Front",
         [("location", "Mcdonough Park"), ("owner_location", "corner of High and Front")]),
        ("free range chickens that belong to 12 Apple are in the road at Apple and Plum again",
         [("owner_location", "12 Apple"), ("location", "Apple and Plum")]),
        # a barking animal's home is where the noise is, when no other place is named
        ("The problem is the owner at 116 School St puts the boxer on the deck and it barks at every bird",
         [("location", "116 School St")]),
        ("el chihuahueno de la vecina del lote 8 del Sunset Trailer Court ladra y ladra",
         [("location", "lote 8 del Sunset Trailer Court")]),
    ],
)  # fmt: skip
def test_whose_place_and_where_it_happened(places: Places, text: str, expected) -> None:
    assert places(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("uy un perro callejero se metio a la tortilleria de la Front y no lo podemos sacar",
         [("location", "a la tortilleria de la Front")]),
        ("ya van tres noches q el perro del callejon atras de la Main ladra y ladra",
         [("location", "del callejon atras de la Main")]),
        # a person is no spot: "del patron de la 370" is the road's farm worker's boss, not a place on it
        ("el perro del patron de la Main ladra toda la noche", [("location", "Main")]),
    ],
)  # fmt: skip
def test_a_spanish_spot_on_a_street_is_one_place(places: Places, text: str, expected) -> None:
    assert places(text) == expected
