"""The resident's status texts when the officer moves on their report: on the way, on scene, done (with the
outcome, never the officer's note). In the resident's language; only where they agreed to updates
(bot.notify.dispatch_rules.agreed_to_updates); a number that texted STOP gets nothing (the worker suppresses
it, bot.notify.worker)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from bot.cases.models import Complainant, Complaint
from bot.jurisdictions import Pack, get_pack
from bot.messages import say
from bot.notify.dispatch_rules import agreed_to_updates
from bot.notify.outbox import STATUS_LIMIT, OutboxService

TEXTED_STEPS = ("on_the_way", "on_scene", "done")


def step_text(pack: Pack, reference: str, step: str, outcome: str | None, language: object) -> str:
    """The resident's text for a step, in `language` (bot/messages/dispatch.py)."""
    words = say(f"outcome_{outcome}", language) if step == "done" and outcome else ""
    return say(f"dispatch_{step}", language, city=pack.name, reference=reference, outcome=words)[
        :STATUS_LIMIT
    ]


class DispatchTexts:
    def __init__(self, session_factory: sessionmaker, outbox: OutboxService) -> None:
        self._session_factory = session_factory
        self._outbox = outbox

    @contextmanager
    def _transaction(self) -> Iterator[Session]:
        with self._session_factory() as session, session.begin():
            yield session

    def queue(self, reference: str, step: str, outcome: str | None = None) -> bool:
        """Queue the text for `step` (one per complaint and step); False when none is due or it was queued."""
        if step not in TEXTED_STEPS:
            return False
        with self._transaction() as session:
            row = session.execute(
                select(Complaint.jurisdiction, Complaint.language, Complaint.details, Complainant.contact_key)
                .outerjoin(Complainant, Complainant.id == Complaint.complainant_id)
                .where(Complaint.reference == reference)
            ).one_or_none()
            if row is None:
                raise LookupError("no complaint with that reference")
            pack = get_pack(row.jurisdiction)
            if not agreed_to_updates(pack, row.details or {}, row.contact_key):
                return False
            return self._outbox.enqueue_in(
                session, key=f"dispatch:{reference}:{step}", purpose="status", jurisdiction=pack.code,
                to_number=row.contact_key, from_number=pack.phone_numbers[0],
                body=step_text(pack, reference, step, outcome, row.language), complaint_reference=reference,
            )  # fmt: skip
