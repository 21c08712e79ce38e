"""Print one sample conversation per report type in each language (English, Spanish) through the REST
development channel, for a closing note or a demo.

    .venv/bin/python scripts/sample_conversations.py                 # starts its own servers (fresh SQLite)
    .venv/bin/python scripts/sample_conversations.py --url http://localhost:5005   # a running `make run`

The resident's answers are picked by words of the assistant's last question, as in
tests/integrations/test_spanish_conversations.py; a question no answer fits ends that conversation with a
note (the sample shows it, nothing is hidden). The names and numbers are invented.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import unicodedata
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

READ_BACK = ("yes to send it", "para enviar")
MAX_TURNS = 14
Answers = Sequence[tuple[tuple[str, ...], str]]

# (report type, city, language) -> the first message and the answers
SAMPLES: dict[tuple[str, str, str], tuple[str, Answers]] = {
    ("barking", "kellogg", "en"): (
        "the dog next door at 412 Oak St has been barking nonstop for about an hour",
        [(("your name",), "my name is Ana Lopez"), (("every night", "how often"), "yes, every night"),
         (("how long",), "about an hour without a break")],
    ),
    ("barking", "kellogg", "es"): (
        "el perro de los vecinos en el 412 Oak St lleva como una hora ladrando sin parar",
        [(("como se llama",), "me llamo Ana Lopez"), (("todas las noches", "seguido"), "si, todas las noches"),
         (("cuanto tiempo",), "como una hora sin parar")],
    ),
    ("at_large", "freeport", "en"): (
        "there's a loose dog at the corner of 3rd and Elm",
        [(("your name",), "skip"), (("look like",), "a brown lab with a red collar"),
         (("still there",), "no, it ran off north"), (("which way",), "north"), (("aggressive",), "no, friendly")],
    ),
    ("at_large", "freeport", "es"): (
        "hay un perro suelto en la esquina de 3rd y Elm",
        [(("como se llama",), "anonimo"), (("como es",), "un labrador cafe con collar rojo"),
         (("sigue ahi",), "no, se fue corriendo para el norte"), (("para donde",), "para el norte"),
         (("agresivo",), "no, se ve manso")],
    ),
    ("bite", "kellogg", "en"): (
        "a dog bit my son at 612 N 4th St about an hour ago",
        [(("your name",), "Luis Garcia"), (("who was bitten",), "my son"), (("skin",), "yes, it broke the skin"),
         (("look like",), "a big black dog"), (("whose",), "i don't know"), (("vaccinated",), "i don't know"),
         (("when",), "about an hour ago")],
    ),
    ("bite", "kellogg", "es"): (
        "un perro mordio a mi hijo en el 612 N 4th St hace como una hora",
        [(("como se llama",), "Luis Garcia"), (("a quien mordio",), "a mi hijo"), (("piel",), "si, le rompio la piel"),
         (("como era",), "un perro negro grande"), (("de quien es",), "no se"), (("vacunado",), "no se"),
         (("cuando",), "hace como una hora")],
    ),
}  # fmt: skip
COMMON: dict[str, Answers] = {
    "en": [(("is that right",), "yes"), (("kind of animal",), "a dog"), (("where",), "412 Oak St")],
    "es": [(("es correcto",), "si"), (("tipo de animal",), "un perro"), (("donde",), "412 Oak St")],
}
CONFIRM = {"en": "yes", "es": "si"}


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def send(base: str, sender: str, text: str, city: str) -> list[str]:
    body = json.dumps({"sender": sender, "message": text, "metadata": {"jurisdiction": city}}).encode()
    request = urllib.request.Request(
        base.rstrip("/") + "/webhooks/rest/webhook", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return [m.get("text", "") for m in json.load(response)]


def next_answer(replies: list[str], answers: Answers) -> str | None:
    paragraphs = [p for reply in replies for p in re.split(r"\n\s*\n", reply) if p.strip()]
    question = fold(paragraphs[-1]) if paragraphs else ""
    return next((answer for words, answer in answers if any(w in question for w in words)), None)


def conversation(base: str, report_type: str, city: str, language: str) -> list[tuple[str, str]]:
    """The turns of one sample conversation: ("resident" | "assistant" | "note", text)."""
    first, answers = SAMPLES[(report_type, city, language)]
    answers = [*answers, *COMMON[language]]
    sender, turns = f"sample-{uuid.uuid4().hex[:8]}", []
    said = first
    for _ in range(MAX_TURNS):
        replies = send(base, sender, said, city)
        turns += [("resident", said)] + [("assistant", reply) for reply in replies]
        if said == CONFIRM[language]:
            return turns
        if any(marker in fold(reply) for reply in replies for marker in READ_BACK):
            said = CONFIRM[language]
            continue
        answer = next_answer(replies, answers)
        if answer is None:
            return turns + [("note", "no scripted answer fits the last question; the sample stops here")]
        said = answer
    return turns + [("note", f"no read-back after {MAX_TURNS} turns")]


def print_samples(base: str) -> None:
    for report_type, city, language in SAMPLES:
        print(f"\n== {report_type}, {city.title()}, {'Spanish' if language == 'es' else 'English'} (REST)")
        for who, text in conversation(base, report_type, city, language):
            prefix = {"resident": "resident> ", "assistant": "assistant> ", "note": "   (note) "}[who]
            print(prefix + text.replace("\n", "\n" + " " * len(prefix)))


@contextmanager
def own_servers() -> Iterator[str]:
    from tests.support.servers import MODEL, running_assistant

    if not MODEL.exists():
        raise SystemExit(f"{MODEL} is missing: run `make train`")
    with tempfile.TemporaryDirectory() as work, running_assistant(Path(work)) as servers:
        yield servers.base_url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running Rasa server (make run); default: start our own")
    args = parser.parse_args(argv)
    if args.url:
        print_samples(args.url)
        return 0
    with own_servers() as base:
        print_samples(base)
    return 0


if __name__ == "__main__":
    sys.exit(main())
