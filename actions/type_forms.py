"""The forms of the report types beyond barking, at large and bite (threat, neglect, waste, too many animals,
damage to property): what each reads from a message and how it checks an answer. The questions and the
order are bot/vocabulary.py's; the shared readers and validators are actions/forms.py's.

An animal in danger now (neglect) or a threat still going on is urgent like a bite: the resident is told to
call 911 first as soon as the report says so, and the report is filed as urgent (bot.cases.report.is_urgent).
"""

from __future__ import annotations

import re
from typing import Any

from rasa_sdk import Tracker
from rasa_sdk.executor import CollectingDispatcher
from rasa_sdk.types import DomainDict

from actions.forms import MAX_ANSWER_CHARS, ReportFormValidation, Slots, owner_in
from actions.reading import latest_intent, latest_text
from bot.nlp import answers
from bot.nlp.animals.taxonomy import normalise_animal
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
_YES_NO = (answers.YES, answers.NO, answers.UNKNOWN)


def danger_now(text: str, report_type: str) -> bool:
    """The message says the animal (neglect) or a person (threat) is in danger right now."""
    words = _DANGER_NOW if report_type == "neglect" else _THREAT_NOW
    return bool(words.search(answers.fold(text)))


def loose_in(text: str) -> str | None:
    """yes (loose), no (fenced, on a leash) or None (the message does not say)."""
    if _NOT_LOOSE.search(text):
        return answers.NO
    return answers.YES if _LOOSE.search(text) else None


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
    """A newer type's form: it reads what happened from the message that opened the report, whether it is
    urgent now, and whose animal it is, whatever was asked."""

    urgent_response = "utter_call_911"

    def read_facts(self, tracker: Tracker) -> Slots:
        text, facts = latest_text(tracker), {}
        empty = self._empty(tracker, "what_happened", "in_danger", "loose", "owner_known", "animal_count")
        cue = _WHAT_CUES.get(self.report_type)
        # the message that opened the report, in words (Rasa's "/report_neglect{...}" syntax says nothing)
        opening = latest_intent(tracker) == f"report_{self.report_type}" and not text.startswith("/")
        if "what_happened" in empty and opening and cue is not None and cue.search(text):
            facts["what_happened"] = text.strip()[:MAX_ANSWER_CHARS]
        if "in_danger" in empty and danger_now(text, self.report_type):
            facts["in_danger"] = answers.YES
        owner = owner_in(tracker, text)
        if "owner_known" in empty and owner and owner != answers.UNKNOWN:
            facts["owner_known"] = owner
        return {k: v for k, v in facts.items() if k in REPORT_TYPES[self.report_type].slots}

    def validate_in_danger(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = value if value in _YES_NO else None
        if said is None and danger_now(str(value or ""), self.report_type):
            said = answers.YES
        result = self._yes_no("in_danger", said or value, dispatcher, tracker)
        if result.get("in_danger") == answers.YES:
            dispatcher.utter_message(response=self.urgent_response)
        return result

    def validate_what_happened(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        return self._free_text("what_happened", value, dispatcher, tracker)


class ValidateThreatForm(TypeFormValidation):
    report_type = "threat"

    def read_facts(self, tracker: Tracker) -> Slots:
        facts = super().read_facts(tracker)
        loose = loose_in(latest_text(tracker))
        if loose and "loose" in self._empty(tracker, "loose"):
            facts["loose"] = loose
        return facts

    def validate_loose(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        said = value if value in _YES_NO else loose_in(str(value or ""))
        return self._yes_no("loose", said or value, dispatcher, tracker)


class ValidateNeglectForm(TypeFormValidation):
    report_type = "neglect"
    urgent_response = "utter_call_911_animal"


class ValidateWasteForm(TypeFormValidation):
    report_type = "waste"


class ValidateTooManyForm(TypeFormValidation):
    report_type = "too_many"

    def read_facts(self, tracker: Tracker) -> Slots:
        facts = super().read_facts(tracker)
        count = animal_count_in(latest_text(tracker))
        if count and "animal_count" in self._empty(tracker, "animal_count"):
            facts["animal_count"] = count
        return facts

    def validate_animal_count(
        self, value: Any, dispatcher: CollectingDispatcher, tracker: Tracker, domain: DomainDict
    ) -> Slots:
        text = str(value or "")
        if answers.yes_no_unknown(text) == answers.UNKNOWN:
            return self._accept("animal_count", "not known")
        count = animal_count_in(text, answering=True)
        if count is None:
            return self._reject("animal_count", "utter_count_unclear", dispatcher, tracker)
        return self._accept("animal_count", count)


class ValidateDamageForm(TypeFormValidation):
    report_type = "damage"


TYPE_FORMS: dict[str, type[ReportFormValidation]] = {
    form.report_type: form
    for form in (ValidateThreatForm, ValidateNeglectForm, ValidateWasteForm, ValidateTooManyForm,
                 ValidateDamageForm)
}  # fmt: skip
