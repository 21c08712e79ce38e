"""One complaint as stable JSON, for clerks' scripts and for support (`python -m bot.cases show REF`).

The shape is a contract; add keys, never rename or remove them:

- `reference`, `type`, `form`, `channel`, `status`, `language` (the conversation's: "en", "es");
- `received`, `occurred`: ISO 8601 in the city's time zone, with its offset (`occurred` null if unknown);
- `location`: `{text, normalised}` (where it happened);
- `household`: null, or `{id, address, confirmed}` (a suggestion shows `confirmed` false);
- `animal`: `{species, description, id}` (`id` null until the clerk links the animal);
- `details`: every other filed field by name (bites: `victim` person/animal/null, `victim_kind`,
  `injury` true/false/null, `vaccinated`; `owner`; the per-type answers such as durations and
  frequency; `occurred_text`, `urgent`, `photos`).

Never the complainant's phone, name or address, and not the transcript (the resident's own words can
name them).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from bot.cases.records import ComplaintDetail


def _local(moment: datetime | None, tz: ZoneInfo) -> str | None:
    return None if moment is None else moment.astimezone(tz).isoformat()


def _details(detail: ComplaintDetail) -> dict[str, Any]:
    details: dict[str, Any] = dict(detail.details)
    details.update(
        {
            "owner": detail.owner_named,
            "occurred_text": detail.occurred_text,
            "urgent": detail.urgent,
            "photos": list(detail.photo_urls),
        }
    )
    if detail.bite is not None:
        details.update(
            {
                "victim": detail.bite.victim,
                "victim_kind": detail.bite.victim_kind,
                "injury": detail.bite.skin_broken_or_medical,
                "vaccinated": detail.bite.animal_vaccinated,
            }
        )
    return dict(sorted(details.items()))


def complaint_json(detail: ComplaintDetail, tz: ZoneInfo) -> dict[str, Any]:
    """The stable JSON shape of one complaint (see the module docstring), times in `tz`."""
    household = detail.household
    return {
        "reference": detail.reference,
        "type": detail.type,
        "form": detail.form,
        "channel": detail.channel,
        "status": detail.status,
        "language": detail.language,
        "received": _local(detail.received, tz),
        "occurred": _local(detail.occurred, tz),
        "location": {"text": detail.location_text, "normalised": detail.location_normalised},
        "household": None
        if household is None
        else {"id": household.subject_id, "address": household.address, "confirmed": household.confirmed},
        "animal": {
            "species": detail.animal_species,
            "description": detail.animal_description,
            "id": detail.animal_id,
        },
        "details": _details(detail),
    }
