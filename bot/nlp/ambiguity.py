"""Ask rather than guess (issue 9 section 4): when is a report's type too unclear to file?

`ReportTypeArbiter` (integrations/nlu_components.py) calls `arbitrate` on the classifier's intent ranking.
When the best intent is a report type and either another report type is close behind or the confidence
is low, the message's intent becomes `ambiguous_report`, and the assistant asks "Is it barking, loose,
or did it bite someone?" (data/rules/disambiguation.yml). The competing types go in `report_candidates`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

AMBIGUOUS_REPORT = "ambiguous_report"
REPORT_TYPES = ("report_barking", "report_at_large", "report_bite")
LOW_CONFIDENCE = 0.5  # a report type below this is asked about
COMPETING_GAP = 0.2  # a second report type closer than this is asked about


def arbitrate(
    ranking: Sequence[dict[str, Any]],
    low_confidence: float = LOW_CONFIDENCE,
    competing_gap: float = COMPETING_GAP,
) -> list[str] | None:
    """The report types to ask between, or None when the prediction stands.

    `ranking` is Rasa's intent ranking (name, confidence), best first; an `nlu_fallback` entry put there
    by the FallbackClassifier is looked through.
    """
    ranked = [r for r in ranking if r.get("name") not in ("nlu_fallback", AMBIGUOUS_REPORT)]
    if not ranked or ranked[0].get("name") not in REPORT_TYPES:
        return None
    top = ranked[0]
    close = [
        r["name"]
        for r in ranked[1:]
        if r.get("name") in REPORT_TYPES
        and float(top.get("confidence", 0)) - float(r.get("confidence", 0)) < competing_gap
    ]
    if close or float(top.get("confidence", 0)) < low_confidence:
        return [top["name"], *close]
    return None
