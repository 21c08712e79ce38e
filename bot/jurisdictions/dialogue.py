"""A pack's `dialogue:` settings: the thresholds the assistant's conversation uses, typed, with defaults.

    dialogue:
      asr_confidence_min: 0.5     # a place heard on the phone with less is read back ("I heard ... Is that right?")
      aside_confidence_min: 0.8   # an aside intent (status, a person, licensing) below this is read as an answer
      max_call_turns: 12          # a call ends within this many turns, in a report or a transfer

A pack that leaves a setting out gets the default below; docs/nlu.md "Pack settings" says what each does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

DEFAULT_ASR_CONFIDENCE_MIN = 0.5  # Twilio's speech Confidence (0-1)
DEFAULT_ASIDE_CONFIDENCE_MIN = 0.8  # the NLU's intent confidence (0-1)
DEFAULT_MAX_CALL_TURNS = 12  # the caller's turns, the greeting not counted
MIN_CALL_TURNS = 6  # room for a report: the first words, two answers, the name, the read-back and the YES
COUNTS = frozenset({"max_call_turns"})  # settings that are whole numbers, not thresholds from 0 to 1


@dataclass(frozen=True)
class DialogueSettings:
    asr_confidence_min: float = DEFAULT_ASR_CONFIDENCE_MIN
    aside_confidence_min: float = DEFAULT_ASIDE_CONFIDENCE_MIN
    max_call_turns: int = DEFAULT_MAX_CALL_TURNS


def parse_dialogue(raw: object, where: str) -> DialogueSettings:
    """The `dialogue:` section of a pack (None: every default). Raises ValueError naming the field."""
    if raw is None:
        return DialogueSettings()
    if not isinstance(raw, Mapping):
        raise ValueError(f"{where}: dialogue must be a mapping of settings")
    known = {f.name for f in fields(DialogueSettings)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ValueError(f"{where}: unknown dialogue setting {', '.join(map(str, unknown))}")
    values: dict[str, float | int] = {}
    for key, value in raw.items():
        if key in COUNTS:
            if isinstance(value, bool) or not isinstance(value, int) or value < MIN_CALL_TURNS:
                raise ValueError(
                    f"{where}: dialogue.{key} must be a whole number of at least {MIN_CALL_TURNS}"
                )
            values[key] = value
            continue
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"{where}: dialogue.{key} must be a number from 0 to 1")
        values[key] = float(value)
    return DialogueSettings(**values)  # type: ignore[arg-type]
