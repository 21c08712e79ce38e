"""Review: the clerk's decisions and corrections on complaints and subjects, each audited."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone

from sqlalchemy import select

from bot.cases.base import ServiceBase, current_subject_at, is_aware, require_reason
from bot.cases.errors import ComplaintNotFound, InvalidChange, SubjectNotFound
from bot.cases.models import COMPLAINT_TYPES, FORMS, UNKNOWN_TYPE, Complaint, Subject
from bot.jurisdictions import UnknownJurisdiction, get_pack
from bot.messages import LANGUAGES, say
from bot.nlp.places.normalise import normalise_address

# What a clerk may correct with edit_fields; the transcript (the resident's own words) is never edited.
EDITABLE_FIELDS = (
    "type",
    "received",
    "occurred",
    "occurred_text",
    "location_text",
    "animal_species",
    "animal_description",
    "urgent",
    "details",
    "language",  # the conversation's language: the resident's status texts follow it
)


class Review(ServiceBase):
    """Accept, reject, mark duplicate, correct fields, change form, create and link subjects."""

    def accept(self, reference: str, *, by: str, reason: str | None = None) -> None:
        self._decide(reference, "accepted", by, reason)

    def reject(self, reference: str, reason: str, *, by: str) -> None:
        self._decide(reference, "rejected", by, require_reason(reason, "rejecting a complaint"))

    def _decide(self, reference: str, status: str, by: str, reason: str | None) -> None:
        """Accept or reject (the audit action is the new status); either undoes a duplicate mark."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.status == status:
                raise InvalidChange(f"{complaint.reference} is already {status}")
            if status == "accepted" and complaint.needs_follow_up:
                # filed without a place or a type: it counts only once the clerk has called back and filled it in
                missing = "type" if complaint.type == UNKNOWN_TYPE else "place"
                raise InvalidChange(
                    f"{complaint.reference} has no {missing} yet: call the resident back and correct it"
                )
            self._change(
                session,
                complaint,
                status,
                by,
                reason,
                {"status": status, "status_reason": reason, "duplicate_of_id": None},
            )

    def mark_duplicate(self, reference: str, of: str, *, by: str, reason: str | None = None) -> None:
        """Mark `reference` a duplicate of the complaint `of` (which must be an original, same city)."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            original = self._load(session, of)
            if original.id == complaint.id:
                raise InvalidChange(f"{complaint.reference} cannot be a duplicate of itself")
            if original.jurisdiction != complaint.jurisdiction:
                raise ComplaintNotFound(of)  # as for one that does not exist: another city's stays unseen
            if original.status == "duplicate":
                raise InvalidChange(f"{original.reference} is itself a duplicate; mark against the original")
            if complaint.status == "duplicate" and complaint.duplicate_of_id == original.id:
                raise InvalidChange(f"{complaint.reference} is already a duplicate of {original.reference}")
            self._change(
                session,
                complaint,
                "marked_duplicate",
                by,
                reason,
                {"status": "duplicate", "status_reason": reason, "duplicate_of_id": original.id},
            )

    def edit_fields(
        self, reference: str, changes: Mapping[str, object], reason: str, *, by: str
    ) -> list[str]:
        """Correct fields (see EDITABLE_FIELDS) with a reason; unchanged values are not recorded. The fields
        changed, in the order given ([] when every value was as filed)."""
        reason = require_reason(reason, "a correction")
        unknown = sorted(set(changes) - set(EDITABLE_FIELDS))
        if unknown:
            raise InvalidChange(f"fields not editable: {', '.join(unknown)}")
        if not changes:
            raise InvalidChange("no fields to change")
        updates = {field: self._checked_value(field, value) for field, value in changes.items()}
        if "location_text" in updates:
            updates["location_normalised"] = normalise_address(str(updates["location_text"]))
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.needs_follow_up and ("location_text" in updates or "type" in updates):
                updates["needs_follow_up"] = _still_missing(complaint, updates)
            updates = {field: value for field, value in updates.items() if getattr(complaint, field) != value}
            if updates:
                self._change(session, complaint, "edited", by, reason, updates)
        return [field for field in changes if field in updates]

    @staticmethod
    def _checked_value(field: str, value: object) -> object:
        if field == "type" and value not in COMPLAINT_TYPES:
            raise InvalidChange(f"type must be one of {', '.join(COMPLAINT_TYPES)}")
        if field in ("received", "occurred"):
            if value is None and field == "occurred":
                return None
            if not isinstance(value, datetime) or not is_aware(value):
                raise InvalidChange(f"{field} must be a timezone-aware datetime")
            return value.astimezone(timezone.utc)
        if field == "language" and value not in LANGUAGES:
            raise InvalidChange(f"language must be one of {', '.join(LANGUAGES)}")
        if field == "urgent" and not isinstance(value, bool):
            raise InvalidChange("urgent must be true or false")
        if field == "details":
            if not isinstance(value, Mapping):
                raise InvalidChange("details must be a mapping")
            return dict(value)
        if field == "location_text" and (not isinstance(value, str) or not value.strip()):
            raise InvalidChange("location_text must not be blank")
        if field in ("occurred_text", "animal_species", "animal_description") and not (
            value is None or isinstance(value, str)
        ):
            raise InvalidChange(f"{field} must be text")
        return value.strip() if isinstance(value, str) else value

    def change_form(self, reference: str, form: str, reason: str, *, by: str) -> None:
        """Override the channel's default form (Kellogg 58-16 counts verbal and written differently)."""
        reason = require_reason(reason, "changing the form")
        if form not in FORMS:
            raise InvalidChange(f"form must be one of {', '.join(FORMS)}")
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.form == form:
                raise InvalidChange(f"{complaint.reference} is already {form}")
            self._change(session, complaint, "form_changed", by, reason, {"form": form})

    def create_subject(
        self,
        jurisdiction: str,
        address: str,
        *,
        by: str,
        name: str | None = None,
        reason: str | None = None,
        replace_current: bool = False,
    ) -> int:
        """A new owner/household. `replace_current` records a change of ownership at that address."""
        try:
            get_pack(jurisdiction)
        except UnknownJurisdiction:
            raise InvalidChange(f"unknown jurisdiction {jurisdiction!r}") from None
        if not address or not address.strip():
            raise InvalidChange("a subject needs an address")
        normalised = normalise_address(address)
        now = self._clock()
        with self._transaction() as session:
            if normalised is not None:
                current = session.execute(
                    select(Subject).where(*current_subject_at(jurisdiction, normalised))
                ).scalar_one_or_none()
                if current is not None and not replace_current:
                    raise InvalidChange(f"subject {current.id} is already current at that address")
                if current is not None:
                    current.superseded_at = now
                    session.flush()  # free the address before the new subject takes it
                    self._audit(
                        session,
                        "subject",
                        str(current.id),
                        "superseded",
                        by,
                        now,
                        reason=reason,
                        before={"superseded_at": None},
                        after={"superseded_at": now},
                    )
            subject = Subject(
                jurisdiction=jurisdiction,
                address_normalised=normalised,
                address_text=address.strip(),
                name=name.strip() if name else None,
                created_at=now,
            )
            session.add(subject)
            session.flush()
            self._audit(
                session,
                "subject",
                str(subject.id),
                "created",
                by,
                now,
                reason=reason,
                after={"jurisdiction": jurisdiction, "address_normalised": normalised},
            )
            return subject.id

    def link_subject(self, reference: str, subject_id: int, *, by: str, reason: str | None = None) -> None:
        """The clerk links the complaint to a household: a confirmed link (it may now count)."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            subject = session.get(Subject, subject_id)
            if subject is None or subject.jurisdiction != complaint.jurisdiction:
                raise SubjectNotFound(subject_id)  # another city's household is answered as none at all
            if complaint.subject_id == subject_id and complaint.subject_confirmed:
                raise InvalidChange(f"{complaint.reference} is already linked to subject {subject_id}")
            updates = {"subject_id": subject_id, "subject_confirmed": True}
            if complaint.subject_id != subject_id:
                updates["animal_id"] = None  # an animal of another household cannot stay linked
            self._change(session, complaint, "subject_linked", by, reason, updates)

    def confirm_household(self, reference: str, *, by: str, reason: str | None = None) -> None:
        """The clerk confirms the suggested household: from now on the complaint may count against it."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.subject_id is None:
                raise InvalidChange(f"{complaint.reference} has no household to confirm; link one")
            if complaint.subject_confirmed:
                raise InvalidChange(f"{complaint.reference}'s household is already confirmed")
            self._change(session, complaint, "household_confirmed", by, reason, {"subject_confirmed": True})

    def unlink_household(self, reference: str, reason: str, *, by: str) -> None:
        """Remove a suggested or confirmed household (and the animal linked with it), with a reason."""
        reason = require_reason(reason, "unlinking a household")
        with self._transaction() as session:
            complaint = self._load(session, reference)
            if complaint.subject_id is None:
                raise InvalidChange(f"{complaint.reference} has no household")
            updates = {"subject_id": None, "subject_confirmed": False, "animal_id": None}
            self._change(session, complaint, "household_unlinked", by, reason, updates)


def _still_missing(complaint: Complaint, updates: Mapping[str, object]) -> bool:
    """Whether a complaint filed for a call back still lacks what the resident could not give: its type (filed
    as unknown) or its place (filed as "not given"). A correction of either fills in that one."""
    type_missing = updates.get("type", complaint.type) == UNKNOWN_TYPE
    place_missing = "location_text" not in updates and complaint.location_text in {
        say("followup.place", language) for language in LANGUAGES
    }
    return type_missing or place_missing
