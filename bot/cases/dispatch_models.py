"""The officer's dispatch: each step on a complaint (acknowledged, on the way, on scene, done) and every
page sent about it, on the case database's declarative Base. Created by migration 0015."""

from __future__ import annotations

from sqlalchemy import CheckConstraint, Column, ForeignKey, Index, String, Text, UniqueConstraint

from bot.cases.models import Base, BigId, UTCDateTime

# the steps an officer records, in order (`done` takes an outcome)
DISPATCH_STEPS = ("acknowledged", "on_the_way", "on_scene", "done")
OUTCOMES = ("owner_advised", "warning_given", "impounded", "not_found", "referred")
# the report's detail holding the resident's answer about status texts ("yes" or "no"; absent: not asked)
STATUS_UPDATES = "status_updates"
# who is paged: the officer on call, or the backup when the page is not acknowledged in time
PAGE_RECIPIENTS = ("on_call", "backup")
# why: an urgent filing; no acknowledgement in the pack's minutes; a 58-10 D owner-notice deadline close
PAGE_REASONS = ("urgent", "unacknowledged", "owner_notice_deadline")
# Written out literally, like bot.cases.models' checks; tests compare them with the tuples above.
STEP_CHECK = "step IN ('acknowledged', 'on_the_way', 'on_scene', 'done')"
OUTCOME_CHECK = (
    "outcome IS NULL OR outcome IN ('owner_advised', 'warning_given', 'impounded', 'not_found', 'referred')"
)
ROLE_CHECK = "as_role IN ('on_call', 'backup')"
RECIPIENT_CHECK = "recipient IN ('on_call', 'backup')"
REASON_CHECK = "reason IN ('urgent', 'unacknowledged', 'owner_notice_deadline')"


class DispatchStep(Base):
    """A step an officer recorded on a complaint; the latest is where the dispatch stands."""

    __tablename__ = "dispatch_steps"
    __table_args__ = (
        CheckConstraint(STEP_CHECK, name="step_allowed"),
        CheckConstraint(OUTCOME_CHECK, name="outcome_allowed"),
        CheckConstraint(ROLE_CHECK, name="as_role_allowed"),
        UniqueConstraint("complaint_id", "step"),  # a double tap records one step
        Index("ix_dispatch_steps_complaint", "complaint_id", "id"),
    )

    id = Column(BigId, primary_key=True)
    complaint_id = Column(BigId, ForeignKey("complaints.id"), nullable=False)
    step = Column(String(20), nullable=False)
    as_role = Column(String(20), nullable=False)  # the phone the officer carries: on call or backup
    actor = Column(String(100), nullable=False)  # the console user
    at = Column(UTCDateTime, nullable=False)
    outcome = Column(String(20), nullable=True)  # `done` only
    note = Column(Text, nullable=True)


class DispatchPage(Base):
    """A page sent to an officer about a complaint, with the outbox text that carries it."""

    __tablename__ = "dispatch_pages"
    __table_args__ = (
        CheckConstraint(RECIPIENT_CHECK, name="recipient_allowed"),
        CheckConstraint(REASON_CHECK, name="reason_allowed"),
        UniqueConstraint("complaint_id", "reason", "recipient"),  # escalation runs often; one page each
    )

    id = Column(BigId, primary_key=True)
    complaint_id = Column(BigId, ForeignKey("complaints.id"), nullable=False, index=True)
    reason = Column(String(30), nullable=False)
    recipient = Column(String(20), nullable=False)
    outbox_key = Column(String(200), nullable=False)
    paged_at = Column(UTCDateTime, nullable=False)
