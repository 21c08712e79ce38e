"""Animal taxonomy: any way a resident names an animal -> one singular species.

`normalise_animal("pit bulls") == "dog"`, `normalise_animal("cattle") == "cow"`,
`normalise_animal("the mailman") is None`. Pure Python and table-driven, so the actions can call it
on every slot value and the spaCy pipeline builder can turn the same tables into ruler patterns.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from bot.nlp.animals.taxonomy_es import fold_accents, spanish_terms

# species -> words and phrases residents use for it (singular; plurals are derived unless irregular).
# Breeds live in BREEDS below so they can be exported as a lookup table of their own.
SPECIES_TERMS: dict[str, tuple[str, ...]] = {
    "dog": (
        "dog",
        "doggy",
        "doggie",
        "doggo",
        "pup",
        "puppy",
        "pupper",
        "pooch",
        "mutt",
        "canine",
        "hound",
        "k9",
        "k-9",
        "cur",
        "stray dog",
    ),
    "cat": (
        "cat",
        "kitty",
        "kitten",
        "kitty cat",
        "tomcat",
        "tom cat",
        "feline",
        "kitteh",
        "barn cat",
        "stray cat",
    ),
    "horse": ("horse", "pony", "mare", "stallion", "colt", "filly", "foal", "gelding"),
    "donkey": ("donkey", "burro", "mule", "jackass"),
    "cow": ("cow", "cattle", "bull", "calf", "heifer", "steer", "ox", "oxen", "dairy cow", "beef cow"),
    "pig": ("pig", "hog", "swine", "boar", "sow", "piglet", "piggy", "potbelly pig", "pot bellied pig"),
    "goat": ("goat", "billy goat", "nanny goat", "goatling"),
    "sheep": ("sheep", "lamb", "ram", "ewe"),
    "llama": ("llama", "alpaca"),
    "chicken": ("chicken", "hen", "rooster", "chick", "cockerel", "pullet", "bantam", "chook"),
    "duck": ("duck", "duckling", "mallard"),
    "goose": ("goose", "geese", "gander", "gosling", "canada goose"),
    "turkey": ("turkey", "wild turkey", "gobbler"),
    "bird": (
        "bird",
        "pigeon",
        "crow",
        "hawk",
        "owl",
        "parrot",
        "parakeet",
        "budgie",
        "seagull",
        "gull",
        "peacock",
        "peafowl",
        "guinea fowl",
        "guinea hen",
        "starling",
        "grackle",
        "cockatiel",
        "macaw",
        "pheasant",
        # wild birds residents find grounded or hurt (blind-12l's bald eagle had no species)
        "bald eagle",
        "golden eagle",
        "heron",
        "great blue heron",
        "egret",
        "pelican",
        "vulture",
        "turkey vulture",
        "buzzard",
    ),
    "rabbit": ("rabbit", "bunny", "hare", "jackrabbit", "bunny rabbit"),
    "raccoon": ("raccoon", "racoon", "coon", "trash panda"),
    "skunk": ("skunk", "polecat"),
    "bat": ("bat",),
    "snake": (
        "snake",
        "garter snake",
        "rattlesnake",
        "rattler",
        "python",
        "boa",
        "boa constrictor",
        "bull snake",
        "serpent",
    ),
    "fox": ("fox", "red fox", "gray fox", "grey fox", "vixen"),
    "coyote": ("coyote", "yote", "coywolf"),
    "wolf": ("wolf", "wolves", "timber wolf", "gray wolf"),
    "deer": ("deer", "fawn", "buck", "whitetail", "white tail", "whitetail deer", "white-tailed deer"),
    "elk": ("elk",),
    "moose": ("moose",),
    "bear": ("bear", "black bear", "bear cub"),
    "squirrel": ("squirrel", "gray squirrel", "red squirrel", "flying squirrel"),
    "chipmunk": ("chipmunk",),
    "groundhog": ("groundhog", "woodchuck", "gopher"),
    "opossum": ("opossum", "possum"),
    "beaver": ("beaver",),
    "muskrat": ("muskrat",),
    "porcupine": ("porcupine",),
    "badger": ("badger",),
    "mink": ("mink",),
    "weasel": ("weasel",),
    "otter": ("otter",),
    "ferret": ("ferret",),
    "rat": ("rat",),
    "mouse": ("mouse", "mice"),
    "hamster": ("hamster", "guinea pig", "gerbil"),
    "turtle": ("turtle", "snapping turtle", "snapper", "tortoise"),
    "lizard": ("lizard", "iguana", "gecko", "bearded dragon"),
    "bobcat": ("bobcat", "lynx"),
    "cougar": ("cougar", "mountain lion", "puma"),
}

# Which species are kept (pets, farm animals: "at large" when loose) and which are wild (referred, not filed).
# Birds, rabbits, ducks, geese, turkeys, rodents, ferrets and reptiles kept as pets are neither: they can be
# either, so they never decide a report type on their own (bot/nlp/facts/ambiguity.py).
KEPT_SPECIES = frozenset("dog cat horse donkey cow pig goat sheep llama chicken".split())

WILD_SPECIES = frozenset(
    """raccoon skunk bat snake fox coyote wolf deer elk moose bear squirrel chipmunk groundhog opossum
    beaver muskrat porcupine badger mink weasel otter bobcat cougar""".split()
)


def species_kind(species: str | None) -> str | None:
    """'kept' (dog, cow, chicken...), 'wild' (skunk, deer...), or None when the species can be either."""
    if species in KEPT_SPECIES:
        return "kept"
    if species in WILD_SPECIES:
        return "wild"
    return None


# Breeds and type names, a development list a city can extend. All map to their species.
BREEDS: dict[str, tuple[str, ...]] = {
    "dog": (
        "pit bull",
        "pitbull",
        "pit",
        "pittie",
        "pitty",
        "pit mix",
        "staffy",
        "staffordshire terrier",
        "american bully",
        "lab",
        "labrador",
        "labrador retriever",
        "black lab",
        "yellow lab",
        "chocolate lab",
        "lab mix",
        "golden retriever",
        "golden",
        "retriever",
        "german shepherd",
        "shepherd",
        "shepherd mix",
        "gsd",
        "husky",
        "siberian husky",
        "malamute",
        "alaskan malamute",
        "rottweiler",
        "rottie",
        "rotty",
        "doberman",
        "dobie",
        "doberman pinscher",
        "boxer",
        "bulldog",
        "english bulldog",
        "french bulldog",
        "frenchie",
        "pug",
        "beagle",
        "basset hound",
        "bloodhound",
        "coonhound",
        "coon hound",
        "coon dog",
        "bluetick",
        "redbone",
        "foxhound",
        "greyhound",
        "whippet",
        "dachshund",
        "doxie",
        "wiener dog",
        "weiner dog",
        "chihuahua",
        "chiweenie",
        "poodle",
        "toy poodle",
        "doodle",
        "goldendoodle",
        "labradoodle",
        "bernedoodle",
        "cockapoo",
        "maltipoo",
        "shih tzu",
        "shitzu",
        "lhasa apso",
        "maltese",
        "yorkie",
        "yorkshire terrier",
        "terrier",
        "jack russell",
        "jack russell terrier",
        "rat terrier",
        "pit terrier",
        "schnauzer",
        "corgi",
        "border collie",
        "collie",
        "sheltie",
        "australian shepherd",
        "aussie",
        "blue heeler",
        "red heeler",
        "heeler",
        "cattle dog",
        "australian cattle dog",
        "great dane",
        "mastiff",
        "bullmastiff",
        "cane corso",
        "saint bernard",
        "st bernard",
        "bernese",
        "bernese mountain dog",
        "newfoundland",
        "great pyrenees",
        "pyrenees",
        "akita",
        "shiba",
        "shiba inu",
        "chow",
        "chow chow",
        "dalmatian",
        "pointer",
        "german shorthaired pointer",
        "setter",
        "irish setter",
        "spaniel",
        "cocker spaniel",
        "springer spaniel",
        "springer",
        "weimaraner",
        "vizsla",
        "pomeranian",
        "pom",
        "papillon",
        "bichon",
        "havanese",
        "cavalier",
        "cavalier king charles",
        "boston terrier",
        "airedale",
        "westie",
        "scottie",
        "samoyed",
        "keeshond",
        "belgian malinois",
        "malinois",
        "catahoula",
        "blue pit",
        "red nose pit",
        "mixed breed",
        "hound dog",
        "bird dog",
        "sheepdog",
        "old english sheepdog",
        "wolfdog",
        "wolf hybrid",
    ),
    "cat": (
        "siamese",
        "persian",
        "maine coon",
        "tabby",
        "calico",
        "tortie",
        "tortoiseshell",
        "tuxedo cat",
        "ragdoll",
        "bengal",
        "sphynx",
        "orange tabby",
        "alley cat",
        "feral cat",
        "himalayan",
    ),
    "horse": (
        "quarter horse",
        "thoroughbred",
        "clydesdale",
        "appaloosa",
        "paint horse",
        "shetland pony",
        "mini horse",
    ),
    "cow": ("holstein", "angus", "black angus", "hereford", "jersey cow", "longhorn"),
    "pig": ("pot belly", "potbelly", "pot-bellied pig", "kunekune"),
    "goat": ("pygmy goat", "nubian", "boer goat", "nigerian dwarf"),
    "chicken": ("leghorn", "silkie", "buff orpington", "orpington", "barred rock", "rhode island red"),
}

# Words a resident might write that look like species but, in this line's messages, are not.
# ("doe" is a surname: "Jane Doe"; "kid" is a child far more often than a goat.)
NOT_ANIMALS: frozenset[str] = frozenset(
    {"doe", "kid", "kids", "drake", "jack", "house", "ram truck", "hot dog", "hot dogs", "corn dog"}
)

# Everyday words one typo away from an animal term ("hours"/"hourse", "pero"/"perro", "patio"/"pato"): a
# resident who writes them means them, so they are never read as a misspelt species. tests/nlu/
# test_animal_typos.py scans the training data and fails on a new such word.
NOT_TYPOS: frozenset[str] = frozenset(
    {"house", "hours", "patio", "pasto", "rato", "multa", "pero", "line", "share", "martes", "anos", "gano",
     "cara", "llamar", "cook", "howls", "staff", "ears", "cocina", "libres", "pocas", "trata", "hora", "horas",
     "para", "gallon", "caro", "mouth", "gota", "pata", "pelo", "hose", "horns", "cero", "ramas", "credito",
     "upper", "patios", "roams", "phony",
     # found in the spent evaluation sets: "Eagle St" was a beagle, "the pumps"
     # a pug, "libre" a hare (liebre), "vacia" a cow, "hows it going" a hound
     "eagle", "pumps", "libre", "vacia", "hows",
     # "the school board" a boar, "el consejo" a rabbit (conejo), "le llaman" a llama
     "board", "consejo", "llaman",
     # "yowls" was an owl (a bird), the name "Marie" a mare (a horse)
     "yowl", "yowls", "marie",
     # "fill" was a filly, "shows" a sow, "vendo" a deer (venado)
     "fill", "shows", "vendo",
     # "una cuerda" (a rope) was a sow (cerda), "rocas" (rocks) geese (ocas),
     # "sounded hoarse" a horse
     "cuerda", "rocas", "hoarse",
     # "the Eagles" (a team) is no beagles, "catty corner" a place, not a cat
     "eagles", "catty",
     # "transcript colon", "tienen tapadas las dos lineas": spoken punctuation and lanes, not a coon or a lynx
     "colon", "lines",
     # "hacen una bulla" (a racket) is no bull, "chores" no horse
     "bulla", "chores",
     # "ducking ridiculous, sorry autocorrect" is no duck, "staring" no starling
     "ducking", "staring",
     # Spanish birds: "la palma de la mano" is no dove (paloma)
     "palma", "palmas",
     # "the llama spits and charges" is no spitz (a dog)
     "spits"}
)  # fmt: skip

IRREGULAR_PLURALS: dict[str, str] = {
    "geese": "goose",
    "mice": "mouse",
    "oxen": "ox",
    "wolves": "wolf",
    "calves": "calf",
    "puppies": "puppy",
    "kitties": "kitty",
    "ponies": "pony",
    "bunnies": "bunny",
    "doggies": "doggie",
    "doggos": "doggo",
    "piggies": "piggy",
    "turkies": "turkey",
    "foxes": "fox",
    "boxes": "box",
    "yorkies": "yorkie",
    "pitties": "pittie",
    "frenchies": "frenchie",
    "rotties": "rottie",
    "aussies": "aussie",
    "huskies": "husky",
    "collies": "collie",
    "goldens": "golden",
}

# Common misspellings seen in texts and speech-to-text, beyond what the fuzzy match catches.
MISSPELLINGS: dict[str, str] = {
    "dgo": "dog",
    "dgos": "dog",
    "dogg": "dog",
    "doog": "dog",
    "dob": "dog",
    "pupy": "dog",
    "puppie": "dog",
    "pitt bull": "dog",
    "pitbul": "dog",
    "pit bul": "dog",
    "pittbull": "dog",
    "rotweiler": "dog",
    "rottwieler": "dog",
    "rotwieler": "dog",
    "chiuaua": "dog",
    "chiwawa": "dog",
    "chihuaua": "dog",
    "daschund": "dog",
    "dashund": "dog",
    "german sheperd": "dog",
    "sheperd": "dog",
    "shepard": "dog",
    "german shepard": "dog",
    "german shephard": "dog",
    "labador": "dog",
    "labardor": "dog",
    "husckey": "dog",
    "huskey": "dog",
    "rotwiler": "dog",
    "doberman pincher": "dog",
    "cta": "cat",
    "catt": "cat",
    "kitteh": "cat",
    "kiten": "cat",
    "kittie": "cat",
    "raccon": "raccoon",
    "racon": "raccoon",
    "rackoon": "raccoon",
    "racoons": "raccoon",
    "skunck": "skunk",
    "scunk": "skunk",
    "chiken": "chicken",
    "chickin": "chicken",
    "rooser": "chicken",
    "roster": "chicken",
    "squirel": "squirrel",
    "squirell": "squirrel",
    "coyotee": "coyote",
    "kyote": "coyote",
    "coyoty": "coyote",
    "possom": "opossum",
    "oposum": "opossum",
    "hourse": "horse",
    "hores": "horse",
    "gaot": "goat",
    "shepe": "sheep",
}

# Terms normalise_animal accepts when it is asked about a slot value, but which the entity ruler does not
# tag in free text, where they are usually something else ("my kid's pointer finger", "bear with me").
AMBIGUOUS_IN_TEXT: frozenset[str] = frozenset(
    {
        "pit",
        "pits",
        "golden",
        "goldens",
        "chow",
        "pom",
        "poms",
        "pointer",
        "setter",
        "springer",
        "cavalier",
        "buck",
        "bucks",
        "chick",
        "chicks",
        "bear",
        "steer",
        "steers",
        "sow",
        "sows",
        "snapper",
        "boa",
        "python",
        "vixen",
        "ram",
        "rams",
        "cur",
        "crow",
        "crows",
    }
)

# Emoji residents send instead of words.
EMOJI: dict[str, str] = {
    "🐕": "dog",
    "🐶": "dog",
    "🐩": "dog",
    "🦮": "dog",
    "🐕‍🦺": "dog",
    "🐈": "cat",
    "🐱": "cat",
    "🐈‍⬛": "cat",
    "🐎": "horse",
    "🐴": "horse",
    "🐄": "cow",
    "🐮": "cow",
    "🐂": "cow",
    "🐃": "cow",
    "🐖": "pig",
    "🐷": "pig",
    "🐗": "pig",
    "🐐": "goat",
    "🐑": "sheep",
    "🐏": "sheep",
    "🐓": "chicken",
    "🐔": "chicken",
    "🐤": "chicken",
    "🐥": "chicken",
    "🐣": "chicken",
    "🦆": "duck",
    "🪿": "goose",
    "🦃": "turkey",
    "🐦": "bird",
    "🕊": "bird",
    "🦅": "bird",
    "🦉": "bird",
    "🐇": "rabbit",
    "🐰": "rabbit",
    "🦝": "raccoon",
    "🦨": "skunk",
    "🦇": "bat",
    "🐍": "snake",
    "🦊": "fox",
    "🐺": "wolf",
    "🦌": "deer",
    "🐿": "squirrel",
    "🐀": "rat",
    "🐁": "mouse",
    "🐭": "mouse",
    "🐢": "turtle",
    "🦎": "lizard",
    "🐻": "bear",
    "🦫": "beaver",
    "🦙": "llama",
    "🫏": "donkey",
}

# Adjectives and filler words stripped from the front of a mention ("big black lab", "the neighbors dog").
_MODIFIERS: frozenset[str] = frozenset(
    """a an the some this that these those my our your his her their its neighbor neighbors neighbour
    neighbours neighbor's neighbour's next door nextdoor big huge large giant small little tiny medium sized
    black white brown tan grey gray red orange yellow golden blonde spotted striped brindle blue chocolate
    dark light old young baby mean angry aggressive vicious loose stray wild feral crazy scary friendly
    skinny fat male female two three four five several couple of few bunch pack herd flock litter
    another other same one dead injured hurt sick barking howling yapping rabid""".split()
)

_SPECIES = frozenset(SPECIES_TERMS)

_NON_WORD = re.compile(r"[^a-z0-9' -]+")

_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=1)
def term_table() -> dict[str, str]:
    """Every known surface form (singular and plural, lower case) -> species."""
    table: dict[str, str] = {}
    for source in (SPECIES_TERMS, BREEDS):
        for species, terms in source.items():
            for term in terms:
                table.setdefault(term, species)
                table.setdefault(pluralise(term), species)
    for plural, singular in IRREGULAR_PLURALS.items():
        if singular in table:
            table.setdefault(plural, table[singular])
    for typo, species in MISSPELLINGS.items():
        table.setdefault(typo, species)
    for term, species in spanish_terms().items():  # Spanish words (bot/nlp/animals/taxonomy_es.py)
        table.setdefault(term, species)
    for species in SPECIES_TERMS:
        table[species] = species
    for word in NOT_ANIMALS:
        table.pop(word, None)
    return table


def species_names() -> frozenset[str]:
    """The species values `normalise_animal` can return."""
    return _SPECIES


def pluralise(term: str) -> str:
    """Regular English plural of the last word ("pit bull" -> "pit bulls")."""
    head, _, last = term.rpartition(" ")
    if last in {"sheep", "deer", "moose", "elk", "cattle", "swine", "fish", "bison"}:
        plural = last
    elif last.endswith(("s", "x", "z", "ch", "sh")):
        plural = last + "es"
    elif last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
        plural = last[:-1] + "ies"
    else:
        plural = last + "s"
    return f"{head} {plural}" if head else plural


def _clean(text: str) -> str:
    text = unicodedata.normalize("NFKC", fold_accents(text)).lower().replace("’", "'")
    text = _NON_WORD.sub(" ", text)
    return _SPACES.sub(" ", text).strip(" -'")


def _singular_guesses(word: str) -> list[str]:
    guesses = [word]
    if word.endswith("'s"):
        guesses.append(word[:-2])
    if word.endswith("ies"):
        guesses.append(word[:-3] + "y")
    if word.endswith("es"):
        guesses.append(word[:-2])
    if word.endswith("s") and not word.endswith("ss"):
        guesses.append(word[:-1])
    return guesses


def _lookup(phrase: str) -> str | None:
    table = term_table()
    if phrase in table:
        return table[phrase]
    head, _, last = phrase.rpartition(" ")
    for guess in _singular_guesses(last):
        candidate = f"{head} {guess}" if head else guess
        if candidate in table:
            return table[candidate]
    return None


@lru_cache(maxsize=1)
def _fuzzy_vocabulary() -> dict[int, list[tuple[str, str]]]:
    by_length: dict[int, list[tuple[str, str]]] = {}
    for term, species in term_table().items():
        if " " not in term and len(term) >= 4:
            by_length.setdefault(len(term), []).append((term, species))
    return by_length


def _one_edit_apart(word: str, term: str) -> bool:
    """True for one transposition, one insertion or one deletion (not a substitution: 'house' != 'horse')."""
    if len(word) == len(term):
        diffs = [i for i, (a, b) in enumerate(zip(word, term, strict=True)) if a != b]
        return (
            len(diffs) == 2
            and diffs[1] == diffs[0] + 1
            and word[diffs[0]] == term[diffs[1]]
            and (word[diffs[1]] == term[diffs[0]])
        )
    shorter, longer = sorted((word, term), key=len)
    if len(longer) - len(shorter) != 1:
        return False
    return any(longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer)))


def _fuzzy(word: str) -> str | None:
    if len(word) < 4 or not word.isalpha() or word in NOT_TYPOS or word in NOT_ANIMALS:
        return None
    matches = {
        species
        for length in (len(word) - 1, len(word), len(word) + 1)
        for term, species in _fuzzy_vocabulary().get(length, ())
        if _one_edit_apart(word, term)
    }
    # Ambiguous typos ("bats"/"cats"-like collisions) are left alone rather than guessed.
    return matches.pop() if len(matches) == 1 else None


@lru_cache(maxsize=4096)
def normalise_animal(text: str) -> str | None:
    """The singular species a mention names ("pit bull" -> "dog", "cattle" -> "cow"), or None.

    Tries, in order: emoji, the whole phrase, the phrase without leading modifiers, its last one or two
    words (so "big brown lab with a collar" still finds "lab"), then one-edit typos of single words.
    """
    if not text or not text.strip():
        return None
    for emoji, species in EMOJI.items():
        if emoji in text:
            return species
    phrase = _clean(text)
    if not phrase or phrase in NOT_ANIMALS:
        return None
    found = _lookup(phrase)
    if found:
        return found
    words = phrase.split(" ")
    while len(words) > 1 and words[0] in _MODIFIERS:
        words = words[1:]
    # "lab with a red collar", "dog from next door": the animal is before the preposition.
    for cut, word in enumerate(words):
        if (
            word in {"with", "from", "at", "on", "in", "that", "who", "which", "and", "near", "by", "of"}
            and cut
        ):
            words = words[:cut]
            break
    if not words:
        return None
    candidates = [" ".join(words)]
    if len(words) >= 2:
        candidates.append(" ".join(words[-2:]))
    candidates.append(words[-1])
    candidates.extend(reversed(words[:-1]))
    for candidate in candidates:
        if candidate in NOT_ANIMALS:
            continue
        found = _lookup(candidate)
        if found:
            return found
    for word in reversed(words):
        found = _fuzzy(word)
        if found:
            return found
    return None


def names_an_animal(text: str) -> bool:
    """Whether any word or pair of words of `text` is an animal term, typos aside ("somebody's goats got
    out", "un perro mordio a una persona"): a cheap test of whether speech is about an animal."""
    words = _clean(text).split()
    phrases = [*words, *(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))]
    return any(_lookup(phrase) for phrase in phrases)
