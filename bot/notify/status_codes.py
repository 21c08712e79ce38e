"""The phone line's one-time status code, sent only where it may go.

A caller whose caller ID is not fully attested hears report status only after saying back a code texted to the
number they call from (integrations/twilio_voice.py). Caller ID can be spoofed, so the code is a text we send to
any number a stranger names: 16 went out in 2.4 seconds, one abroad. A code is queued only when
- the number is in the city's country (the country of the city's own line),
- the number has reports on file in that city (no one else has status to hear),
- the call has had fewer than VOICE_CODES_PER_CALL codes, and
- the number fewer than VOICE_CODES_PER_NUMBER_PER_DAY in the last 24 hours.
The caller hears the same words either way, so the line never tells a stranger whether a number has reports.
The checks and the queueing are one transaction that locks the number's complainant row: parallel calls with
the same spoofed number are counted one after another.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import phonenumbers
from sqlalchemy import func, select
from sqlalchemy.orm import sessionmaker

from bot.cases.models import Complainant, Complaint
from bot.jurisdictions import Pack
from bot.notify.models import OutboxMessage
from bot.notify.outbox import OutboxService

PURPOSE = "voice_code"
DAY = timedelta(hours=24)


@dataclass(frozen=True)
class CodeLimits:
    per_call: int
    per_number_per_day: int


def region_of(number: str) -> str | None:
    try:
        return phonenumbers.region_code_for_number(phonenumbers.parse(number))
    except phonenumbers.NumberParseException:
        return None


def call_key_prefix(call_sid: str) -> str:
    """The outbox keys of one call's codes (a digest: the key is logged by the outbox worker)."""
    return f"{PURPOSE}:{hashlib.sha256(call_sid.encode()).hexdigest()[:16]}:"


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


class StatusCodes:
    def __init__(
        self, session_factory: sessionmaker, outbox: OutboxService, clock: Callable[[], datetime] = _utc_now
    ) -> None:
        self._session_factory = session_factory
        self._outbox = outbox
        self._clock = clock

    def queue(
        self,
        pack: Pack,
        *,
        call_sid: str,
        turn: int,
        caller: str,
        from_number: str,
        body: str,
        limits: CodeLimits,
    ) -> bool:
        """Queue the code's text if it may go (see the module's rules); True when it was queued."""
        if region_of(caller) != region_of(pack.phone_numbers[0]):
            return False
        now = self._clock()
        with self._session_factory() as session, session.begin():
            complainant = session.execute(
                select(Complainant.id).where(Complainant.contact_key == caller).with_for_update()
            ).scalar_one_or_none()
            on_file = (
                complainant is not None
                and session.execute(
                    select(Complaint.id)
                    .where(Complaint.complainant_id == complainant, Complaint.jurisdiction == pack.code)
                    .limit(1)
                ).first()
            )
            if not on_file:
                return False
            codes = select(func.count()).select_from(OutboxMessage).where(OutboxMessage.purpose == PURPOSE)
            this_call = session.execute(
                codes.where(OutboxMessage.idempotency_key.startswith(call_key_prefix(call_sid)))
            ).scalar_one()
            today = session.execute(
                codes.where(OutboxMessage.to_number == caller, OutboxMessage.created_at >= now - DAY)
            ).scalar_one()
            if this_call >= limits.per_call or today >= limits.per_number_per_day:
                return False
            return self._outbox.enqueue_in(
                session,
                key=f"{call_key_prefix(call_sid)}{turn}",
                purpose=PURPOSE,
                jurisdiction=pack.code,
                to_number=caller,
                from_number=from_number,
                body=body,
            )
