"""Open311 POSTs counted per API key, per hour and per day (OPEN311_POSTS_PER_HOUR, _PER_DAY).

Each POST first adds one to its key's current hour and day rows (an upsert that takes the row's write lock on
PostgreSQL, the database's on SQLite), then reads them back in the same transaction: parallel posts are each
counted, and none slips past the limit. A post over either limit is refused and still counted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import sessionmaker

from bot.cases.base import dialect_insert
from bot.console.models import ApiKeyPosts

KEEP_COUNTS = timedelta(days=2)  # older windows limit nothing


@dataclass(frozen=True)
class PostLimit:
    per_hour: int
    per_day: int


def window_starts(now: datetime) -> dict[str, datetime]:
    """The start of the hour and of the (UTC) day `now` falls in."""
    hour = now.replace(minute=0, second=0, microsecond=0)
    return {"hour": hour, "day": hour.replace(hour=0)}


class Open311PostCounter:
    def __init__(self, session_factory: sessionmaker, clock: Callable[[], datetime]) -> None:
        self._session_factory = session_factory
        self._clock = clock

    def count(self, api_key_id: int, limit: PostLimit) -> str | None:
        """Count one POST by this key; None when it is within both limits, else the window it went over."""
        now = self._clock()
        caps = {"hour": limit.per_hour, "day": limit.per_day}
        over = None
        with self._session_factory() as session, session.begin():
            for period, starts_at in window_starts(now).items():
                session.execute(
                    dialect_insert(session, ApiKeyPosts)
                    .values(api_key_id=api_key_id, period=period, starts_at=starts_at, posts=1)
                    .on_conflict_do_update(
                        index_elements=["api_key_id", "period", "starts_at"],
                        set_={"posts": ApiKeyPosts.__table__.c.posts + 1},
                    )
                )
                posts = session.execute(
                    select(ApiKeyPosts.posts).where(
                        ApiKeyPosts.api_key_id == api_key_id,
                        ApiKeyPosts.period == period,
                        ApiKeyPosts.starts_at == starts_at,
                    )
                ).scalar_one()
                if posts > caps[period] and over is None:
                    over = period
            session.execute(
                delete(ApiKeyPosts).where(
                    ApiKeyPosts.api_key_id == api_key_id, ApiKeyPosts.starts_at < now - KEEP_COUNTS
                )
            )
        return over
