"""What a city sets for the officer's dispatch (pack section `dispatch:`), and the two facts the officer's
board and the alerts both read: a bite's 58-10 D owner-notice deadline, and whether a resident agreed to
status texts.

Pack settings (every one has a default here; docs/officer.md):
- `escalate_after_minutes`: an urgent page not acknowledged in this many minutes goes to the backup on call
  (the pack's contact `backup_on_call`);
- `deadline_warning_minutes`: an owner-notice deadline this close pages again (the issue says 15);
- `board_days`: how far back the officer's board looks for open urgent complaints;
- `status_texts`: who gets the officer's status texts. `by_reporting`: a resident who reported from a phone
  number agreed, by reporting, to texts about that report (unless the report says `status_updates: no`);
  `asked`: only a report that says `status_updates: yes`. The assistant does not ask yet, so under `asked`
  nobody gets status texts until it does: the reading waits for that answer. STOP is honoured either way
  (the outbox worker), and so is a later "no updates" text (`declines_updates`, read by the SMS channel).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.cases.dispatch_models import STATUS_UPDATES
from bot.cases.records import engine_victim
from bot.jurisdictions import Pack
from bot.ordinance import bite_order
from bot.ordinance.view import BiteFacts

STATUS_TEXT_READINGS = ("by_reporting", "asked")
# a later text refusing status texts, as residents write it (accents and punctuation dropped): its language
NO_UPDATES_PHRASES = {
    **dict.fromkeys(("no updates", "no more updates", "stop updates", "no status updates",
                     "stop sending updates", "no more texts about my report"), "en"),
    **dict.fromkeys(("sin actualizaciones", "no actualizaciones", "no mas actualizaciones",
                     "no quiero actualizaciones", "sin avisos", "no mas avisos", "no quiero avisos"), "es"),
}  # fmt: skip
_NOT_LETTERS = re.compile(r"[^a-z]+")
_COURTESY = re.compile(
    r"^(?:(?:ok|okay|please|por favor) )*|(?: (?:please|thanks|thank you|gracias|por favor))*$"
)


@dataclass(frozen=True)
class DispatchSettings:
    escalate_after_minutes: int = 10
    deadline_warning_minutes: int = 15
    board_days: int = 3
    status_texts: str = "by_reporting"


def dispatch_settings(pack: Pack) -> DispatchSettings:
    """The pack's `dispatch:` section over the defaults; ValueError on a value that cannot be right."""
    raw = pack.extra.get("dispatch") or {}
    if not isinstance(raw, Mapping):
        raise ValueError(f"{pack.code}: dispatch must be a mapping")
    defaults = DispatchSettings()
    values: dict[str, Any] = {}
    for name in ("escalate_after_minutes", "deadline_warning_minutes", "board_days"):
        value = raw.get(name, getattr(defaults, name))
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{pack.code}: dispatch.{name} must be a whole number of at least 1")
        values[name] = value
    texts = raw.get("status_texts", defaults.status_texts)
    if texts not in STATUS_TEXT_READINGS:
        raise ValueError(
            f"{pack.code}: dispatch.status_texts must be one of {', '.join(STATUS_TEXT_READINGS)}"
        )
    return DispatchSettings(status_texts=texts, **values)


def owner_notice_deadline(
    pack: Pack, *, reference: str, occurred: datetime | None, received: datetime, victim_kind: str | None,
    injury: bool | None,
) -> datetime | None:  # fmt: skip
    """When the owner must be advised of a bite under the pack's law (Kellogg 58-10 D: "within two hours
    after the bite"); None where the law sets none, the bite time is not known, or the records do not say a
    person was bitten (the rules module decides: 58-10 quarantines an animal that bit a human being)."""
    order = bite_order(
        pack,
        BiteFacts(
            reference=reference,
            bitten_at=occurred,
            received=received,
            victim=engine_victim(victim_kind),
            injury=injury,
            vaccinated_with_proof=None,
        ),
    )
    return order.owner_notice_deadline


def declines_updates(body: str) -> str | None:
    """The language of a text that is, whole, a "no updates" answer ("No more updates.", "sin
    actualizaciones"), else None. Only the whole message: words in a report are the conversation's."""
    folded = unicodedata.normalize("NFKD", body.lower()).encode("ascii", "ignore").decode()
    return NO_UPDATES_PHRASES.get(_COURTESY.sub("", " ".join(_NOT_LETTERS.sub(" ", folded).split())))


def texts_in_force(pack: Pack, details: Mapping[str, Any], contact: str | None, opted_out: bool) -> str:
    """Whether the resident is texted the officer's steps, and which reading decided it, in plain words for
    the officer's page (the ordinance-style rule: a reading in force is shown)."""
    reading = dispatch_settings(pack).status_texts
    said = str(details.get(STATUS_UPDATES) or "").strip().lower()
    if not contact or not contact.startswith("+"):
        return "No texts to the resident: the report has no phone number."
    if opted_out:
        return "No texts to the resident: they texted STOP."
    if said == "no":
        return "No texts to the resident: they said no updates."
    if reading == "asked":
        if said == "yes":
            return f"The resident is texted each step: they said yes to updates ({pack.name} reads: asked)."
        return (
            f"No texts to the resident: {pack.name} texts only a resident who said yes to updates (reads: "
            "asked), and the assistant does not ask yet."
        )
    return (
        "The resident is texted each step: reporting from a phone agrees to texts about it "
        f"({pack.name} reads: by_reporting)."
    )


def agreed_to_updates(pack: Pack, details: Mapping[str, Any], contact: str | None) -> bool:
    """Whether the resident of a report agreed to status texts (see the module's `status_texts`)."""
    if not contact or not contact.startswith("+"):
        return False  # no phone to text (REST development senders, walk-ins without a number)
    said = str(details.get(STATUS_UPDATES) or "").strip().lower()
    if said == "no":
        return False
    if dispatch_settings(pack).status_texts == "asked":
        return said == "yes"
    return True
