"""The resident's name: "my name is Jane Doe", "jane", "uh tom berg" (fillers stripped), and a name given in
a report's own words ("This is Ruth Meyer, the dog at ...")."""

from __future__ import annotations

import re

from bot.nlp.facts.text import fold, strip_fillers

_SKIP_NAME_RE = re.compile(
    r"^\W*(skip|no+|nope|anonymous|anon|rather not|i'?d rather not|prefer not|no name|none|not telling|"
    r"no thanks|n/?a)\b",
    re.I,
)
_SKIP_NAME_ES = re.compile(
    r"^\W*(omitir|saltar|anonim[oa]|prefiero no|no quiero (dar|decir)|sin nombre|no gracias|mejor no)\b", re.I
)
# Linear on any input: one run of \W that can split only after a greeting.
_NAME_PREFIX_RE = re.compile(
    r"^\W*(?:(hi|hey|hello|hola|buenas)\W*)?(my name is|my name's|name is|name's|name:|i am|i'm|im|this is|it'?s|"
    r"call me|me llamo|mi nombre es|yo soy|soy|le habla|habla|aqui|aquí|con),?\s+",
    re.I,
)
# a name said at the start of a report: "this is Ruth Meyer, the dog at ...", "hi my name is Ana Cruz and ..."
_INTRODUCTION_RE = re.compile(
    r"^\W*(?:(?:hi|hey|hello|hola|buenas)\W+)?(?:my name is|my name's|this is|me llamo|mi nombre es|le habla)\s+"
    r"(?P<name>[A-Za-zÀ-ÿ'.\-]+(?:\s+[A-Za-zÀ-ÿ'.\-]+){0,2}?)\s*(?:[,.;:!]|\s(?:and|y|from|de|at|the|i|my)\b)",
    re.I,
)
# "Jane Doe, it started around 10pm": a short part, then a comma, a semicolon or a spaced dash, then the rest
_LEADING_SEPARATOR_RE = re.compile(r",|;|\s-\s")
# the read-back's approvals that look like a name ("Looks good", "Go ahead", "Perfecto"): never a name there
_APPROVAL_WORDS = frozenset(
    "good great fine thing perfect right correct ahead done submit send sounds looks ok okay okey yep yeah yup sure "
    "cool awesome nice alright listo bien correcto perfecto claro vale dale mande envie enviar adelante".split()
)
_SAYS_NAME_RE = re.compile(
    r"^\W*(?:my name is|my name's|name is|name:|call me|me llamo|mi nombre es)\s", re.I
)
_YES_FIRST_RE = re.compile(
    r"^\W*(?:yes|yeah|yep|ok|okay|sure|si|sí|claro)\b[\s,.;:!-]*(?:(?:and|y)\s+)?(?P<rest>\S.*)$", re.I
)
# words that are not in a person's name: "talk to a person", "what's the status", "a dog"
_NOT_NAME_WORDS = frozenset(
    "a an the to of at on in is it i me my you your we our what whats where when why how who can could "
    "want need talk speak call person someone somebody human status complaint report dog cat animal "
    "bite bit barking loose yes no not please help hello thanks thank city hall street st ave road there here "
    "sorry oops wait actually well oh ah ok okay perdon disculpe oiga bueno and wild stray feral "
    "el la los las un una unos unas de del al en y que q por para con mi su es son esta si hola gracias favor "
    "calle perro perros gato gatos animal queja reporte ayuda persona alguien estatus hablar quiero ladra "
    "mordio suelto noche dia todos todas cada".split()
)


def declines_name(text: str, intent: str | None = None) -> bool:
    return intent == "deny" or bool(_SKIP_NAME_RE.search(text or "") or _SKIP_NAME_ES.search(fold(text)))


def clean_name(text: str) -> str | None:
    """The name in 'my name is Jane Doe', 'jane' or 'uh tom berg'; None if it does not look like a name."""
    name = _NAME_PREFIX_RE.sub("", strip_fillers((text or "").strip())).strip(" .!,")
    words = name.split()
    if not 1 <= len(words) <= 4 or len(name) > 60:
        return None
    if not all(re.fullmatch(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'.\-]*", w) for w in words):
        return None
    if any(fold(w).lower().strip(".'") in _NOT_NAME_WORDS for w in words):
        return None
    return " ".join(w[:1].upper() + w[1:] for w in words)


def introduced_name(text: str) -> str | None:
    """The name a report opens with ("This is Ruth Meyer, the dog at 40 Oak bit my hand"), or None."""
    match = _INTRODUCTION_RE.search(strip_fillers(text or ""))
    return clean_name(match.group("name")) if match else None


def leading_name(text: str) -> tuple[str, str] | None:
    """("Jane Doe", "Jane Doe") for 'Jane Doe, it started around 10pm': the name a mixed answer opens with and
    the words it was read from (the caller checks that those words say no other fact), or None."""
    separator = _LEADING_SEPARATOR_RE.search(text or "")
    if separator is None:
        return None
    part, rest = text[: separator.start()].strip(), text[separator.end() :].strip()
    if not rest or len(part) > 60:
        return None
    name = clean_name(part)
    return (name, part) if name and not _approves(part) else None


def name_at_readback(text: str) -> str | None:
    """The name in an answer to the read-back that asks for it: 'Jane Doe', 'my name is Jane Doe', 'yes, Jane
    Doe'; never an approval that looks like one ('Looks good', 'Go ahead')."""
    text = strip_fillers((text or "").strip())
    introduced = _SAYS_NAME_RE.match(text) is not None  # "my name is Tom Good"; not "it's fine", "I'm good"
    after_yes = _YES_FIRST_RE.match(text)
    words = after_yes.group("rest") if after_yes else text
    name = clean_name(words)
    return None if name is None or (not introduced and _approves(words)) else name


def _approves(words: str) -> bool:
    return bool(_APPROVAL_WORDS & set(re.findall(r"[a-z]+", fold(words).lower())))
