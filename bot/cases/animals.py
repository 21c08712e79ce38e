"""Animals are records under a household; bite complaints link to the animal that bit.

Bite rules count per animal (Kellogg 58-10 I "any animal with a history of two or more bite cases";
Freeport 11 C 1 d "bitten one or more persons on two or more occasions"), and the victim's kind
matters (Freeport 11 C 2 "a human or a domestic animal"). `bite_facts` hands the ordinance engine
one plain record per counted bite.
"""

from __future__ import annotations

from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.cases.base import ServiceBase
from bot.cases.errors import AnimalNotFound, InvalidChange, InvalidQuery, SubjectNotFound
from bot.cases.models import VICTIMS, Animal, BiteDetail, Complaint, Subject
from bot.cases.records import AnimalRecord, BiteFact, animal_record, fact_victim

# What a clerk records about an animal; yes/no/unknown facts are True/False/None.
ANIMAL_TEXT_FIELDS = ("species", "name", "description", "breed", "colour", "license_number")
ANIMAL_KNOWN_FIELDS = ("licensed", "vaccinated")
ANIMAL_FIELDS = ANIMAL_TEXT_FIELDS + ANIMAL_KNOWN_FIELDS


def _checked_animal(fields: Mapping[str, object]) -> dict[str, object]:
    unknown = sorted(set(fields) - set(ANIMAL_FIELDS))
    if unknown:
        raise InvalidChange(f"not animal fields: {', '.join(unknown)}")
    checked: dict[str, object] = {}
    for field, value in fields.items():
        if field in ANIMAL_KNOWN_FIELDS and value not in (True, False, None):
            raise InvalidChange(f"{field} must be yes, no or not known")
        if field in ANIMAL_TEXT_FIELDS and value is not None and not isinstance(value, str):
            raise InvalidChange(f"{field} must be text")
        checked[field] = (value.strip() or None) if isinstance(value, str) else value
    return checked


class Animals(ServiceBase):
    """Animals of households, the animal a complaint is about, and the victim of a bite."""

    def create_animal(self, subject_id: int, *, by: str, reason: str | None = None, **fields: object) -> int:
        """A new animal of a household (fields: see ANIMAL_FIELDS)."""
        values = _checked_animal(fields)
        now = self._clock()
        with self._transaction() as session:
            if session.get(Subject, subject_id) is None:
                raise SubjectNotFound(subject_id)
            animal = Animal(subject_id=subject_id, created_at=now, **values)
            session.add(animal)
            session.flush()
            self._audit(
                session,
                "animal",
                str(animal.id),
                "created",
                by,
                now,
                reason=reason,
                after={"subject_id": subject_id, **values},
            )
            return animal.id

    def update_animal(
        self, animal_id: int, changes: Mapping[str, object], *, by: str, reason: str | None = None
    ) -> None:
        """Correct or complete what is known of an animal (licence, vaccination...), audited."""
        values = _checked_animal(changes)
        now = self._clock()
        with self._transaction() as session:
            animal = self._animal(session, animal_id)
            updates = {field: value for field, value in values.items() if getattr(animal, field) != value}
            if not updates:
                return
            before = {field: getattr(animal, field) for field in updates}
            for field, value in updates.items():
                setattr(animal, field, value)
            self._audit(
                session,
                "animal",
                str(animal.id),
                "edited",
                by,
                now,
                reason=reason,
                before=before,
                after=updates,
            )

    def get_animal(self, animal_id: int) -> AnimalRecord:
        with self._reading() as session:
            return animal_record(self._animal(session, animal_id))

    def animals_of_subject(self, subject_id: int) -> list[AnimalRecord]:
        """A household's animals, oldest record first."""
        with self._reading() as session:
            animals = (
                session.execute(select(Animal).where(Animal.subject_id == subject_id).order_by(Animal.id))
                .scalars()
                .all()
            )
            return [animal_record(a) for a in animals]

    def link_animal(self, reference: str, animal_id: int, *, by: str, reason: str | None = None) -> None:
        """The complaint is about this animal (for a bite: the animal that bit), of its household."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            animal = self._animal(session, animal_id)
            if complaint.subject_id is None:
                raise InvalidChange(f"{complaint.reference} has no household: link the household first")
            if animal.subject_id != complaint.subject_id:
                owner = session.get(Subject, animal.subject_id) if animal.subject_id is not None else None
                if owner is None or owner.jurisdiction != complaint.jurisdiction:
                    raise AnimalNotFound(animal_id)  # another city's animal is answered as none at all
                raise InvalidChange(f"animal {animal_id} is not of {complaint.reference}'s household")
            if complaint.animal_id == animal_id:
                raise InvalidChange(f"{complaint.reference} is already linked to animal {animal_id}")
            self._change(session, complaint, "animal_linked", by, reason, {"animal_id": animal_id})

    def set_victim(self, reference: str, victim: str, *, by: str, reason: str | None = None) -> None:
        """Record who a bite hurt: person, domestic_animal, other_animal, animal or unknown."""
        if victim not in VICTIMS:
            raise InvalidChange(f"victim must be one of {', '.join(VICTIMS)}")
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.bite is None:
                raise InvalidChange(f"{complaint.reference} is not a bite complaint")
            if complaint.bite.victim == victim:
                return
            before = {"victim": complaint.bite.victim}
            complaint.bite.victim = victim
            complaint.updated_at = now
            self._audit(
                session,
                "complaint",
                complaint.reference,
                "victim_recorded",
                by,
                now,
                reason=reason,
                before=before,
                after={"victim": victim},
            )

    def bite_facts(self, *, subject_id: int | None = None, jurisdiction: str | None = None) -> list[BiteFact]:
        """Counted bites (accepted, not duplicates, confirmed household), in order of received.

        Per animal: group by `animal` (None: not yet known which animal bit)."""
        if subject_id is None and jurisdiction is None:
            raise InvalidQuery("bite_facts needs a subject_id or a jurisdiction")
        query = (
            select(Complaint, BiteDetail)
            .join(BiteDetail, BiteDetail.complaint_id == Complaint.id)
            .where(
                Complaint.type == "bite",
                Complaint.status == "accepted",
                Complaint.duplicate_of_id.is_(None),
                Complaint.subject_confirmed.is_(True),
                Complaint.subject_id.is_not(None),
            )
            .order_by(Complaint.received, Complaint.id)
        )
        if subject_id is not None:
            query = query.where(Complaint.subject_id == subject_id)
        if jurisdiction is not None:
            query = query.where(Complaint.jurisdiction == jurisdiction)
        with self._reading() as session:
            return [_bite_fact(complaint, bite) for complaint, bite in session.execute(query).all()]

    @staticmethod
    def _animal(session: Session, animal_id: int) -> Animal:
        animal = session.get(Animal, animal_id)
        if animal is None:
            raise AnimalNotFound(animal_id)
        return animal


def _bite_fact(complaint: Complaint, bite: BiteDetail) -> BiteFact:
    return BiteFact(
        reference=complaint.reference,
        subject_id=complaint.subject_id,
        animal=None if complaint.animal_id is None else str(complaint.animal_id),
        victim=fact_victim(bite.victim),
        victim_kind=bite.victim,
        injury=bite.skin_broken_or_medical,
        occurred=complaint.occurred,
        received=complaint.received,
    )
