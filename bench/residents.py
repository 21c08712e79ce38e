"""The resident simulator of the conversation bench: a scripted resident, and the ways it answers.

A `Resident` knows its own facts (what it would say about each topic, in its language) and the truth the
complaint must be filed with. It reads the assistant's last question for the topics it asks about (by words
of the question, never its exact wording: tests/support/dialogue.py) and answers in one `STYLES` style:

- full: every part of a combined question, joined ("brown lab, and still here, and not aggressive");
- one_part: only one part of a combined question, a different part each time it is asked one (the last part
  first, so the first part, usually the open one, is the one left out);
- yes_no: only "yes" or "no" (or "not sure") to a question with a yes/no part; open questions get the fact;
- dont_know: "I don't know" / "not sure" to every detail but the report type, place, animal, victim and name;
- aside: first a question of its own instead of an answer, then each answer with an aside clause before it;
- correction: the second message corrects the place it gave ("sorry, wrong address, it's ..."), and the
  complaint must be filed at the corrected place;
- mixed: answers in the other language for the short parts (yes/no/don't know, still there), as residents
  who speak both do.

The first message, the name and the YES at the read-back are said in every style. The read-back asks for the
name while none is given, and the name sent to it sends the report (no YES then).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace

from tests.support.dialogue import matching

STYLES = ("full", "one_part", "yes_no", "dont_know", "aside", "correction", "mixed")

# topic -> words (lower case, no accents) in the assistant's question that ask for it; the order is the order
# a resident says the answers in when it answers every part
TOPICS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("kind", ("barking, loose, or", "barking, running loose, or bit", "ladrando, anda suelto")),
    ("check", ("did you mean", "is that right", "did i get", "quiso decir", "es correcto")),
    ("location", ("where is this", "place the city can find", "where did it happen", "where was", "i heard", "need the place", "todavia necesito el lugar",
                  "where it is", "which street", "donde es", "donde paso", "lugar que la ciudad", "entendi",
                  "en que calle", "donde esta")),
    ("animal", ("kind of animal", "what animal", "which animal", "didn't catch the animal", "tipo de animal", "que animal")),
    ("victim", ("who was bitten", "person or an animal", "a quien mordio", "got bitten", "mordio a una persona", "persona o a un animal",
                "a person or")),
    ("injury", ("skin", "medical", "piel", "atencion medica", "blood", "doctor", "sangre")),
    ("bite_when", ("when did the bite", "when did it happen", "time was the bite", "hora fue la mordida", "and when?", "cuando fue", "cuando paso",
                   "y cuando?", ", cuando")),
    ("since", ("since when", "how long", "since what time", "desde que hora", "when did it start", "cuanto tiempo", "desde cuando")),
    ("frequency", ("how often", "every night", "every day", "todas las noches", "que tan seguido")),
    ("description", ("look like", "describe", "como es", "como era", "colour, size", "color, tamano")),
    ("still_there", ("still there", "sigue ahi", "todavia esta")),
    ("direction", ("which way", "which direction", "para donde", "hacia donde")),
    ("aggressive", ("aggressive", "agresivo", "growling", "grunendo")),
    ("owner", ("owner", "whose", "de quien", "dueno")),
    ("vaccinated", ("vaccinated", "vacunado", "rabies", "rabia")),
    ("name", ("your name", "como se llama", "su nombre")),
    ("confirm", ("yes to send", "say yes", "si para enviar", "diga si")),
)  # fmt: skip
# words only the read-back says (the one with the name ends "Reply YES to send it"; the one without asks for it)
READBACK_WORDS = ("to send it", "para enviarlo")
YES_NO_TOPICS = ("still_there", "aggressive", "injury", "vaccinated", "frequency", "check")
ALWAYS_ANSWERED = ("kind", "check", "location", "animal", "victim", "name", "confirm")
WORDS = {
    "en": {"yes": "yes", "no": "no", "unknown": "not sure", "dont_know": ("I don't know", "not sure"),
           "aside": "will they get a ticket for this?", "aside_clause": "ugh this happens all the time, ",
           "aside_says": "all the time",
           "moved": "sorry, wrong address, it's {place}", "skip": "skip"},
    "es": {"yes": "si", "no": "no", "unknown": "no se", "dont_know": ("no se", "no estoy seguro"),
           "aside": "le van a poner una multa?", "aside_clause": "ay siempre es lo mismo, ",
           "aside_says": "all the time",
           "moved": "perdon, me equivoque de direccion, es {place}", "skip": "anonimo"},
}  # fmt: skip


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text.lower()).encode("ascii", "ignore").decode()


def asked_topics(question: str) -> list[str]:
    """The topics the question asks about, in the order of TOPICS (tests/support/dialogue.py picks them)."""
    return matching(question, [(words, topic) for topic, words in TOPICS])


@dataclass(frozen=True)
class Resident:
    """One scripted resident: its report, its first message, its answers by topic and the filed truth.

    `facts`: topic -> the words it answers with (its language). `truth`: what the complaint must say:
    animal (species), place (a word the filed place must hold), victim (person/animal), and yes/no facts
    (still_there, aggressive, injury, vaccinated: yes/no/unknown). `moved`: the place it corrects to in
    the correction style, and `moved_word` the word that place must be filed with."""

    kind: str  # barking | at_large | bite (a new report type plugs in with its facts)
    city: str  # kellogg | freeport
    channel: str  # sms | voice
    language: str  # en | es
    names: str  # what the first message names: "both" (animal and place), "neither", "one"
    first: str
    facts: dict[str, str] = field(default_factory=dict)
    truth: dict[str, str] = field(default_factory=dict)
    moved: str = ""
    moved_word: str = ""
    label: str = ""  # who this is, for the printed transcripts

    def styled(self, style: str) -> StyledResident:
        return StyledResident(self, style)

    def other_language(self) -> str:
        return "es" if self.language == "en" else "en"


@dataclass
class StyledResident:
    """A resident answering in one style; keeps what it has said so far (the styles depend on it)."""

    resident: Resident
    style: str
    answered: int = 0  # answers given so far (the first message not counted)
    combined_seen: int = 0

    @property
    def expected_place_word(self) -> str:
        if self.style == "correction" and self.resident.moved_word:
            return self.resident.moved_word
        return self.resident.truth.get("place", "")

    def answer(self, question: str) -> str:
        """The reply to the assistant's `question` (lower case or not), in this resident's style."""
        self.answered += 1
        asked = asked_topics(question)
        if "confirm" in asked:
            return self._word("yes")
        if self.style == "aside" and self.answered == 1:
            return WORDS[self.resident.language]["aside"]
        if self.style == "correction" and self.answered == 1 and self.resident.moved:
            return WORDS[self.resident.language]["moved"].format(place=self.resident.moved)
        if any(words in _plain(question) for words in READBACK_WORDS):
            # the read-back lists the facts ("still there: yes; owner: ..."): it is answered with the name it asks
            # for, else YES, never with the facts its labels name
            return (
                self.resident.facts.get("name") or self._word("skip")
                if "name" in asked
                else self._word("yes")
            )
        facts = self.resident.facts
        if "still_there" in asked and self.resident.truth.get("still_there") == "yes":
            asked = [t for t in asked if t != "direction"]  # still there: it went nowhere
        if "check" in asked:
            return self._word("yes")
        said = self._style_answer(asked, facts)
        if self.style == "aside" and said and "name" not in asked:
            said = WORDS[self.resident.language]["aside_clause"] + said
        return said or self._dont_know()

    def _style_answer(self, asked: list[str], facts: dict[str, str]) -> str:
        known = [t for t in asked if t in facts or t in self.resident.truth]
        if not known:
            return ""
        if self.style == "one_part" and len(known) > 1:
            self.combined_seen += 1
            known = [known[-1 - (self.combined_seen - 1) % len(known)]]
        elif self.style == "yes_no":
            yes_no = [t for t in known if t in YES_NO_TOPICS and self.resident.truth.get(t)]
            if yes_no:
                return self._word(self.resident.truth[yes_no[0]])
        elif self.style == "dont_know":
            if not any(t in ALWAYS_ANSWERED for t in known):
                return self._dont_know()
            known = [t for t in known if t in ALWAYS_ANSWERED]
        parts = [self._fact(t, facts) for t in known]
        return (
            ", and ".join(dict.fromkeys(p for p in parts if p))
            if self.resident.language == "en"
            else (", y ".join(dict.fromkeys(p for p in parts if p)))
        )

    def _fact(self, topic: str, facts: dict[str, str]) -> str:
        if topic == "location" and self.style == "correction" and self.resident.moved:
            return self.resident.moved
        if self.style == "mixed" and topic in YES_NO_TOPICS and self.resident.truth.get(topic):
            return WORDS[self.resident.other_language()][self.resident.truth[topic]]
        return facts.get(topic, "")

    def _word(self, key: str) -> str:
        language = self.resident.other_language() if self.style == "mixed" else self.resident.language
        return WORDS[language][key]

    def _dont_know(self) -> str:
        language = self.resident.other_language() if self.style == "mixed" else self.resident.language
        options = WORDS[language]["dont_know"]
        return options[self.answered % len(options)]


def with_facts(resident: Resident, **facts: str) -> Resident:
    return replace(resident, facts={**resident.facts, **facts})
