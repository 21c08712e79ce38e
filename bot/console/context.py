"""What the console's routes share: settings, services, clock and templates, kept on `app.state`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

from fastapi import Request
from fastapi.templating import Jinja2Templates

from bot.cases.service import CaseService
from bot.console.accounts import AccountService
from bot.console.devices import KnownDevices
from bot.jurisdictions import Pack
from bot.notify.outbox import OutboxService
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.cases.weekly import WeeklyReads
    from bot.console.officer_board import OfficerServices


@dataclass
class ConsoleContext:
    settings: Settings
    cases: CaseService
    accounts: AccountService
    outbox: OutboxService
    clock: Callable[[], datetime]
    templates: Jinja2Templates
    known_devices: KnownDevices
    officer: OfficerServices | None = None  # the officer's page: dispatch, status texts, call-backs
    weekly: WeeklyReads | None = None  # the clerk's week in pictures

    def today(self, pack: Pack) -> date:
        """Today on the city's calendar."""
        return self.clock().astimezone(pack.tz).date()


def console_context(request: Request) -> ConsoleContext:
    return request.app.state.console
