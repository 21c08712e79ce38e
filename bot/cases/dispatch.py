"""The officer's dispatch on a complaint: steps (acknowledged, on the way, on scene, done with an outcome),
the pages sent about it, and the complaints the officer's board starts from.

Every step and page is written to the complaint's audit history too, so the clerk's complaint page shows
them. A step recorded twice (a double tap, a retried form) is recorded once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, noload

from bot.cases.base import ServiceBase, dialect_insert, is_aware
from bot.cases.dispatch_models import (
    DISPATCH_STEPS,
    OUTCOMES,
    PAGE_REASONS,
    PAGE_RECIPIENTS,
    STATUS_UPDATES,
    DispatchPage,
    DispatchStep,
)
from bot.cases.errors import InvalidChange, InvalidQuery
from bot.cases.models import BiteDetail, Complainant, Complaint, Photo

OPEN_STATUSES = ("new", "accepted")
# types the officer's board takes whether or not they were filed as urgent (at large: when still there)
BOARD_TYPES = ("bite", "threat", "at_large")
ESCALATION_ACTOR = "escalation"
RESIDENT_ACTOR = "resident"  # a change the resident asked for by text (the history never names them)


@dataclass(frozen=True)
class StepRecord:
    step: str
    as_role: str
    actor: str
    at: datetime
    outcome: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class PageRecord:
    reason: str
    recipient: str
    paged_at: datetime


@dataclass(frozen=True)
class DispatchState:
    """Where the officer's dispatch on one complaint stands."""

    steps: tuple[StepRecord, ...] = ()
    pages: tuple[PageRecord, ...] = ()

    @property
    def current(self) -> str | None:
        """The furthest step recorded, or None."""
        done = {s.step for s in self.steps}
        return next((step for step in reversed(DISPATCH_STEPS) if step in done), None)

    @property
    def acknowledged(self) -> bool:
        """Any step acknowledges the page: an officer on the way has seen it."""
        return bool(self.steps)

    @property
    def finished(self) -> StepRecord | None:
        return next((s for s in self.steps if s.step == "done"), None)

    @property
    def as_role(self) -> str | None:
        """Which phone the officer answering carries (on call or backup): the first step's."""
        return self.steps[0].as_role if self.steps else None

    def step(self, name: str) -> StepRecord | None:
        return next((s for s in self.steps if s.step == name), None)

    def paged(self, reason: str, recipient: str | None = None) -> bool:
        return any(p.reason == reason and recipient in (None, p.recipient) for p in self.pages)


@dataclass(frozen=True)
class BoardComplaint:
    """A complaint the officer's board may list, with what the board and the alerts need (no complainant)."""

    id: int
    reference: str
    jurisdiction: str
    type: str
    urgent: bool
    received: datetime
    occurred: datetime | None
    location_text: str
    location_normalised: str | None
    animal_species: str | None
    animal_description: str | None
    details: Mapping[str, Any]
    subject_id: int | None
    subject_confirmed: bool
    language: str
    victim_kind: str | None
    injury: bool | None
    photo_count: int
    dispatch: DispatchState = field(default_factory=DispatchState)


def _step_record(row: DispatchStep) -> StepRecord:
    return StepRecord(row.step, row.as_role, row.actor, row.at, row.outcome, row.note)


class DispatchService(ServiceBase):
    """Named operations on the officer's dispatch; `by` is the console user acting."""

    def state(self, reference: str) -> DispatchState:
        with self._reading() as session:
            complaint = self._load(session, reference)
            return self.states_in(session, [complaint.id])[complaint.id]

    def record_step(
        self,
        reference: str,
        step: str,
        *,
        by: str,
        as_role: str | None = None,
        outcome: str | None = None,
        note: str | None = None,
    ) -> tuple[DispatchState, bool]:
        """Record `step`; (the state after, whether it was new). `done` needs an outcome; nothing follows it.

        `as_role` (on_call or backup) is taken from the first step when not given."""
        _check_step(step, outcome)
        note = (note or "").strip()[:2000] or None
        now = self._clock()
        with self._transaction() as session:
            complaint = self._load(session, reference)
            state = self.states_in(session, [complaint.id])[complaint.id]
            if state.step(step) is not None:
                return state, False
            if state.finished is not None:
                raise InvalidChange(f"{complaint.reference} is done; nothing follows")
            role = as_role or state.as_role or "on_call"
            if role not in PAGE_RECIPIENTS:
                raise InvalidChange(f"as_role must be one of {', '.join(PAGE_RECIPIENTS)}")
            session.add(
                DispatchStep(
                    complaint_id=complaint.id, step=step, as_role=role, actor=by, at=now,
                    outcome=outcome if step == "done" else None, note=note,
                )
            )  # fmt: skip
            after = {"step": step, "as": role, "outcome": outcome, "note": note}
            self._audit(session, "complaint", complaint.reference, f"dispatch_{step}", by, now,
                        after={k: v for k, v in after.items() if v is not None})  # fmt: skip
            session.flush()
            return self.states_in(session, [complaint.id])[complaint.id], True

    def record_call_back(self, reference: str, *, by: str, call_sid: str | None, error: str | None) -> None:
        """A call-back the officer placed (or tried to): in the complaint's history, with Twilio's call id
        and never a phone number."""
        with self._transaction() as session:
            complaint = self._load(session, reference)
            after = {"call_sid": call_sid} if call_sid else {"error": error or "not placed"}
            self._audit(session, "complaint", complaint.reference, "officer_call_back", by, self._clock(),
                        after=after)  # fmt: skip

    def decline_updates(self, contact: str) -> list[str]:
        """A resident's later "no updates" text: each of their open reports (new or accepted) now says
        `status_updates: no`, in its history with the resident as actor; the references changed."""
        now = self._clock()
        with self._transaction() as session:
            rows = session.execute(
                select(Complaint)
                .join(Complainant, Complainant.id == Complaint.complainant_id)
                .where(Complainant.contact_key == contact, Complaint.status.in_(OPEN_STATUSES))
                .order_by(Complaint.id)
            ).scalars()
            changed = []
            for complaint in rows:
                before = (complaint.details or {}).get(STATUS_UPDATES)
                if before == "no":
                    continue
                complaint.details = {**(complaint.details or {}), STATUS_UPDATES: "no"}  # a new dict: saved
                complaint.updated_at = now
                self._audit(session, "complaint", complaint.reference, "status_updates_declined",
                            RESIDENT_ACTOR, now, before={STATUS_UPDATES: before},
                            after={STATUS_UPDATES: "no"})  # fmt: skip
                changed.append(complaint.reference)
            return changed

    def record_page_in(
        self, session: Session, complaint_id: int, reference: str, reason: str, recipient: str, key: str,
        at: datetime,
    ) -> bool:  # fmt: skip
        """Record a page inside the caller's transaction (the one that queues its text); False if it was
        recorded already."""
        if reason not in PAGE_REASONS or recipient not in PAGE_RECIPIENTS:
            raise InvalidChange("unknown page reason or recipient")
        result = session.execute(
            dialect_insert(session, DispatchPage)
            .values(
                complaint_id=complaint_id, reason=reason, recipient=recipient, outbox_key=key, paged_at=at
            )
            .on_conflict_do_nothing(index_elements=["complaint_id", "reason", "recipient"])
        )
        if not result.rowcount:
            return False
        self._audit(session, "complaint", reference, "officer_paged", ESCALATION_ACTOR, at,
                    after={"reason": reason, "recipient": recipient})  # fmt: skip
        return True

    def board_complaints(self, jurisdictions: Sequence[str], since: datetime) -> list[BoardComplaint]:
        """Open complaints received since `since` in these cities that the board may list: urgent ones and
        those of BOARD_TYPES, oldest first, each with its dispatch. The board decides what it shows."""
        if not is_aware(since):
            raise InvalidQuery("since must be timezone-aware")
        query = (
            select(Complaint, BiteDetail.victim, BiteDetail.skin_broken_or_medical)
            .outerjoin(BiteDetail, BiteDetail.complaint_id == Complaint.id)
            .where(
                Complaint.jurisdiction.in_(list(jurisdictions)),
                Complaint.status.in_(OPEN_STATUSES),
                Complaint.duplicate_of_id.is_(None),
                Complaint.received >= since,
                or_(Complaint.urgent.is_(True), Complaint.type.in_(BOARD_TYPES)),
            )
            .order_by(Complaint.received, Complaint.id)
            .options(noload(Complaint.complainant))  # the board never carries the resident
        )
        with self._reading() as session:
            rows = session.execute(query).all()
            ids = [row[0].id for row in rows]
            states = self.states_in(session, ids)
            photos = self._photo_counts(session, ids)
            return [
                _board_complaint(c, victim, injury, photos[c.id], states[c.id]) for c, victim, injury in rows
            ]

    @staticmethod
    def states_in(session: Session, ids: Iterable[int]) -> dict[int, DispatchState]:
        """The dispatch of each complaint id, read in the caller's session."""
        ids = list(ids)
        steps: dict[int, list[StepRecord]] = defaultdict(list)
        pages: dict[int, list[PageRecord]] = defaultdict(list)
        if ids:
            for row in session.execute(
                select(DispatchStep).where(DispatchStep.complaint_id.in_(ids)).order_by(DispatchStep.id)
            ).scalars():
                steps[row.complaint_id].append(_step_record(row))
            for page in session.execute(
                select(DispatchPage).where(DispatchPage.complaint_id.in_(ids)).order_by(DispatchPage.id)
            ).scalars():
                pages[page.complaint_id].append(PageRecord(page.reason, page.recipient, page.paged_at))
        return {i: DispatchState(tuple(steps[i]), tuple(pages[i])) for i in ids}

    @staticmethod
    def _photo_counts(session: Session, ids: list[int]) -> dict[int, int]:
        counts: dict[int, int] = defaultdict(int)
        if ids:
            for complaint_id in session.execute(
                select(Photo.complaint_id).where(Photo.complaint_id.in_(ids))
            ):
                counts[complaint_id[0]] += 1
        return counts


def _check_step(step: str, outcome: str | None) -> None:
    if step not in DISPATCH_STEPS:
        raise InvalidChange(f"step must be one of {', '.join(DISPATCH_STEPS)}")
    if step == "done" and outcome not in OUTCOMES:
        raise InvalidChange(f"done needs an outcome: {', '.join(OUTCOMES)}")
    if step != "done" and outcome is not None:
        raise InvalidChange("only done takes an outcome")


def _board_complaint(
    c: Complaint, victim: str | None, injury: bool | None, photos: int, state: DispatchState
) -> BoardComplaint:
    return BoardComplaint(
        id=c.id, reference=c.reference, jurisdiction=c.jurisdiction, type=c.type, urgent=c.urgent,
        received=c.received, occurred=c.occurred, location_text=c.location_text,
        location_normalised=c.location_normalised, animal_species=c.animal_species,
        animal_description=c.animal_description, details=dict(c.details or {}), subject_id=c.subject_id,
        subject_confirmed=c.subject_confirmed, language=c.language, victim_kind=victim, injury=injury,
        photo_count=photos, dispatch=state,
    )  # fmt: skip
