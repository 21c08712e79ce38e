"""The case database: SQLAlchemy 1.4 declarative models (2.0 style), created only by the Alembic migrations.

Every time is stored in UTC (`UTCDateTime`): SQLite keeps no offset, so aware datetimes are converted
on the way in and handed back aware on the way out. Money is integer cents.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Session, declarative_base, relationship
from sqlalchemy.types import TypeDecorator

from bot.cases.errors import AuditLogIsAppendOnly

COMPLAINT_TYPES = ("barking", "at_large", "bite", "threat", "neglect", "waste", "too_many", "damage")
# A report whose type the resident could not say after the type question's two re-asks: filed for the clerk to
# call back (`needs_follow_up`), never counted, never accepted until the clerk sets one of COMPLAINT_TYPES.
UNKNOWN_TYPE = "unknown"
FORMS = ("verbal", "written")
STATUSES = ("new", "accepted", "rejected", "duplicate")
NOTICE_KINDS = (
    "letter",
    "citation",
    "referral",
    "quarantine_order",
    "potentially_dangerous_notice",  # Freeport 11 D: the owner "notified in writing"
    "dangerous_notice",  # Freeport 11 G 1
)
# Who a bite hurt. "animal": an animal, not yet recorded whether domestic (the clerk refines it);
# "unknown": the report does not say. Freeport 11 C 2 turns on "a human or a domestic animal".
VICTIMS = ("person", "domestic_animal", "other_animal", "animal", "unknown")

# Stable constraint names, so later migrations can refer to them on both databases.
metadata = MetaData(
    naming_convention={
        "ix": "ix_%(table_name)s_%(column_0_N_name)s",
        "uq": "uq_%(table_name)s_%(column_0_N_name)s",
        "ck": "ck_%(table_name)s_%(constraint_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)
Base = declarative_base(metadata=metadata)

JSONDocument = JSON().with_variant(JSONB(), "postgresql")
# SQLite only auto-increments INTEGER PRIMARY KEY; PostgreSQL gets bigint identities.
BigId = BigInteger().with_variant(Integer(), "sqlite")


class UTCDateTime(TypeDecorator):
    """An aware datetime, stored as UTC; naive values are refused rather than guessed."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError("naive datetime: case times must be timezone-aware")
        value = value.astimezone(timezone.utc)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc)


# CHECKs rather than native ENUMs: adding a value later is a one-line migration on both databases.
# Written out literally (tests compare them with the tuples above) rather than built as SQL strings.
TYPE_CHECK = (
    "type IN ('barking', 'at_large', 'bite', 'threat', 'neglect', 'waste', 'too_many', 'damage', 'unknown')"
)
FORM_CHECK = "form IN ('verbal', 'written')"
STATUS_CHECK = "status IN ('new', 'accepted', 'rejected', 'duplicate')"
NOTICE_KIND_CHECK = (
    "kind IN ('letter', 'citation', 'referral', 'quarantine_order', 'potentially_dangerous_notice', "
    "'dangerous_notice')"
)
VICTIM_CHECK = "victim IN ('person', 'domestic_animal', 'other_animal', 'animal', 'unknown')"


class Complainant(Base):
    """A resident who complained. Private: never shown to other residents, never logged."""

    __tablename__ = "complainants"

    id = Column(BigId, primary_key=True)
    # E.164 phone ("+15075550123") or "rest:<sender id>" in development
    contact_key = Column(String(128), nullable=False, unique=True)
    name = Column(String(200), nullable=True)  # None = has never given a name
    address = Column(String(300), nullable=True)
    created_at = Column(UTCDateTime, nullable=False)


class Subject(Base):
    """The owner or household complained about, at a normalised address in one jurisdiction.

    A change of ownership supersedes the subject (counting starts again for the new household);
    at most one current subject per address.
    """

    __tablename__ = "subjects"
    __table_args__ = (
        Index(
            "uq_subjects_current_address",
            "jurisdiction",
            "address_normalised",
            unique=True,
            postgresql_where=text("superseded_at IS NULL"),
            sqlite_where=text("superseded_at IS NULL"),
        ),
    )

    id = Column(BigId, primary_key=True)
    jurisdiction = Column(String(40), nullable=False)
    address_normalised = Column(String(300), nullable=True)  # None: a place the parser cannot key
    address_text = Column(String(300), nullable=True)
    name = Column(String(200), nullable=True)
    superseded_at = Column(UTCDateTime, nullable=True)
    created_at = Column(UTCDateTime, nullable=False)


class Animal(Base):
    """An animal of a household (subject). Bite rules count per animal (Kellogg 58-10 I, Freeport 11 C 1 d)."""

    __tablename__ = "animals"

    id = Column(BigId, primary_key=True)
    subject_id = Column(BigId, ForeignKey("subjects.id"), nullable=True, index=True)
    species = Column(String(40), nullable=True)
    breed = Column(String(100), nullable=True)
    colour = Column(String(100), nullable=True)
    name = Column(String(100), nullable=True)
    description = Column(String(500), nullable=True)  # as the clerk or resident describes it
    licensed = Column(Boolean, nullable=True)  # None = not known
    license_number = Column(String(50), nullable=True)
    vaccinated = Column(Boolean, nullable=True)  # rabies vaccination; None = not known
    created_at = Column(UTCDateTime, nullable=False)


class Complaint(Base):
    __tablename__ = "complaints"
    __table_args__ = (
        UniqueConstraint("jurisdiction", "source_id"),
        CheckConstraint(TYPE_CHECK, name="type_allowed"),
        CheckConstraint(FORM_CHECK, name="form_allowed"),
        CheckConstraint(STATUS_CHECK, name="status_allowed"),
        # The console's queue, newest first, per city/type/status. Plain ascending columns: both databases
        # scan a B-tree backwards for ORDER BY received DESC, id DESC, and Alembic can compare these.
        Index("ix_complaints_queue", "jurisdiction", "status", "received", "id"),
        Index("ix_complaints_queue_type", "jurisdiction", "type", "status", "received", "id"),
        Index("ix_complaints_queue_all", "status", "received", "id"),
        Index("ix_complaints_received", "received", "id"),
        # what the ordinance engine counts: one subject's history in order
        Index("ix_complaints_subject_received", "subject_id", "received", "id"),
        Index("ix_complaints_complainant", "complainant_id"),
        Index("ix_complaints_location", "jurisdiction", "location_normalised", "received"),
    )

    id = Column(BigId, primary_key=True)
    reference = Column(String(32), nullable=False, unique=True)
    jurisdiction = Column(String(40), nullable=False)
    type = Column(String(20), nullable=False)
    channel = Column(String(20), nullable=False)
    form = Column(String(10), nullable=False)
    received = Column(UTCDateTime, nullable=False)
    occurred = Column(UTCDateTime, nullable=True)
    occurred_text = Column(String(200), nullable=True)
    location_text = Column(String(500), nullable=False)
    location_normalised = Column(String(300), nullable=True)
    animal_species = Column(String(40), nullable=True)
    animal_description = Column(String(500), nullable=True)
    animal_id = Column(BigId, ForeignKey("animals.id"), nullable=True)
    transcript = Column(Text, nullable=False, default="")
    details = Column(JSONDocument, nullable=False, default=dict)
    urgent = Column(Boolean, nullable=False, default=False)
    complainant_id = Column(BigId, ForeignKey("complainants.id"), nullable=True)
    anonymous = Column(Boolean, nullable=False, default=True)  # no name given with this complaint
    # The household complained about (see docs/rules.md "Who a complaint is against"), not the incident
    # location: None until known; a suggestion (from filing) until the clerk confirms it.
    subject_id = Column(BigId, ForeignKey("subjects.id"), nullable=True)
    subject_confirmed = Column(Boolean, nullable=False, default=False, server_default=false())
    owner_named = Column(String(300), nullable=True)  # the owner as the resident named them (name or address)
    status = Column(String(20), nullable=False, default="new")
    # the language of the conversation ("en", "es"; bot.messages.LANGUAGES): shown to the clerk, used for the
    # resident's status texts; facts are filed in the same fields whatever the language (migration 0010)
    language = Column(String(8), nullable=False, default="en", server_default=text("'en'"))
    # filed without a place the city can find (the resident never gave one): the clerk calls back
    needs_follow_up = Column(Boolean, nullable=False, default=False, server_default=false())
    status_reason = Column(Text, nullable=True)
    duplicate_of_id = Column(BigId, ForeignKey("complaints.id"), nullable=True)
    source_id = Column(String(200), nullable=False)
    created_at = Column(UTCDateTime, nullable=False)
    updated_at = Column(UTCDateTime, nullable=False)

    complainant = relationship(Complainant, lazy="joined")
    subject = relationship(Subject)
    photos = relationship("Photo", order_by="Photo.position", cascade="all, delete-orphan")
    bite = relationship("BiteDetail", uselist=False, cascade="all, delete-orphan")
    animal = relationship(Animal)


class Photo(Base):
    __tablename__ = "photos"

    id = Column(BigId, primary_key=True)
    complaint_id = Column(BigId, ForeignKey("complaints.id"), nullable=False, index=True)
    position = Column(Integer, nullable=False)
    url = Column(String(1000), nullable=False)


class BiteDetail(Base):
    __tablename__ = "bite_details"
    __table_args__ = (CheckConstraint(VICTIM_CHECK, name="victim_allowed"),)

    complaint_id = Column(BigId, ForeignKey("complaints.id"), primary_key=True)
    victim = Column(String(20), nullable=False)
    skin_broken_or_medical = Column(Boolean, nullable=True)  # None = not known
    animal_vaccinated = Column(Boolean, nullable=True)  # the resident's word, not proof
    owner_known = Column(String(300), nullable=True)
    # confirmed by the clerk or officer (None: not recorded): proof of current rabies vaccination shown
    # (Kellogg 58-10 A(1); Freeport 5 B certificate), the bite on the owner's premises (58-10 B), and the
    # day confinement began
    vaccination_proof = Column(Boolean, nullable=True)
    on_owner_premises = Column(Boolean, nullable=True)
    confined_on = Column(Date, nullable=True)


class Notice(Base):
    __tablename__ = "notices"
    __table_args__ = (CheckConstraint(NOTICE_KIND_CHECK, name="kind_allowed"),)

    id = Column(BigId, primary_key=True)
    complaint_id = Column(BigId, ForeignKey("complaints.id"), nullable=False, index=True)
    subject_id = Column(BigId, ForeignKey("subjects.id"), nullable=True, index=True)
    kind = Column(String(40), nullable=False)
    issued_on = Column(Date, nullable=False)
    license_by = Column(Date, nullable=True)  # first-complaint letter: license at the regular fee by then
    hearing_request_by = Column(Date, nullable=True)
    comply_by = Column(Date, nullable=True)
    quarantine_until = Column(Date, nullable=True)  # quarantine order: confined at least until then
    fee_cents = Column(Integer, nullable=True)
    note = Column(Text, nullable=True)
    created_by = Column(String(100), nullable=False)
    created_at = Column(UTCDateTime, nullable=False)


class NoticeDocument(Base):
    """An issued notice as issued: the rendered HTML and PDF and the facts they were computed from.

    Written once at issue and never re-rendered; sha256 covers the facts JSON and the HTML, pdf_sha256 the
    PDF. Voiding keeps the document and records who, when and why (a new notice replaces it).
    """

    __tablename__ = "notice_documents"

    notice_id = Column(BigId, ForeignKey("notices.id"), primary_key=True)
    html = Column(Text, nullable=False)
    pdf = Column(LargeBinary, nullable=False)
    facts = Column(Text, nullable=False)  # canonical JSON (sorted keys), exactly as hashed
    sha256 = Column(String(64), nullable=False)
    pdf_sha256 = Column(String(64), nullable=False)
    voided_at = Column(UTCDateTime, nullable=True)
    voided_by = Column(String(100), nullable=True)
    void_reason = Column(Text, nullable=True)
    replaced_by = Column(BigId, ForeignKey("notices.id"), nullable=True)
    replaces = Column(BigId, ForeignKey("notices.id"), nullable=True)
    served_how = Column(String(40), nullable=True)  # how the owner was served or received it
    received_on = Column(Date, nullable=True)  # the day the owner received it (Kellogg 58-16 B(3))


class DesignationDecision(Base):
    """The officer's decision on a dangerous-animal designation, beside the engine's proposal (Freeport 11).

    The engine proposes from the records; the officer decides on evidence that the bite was unprovoked
    (11 D, E); the owner may appeal a dangerous designation by `appeal_by` (11 G 1).
    """

    __tablename__ = "designation_decisions"

    id = Column(BigId, primary_key=True)
    complaint_id = Column(BigId, ForeignKey("complaints.id"), nullable=False, index=True)
    animal_id = Column(BigId, ForeignKey("animals.id"), nullable=True)
    proposed = Column(String(30), nullable=False)  # none | potentially_dangerous | dangerous
    proposed_clause = Column(String(20), nullable=True)
    designation = Column(String(30), nullable=False)  # the officer's decision
    clause = Column(String(20), nullable=True)
    unprovoked_evidence = Column(Text, nullable=False)
    notified_on = Column(Date, nullable=True)  # the owner notified in writing or in person
    appeal_by = Column(Date, nullable=True)
    decided_by = Column(String(100), nullable=False)
    decided_at = Column(UTCDateTime, nullable=False)


class DuplicateSuggestion(Base):
    """A possible duplicate found at filing, for the clerk to confirm; nothing is merged automatically."""

    __tablename__ = "duplicate_suggestions"
    __table_args__ = (UniqueConstraint("complaint_id", "candidate_id"),)

    id = Column(BigId, primary_key=True)
    complaint_id = Column(BigId, ForeignKey("complaints.id"), nullable=False)
    candidate_id = Column(BigId, ForeignKey("complaints.id"), nullable=False, index=True)
    basis = Column(String(20), nullable=False)  # "same_subject" | "same_location"
    created_at = Column(UTCDateTime, nullable=False)


class ReferenceCounter(Base):
    __tablename__ = "reference_counters"

    jurisdiction = Column(String(40), primary_key=True)
    year = Column(Integer, primary_key=True)
    last_value = Column(Integer, nullable=False)


class AuditEntry(Base):
    """Append-only: database triggers refuse UPDATE and DELETE, and so does the ORM (below)."""

    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_entity", "entity", "entity_id", "id"),)

    id = Column(BigId, primary_key=True)
    entity = Column(String(40), nullable=False)  # "complaint", "subject", "notice"
    entity_id = Column(String(64), nullable=False)  # complaint reference, or the row id
    action = Column(String(40), nullable=False)
    actor = Column(String(100), nullable=False)
    at = Column(UTCDateTime, nullable=False)
    reason = Column(Text, nullable=True)
    before = Column(JSONDocument, nullable=True)
    after = Column(JSONDocument, nullable=True)


def refuse_audit_changes(session: Session, flush_context, instances) -> None:
    """`before_flush` hook (installed by `make_session_factory`): the ORM never updates or deletes audit rows."""
    for obj in (*session.dirty, *session.deleted):
        if isinstance(obj, AuditEntry) and (obj in session.deleted or session.is_modified(obj)):
            raise AuditLogIsAppendOnly("audit log entries cannot be changed or deleted")
