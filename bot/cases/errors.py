"""Domain errors of the case service. Messages name references and field names, never resident data."""

from __future__ import annotations


class CaseError(Exception):
    """Base of every error the case service raises on bad input."""


class InvalidReport(CaseError):
    """A report that cannot be filed (unknown jurisdiction, type or channel, naive time...)."""


class ComplaintNotFound(CaseError):
    def __init__(self, reference: str) -> None:
        super().__init__(f"no complaint with reference {reference}")
        self.reference = reference


class SubjectNotFound(CaseError):
    def __init__(self, subject_id: int) -> None:
        super().__init__(f"no subject with id {subject_id}")
        self.subject_id = subject_id


class AnimalNotFound(CaseError):
    def __init__(self, animal_id: int) -> None:
        super().__init__(f"no animal with id {animal_id}")
        self.animal_id = animal_id


class ReasonRequired(CaseError):
    def __init__(self, operation: str) -> None:
        super().__init__(f"{operation} needs a reason")
        self.operation = operation


class InvalidChange(CaseError):
    """A review operation that does not apply (wrong status, unknown field, bad value)."""


class AuditLogIsAppendOnly(CaseError):
    """Something tried to change or delete an audit entry."""


class InvalidQuery(CaseError):
    """A look-up with arguments out of range (page numbers, sizes)."""
