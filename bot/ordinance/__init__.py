"""The ordinance engine: each city's law as pure functions over complaint facts (no database, no Rasa).

A pack's `rules:` names a module here (`rules: kellogg` -> `bot.ordinance.kellogg`). A rules module
provides `parse_law(raw, where)` (the pack's `law:` section as a typed value), `REQUIRED_FACT_FIELDS`
(complaint fields its counting needs beyond id, subject, received, type) and
`results_json(facts, pack)` (the `standing` command's results). For the console it may also provide
`standing_view`, `bite_order`, `notice_terms` and `barking_note` (bot.ordinance.view); the functions
below fall back to bot.ordinance.generic for a module that does not.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from datetime import date
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.jurisdictions import Pack
    from bot.ordinance.facts import ComplaintFact
    from bot.ordinance.view import BiteFacts, BiteOrder, NoticeFacts, NoticeTerms, StandingView

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


def standing_view(pack: Pack, facts: Sequence[ComplaintFact], subject: str, today: date) -> StandingView:
    """The subject's standing in words, from the pack's rules module (or the engine's bare results)."""
    from bot.ordinance import generic

    module = rules_module(pack.rules)
    if hasattr(module, "standing_view"):
        return module.standing_view(facts, pack, subject, today)
    return generic.standing_view(module, facts, pack, subject, today)


def bite_order(pack: Pack, bite: BiteFacts) -> BiteOrder:
    """The confinement a bite calls for under the pack's law."""
    from bot.ordinance import generic

    return getattr(rules_module(pack.rules), "bite_order", generic.bite_order)(pack, bite)


def notice_terms(
    pack: Pack, kind: str, issued_on: date, bite: BiteOrder | None = None, facts: NoticeFacts | None = None
) -> NoticeTerms:
    """A notice's wording and dates under the pack's law; ValueError if the law words no such notice."""
    from bot.ordinance import generic
    from bot.ordinance.view import NoticeFacts

    return getattr(rules_module(pack.rules), "notice_terms", generic.notice_terms)(
        pack, kind, issued_on, bite, facts or NoticeFacts()
    )


def barking_note(
    pack: Pack, species: str | None, minutes: int | None, reported_text: str | None = None
) -> str | None:
    """What the pack's law says about barking beside the reported duration; None if it words nothing."""
    note = getattr(rules_module(pack.rules), "barking_note", None)
    return note(pack, species, minutes, reported_text) if note else None


def notice_receipt(pack: Pack, kind: str, received_on: date) -> dict[str, date]:
    """Deadlines that run from the day the owner received a notice of `kind` (none if the law sets none)."""
    hook = getattr(rules_module(pack.rules), "notice_receipt", None)
    return hook(pack, kind, received_on) if hook else {}


def receipt_words(pack: Pack, kind: str, received_on: date | None, today: date) -> str | None:
    """The words for a notice whose deadlines run from receipt ("awaiting receipt" until recorded)."""
    hook = getattr(rules_module(pack.rules), "receipt_words", None)
    return hook(pack, kind, received_on, today) if hook else None


def designation_proposal(
    pack: Pack, facts: Sequence[ComplaintFact], reference: str
) -> dict[str, object] | None:
    """The designation the pack's law lets the engine propose for bite `reference` (None: the law has none)."""
    hook = getattr(rules_module(pack.rules), "designation_proposal", None)
    return hook(facts, pack, reference) if hook else None


def appeal_deadline(pack: Pack, designation: str, notified_on: date) -> date | None:
    """The last day the owner may appeal a designation, counted from notification (None: no appeal set)."""
    hook = getattr(rules_module(pack.rules), "appeal_deadline", None)
    return hook(pack, designation, notified_on) if hook else None
