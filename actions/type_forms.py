"""The forms of the report types beyond barking, at large and bite (threat, neglect, waste, too many animals,
damage to property): what each reads from a message and how it checks an answer. The questions and the
order, and how each detail is read and asked again, are bot/vocabulary.py's; the form machinery (every
message read for every missing fact, re-asks, give-ups) is actions/forms.py's. What only these types read
(what happened, danger now, loose, how many) is read here, from any message, whatever was asked.

An animal in danger now (neglect) or a threat still going on is urgent like a bite: the resident is told to
call 911 first as soon as the report says so, and the report is filed as urgent (bot.cases.report.is_urgent).
"""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.fact_reading import last_asked
from actions.forms import MAX_ANSWER_CHARS, ReportFormValidation, Slots
from actions.reading import latest_intent, latest_text
from bot.nlp.animals.taxonomy import normalise_animal
from bot.nlp.facts.text import fold
from bot.nlp.facts.yes_no import NO, YES
from bot.vocabulary import REPORT_TYPES

# Words that say an animal is in danger now (a hot car, no water in the heat, collapsed), English and Spanish
_DANGER_NOW = re.compile(
    r"\b(hot car|in (a|the|his|her|their) (car|truck|van)|locked in|no water\b.*\b(heat|hot|sun)|"
    r"(heat|hot|sun)\b.*\bno water|collapsed|can'?t breathe|not breathing|dying|bleeding|right now|"
    r"carro caliente|dentro de(l| un) carro|encerrad[oa] en (el|un) carro|se est[aá] muriendo|ahorita)",
    re.I,
)
# Words that say a threatening animal is still there, threatening now
_THREAT_NOW = re.compile(
    r"\b(right now|still (here|there|outside|out there|chasing|after)|won'?t let (me|us)|"
    r"trapped|is chasing|keeps? (charging|chasing|lunging)|ahorita|todav[ií]a (est[aá]|sigue))",
    re.I,
)
# Loose: off its owner's property and on no leash (Kellogg 58-3, Freeport 1 E); not loose: fenced, on a leash
_LOOSE = re.compile(
    r"\b(loose|off[ -]?leash|no leash|without a leash|running free|roaming|got out|escaped|stray|"
    r"suelt[oa]s?|sin correa|se sali[oó])\b",
    re.I,
)
_NOT_LOOSE = re.compile(
    r"\b(behind (a|the|its|their) fence|through the fence|on (a|its|his|her) leash|on a chain|chained|"
    r"in (its|their|his|her) (own )?yard|from (its|their) (own )?yard|detr[aá]s de la cerca|con correa)\b",
    re.I,
)
# What the opening message of each type says happened (then it is not asked again)
_WHAT_CUES = {
    "threat": re.compile(
        r"\b(chas|charg|lung|growl|snarl|attack|came at|ran (up|at|after)|went after|aggressive|"
        r"persigui|gru[nñ]|se (me |le )?(ech|abalanz))",
        re.I,
    ),
    "neglect": re.compile(
        r"\b(water|food|starv|skinny|thin|shelter|cold|heat|hot|chain|abandon|left (alone|behind|outside)|"
        r"kick|beat|hit|abus|cruel|neglect|cry|crying|whin|hurt|injur|sick|agua|comida|fr[ií]o|calor|"
        r"abandon|maltrat|golpe|encadenad)",
        re.I,
    ),
    "waste": re.compile(
        r"\b(poop|poo|feces|faeces|waste|dropping|crap|shit|mess|pee|urin|excrement|caca|pip[ií]|"
        r"excremento|orin)",
        re.I,
    ),
    "damage": re.compile(
        r"\b(dug|dig|digging|destroy|damag|tore|torn|chew|ate (my|the)|ruin|broke|scratch|trampl|"
        r"garden|lawn|flower|fence|da[nñ]|destroz|escarb|rompi)",
        re.I,
    ),
}
# A count of animals the resident says ("like 12 dogs", "at least six cats")
_COUNT = re.compile(
    r"\b(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a dozen|dozens|twenty|"
    r"dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|veinte)\b(\s+or\s+more|\+)?",
    re.I,
)


def danger_now(text: str, report_type: str) -> bool:
    """The message says the animal (neglect) or a person (threat) is in danger right now."""
    words = _DANGER_NOW if report_type == "neglect" else _THREAT_NOW
    return bool(words.search(fold(text)))


def loose_in(text: str) -> str | None:
    """yes (loose), no (fenced, on a leash) or None (the message does not say)."""
    if _NOT_LOOSE.search(text):
        return NO
    return YES if _LOOSE.search(text) else None


_KINDS = frozenset({"animals", "pets", "animales", "mascotas"})


def animal_count_in(text: str, answering: bool = False) -> str | None:
    """The number of animals as the resident says it ("12", "a dozen", "6 or more"), or None. Unless it
    answers "how many?", a number counts only before an animal word ("12 dogs", not "22 Pine St")."""
    for found in _COUNT.finditer(text):
        after = text[found.end() :].split()[:3]
        if answering or any(
            w.lower().strip(",.") in _KINDS or normalise_animal(w.strip(",.")) for w in after
        ):
            return found.group(0).strip()
    return None


class TypeFormValidation(ReportFormValidation):
    """A newer type's form: beside its declared details it reads what happened (from the message that opened
    the report, or an answer that says it), whether it is urgent now, loose, and how many, whatever was asked."""

    urgent_response = "utter_call_911"

    def read_facts(self, tracker: Tracker) -> Slots:
        facts = super().read_facts(tracker)
        for slot, value in self.own_facts(tracker).items():
            # only where no reader took it: an unread slot is None (the raw text mapped into it) or unfilled
            if facts.get(slot) is None and (slot in facts or tracker.get_slot(slot) is None):
                facts[slot] = value
        return facts

    def own_facts(self, tracker: Tracker) -> Slots:
        text, asked, facts = latest_text(tracker), last_asked(tracker), {}
        cue = _WHAT_CUES.get(self.report_type)
        # the message that opened the report, in words (Rasa's "/report_neglect{...}" syntax says nothing)
        opening = latest_intent(tracker) == f"report_{self.report_type}" and not text.startswith("/")
        if cue is not None and cue.search(text) and (opening or "what_happened" in asked):
            facts["what_happened"] = text.strip()[:MAX_ANSWER_CHARS]
        if danger_now(text, self.report_type):
            facts["in_danger"] = YES
        loose = loose_in(text)
        if loose:
            facts["loose"] = loose
        count = animal_count_in(text, answering=asked == ("animal_count",))
        if count:
            facts["animal_count"] = count
        return {k: v for k, v in facts.items() if k in REPORT_TYPES[self.report_type].slots}

    def validate_in_danger(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        if value == YES:
            dispatcher.utter_message(response=self.urgent_response)
        return self._read_value("in_danger", value)

    def validate_what_happened(self, value: Any, *args: Any) -> Slots:
        return self._read_value("what_happened", value)

    def validate_loose(self, value: Any, *args: Any) -> Slots:
        return self._read_value("loose", value)

    def validate_animal_count(self, value: Any, *args: Any) -> Slots:
        return self._read_value("animal_count", value)


class ValidateThreatForm(TypeFormValidation):
    report_type = "threat"


class ValidateNeglectForm(TypeFormValidation):
    report_type = "neglect"
    urgent_response = "utter_call_911_animal"


class ValidateWasteForm(TypeFormValidation):
    report_type = "waste"


class ValidateTooManyForm(TypeFormValidation):
    report_type = "too_many"


class ValidateDamageForm(TypeFormValidation):
    report_type = "damage"


TYPE_FORMS: dict[str, type[ReportFormValidation]] = {
    form.report_type: form
    for form in (ValidateThreatForm, ValidateNeglectForm, ValidateWasteForm, ValidateTooManyForm,
                 ValidateDamageForm)
}  # fmt: skip
