"""Jurisdiction packs: one data file per city under `packs/`, read by `load_packs()`.

Adding a city means adding `packs/<code>.yml` (and, if its law differs, a rules module in
`bot.ordinance`); nothing else changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, time
from functools import lru_cache
from pathlib import Path
from typing import Mapping
from zoneinfo import ZoneInfo

import yaml

PACKS_DIR = Path(__file__).parent / "packs"
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
FORMS = ("verbal", "written")


class UnknownJurisdiction(KeyError):
    """No pack has that code."""


@dataclass(frozen=True)
class Contact:
    title: str
    phone: str


@dataclass(frozen=True)
class Pack:
    code: str
    name: str
    reference_prefix: str
    timezone: str
    ordinance: str
    rules: str
    phone_numbers: tuple[str, ...]
    office_name: str
    office_phone: str
    office_hours: Mapping[str, tuple[time, time]]
    contacts: Mapping[str, Contact]
    channel_forms: Mapping[str, str]
    duplicate_window_hours: int
    extra: Mapping[str, object] = field(default_factory=dict)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    def form_for_channel(self, channel: str) -> str:
        """Default complaint form (verbal/written) for a channel; an unknown channel is an error."""
        try:
            return self.channel_forms[channel]
        except KeyError:
            raise ValueError(f"jurisdiction {self.code} has no form for channel {channel!r}") from None

    def is_office_open(self, at: datetime) -> bool:
        """Whether City Hall is open at an aware datetime."""
        local = at.astimezone(self.tz)
        hours = self.office_hours.get(DAYS[local.weekday()])
        return bool(hours) and hours[0] <= local.time() < hours[1]

    def office_hours_text(self) -> str:
        """Short human wording, e.g. 'Mon-Thu 8:00-16:30, Fri 8:00-12:00'."""
        groups: list[tuple[list[str], tuple[time, time]]] = []
        for day in DAYS:
            hours = self.office_hours.get(day)
            if not hours:
                continue
            if groups and groups[-1][1] == hours and DAYS.index(groups[-1][0][-1]) + 1 == DAYS.index(day):
                groups[-1][0].append(day)
            else:
                groups.append(([day], hours))
        parts = []
        for days, (start, end) in groups:
            label = days[0].title() if len(days) == 1 else f"{days[0].title()}-{days[-1].title()}"
            parts.append(f"{label} {start:%-H:%M}-{end:%-H:%M}")
        return ", ".join(parts)

    def to_public_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "name": self.name,
            "phone_numbers": list(self.phone_numbers),
            "timezone": self.timezone,
            "office_hours": {
                day: [f"{start:%H:%M}", f"{end:%H:%M}"] for day, (start, end) in self.office_hours.items()
            },
        }


def _parse_pack(raw: Mapping[str, object], source: Path) -> Pack:
    known = {
        "code", "name", "reference_prefix", "timezone", "ordinance", "rules", "phone_numbers",
        "office", "contacts", "channel_forms", "duplicate_window_hours",
    }
    missing = sorted(known - set(raw))
    if missing:
        raise ValueError(f"{source.name}: missing {', '.join(missing)}")
    office = raw["office"]
    hours = {
        day: (time.fromisoformat(span[0]), time.fromisoformat(span[1]))
        for day, span in office.get("hours", {}).items()
    }
    if set(hours) - set(DAYS):
        raise ValueError(f"{source.name}: unknown day in office hours")
    forms = dict(raw["channel_forms"])
    if set(forms.values()) - set(FORMS):
        raise ValueError(f"{source.name}: channel_forms values must be verbal or written")
    ZoneInfo(raw["timezone"])  # fail on load, not on first use
    return Pack(
        code=raw["code"],
        name=raw["name"],
        reference_prefix=raw["reference_prefix"],
        timezone=raw["timezone"],
        ordinance=raw["ordinance"],
        rules=raw["rules"],
        phone_numbers=tuple(raw["phone_numbers"]),
        office_name=office["name"],
        office_phone=office["phone"],
        office_hours=hours,
        contacts={k: Contact(**v) for k, v in raw["contacts"].items()},
        channel_forms=forms,
        duplicate_window_hours=int(raw["duplicate_window_hours"]),
        extra={k: v for k, v in raw.items() if k not in known},
    )


@lru_cache(maxsize=1)
def load_packs(directory: Path = PACKS_DIR) -> dict[str, Pack]:
    """Every pack in the directory, keyed by code."""
    packs: dict[str, Pack] = {}
    for path in sorted(directory.glob("*.yml")):
        pack = _parse_pack(yaml.safe_load(path.read_text(encoding="utf-8")), path)
        if pack.code in packs:
            raise ValueError(f"{path.name}: duplicate jurisdiction code {pack.code}")
        packs[pack.code] = pack
    return packs


def get_pack(code: str) -> Pack:
    try:
        return load_packs()[code]
    except KeyError:
        raise UnknownJurisdiction(code) from None


def pack_for_number(e164: str) -> Pack | None:
    """The pack whose Twilio number was texted or called, or None."""
    for pack in load_packs().values():
        if e164 in pack.phone_numbers:
            return pack
    return None
