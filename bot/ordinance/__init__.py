"""The ordinance engine: each city's law as pure functions over complaint facts (no database, no Rasa).

A pack's `rules:` names a module here (`rules: kellogg` -> `bot.ordinance.kellogg`). A rules module
provides `parse_law(raw, where)` (the pack's `law:` section as a typed value), `REQUIRED_FACT_FIELDS`
(complaint fields its counting needs beyond id, subject, received, type) and
`results_json(facts, pack)` (the `standing` command's results).
"""

from __future__ import annotations

import importlib
from types import ModuleType

RULES_INTERFACE = ("parse_law", "REQUIRED_FACT_FIELDS", "results_json")


def rules_module(name: str) -> ModuleType:
    """The rules module a pack names; ValueError if there is none or it lacks the interface."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"rules must be a module name in bot.ordinance, got {name!r}")
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{name}":
            raise
        raise ValueError(f"rules {name!r} names no module in bot.ordinance") from None
    missing = [attr for attr in RULES_INTERFACE if not hasattr(module, attr)]
    if missing:
        raise ValueError(f"bot.ordinance.{name} is not a rules module (lacks {', '.join(missing)})")
    return module
