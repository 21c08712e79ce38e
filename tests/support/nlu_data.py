"""NLU examples read with Rasa's own loader, once per file per pytest run: the loader validates every file
against Rasa's schema, and reading data/nlu/ took about 25 s each time a test module did it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@cache
def _cached(path: str) -> tuple:
    from rasa.shared.nlu.training_data.loading import load_data

    return tuple(load_data(path).intent_examples)


def examples(path: Path) -> list:
    """The intent examples of one YAML file (a new list; the messages are shared, so read them only)."""
    return list(_cached(str(path.resolve())))


def training_examples(folder: Path = ROOT / "data" / "nlu", recursive: bool = True) -> list:
    """Every intent example of the YAML files in `folder` (and its subfolders when `recursive`), in path order."""
    paths = sorted(folder.rglob("*.yml") if recursive else folder.glob("*.yml"))
    return [message for path in paths for message in examples(path)]
