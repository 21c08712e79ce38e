"""Concurrent filers: references stay unique and gap-free, retried deliveries file once."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select, update

from bot.cases.models import Complaint

THREADS = 8
PER_THREAD = 6


def test_concurrent_filers_get_unique_consecutive_references(service, session_factory, make_report) -> None:
    reports = [make_report(complainant_contact=f"+1507555{n:04d}") for n in range(THREADS * PER_THREAD)]
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        references = list(pool.map(service.file_complaint, reports))
    assert len(set(references)) == len(reports)
    assert sorted(references) == [f"KEL-2026-{n:05d}" for n in range(1, len(reports) + 1)]
    with session_factory() as session:
        assert session.execute(select(func.count()).select_from(Complaint)).scalar_one() == len(reports)


def test_one_message_delivered_many_times_at_once_files_once(service, session_factory, make_report) -> None:
    report = make_report(source_id="SM-storm")
    # many filers from one phone at one new address also race on complainant and subject creation
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        references = list(pool.map(lambda _: service.file_complaint(report), range(THREADS * 2)))
    assert len(set(references)) == 1
    with session_factory() as session:
        assert session.execute(select(func.count()).select_from(Complaint)).scalar_one() == 1
    assert service.file_complaint(make_report()) == "KEL-2026-00002"


def test_sqlite_reads_do_not_queue_behind_a_writer(service, engine, make_report) -> None:
    if engine.dialect.name != "sqlite":
        pytest.skip("PostgreSQL readers never wait for writers")
    reference = service.file_complaint(make_report(complainant_contact="+15075550101"))
    with engine.connect() as writer:
        writer.begin()  # BEGIN IMMEDIATE: holds the write lock until rollback
        writer.execute(update(Complaint).values(urgent=True))
        began = time.perf_counter()
        (item,) = service.review_queue().items
        summaries = service.complaints_for_contact("kellogg", "+15075550101")
        elapsed = time.perf_counter() - began
        writer.rollback()
    assert (item.reference, item.urgent) == (reference, False)  # the last committed state
    assert [summary.reference for summary in summaries] == [reference]
    assert elapsed < 5  # a reader waiting for the lock would sit out the 30 s busy timeout
