"""Concurrent filers: references stay unique and gap-free, retried deliveries file once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select

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
