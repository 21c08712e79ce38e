"""Ask rather than guess: when is a report's type too unclear to file?

`ReportTypeArbiter` (integrations/nlu_components.py) calls `arbitrate` on the classifier's intent ranking.
When the best intent is a report type and either another report type is close behind or the confidence
is low, the message's intent becomes `ambiguous_report`, and the assistant asks "Is it barking, loose,
or did it bite someone? Or a threat, ..." (data/rules/disambiguation.yml, which names every report type). The competing types go in `report_candidates`.

Before that, `reconcile_species` holds the ranking to the animals the message names (bot.nlp.animals.taxonomy
`species_kind`): a cow, a dog or chickens are never wildlife, and a skunk or a deer is never barking or
at large, whatever the classifier's words suggested. A species that can be either (birds, rabbits) and
messages naming both kinds ("a fox after the chickens") leave the ranking alone; bites are never moved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.nlp.animals.taxonomy import species_kind

AMBIGUOUS_REPORT = "ambiguous_report"
# Each report type, and whether it is asked about when it is the best intent and unsure, or close behind
# it: asked where a wrong pick changes what the report sets going (urgency and the officer's page, the
# section, or the count of Kellogg 58-16; bot/ordinance/report_types.py), since the question costs one text.
ASKED_WHEN_CLOSE = {
    "report_barking": True,  # 58-5 C; Freeport 7 A
    "report_at_large": True,  # 58-3; Freeport 1 E, 5 A
    "report_bite": True,  # urgent: 911 first, the officer paged, 58-10's quarantine
    "report_threat": True,  # beside a bite: nothing bit, nobody paged; beside at large: a 58-16 reading
    "report_neglect": True,  # an animal in danger is urgent; filed as at large it was counted for 58-3
    "report_waste": True,  # 58-15 and Freeport 7 C, not the at-large complaint it was filed as
    "report_too_many": True,  # 58-4 and Freeport 6: a kennel's barking is not only 58-5 C
    # Kellogg names no damage (the pack's `damage_complaints` reading); a loose animal that dug up a garden
    # is at large whatever else it did, so damage close behind another type lets that type stand
    "report_damage": False,
}
REPORT_TYPES = tuple(ASKED_WHEN_CLOSE)
WILDLIFE = "report_wildlife"
_NOT_INTENTS = ("nlu_fallback", AMBIGUOUS_REPORT)
LOW_CONFIDENCE = 0.5  # a report type below this is asked about
COMPETING_GAP = 0.2  # a second report type closer than this is asked about
# best intents that say a message is no animal matter; one naming an animal with a report close behind is asked
NOT_ANIMAL_MATTERS = ("other_city_service", "out_of_scope")
# best intents that a resident's own words of a bite contradict: asked about, never filed (a lost pet too,
# "found one of our barn cats torn up ... and saw a bobcat" was answered as a lost pet)
BITE_CONTRADICTS = ("report_barking", "report_at_large", "report_threat", WILDLIFE, "ask_lost_pet")


def arbitrate(
    ranking: Sequence[dict[str, Any]],
    low_confidence: float = LOW_CONFIDENCE,
    competing_gap: float = COMPETING_GAP,
    animal_named: bool = False,
    bite_said: bool = False,
    harm_said: bool = True,
) -> list[str] | None:
    """The report types to ask between, or None when the prediction stands.

    `ranking` is Rasa's intent ranking (name, confidence), best first; an `nlu_fallback` entry put there
    by the FallbackClassifier is looked through. With `animal_named`, a message whose best intent says it
    is no animal matter (another city service, out of scope) while a report type is close behind is asked
    about too: "a pack of dogs going through garbage cans on Water St" names the animal, and turning the
    resident away or saying "sorry, I didn't understand" loses the report.
    With `bite_said` (bot.nlp.facts.bite_cues: the words say an animal bit someone), a best intent of barking, at
    large or wildlife is asked about with the bite beside it: a bite filed under another type gets no 911
    advice and pages nobody. With a bite ranked first, the words confirm it and it is filed, whatever is
    close behind: a loose dog or a fox that bit someone is a bite (Kellogg § 58-10 "Animal bites"; Freeport
    Section 11 A, an animal that inflicts "bodily injury to any person or other animal"), and asking
    "barking, loose, or bite?" of a resident who just wrote "it bit my wife" costs a text and reads as not
    listening. Without `harm_said` (bot.nlp.facts.bite_cues.mentions_harm: no word of a bite, an attack or a wound
    anywhere), a bite ranked first is asked about, never filed: a bite pages the officer and starts the
    two-hour deadline of 58-10 D, and a classifier's bite with nothing in the words to say so was, on the
    round-14 sets, a lost kitten, stray sheep or cows in a field.
    """
    ranked = [r for r in ranking if r.get("name") not in ("nlu_fallback", AMBIGUOUS_REPORT)]
    if not ranked:
        return None
    if bite_said and ranked[0].get("name") in BITE_CONTRADICTS:
        return [ranked[0]["name"], "report_bite"]
    if bite_said and ranked[0].get("name") == "report_bite":
        return None  # the words and the classifiers agree
    if animal_named and ranked[0].get("name") in NOT_ANIMAL_MATTERS:
        return _close_reports(ranked, float(ranked[0].get("confidence", 0)), competing_gap) or None
    if ranked[0].get("name") not in REPORT_TYPES:
        return None
    top = ranked[0]
    close = _close_reports(ranked[1:], float(top.get("confidence", 0)), competing_gap)
    if top["name"] == "report_bite" and not harm_said:
        return [top["name"], *close]
    if close or float(top.get("confidence", 0)) < low_confidence:
        return [top["name"], *close]
    return None


def confirmed_bite(ranking: Sequence[dict[str, Any]], bite_said: bool) -> dict[str, Any] | None:
    """The bite entry when the words say a bite and the classifiers rank it first (looking through
    `nlu_fallback`): "EMT here, a 70 yo female with dog inflicted wounds to both hands" is filed as the bite
    the words say, not answered "Sorry, I didn't understand" for a confidence under the fallback threshold."""
    ranked = [r for r in ranking if r.get("name") not in _NOT_INTENTS]
    if bite_said and ranked and ranked[0].get("name") == "report_bite":
        return dict(ranked[0])
    return None


def _close_reports(ranked: Sequence[dict[str, Any]], best: float, competing_gap: float) -> list[str]:
    """The report types of `ranked` (best first) within `competing_gap` of the confidence `best`."""
    return [
        r["name"]
        for r in ranked
        if ASKED_WHEN_CLOSE.get(r.get("name"), False) and best - float(r.get("confidence", 0)) < competing_gap
    ]


def _kind_named(animals: Sequence[str | None]) -> str | None:
    """'kept' or 'wild' when every animal of the message is of that kind, else None ("a hawk took our
    chickens": a bird can be either, so the words decide)."""
    kinds = {species_kind(animal) for animal in animals}
    return kinds.pop() if len(kinds) == 1 else None


def reconcile_species(
    ranking: Sequence[dict[str, Any]], animals: Sequence[str | None]
) -> list[dict[str, Any]] | None:
    """A new ranking (best first, `nlu_fallback` dropped) when one of the two best intents contradicts the
    animals named, else None.

    - Only kept animals (a cow in the yard, dogs heard through the window): `report_wildlife` is struck
      and the other intents' confidences are scaled back up to sum as before.
    - Only wild animals (a skunk under the deck, a coyote by the fairgrounds): `report_barking` and
      `report_at_large` are struck and their confidence goes to `report_wildlife`.
    """
    ranked = [dict(r) for r in ranking if r.get("name") not in _NOT_INTENTS]
    kind = _kind_named(animals)
    struck = {"kept": {WILDLIFE}, "wild": {"report_barking", "report_at_large"}}.get(kind or "", set())
    if not any(r["name"] in struck for r in ranked[:2]):
        return None
    mass = sum(float(r.get("confidence", 0)) for r in ranked if r["name"] in struck)
    rest = [r for r in ranked if r["name"] not in struck]
    if kind == "kept":
        for r in rest:
            r["confidence"] = float(r.get("confidence", 0)) / (1.0 - mass) if mass < 1.0 else 0.0
    else:
        wild = next((r for r in rest if r["name"] == WILDLIFE), None)
        if wild is None:
            wild = {"name": WILDLIFE, "confidence": 0.0}
            rest.append(wild)
        wild["confidence"] = float(wild.get("confidence", 0)) + mass
    return sorted(rest, key=lambda r: -float(r.get("confidence", 0))) or None
