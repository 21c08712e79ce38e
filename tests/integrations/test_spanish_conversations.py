"""Whole Spanish conversations through the signed Twilio webhooks of a running Rasa server and action
server (issue 12, Measure): one per report type and per city, by text and by phone. Each Spanish
conversation has an English twin that says the same things; both must file the same facts (report type,
species, place, the per-type details, verbal or written), the Spanish one answered in Spanish and recorded
with the language `es`. Then the switches: "habla espanol?" in an English conversation, "English please"
in a Spanish one.

The resident's answers are picked by words of the assistant's last question, so the wording may change;
a question no answer fits fails the test with the assistant's replies (never a silent skip).
"""

from __future__ import annotations

import random
import re
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol
from urllib.parse import urlencode

import pytest
from twilio.request_validator import RequestValidator

from tests.integrations.conftest import (
    FREEPORT_LINE,
    KELLOGG_LINE,
    LIVE_ACCOUNT_SID,
    LIVE_TOKEN,
    PUBLIC_BASE_URL,
)
from tests.support.dialogue import fold, matching
from tests.support.live import unique_phone  # the shared server remembers every number

LINES = {"kellogg": KELLOGG_LINE, "freeport": FREEPORT_LINE}
# the read-back's words (folded), English and Spanish, by text and by phone, whether it has the name ("Reply YES
# to send it", "Responda SÍ para enviarlo") or asks for it ("To send it, reply with your name", "Para enviarlo,
# responda con su nombre")
READ_BACK = ("to send it", "para enviar")
# the read-back of a report without a name asks for it, by text and by phone ("reply with your name", "diga su
# nombre"; not "sin su nombre"): the name sent to it is its YES (no form asks the name)
ASKS_NAME = ("with your name", "say your name", "con su nombre", "diga su nombre")
NAME_KEYS = {"your name", "su nombre"}  # the words that key the scripted name in a script's answers
Answers = Sequence[
    tuple[tuple[str, ...], str]
]  # (words of the question, any of them) -> the resident's answer


def post(base: str, path: str, params: dict[str, str]) -> str:
    signature = RequestValidator(LIVE_TOKEN).compute_signature(PUBLIC_BASE_URL + path, params)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature}
    request = urllib.request.Request(base + path, data=urlencode(params).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=90) as response:
            assert response.status == 200
            return response.read().decode()
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{path} answered {error.code}: {error.read().decode()}") from error


class Party(Protocol):
    phone: str

    def says(self, text: str) -> list[str]: ...


class Texter:
    """A resident texting a city's line: each text signed as Twilio signs it, the TwiML replies read back."""

    def __init__(self, base: str, city: str) -> None:
        self.base, self.to, self.phone = base, LINES[city], unique_phone("+1507556", 1000, 9999)

    def says(self, text: str) -> list[str]:
        params = {"MessageSid": f"SM{random.getrandbits(128):032x}", "AccountSid": LIVE_ACCOUNT_SID,
                  "From": self.phone, "To": self.to, "Body": text, "NumMedia": "0", "FromZip": ""}  # fmt: skip
        return [
            m.text or ""
            for m in ET.fromstring(post(self.base, "/webhooks/sms/webhook", params)).iter("Message")
        ]


def said_before_waiting(root: ET.Element) -> list[str]:
    """What the caller hears up to and inside the Gather; not the "Goodbye" said if they stay silent."""
    said: list[str] = []
    for child in root:
        said += [s.text or "" for s in child.iter("Say")]
        if child.tag == "Gather":
            break
    return said


class Caller:
    """A resident calling a city's line: speech results sent to each Gather's own action URL."""

    def __init__(self, base: str, city: str) -> None:
        self.base, self.to, self.phone = base, LINES[city], unique_phone("+1507557", 1000, 9999)
        self.call_sid = f"CA{random.getrandbits(128):032x}"
        self.next_path = "/webhooks/voice/webhook"
        self.gather_languages: list[str | None] = []  # the language of each Gather after the caller spoke
        self.greeting = self._turn(None)

    def _turn(self, speech: str | None) -> list[str]:
        params = {"CallSid": self.call_sid, "AccountSid": LIVE_ACCOUNT_SID, "From": self.phone, "To": self.to,
                  "CallStatus": "in-progress"}  # fmt: skip
        if speech is not None:
            params["SpeechResult"] = speech
        root = ET.fromstring(post(self.base, self.next_path, params))
        gather = root.find("Gather")
        if gather is not None:
            self.next_path = gather.get("action") or self.next_path
            if speech is not None:
                self.gather_languages.append(gather.get("language"))
        return said_before_waiting(root)

    def says(self, text: str) -> list[str]:
        return self._turn(text)


def last_question(replies: list[str]) -> str:
    """The last paragraph of the last reply, folded: the question (advice and apologies come before it)."""
    paragraphs = [p for reply in replies for p in re.split(r"\n\s*\n", reply) if p.strip()]
    return fold(paragraphs[-1]) if paragraphs else ""


def converse(
    party: Party, first: str | list[str], answers: Answers, confirm: str, limit: int = 14
) -> list[str]:
    """Says `first` (or starts from the replies already heard), answers each question until the read-back,
    then sends the report: with the scripted name when the read-back asks for it, else with `confirm`;
    returns every reply heard."""
    heard = party.says(first) if isinstance(first, str) else list(first)
    replies, asked = heard, []
    for _ in range(limit):
        if any(marker in fold(r) for r in replies for marker in READ_BACK):
            return heard + party.says(read_back_answer(replies, answers, confirm))
        question = last_question(replies)
        assert not any(words in question for words in NAME_KEYS), f"name asked before the read-back: {heard}"
        asked.append(question)
        assert asked[-3:].count(question) < 3, f"asked three times: {question!r} (heard: {heard!r})"
        answer = next(iter(matching(question, answers)), None)
        assert answer is not None, f"no scripted answer fits {replies!r} (heard so far: {heard!r})"
        replies = party.says(answer)
        heard = heard + replies
    raise AssertionError(f"no read-back after {limit} answers: {heard!r}")


def read_back_answer(replies: list[str], answers: Answers, confirm: str) -> str:
    """What sends the report read back in `replies`: the scripted name when the read-back asks for it (the
    name is its YES), else `confirm`."""
    read_back = fold(" ".join(replies))
    if not any(words in read_back for words in ASKS_NAME):
        return confirm
    names = [answer for words, answer in answers if set(map(fold, words)) & NAME_KEYS]
    assert names, f"the read-back asks for the name and no name is scripted: {replies!r}"
    return names[0]


@pytest.fixture(scope="module")
def detector() -> Any:
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(Language.ENGLISH, Language.SPANISH).build()


def not_in(language: str, replies: list[str], detector: Any) -> list[str]:
    """The replies (of three words or more) the detector does not read as `language` ("en" or "es")."""
    wanted = {"en": "ENGLISH", "es": "SPANISH"}[language]
    wordy = [r for r in replies if sum(w.isalpha() for w in r.split()) >= 3]
    return [r for r in wordy if getattr(detector.detect_language_of(r), "name", None) != wanted]


def filed(line: dict[str, Any], city: str, party: Party) -> Any:
    mine = line["cases"].complaints_for_contact(city, party.phone, 10)
    assert len(mine) == 1, f"expected one complaint from {party.phone}, got {mine}"
    return line["cases"].get_complaint(mine[0].reference)


PLACE_WORDS = {"by", "at", "on", "in", "near", "the", "corner", "of", "and", "street", "st",
               "por", "en", "el", "la", "cerca", "de", "del", "esquina", "y", "calle"}  # fmt: skip


def place_words(text: str) -> list[str]:
    """A place as written, without the words around its names in either language: "la esquina de 3rd y Elm"
    and "the corner of 3rd and Elm" both give ["3rd", "elm"]."""
    return sorted(set(re.findall(r"[\w']+", fold(text))) - PLACE_WORDS)


def facts(detail: Any) -> dict[str, Any]:
    """What an English and a Spanish conversation saying the same things must both file."""
    bite = detail.bite
    return {
        "jurisdiction": detail.jurisdiction,
        "type": detail.type,
        "channel": detail.channel,
        "form": detail.form,
        "urgent": detail.urgent,
        "animal": detail.animal_species,
        "place": detail.location_normalised or place_words(detail.location_text),
        "described": bool(detail.animal_description),
        "name": detail.complainant_name,
        "anonymous": detail.anonymous,
        "details": sorted(detail.details),
        "minutes": detail.details.get("barking_minutes"),
        "still there": detail.details.get("still_there"),
        "aggressive": detail.details.get("aggressive"),
        "bite": bite and (bite.victim, bite.skin_broken_or_medical, bite.animal_vaccinated, bite.owner_known),
        "occurred": detail.occurred is not None,
    }


# ---- the scripts: what the resident says in each language --------------------------------------------
NAME = "Rosa Hernandez"
ES_COMMON: Answers = [(("es correcto",), "si"), (("como se llama", "su nombre"), f"me llamo {NAME}")]
EN_COMMON: Answers = [(("is that right",), "yes"), (("your name",), f"my name is {NAME}")]
ES_TYPE: dict[str, Answers] = {
    "barking": [(("cuanto tiempo",), "como una hora sin parar"), (("todas las noches", "seguido"), "si, todas las noches")],
    "at_large": [(("como es", "describe"), "un labrador cafe con collar rojo"), (("sigue ahi",), "no, ya se fue corriendo para el norte"),
                 (("para donde",), "para el norte"), (("agresivo", "grunendo"), "no, se ve manso")],
    "bite": [(("a quien mordio", "mordio a una persona"), "a mi hijo"), (("piel", "sangre"), "si, le rompio la piel"), (("como era", "describe"), "un perro negro grande"),
             (("de quien es",), "no se"), (("vacunado", "vacuna"), "no se"), (("cuando",), "hace como una hora")],
}  # fmt: skip
EN_TYPE: dict[str, Answers] = {
    "barking": [(("how long",), "about an hour without a break"), (("every night", "how often"), "yes, every night")],
    "at_large": [(("look like", "describe"), "a brown lab with a red collar"), (("still there",), "no, it already ran off north"),
                 (("which way",), "north"), (("aggressive", "growling"), "no, it's friendly")],
    "bite": [(("who was bitten", "got bitten"), "my son"), (("skin", "blood"), "yes, it broke the skin"), (("look like", "describe"), "a big black dog"),
             (("whose",), "i don't know"), (("vaccinated", "rabies"), "i don't know"), (("when",), "about an hour ago")],
}  # fmt: skip


def script(language: str, report_type: str, place: str) -> Answers:
    """The answers in `language`, the place last: "where" and "donde" are in other questions too."""
    if language == "es":
        return [*ES_COMMON, *ES_TYPE[report_type], (("tipo de animal",), "un perro"), (("donde",), place)]
    return [*EN_COMMON, *EN_TYPE[report_type], (("kind of animal",), "a dog"), (("where",), place)]


@dataclass(frozen=True)
class Case:
    city: str
    channel: str  # "sms" or "voice"
    report_type: str
    es_first: str
    es_place: str
    en_first: str
    en_place: str


CASES = [
    Case("kellogg", "sms", "barking", "hola, el perro de los vecinos en el 412 Oak St lleva como una hora ladrando sin parar",
         "412 Oak St", "hi, the neighbors dog at 412 Oak St has been barking nonstop for about an hour", "412 Oak St"),
    Case("kellogg", "sms", "at_large", "oiga hay un perro suelto por el Dollar General", "por el Dollar General",
         "hey there's a loose dog by the Dollar General", "by the Dollar General"),
    Case("kellogg", "voice", "bite", "un perro mordio a mi hijo en el seis doce calle cuatro norte hace como una hora",
         "seis doce calle cuatro norte", "a dog bit my son at six twelve north fourth street about an hour ago",
         "six twelve north fourth street"),
    Case("freeport", "voice", "barking", "el perro del vecino en el 230 de la calle Pine lleva como una hora ladrando sin parar",
         "230 calle Pine", "the neighbors dog at 230 Pine Street has been barking nonstop for about an hour", "230 Pine Street"),
    Case("freeport", "voice", "at_large", "hay un perro suelto en la esquina de 3rd y Elm", "la esquina de 3rd y Elm",
         "there's a loose dog at the corner of 3rd and Elm", "the corner of 3rd and Elm"),
    Case("freeport", "sms", "bite", "un perro mordio a mi hija en el Freeport City Park y le rompio la piel",
         "en el Freeport City Park", "a dog bit my daughter at Freeport City Park and it broke the skin",
         "at Freeport City Park"),
]  # fmt: skip
EXPECTED = {  # facts each report type must file, in either language
    "barking": {"minutes": 60},
    "at_large": {"still there": "no", "aggressive": "no", "urgent": False},
    "bite": {"urgent": True},
}


def party(line: dict[str, Any], case: Case) -> Texter | Caller:
    return (Texter if case.channel == "sms" else Caller)(line["base"], case.city)


@pytest.mark.parametrize("case", CASES, ids=[f"{c.city}-{c.report_type}-{c.channel}" for c in CASES])
def test_a_spanish_conversation_files_what_its_english_twin_files(live_line, detector, case: Case) -> None:
    spanish, english = party(live_line, case), party(live_line, case)
    heard_es = converse(spanish, case.es_first, script("es", case.report_type, case.es_place), "si")
    heard_en = converse(english, case.en_first, script("en", case.report_type, case.en_place), "yes")

    assert not_in("es", heard_es, detector) == [], "replies to the Spanish resident that are not Spanish"
    assert not_in("en", heard_en, detector) == [], "replies to the English resident that are not English"
    es, en = filed(live_line, case.city, spanish), filed(live_line, case.city, english)
    assert getattr(es, "language", "no language on the record") == "es"
    assert getattr(en, "language", "no language on the record") == "en"
    assert facts(es) == facts(en)
    assert (es.type, es.animal_species, es.jurisdiction) == (case.report_type, "dog", case.city)
    assert (es.channel, es.form) == (("sms", "written") if case.channel == "sms" else ("voice", "verbal"))
    expected = EXPECTED[case.report_type]
    assert {key: facts(es)[key] for key in expected} == expected
    if case.report_type == "bite":
        assert es.bite.victim == "person" and es.bite.skin_broken_or_medical is True
        assert any("911" in reply for reply in heard_es)
        if es.occurred and en.occurred:
            assert abs(es.occurred - en.occurred) < timedelta(minutes=15)
    if case.channel == "voice":
        assert "espanol" in fold(" ".join(spanish.greeting)), "the first prompt offers Spanish"
        assert set(spanish.gather_languages) == {"es-MX"}, spanish.gather_languages
        assert "es-MX" not in english.gather_languages


def test_habla_espanol_switches_an_english_conversation_to_spanish(live_line, detector) -> None:
    resident = Texter(live_line["base"], "kellogg")
    first = resident.says("hi, the dog at 412 Oak St has been barking nonstop for about an hour")
    assert first and not_in("en", first, detector) == []
    switched = resident.says("habla espanol?")
    assert switched and not_in("es", switched, detector) == [], switched
    heard = converse(resident, switched, script("es", "barking", "412 Oak St"), "si")
    assert not_in("es", heard, detector) == []
    detail = filed(live_line, "kellogg", resident)
    assert getattr(detail, "language", "no language on the record") == "es"
    assert (detail.type, detail.animal_species, detail.details.get("barking_minutes")) == (
        "barking",
        "dog",
        60,
    )
    assert "oak" in fold(detail.location_text)


def test_english_please_switches_a_spanish_conversation_back(live_line, detector) -> None:
    resident = Texter(live_line["base"], "freeport")
    first = resident.says("hay un perro suelto en la esquina de 3rd y Elm")
    assert first and not_in("es", first, detector) == []
    switched = resident.says("English please")
    assert switched and not_in("en", switched, detector) == [], switched
    heard = converse(resident, switched, script("en", "at_large", "the corner of 3rd and Elm"), "yes")
    assert not_in("en", heard, detector) == []
    detail = filed(live_line, "freeport", resident)
    assert getattr(detail, "language", "no language on the record") == "en"
    assert (detail.type, detail.animal_species) == ("at_large", "dog")
    assert detail.details.get("still_there") == "no" and detail.details.get("aggressive") == "no"
