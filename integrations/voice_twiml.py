"""The phone line's TwiML, in the call's language: `<Gather>` and `<Say>` for English (en-US) or Spanish
(es-MX), the recognition hints, SMS wording made sayable, and a caller's "español" / "English".

Built with the twilio library's TwiML classes. Voices: Amazon Polly through Twilio, `Polly.Joanna` (en-US)
and `Polly.Mia` (es-MX, Mexican Spanish); each `<Say>` names its voice with the matching `language`
attribute (Twilio's <Say> docs: an invalid voice/language pair fails the instruction).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from twilio.twiml.voice_response import Gather, VoiceResponse

from bot.jurisdictions import Pack
from bot.messages import DEFAULT_LANGUAGE, language_of, say
from bot.nlp.places.gazetteer import NAMED_LANDMARKS, STREETS

WEBHOOK_PATH = "/webhooks/voice/webhook"
MAX_HINTS = 450


@dataclass(frozen=True)
class Speech:
    """How the line listens and speaks in one language."""

    recognition: str  # <Gather language=...>, a BCP-47 tag Twilio's speech recognition takes
    voice: str  # <Say voice=...>
    animal_hints: tuple[str, ...]


SPEECH = {
    "en": Speech(
        "en-US",
        "Polly.Joanna",
        (
            "dog", "cat", "puppy", "pit bull", "German shepherd", "lab", "husky", "rottweiler", "horse", "cow",
            "pig", "goat", "sheep", "chicken", "rooster", "duck", "raccoon", "skunk", "bat", "snake", "fox",
            "coyote", "barking", "bit", "bite", "loose", "running loose", "at large", "español", "Spanish",
            # the other report types (bot/vocabulary.py), in the words a caller says them
            "threat", "charged", "chased", "lunged", "neglect", "no water", "no food", "hot car", "chained",
            "waste", "poop", "too many", "kennel", "damage", "dug up",
        ),
    ),
    "es": Speech(
        "es-MX",
        "Polly.Mia",
        (
            "perro", "perrito", "perra", "chucho", "pit bull", "gato", "gatito", "caballo", "vaca", "puerco",
            "cerdo", "marrano", "chivo", "cabra", "borrego", "oveja", "gallina", "gallo", "pato", "mapache",
            "zorrillo", "murciélago", "víbora", "culebra", "zorro", "coyote", "ladra", "ladrando", "ladridos",
            "mordió", "mordida", "suelto", "anda suelto", "sí", "no", "no sé", "calle", "esquina",
            "enfrente de", "English", "inglés",
            "amenaza", "persiguió", "se le echó encima", "descuido", "sin agua", "sin comida", "carro caliente",
            "amarrado", "excremento", "popó", "demasiados animales", "criadero", "daños", "rompió",
        ),
    ),
}  # fmt: skip

# a caller's pick of language: the whole answer is the language's name, said in either language
_LANGUAGE_NAMES = {"es": {"español", "espanol", "spanish", "espaol"}, "en": {"english", "inglés", "ingles"}}
_PICK_FILLER = {"en", "in", "please", "por", "favor", "quiero", "i", "want", "speak", "hablar", "habla", "yo"}

_REFERENCE = re.compile(r"\b([A-Z]{2,5})-(\d{4})-(\d{3,6})\b")
_FOR_THE_EAR = (
    (re.compile(r"\bReply YES\b", re.I), lambda m: "Say yes"),
    (re.compile(r"\bReply SKIP\b", re.I), lambda m: "Say skip"),
    (re.compile(r"\breply with your name\b", re.I), lambda m: "say your name"),
    (re.compile(r"\bor SKIP\b"), lambda m: "or say skip"),
    (re.compile(r"\bresponda con su nombre\b", re.I), lambda m: "diga su nombre"),
    (re.compile(r"\bo ANONIMO\b"), lambda m: "o diga anónimo"),
    (re.compile(r"\btext again\b", re.I), lambda m: "call again"),
    # the Spanish SMS wordings (bot/messages/resident.py, domain.yml): "Responda SÍ" -> "Diga sí"
    (
        re.compile(r"\b([Rr]esponda|[Cc]onteste)\s+([A-ZÁÉÍÓÚÑ]{2,})\b"),
        lambda m: f"{'Diga' if m[1][0].isupper() else 'diga'} {m[2].lower()}",
    ),
    (re.compile(r"\b(escr[ií]banos|escriba|mande un mensaje) de nuevo\b", re.I), lambda m: "vuelva a llamar"),
    (re.compile(r"\bvuelva a escribir(nos)?\b", re.I), lambda m: "vuelva a llamar"),
)


def speech_for(language: object) -> Speech:
    return SPEECH[language_of(language)]


def for_the_ear(text: str) -> str:
    """SMS wording made sayable: 'Reply YES' -> 'Say yes', 'Responda SÍ' -> 'Diga sí'; references spelled
    out character by character (each voice reads the letters and digits in its own language)."""
    for pattern, spoken in _FOR_THE_EAR:
        text = pattern.sub(spoken, text)
    return _REFERENCE.sub(lambda m: ", ".join((" ".join(m[1]), " ".join(m[2]), " ".join(m[3]))), text)


_NAME_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def _capitalised(word: str) -> str:
    """One word of a place name: "casey's" -> "Casey's" (not str.title's "Casey'S"), "o'brien" -> "O'Brien",
    "mckinley" -> "McKinley"."""
    head, *rest = word.split("'")
    head = head[:1].upper() + head[1:]
    if len(head) > 2 and head.startswith("Mc"):
        head = "Mc" + head[2].upper() + head[3:]
    return "'".join([head, *(part if len(part) == 1 else part[:1].upper() + part[1:] for part in rest)])


def place_name(name: str) -> str:
    """A gazetteer name (lower case) as a place is written: each word capitalised, the rest kept."""
    return _NAME_WORD.sub(lambda match: _capitalised(match.group(0)), name)


def speech_hints(pack: Pack, language: object = DEFAULT_LANGUAGE) -> str:
    """Animal and report-type words of the language, then the city's street names and landmarks (bot.nlp
    gazetteer), which stay as they are in either language."""
    hints: list[str] = list(speech_for(language).animal_hints)
    hints += [f"{place_name(name)} Street" for name in STREETS.get(pack.code, ())]
    hints += [place_name(name) for name in NAMED_LANDMARKS.get(pack.code, ())]
    return ", ".join(dict.fromkeys(hints[:MAX_HINTS]))


def language_pick(speech: str) -> str | None:
    """'español', 'en español por favor', 'English' -> the language asked for; None for anything else."""
    words = re.findall(r"\w+", speech.lower())
    if not words or len(words) > 5:
        return None
    for code, names in _LANGUAGE_NAMES.items():
        if any(word in names for word in words) and all(w in names or w in _PICK_FILLER for w in words):
            return code
    return None


def turn_url(
    turn: int, silences: int = 0, verified: bool = False, code_digest: str = "", language: str = "en"
) -> str:
    """The next turn's action URL. Twilio signs it, so only Twilio following our TwiML carries its state."""
    url = f"{WEBHOOK_PATH}?turn={turn}&silences={silences}"
    if verified:
        url += "&verified=1"
    if code_digest:
        url += f"&code={code_digest}"
    if language_of(language) != DEFAULT_LANGUAGE:
        url += f"&lang={language_of(language)}"
    return url


def add_say(target: VoiceResponse | Gather, text: str, language: object) -> None:
    speech = speech_for(language)
    target.say(text, voice=speech.voice, language=speech.recognition)


def gather(
    reply: VoiceResponse,
    pack: Pack,
    prompt: str,
    turn: int,
    silences: int = 0,
    verified: bool = False,
    digest: str = "",
    language: str = DEFAULT_LANGUAGE,
    offers: tuple[tuple[str, str], ...] = (),
) -> str:
    """Ask in `language` and listen in it; `offers` are further (text, language) prompts said after the
    question, each in its own voice. An empty result comes back to the webhook (reprompt, then goodbye)."""
    speech = speech_for(language)
    listen = Gather(
        input="speech",
        action=turn_url(turn, silences, verified, digest, language),
        method="POST",
        speech_timeout="auto",
        timeout=6,
        language=speech.recognition,
        speech_model="phone_call",  # tuned for phone audio
        hints=speech_hints(pack, language),
        action_on_empty_result=True,
    )
    add_say(listen, prompt, language)
    for text, other in offers:
        add_say(listen, text, other)
    reply.append(listen)
    # only reached if Twilio could not call the action: end rather than loop
    add_say(reply, say("voice_goodbye", language), language)
    reply.hangup()
    return str(reply)


def goodbye(text: str, language: str = DEFAULT_LANGUAGE) -> str:
    reply = VoiceResponse()
    add_say(reply, text, language)
    reply.hangup()
    return str(reply)


def last_prompt(twiml: str | None) -> str | None:
    """The question asked in an earlier turn's reply, for the reprompt."""
    if not twiml:
        return None
    try:
        root = ET.fromstring(twiml)
    except ET.ParseError:
        return None
    said = root.find("./Gather/Say")
    return said.text if said is not None else None
