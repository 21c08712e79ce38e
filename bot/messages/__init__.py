"""Every text the line says or sends to a resident, in each language the line speaks.

A text is a key with one wording per language (`en`, `es`). Each part of the product keeps its own texts in a
module of this package (resident: the assistant's and the SMS channel's texts; voice: what the phone line
says; status: the outbox's status texts), and `say` looks them up. Responses written in domain.yml keep their
Spanish as Rasa conditional response variations on the `language` slot; the texts here are the ones Python
builds. A test holds every key to having every language.
"""

from __future__ import annotations

from functools import cache

LANGUAGES = ("en", "es")
DEFAULT_LANGUAGE = "en"


def language_of(value: object) -> str:
    """The language code for a slot or column value; anything unknown is the default (English)."""
    text = str(value or "").strip().lower()[:2]
    return text if text in LANGUAGES else DEFAULT_LANGUAGE


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """All texts by key, merged from the modules of this package (built on first use)."""
    from bot.messages import dispatch, resident, status, voice

    merged: dict[str, dict[str, str]] = {}
    for module in (resident, voice, status, dispatch):
        for key, wordings in module.TEXTS.items():
            if key in merged:
                raise ValueError(f"text {key!r} is defined twice")
            merged[key] = wordings
    return merged


def say(key: str, language: object = DEFAULT_LANGUAGE, **values: object) -> str:
    """The text `key` in `language` (English when that wording is missing), filled with `values`."""
    wordings = catalogue()[key]
    wording = wordings.get(language_of(language)) or wordings[DEFAULT_LANGUAGE]
    return wording.format(**values) if values else wording
