"""The parts of the vocabulary of reports (bot/vocabulary.py): a report type and each of its details, with
how a detail is asked, asked again and read back."""

from __future__ import annotations

from dataclasses import dataclass

from bot.messages import language_of, say

YES_NO_READS = frozenset({"still_there", "aggressive", "injury", "vaccinated", "frequency", "yes_no"})


@dataclass(frozen=True)
class Detail:
    """A slot of a report: what asks for it (`ask`: a question part, joined with the other parts of its
    group into one question) and the label it is read back with (None: not read back). Each wording has its
    Spanish beside it (`ask_es`, `alone_es`, `label_es`), written without the opening "¿" that `question`
    adds; tests/actions/test_spanish_replies.py holds every English wording to having one."""

    slot: str
    ask: str
    label: str | None
    required: bool = True  # False: filled when the resident says it, never asked on its own
    group: str = ""  # details of one group are asked in one question; "" = its own question
    alone: str = ""  # the question when it is the only part of its group still missing ("" = `ask`)
    ask_es: str = ""
    label_es: str | None = None
    alone_es: str = ""
    # how the form reads it: the kind of fact in bot.nlp.facts its reader takes (actions/fact_reading.py
    # READERS): place, animal, name, description, still_there, direction, aggressive, victim, injury, time,
    # owner, vaccinated, frequency, time_of_day, minutes, yes_no, text; count is read by its form
    # (actions/type_forms.py)
    reads: str = "text"
    # the question when it is asked again, worded otherwise and with examples ("" = "Just that part: " + alone)
    reask: str = ""
    reask_es: str = ""
    # an optional detail is "not known" after one re-ask; any other after two (the place: then filed for a call
    # back; actions/giving_up.py)
    optional: bool = False
    yes_means: str = ""  # what a bare "yes" to its yes/no question files ("every night"); "" = yes
    no_means: str = ""  # and a bare "no" ("not every night"); "" = no

    @property
    def yes_no(self) -> bool:
        """Answered yes or no: a bare yes or no to a question with only this yes/no part is its answer."""
        return self.reads in YES_NO_READS

    def reasks(self, language: object = "en") -> str:
        """The question when this part is asked again, never in the words of the first time."""
        wording = self.reask_es if language_of(language) == "es" else self.reask
        return wording or say("ask.again", language, question=self.alone_asks(language).rstrip("?. "))

    def asks(self, language: object = "en") -> str:
        return self.ask_es if language_of(language) == "es" else self.ask

    def alone_asks(self, language: object = "en") -> str:
        """The question when this part is asked on its own."""
        if language_of(language) == "es":
            return self.alone_es or self.ask_es
        return self.alone or self.ask

    def label_in(self, language: object = "en") -> str | None:
        return self.label_es if language_of(language) == "es" and self.label else self.label


@dataclass(frozen=True)
class ReportType:
    code: str  # "barking", "at_large", "bite", "threat", ...
    title: str  # read-back title
    spoken: str  # in "a ... report" in status answers
    details: tuple[Detail, ...]  # in the order they are asked, shared slots included
    filed_details: tuple[str, ...]  # slots filed as the report's per-type details
    title_es: str = ""
    spoken_es: str = ""  # in "reporte de ..."

    def title_in(self, language: object = "en") -> str:
        return self.title_es if language_of(language) == "es" else self.title

    def spoken_in(self, language: object = "en") -> str:
        return self.spoken_es if language_of(language) == "es" else self.spoken

    @property
    def form(self) -> str:
        return f"{self.code}_form"

    @property
    def required_slots(self) -> list[str]:
        return [d.slot for d in self.details if d.required]

    @property
    def slots(self) -> list[str]:
        return [d.slot for d in self.details]

    def detail(self, slot: str) -> Detail | None:
        return next((d for d in self.details if d.slot == slot), None)

    def readback(self, language: object = "en") -> tuple[tuple[str, str], ...]:
        """(slot, label) of the details read back, the shared ones (place, animal, name) left out."""
        shared = {"location", "animal", "complainant_name"}
        return tuple(
            (d.slot, str(d.label_in(language))) for d in self.details if d.label and d.slot not in shared
        )
