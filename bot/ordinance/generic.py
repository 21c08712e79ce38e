"""The console's view of a rules module that has no words of its own: the engine's results as they are."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from bot.ordinance.facts import ComplaintFact
from bot.ordinance.view import BiteFacts, BiteOrder, NoticeFacts, NoticeTerms, StandingView, row_from_result

if TYPE_CHECKING:
    from bot.jurisdictions import Pack


def standing_view(
    module: object, facts: Sequence[ComplaintFact], pack: Pack, subject: str, today: date
) -> StandingView:
    results = module.results_json(facts, pack)  # type: ignore[attr-defined]
    rows = tuple(row_from_result(r, facts, pack) for r in results)
    level = rows[-1].counts_as if rows else "none"
    return StandingView(
        jurisdiction=pack.code,
        level=level,
        level_words=level,
        window_open_until=None,
        days_left=None,
        rows=rows,
        what_next=(f"See {pack.ordinance}.",),
        readings=tuple(pack.readings.words(pack.rules)),
    )


def bite_order(pack: Pack, bite: BiteFacts) -> BiteOrder:
    return BiteOrder(None, None, None, None, (), (f"the bite rules of {pack.ordinance}",))


def notice_terms(
    pack: Pack, kind: str, issued_on: date, bite: BiteOrder | None = None, facts: NoticeFacts | None = None
) -> NoticeTerms:
    raise ValueError(f"no {kind} notice under {pack.ordinance} (its rules module words none)")
