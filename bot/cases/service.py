"""The case service: every named operation on the case database, each in one transaction.

`CaseService` is a thin facade over the service's parts, one module per job:

- `filing`: the assistant (or a clerk, or Open311) files a report;
- `lookup`: residents' status look-up, only their own complaints;
- `review`: the clerk's decisions and corrections, and the household a complaint is against;
- `animals`: animals of households, the animal that bit, the victim, bites per animal;
- `bite_records`: what the clerk or officer confirms about a bite (proof of vaccination, premises, confinement);
- `notices`: notices recorded against complaints;
- `notice_records`: issued notices stored as documents (HTML, PDF, facts, hash), void, receipt;
- `queries`: reads for the console and the history the ordinance engine counts.

Every change writes the audit log (`base`). The values handed back are in `records`, re-exported here
so callers keep importing them from `bot.cases.service`.
"""

from __future__ import annotations

from bot.cases.animals import Animals
from bot.cases.base import ServiceBase
from bot.cases.bite_records import BiteRecords
from bot.cases.filing import FILING_ACTOR, Filing
from bot.cases.history import History
from bot.cases.lookup import ResidentLookup
from bot.cases.notice_records import DesignationBook, NoticeArchive
from bot.cases.notices import NoticeBook
from bot.cases.queries import MAX_PAGE_SIZE, Queries
from bot.cases.records import (
    AnimalRecord,
    AuditRecord,
    BiteFact,
    BiteSummary,
    ComplaintDetail,
    ComplaintListing,
    ComplaintSummary,
    CountedComplaint,
    HouseholdLink,
    NoticeRecord,
    QueueItem,
    QueuePage,
    SubjectRecord,
)
from bot.cases.review import EDITABLE_FIELDS, Review

__all__ = [
    "EDITABLE_FIELDS",
    "FILING_ACTOR",
    "MAX_PAGE_SIZE",
    "AnimalRecord",
    "AuditRecord",
    "BiteFact",
    "BiteSummary",
    "CaseService",
    "ComplaintDetail",
    "ComplaintListing",
    "ComplaintSummary",
    "CountedComplaint",
    "HouseholdLink",
    "NoticeRecord",
    "QueueItem",
    "QueuePage",
    "SubjectRecord",
]


class CaseService(
    Filing,
    ResidentLookup,
    Review,
    Animals,
    BiteRecords,
    NoticeBook,
    NoticeArchive,
    DesignationBook,
    Queries,
    History,
    ServiceBase,
):
    """Named operations over the case database. `by` is the user (or "assistant") acting."""
