"""Spanish animal words -> the same English species the case records use.

"perro", "perrita", "chucho" -> dog; "marrano", "cochino" -> pig; "zorrillo" -> skunk. `bot.nlp.animals.taxonomy`
adds `spanish_terms()` to its term table (so `normalise_animal("perritos") == "dog"`), and the spaCy ruler
(bot.nlp.pipeline) tags them in text. Words are written without accents, as residents text; the accented
spellings ("murciélago", "ratón") are added for the ruler, and `normalise_animal` folds accents itself.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

# species -> Spanish words (singular; regular plurals are derived). Gendered and diminutive forms are listed,
# since residents write them ("perra", "perrita", "gatitos").
SPANISH_TERMS: dict[str, tuple[str, ...]] = {
    "dog": (
        "perro", "perra", "perrito", "perrita", "perrillo", "perrote", "chucho", "chucha", "cachorro",
        "cachorrito", "cachorra", "perro callejero", "perra callejera", "pastor aleman",
        "firulais", "perro salchicha", "perro pitbull", "chihuahueno",
    ),
    "cat": ("gato", "gata", "gatito", "gatita", "minino", "michi", "gato callejero", "gata callejera"),
    "horse": ("caballo", "yegua", "potro", "potranca", "poni", "caballito"),
    "donkey": ("burra", "asno", "mula"),
    "cow": ("vaca", "vaquita", "vaquilla", "toro", "torito", "becerro", "becerra", "novillo", "ganado", "res",
            "ternera", "ternero", "vaquillona"),
    "pig": (
        "puerco", "puerca", "puerquito", "cerdo", "cerda", "cerdito", "marrano", "marrana", "marranito",
        "cochino", "cochina", "cochinito", "chancho", "lechon", "jabali", "cochi",
    ),
    "goat": ("chivo", "chiva", "chivito", "chivita", "cabra", "cabrita", "cabrito"),
    "sheep": ("borrego", "borrega", "borreguito", "oveja", "ovejita", "carnero", "cordero"),
    "chicken": ("gallina", "gallo", "gallito", "pollo", "pollito", "pollita", "gallinita"),
    "duck": ("pato", "patito"),
    "goose": ("ganso", "oca"),
    "turkey": ("guajolote", "pavo", "cocono"),
    "bird": ("pajaro", "pajarito", "perico", "loro", "cotorra", "cotorro", "buho", "lechuza", "tecolote", "cuervo", "halcon", "zopilote", "aguila", "gavilan",
             "paloma", "palomita", "pichon", "canario", "gorrion", "garza", "periquito"),
    "rabbit": ("conejo", "coneja", "conejito", "liebre"),
    "raccoon": ("mapache",),
    "skunk": ("zorrillo", "mofeta", "zorrino"),
    "bat": ("murcielago",),
    "snake": ("culebra", "vibora", "serpiente", "vibora de cascabel", "victorilla"),
    "fox": ("zorro", "zorra"),
    "wolf": ("lobo",),
    "deer": ("venado", "ciervo", "cervatillo", "venadito"),
    "bear": ("oso",),
    "squirrel": ("ardilla",),
    "chipmunk": ("ardilla listada", "ardillita listada"),
    "ferret": ("huron",),
    "groundhog": ("marmota", "tuza"),
    "opossum": ("tlacuache", "zarigueya", "zariguella"),
    "beaver": ("castor",),
    "porcupine": ("puercoespin",),
    "badger": ("tejon",),
    "rat": ("rata",),
    "mouse": ("raton", "ratoncito"),
    "hamster": ("cuyo", "cuy", "cobayo", "cobaya", "conejillo de indias"),
    # "tortuga lagarto" is a snapping turtle, not a turtle and a lizard
    "turtle": ("tortuga", "tortuga lagarto", "tortuga mordedora"),
    "lizard": ("lagartija", "lagarto"),
    "bobcat": ("gato montes", "lince"),
    "cougar": ("leon de montana",),
}  # fmt: skip

# Accented spellings the ruler must also see as written (normalise_animal folds accents on its own).
ACCENTED: dict[str, str] = {
    "murcielago": "murciélago",
    "raton": "ratón",
    "pastor aleman": "pastor alemán",
    "pajaro": "pájaro",
    "buho": "búho",
    "halcon": "halcón",
    "aguila": "águila",
    "gavilan": "gavilán",
    "pichon": "pichón",
    "gorrion": "gorrión",
    "huron": "hurón",
    "lechon": "lechón",
    "jabali": "jabalí",
    "vibora": "víbora",
    "vibora de cascabel": "víbora de cascabel",
    "tejon": "tejón",
    "puercoespin": "puercoespín",
    "zarigueya": "zarigüeya",
    "gato montes": "gato montés",
    "leon de montana": "león de montaña",
    "chihuahueno": "chihuahueño",
}

# Spanish words that are animals in English but verbs in Spanish text: "se llama Max", "me llamo Ana".
# The ruler tags "<pronoun> llama" as a non-animal span first, so the bare word is not read as a llama.
VERB_BEFORE_LLAMA: tuple[str, ...] = ("se", "me", "te", "le", "lo", "la", "les", "nos", "como", "quien")

LLAMA_VERB_FORMS: tuple[str, ...] = ("llama", "llamas", "llamo", "llaman")


def fold_accents(text: str) -> str:
    """'Murciélago' -> 'Murcielago', 'zarigüeya' -> 'zarigueya' (case kept)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def pluralise_es(term: str) -> set[str]:
    """Plurals as residents write them, each word before a "de" pluralised ("perro callejero" -> "perros
    callejeros"; "vibora de cascabel" -> "viboras de cascabel"). A vowel takes -s; a consonant -es, and -s
    too for loan words ("pitbulls"); z -> ces; no accents ("ratones")."""
    words = term.split()
    cut = words.index("de") if "de" in words else len(words)
    head = [_plural_words(w) for w in words[:cut]]
    return {
        " ".join([*(forms[0] for forms in head), *words[cut:]]),
        " ".join([*(forms[-1] for forms in head), *words[cut:]]),
    }


def _plural_words(word: str) -> tuple[str, ...]:
    if word[-1] in "aeiouáéó":
        return (word + "s",)
    if word.endswith("z"):
        return (word[:-1] + "ces",)
    return (word + "es", word + "s")


@lru_cache(maxsize=1)
def spanish_terms() -> dict[str, str]:
    """Every Spanish surface form (singular, plural, accented) -> species."""
    table: dict[str, str] = {}
    for species, terms in SPANISH_TERMS.items():
        for term in terms:
            forms = {term, *pluralise_es(term)}
            if term in ACCENTED:
                forms |= {ACCENTED[term], *pluralise_es(ACCENTED[term])}
            for form in forms:
                table.setdefault(form, species)
    return table
