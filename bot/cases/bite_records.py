"""What the clerk or officer confirms about a bite beyond the resident's words: the facts a bite order turns on.

Kellogg 58-10 A(1) "proof that said animal is currently vaccinated against rabies" and Freeport 5 B "proof of
the vaccination by a certificate from a licensed veterinarian" (the resident's word is not proof); 58-10 B
whether "the incident occurs at a location other than owner's premises"; and the day confinement began, from
which the order's period runs (docs/rules.md "Bites"). None means not recorded.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.cases.base import ServiceBase
from bot.cases.errors import InvalidChange


@dataclass(frozen=True)
class ConfirmedBiteFacts:
    vaccination_proof: bool | None = None
    on_owner_premises: bool | None = None
    confined_on: date | None = None


class BiteRecords(ServiceBase):
    """Recording the confirmed bite facts (audited, with the values before)."""

    def record_bite_facts(
        self, reference: str, facts: ConfirmedBiteFacts, *, by: str, reason: str | None = None
    ) -> None:
        """Record the confirmed facts of a bite complaint (the console refuses a `confined_on` after the
        city's today: the service does not know the city's calendar)."""
        for name in ("vaccination_proof", "on_owner_premises"):
            if getattr(facts, name) not in (True, False, None):
                raise InvalidChange(f"{name.replace('_', ' ')} must be yes, no or not known")
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            bite = complaint.bite
            if bite is None:
                raise InvalidChange(f"{complaint.reference} is not a bite complaint")
            before = {
                "vaccination_proof": bite.vaccination_proof,
                "on_owner_premises": bite.on_owner_premises,
                "confined_on": bite.confined_on,
            }
            after = {
                "vaccination_proof": facts.vaccination_proof,
                "on_owner_premises": facts.on_owner_premises,
                "confined_on": facts.confined_on,
            }
            if before == after:
                return
            bite.vaccination_proof = facts.vaccination_proof
            bite.on_owner_premises = facts.on_owner_premises
            bite.confined_on = facts.confined_on
            complaint.updated_at = now
            self._audit(session, "complaint", complaint.reference, "bite_facts_recorded", by, now,
                        reason=reason, before=before, after=after)  # fmt: skip
