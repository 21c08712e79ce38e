"""Alerts that escalate (bot.notify.escalation), on an injected clock: nothing here sleeps.

Issue 36: "An urgent page not acknowledged within a pack-set number of minutes goes to the backup on call. A
58-10 D deadline 15 minutes away pages again. Every page and acknowledgement is recorded."
Kellogg 58-10 D: "If the owner cannot be advised of the animal bite within two hours after the bite, ... an
Animal Control Officer or Sheriff shall impound said animal."
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.cases.dispatch import DispatchService
from bot.cases.report import BiteDetails
from bot.jurisdictions import get_pack
from bot.notify.dispatch_rules import dispatch_settings
from bot.notify.escalation import Escalation
from bot.notify.worker import OutboxWorker

ON_CALL, BACKUP = "+15075550199", "+15075550198"  # Kellogg's pack
RESIDENT = "+15075550123"


@pytest.fixture
def dispatch(session_factory, clock) -> DispatchService:
    return DispatchService(session_factory, clock=clock)


@pytest.fixture
def escalation(session_factory, outbox, clock) -> Escalation:
    return Escalation(session_factory, outbox, clock=clock, console_url="https://console.example")


def _bite(cases, outbox, make_report, clock, *, bitten_minutes_ago: int | None = 5, victim: str = "person",
          jurisdiction: str = "kellogg") -> str:  # fmt: skip
    occurred = clock.now - timedelta(minutes=bitten_minutes_ago) if bitten_minutes_ago is not None else None
    reference = cases.file_complaint(
        make_report(jurisdiction=jurisdiction, type="bite", urgent=True, occurred=occurred, received=clock.now,
                    bite=BiteDetails(victim=victim, skin_broken_or_medical=True, animal_vaccinated=None,
                                     owner_known="the Hansens at 500 Elm St"))
    )  # fmt: skip
    outbox.follow_up_filing(reference)  # the filing's page to the officer on call
    return reference


def _pages(outbox, reference: str) -> dict[str, str]:
    return {
        m.idempotency_key: m.to_number
        for m in outbox.messages()
        if m.purpose == "page_on_call" and m.complaint_reference == reference
    }


def test_the_pack_sets_the_minutes() -> None:
    settings = dispatch_settings(get_pack("kellogg"))
    assert (settings.escalate_after_minutes, settings.deadline_warning_minutes) == (10, 15)
    assert (
        "backup_on_call" in get_pack("kellogg").contacts and "backup_on_call" in get_pack("freeport").contacts
    )


def test_an_unacknowledged_page_goes_to_the_backup_after_the_pack_minutes_once(
    cases, outbox, make_report, clock, escalation, dispatch
) -> None:
    reference = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=None)
    first = escalation.run_once()
    assert first.recorded == 1 and first.backup == 0
    assert [(p.reason, p.recipient) for p in dispatch.state(reference).pages] == [("urgent", "on_call")]

    clock.advance(10 * 60 - 1)
    assert escalation.run_once().backup == 0
    assert _pages(outbox, reference) == {f"page:{reference}": ON_CALL}

    clock.advance(1)  # ten minutes after the page
    assert escalation.run_once().backup == 1
    pages = _pages(outbox, reference)
    assert pages[f"page-unacknowledged:{reference}:backup"] == BACKUP
    [backup] = [m for m in outbox.messages() if m.idempotency_key.startswith("page-unacknowledged")]
    assert "Not acknowledged in 10 min" in backup.body and f"/officer/{reference}" in backup.body
    assert RESIDENT not in backup.body and "Hansen" not in backup.body  # the page carries no resident data

    clock.advance(3600)
    assert escalation.run_once().backup == 0  # once
    assert len(_pages(outbox, reference)) == 2
    history = [(e.action, e.actor) for e in cases.audit_trail("complaint", reference)]
    assert history.count(("officer_paged", "escalation")) == 2


def test_an_acknowledged_page_is_not_escalated(
    cases, outbox, make_report, clock, escalation, dispatch
) -> None:
    reference = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=None)
    escalation.run_once()
    clock.advance(9 * 60)
    _state, new = dispatch.record_step(reference, "acknowledged", by="officer", as_role="on_call")
    assert new
    clock.advance(60 * 60)
    assert escalation.run_once().backup == 0
    assert list(_pages(outbox, reference)) == [f"page:{reference}"]
    assert ("dispatch_acknowledged", "officer") in [
        (e.action, e.actor) for e in cases.audit_trail("complaint", reference)
    ]


def test_a_5810d_deadline_fifteen_minutes_away_pages_again(
    cases, outbox, make_report, clock, escalation, dispatch
) -> None:
    # bitten 5 minutes before the report: the owner must be advised by the bite + 2 hours
    reference = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=5)
    escalation.run_once()
    dispatch.record_step(reference, "acknowledged", by="officer", as_role="on_call")
    deadline = clock.now + timedelta(minutes=115)

    clock.now = deadline - timedelta(minutes=15, seconds=1)
    assert escalation.run_once().deadline == 0
    clock.now = deadline - timedelta(minutes=15)
    assert escalation.run_once().deadline == 1
    [again] = [m for m in outbox.messages() if m.idempotency_key.startswith("page-owner_notice_deadline")]
    assert again.to_number == ON_CALL and "58-10 D" in again.body and "Advise the owner by" in again.body
    assert "March 2, 2026 at 10:55 AM CST" in again.body  # 16:55 UTC: the bite at 14:55 UTC + 2 hours
    clock.advance(60)
    assert escalation.run_once().deadline == 0  # once
    assert [(p.reason, p.recipient) for p in dispatch.state(reference).pages] == [
        ("urgent", "on_call"),
        ("owner_notice_deadline", "on_call"),
    ]


def test_the_deadline_page_goes_to_the_backup_too_when_the_backup_was_paged(
    cases, outbox, make_report, clock, escalation, dispatch
) -> None:
    reference = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=100)  # deadline in 20 minutes
    escalation.run_once()
    clock.advance(10 * 60)  # backup paged; and the deadline is now 10 minutes away
    stats = escalation.run_once()
    assert (stats.backup, stats.deadline) == (1, 2)
    pages = _pages(outbox, reference)
    assert pages[f"page-owner_notice_deadline:{reference}:on_call"] == ON_CALL
    assert pages[f"page-owner_notice_deadline:{reference}:backup"] == BACKUP


def test_no_deadline_page_once_the_owner_was_advised_nor_for_an_animal_bitten_nor_in_freeport(
    cases, outbox, make_report, clock, escalation, dispatch
) -> None:
    advised = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=100)
    dispatch.record_step(
        advised, "done", by="officer", as_role="on_call", outcome="owner_advised", note="told"
    )
    dog_bitten = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=100, victim="animal")
    freeport = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=100, jurisdiction="freeport")
    clock.advance(5 * 60)
    assert escalation.run_once().deadline == 0
    for reference in (advised, dog_bitten, freeport):
        assert not any("owner_notice" in key for key in _pages(outbox, reference))


def test_the_worker_escalates_before_it_sends_and_the_stand_in_gets_the_backup_page(
    cases, outbox, make_report, clock, escalation, sender, standin
) -> None:
    reference = _bite(cases, outbox, make_report, clock, bitten_minutes_ago=None)
    worker = OutboxWorker(outbox, sender, escalation=escalation)
    worker.run_once()
    assert [r.form["To"] for r in standin.accepted] == [ON_CALL]
    clock.advance(10 * 60)
    stats = worker.run_once()
    assert stats.escalated == 1 and stats.sent == 1
    assert [r.form["To"] for r in standin.accepted] == [ON_CALL, BACKUP]
    assert reference in standin.accepted[1].form["Body"]
