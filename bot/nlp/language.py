"""The language of a resident's message: "en", "es", or None when the words do not tell.

`message_language(text)` is pure apart from the detector it builds once, on first use:
lingua-language-detector 2.1.1 restricted to English and Spanish.

1. An explicit ask switches: "habla espanol?", "en espanol por favor", "no hablo ingles" -> "es";
   "English please", "do you speak english" -> "en".
2. Words that belong to no language are set aside: numbers, street types and directions, the cities' street
   names, "ok", "si", "no". A message too short to tell (an address, "si", a name, a number) is None, so the
   conversation keeps its language: it needs two words of its own, one of them a known word of either
   language ("Ana Lopez" has none), or one of a few greetings that only Spanish speakers write ("hola",
   "gracias", "buenas noches").
3. Mixed messages ("my dog esta ladrando") go with the language of most of the known words; when the count is
   close (a margin under 2), lingua decides on the whole message, and a lingua confidence under 0.65 with no
   majority gives None.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # lingua loads its language models on first use; nothing happens at import
    from lingua import LanguageDetector

ENGLISH, SPANISH = "en", "es"
LANGUAGES = (ENGLISH, SPANISH)
LINGUA_CONFIDENCE = 0.65  # below this, lingua's pick does not decide a close count
CLEAR_MARGIN = 2  # known-word votes ahead by this many decide without lingua

_ASK_SPANISH = re.compile(
    r"\b(?:(?:habla|hablas|hablan|hablo|speak|speaks|speaking)\s+(?:usted\s+)?espanol|en\s+espanol|"
    r"espanol\s+(?:por\s+favor|porfa|pls|please)|(?:in\s+)?spanish\s+(?:please|pls)|in\s+spanish|"
    r"speak\s+spanish|do\s+you\s+(?:speak|do|have)\s+spanish|no\s+(?:hablo|se|entiendo|speak)\s+(?:ingles|english)|"
    r"no\s+english|para\s+espanol|quiero\s+espanol|^\W*(?:espanol|spanish)\W*$)",
    re.I,
)
_ASK_ENGLISH = re.compile(
    r"\b(?:(?:habla|hablas|hablan|speak|speaks)\s+(?:usted\s+)?(?:ingles|english)|en\s+ingles|in\s+english|"
    r"english\s+(?:please|pls|por\s+favor|porfa)|ingles\s+(?:por\s+favor|porfa)|"
    r"do\s+you\s+speak\s+english|^\W*(?:english|ingles)\W*$)",
    re.I,
)
_NOT_SPANISH = re.compile(
    r"\b(?:don'?t|do\s+not|can'?t|cannot)\s+(?:speak|understand|read)\s+(?:much\s+)?(?:spanish|espanol)\b",
    re.I,
)
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")

# Words of both languages, or of none, that never vote: yes/no words, fillers, street words.
_NEUTRAL = frozenset(
    """ok okay k si no yes ya a e o y i u mm hmm uh um eh ah oh lol pls plz
    st street ave avenue rd road dr drive ln lane blvd ct hwy highway cr co apt n s w north south east west
    ne nw sw kel fre am pm""".split()
)
# Common words of each language that the other does not write (accents folded, texting spellings included).
_SPANISH_WORDS = frozenset(
    """el la los las un una unos unas del al de en que q x por para con sin pero porque xq pq cuando donde
    como cual quien esta estan esto este eso ese esa estoy estamos es son fue era eran ser estar hay habia
    tiene tienen tengo tenia hace hacer hizo se le les lo mi mis tu su sus nos nuestro nuestra muy mas
    tambien todo toda todos todas nada nadie algo alguien otro otra aqui ahi alli alla ahora ya siempre nunca
    desde hasta hacia entre sobre detras enfrente frente cerca lejos esquina calle casa vecino vecina vecinos
    patio iglesia escuela tienda parque noche dia dias manana tarde hora horas semana fines anoche hoy ayer
    perro perros perra perrito perritos perrita chucho gato gatos gatito gatita vaca vacas puerco puercos
    cerdo cerdos marrano caballo caballos gallina gallinas gallo gallos chivo chivos cabra cabras zorrillo
    mapache murcielago culebra vibora zorro conejo pato ardilla animales
    ladra ladrando ladrar ladran ladro ladrido ladridos aullando suelto suelta sueltos sueltas corriendo
    mordio mordida morder mordido mordieron muerde ataco atacando quiero queja reportar reporte denunciar ayuda
    hola gracias buenos buenas adios favor porfa usted ustedes hablo habla hablar llamo llama soy eres somos
    sigue salio anda andan va van vino puede pueden necesito necesita nino nina ninos hijo hija esposo esposa
    senor senora gente duenos dueno sangre sangro piel herida puntos agresivo agresiva bravo
    brava malo mala grande chiquito chiquita negro negra blanco blanca pinto todavia sola dejan
    deja dejo afuera adentro encerrado amarrado callejero calles unos pues bueno oiga mire ese esos estas
    cada""".split()
)
_ENGLISH_WORDS = frozenset(
    """the an and or but of to in on at by for with from is are was were be been being has have had do does
    did not it its it's this that these those there here my your his her our their they them we you he she
    us what when where who why how which can could would should will just still again all every some any
    very really please thanks thank hello hi hey dog dogs cat cats puppy horse cow cows pig pigs goat goats
    chicken chickens barking barks bark barked loose running ran bit bite bitten biting attacked chasing
    neighbor neighbors neighbour house yard street corner behind near next door night day morning hours
    hour since ago been going keeps won't wont can't cant don't dont didn't i'm im i've it's that's there's
    theres want need report complaint help know think get got out about like one two three owner name call
    talk person someone people animals gone left aggressive skin""".split()
)
# One word that tells Spanish on its own: greetings and thanks an English speaker does not text.
_SPANISH_ON_ITS_OWN = frozenset(
    "hola gracias buenas buenos bueno oiga disculpe perdon ayuda auxilio porfavor".split()
)


def fold(text: str) -> str:
    """Lower case without accents ("Español" -> "espanol", "gruñía" -> "grunia")."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower().replace("’", "'")


@lru_cache(maxsize=1)
def _detector() -> LanguageDetector:
    from lingua import Language, LanguageDetectorBuilder

    return LanguageDetectorBuilder.from_languages(Language.ENGLISH, Language.SPANISH).build()


@lru_cache(maxsize=1)
def _street_words() -> frozenset[str]:
    """Words of the cities' street and landmark names ("main", "oak", "dollar", "general"): no language."""
    from bot.nlp.places import gazetteer

    names = list(gazetteer.all_street_names()) + list(gazetteer.all_named_landmarks())
    words = {word for name in names for word in _WORD.findall(fold(name))}
    return frozenset(words - _SPANISH_WORDS - _ENGLISH_WORDS)


def lingua_language(text: str) -> tuple[str | None, float]:
    """Lingua's pick between English and Spanish and its confidence (0.5-1.0); (None, 0.0) for no letters."""
    values = _detector().compute_language_confidence_values(text)
    if not values or values[0].value <= 0:
        return None, 0.0
    best = values[0]
    return (ENGLISH if best.language.name == "ENGLISH" else SPANISH), float(best.value)


def asked_language(text: str) -> str | None:
    """The language the resident asks for ("habla espanol?", "English please"), or None."""
    folded = fold(text)
    if _NOT_SPANISH.search(folded):
        return ENGLISH  # "i don't speak spanish"
    if _ASK_SPANISH.search(folded):
        return SPANISH
    return ENGLISH if _ASK_ENGLISH.search(folded) else None


def word_votes(text: str) -> tuple[list[str], int, int]:
    """(the message's words that can vote, English votes, Spanish votes), accents folded."""
    street = _street_words()
    words = [w for w in _WORD.findall(fold(text)) if w not in _NEUTRAL and w not in street]
    english = sum(1 for w in words if w in _ENGLISH_WORDS)
    spanish = sum(1 for w in words if w in _SPANISH_WORDS)
    return words, english, spanish


def stopword_language(text: str) -> str | None:
    """The trivial baseline: the language with more known words, None on a tie (docs/nlu.md compares)."""
    _, english, spanish = word_votes(text)
    if english == spanish:
        return None
    return ENGLISH if english > spanish else SPANISH


@lru_cache(maxsize=256)
def message_language(text: str) -> str | None:
    """ "en" or "es" when the message tells its language, else None (see the module doc for the rules).
    Cached: the NLU pipeline asks twice per message (integrations.language_featurizer, the language entity)."""
    asked = asked_language(text)
    if asked:
        return asked
    words, english, spanish = word_votes(text)
    if len(words) == 1 and words[0] in _SPANISH_ON_ITS_OWN:
        return SPANISH
    if len(words) < 2 or english + spanish == 0:
        return None
    if abs(english - spanish) >= CLEAR_MARGIN:
        return ENGLISH if english > spanish else SPANISH
    picked, confidence = lingua_language(" ".join(words))
    if picked and confidence >= LINGUA_CONFIDENCE:
        return picked
    if english != spanish:
        return ENGLISH if english > spanish else SPANISH
    return None
