"""Jurisdiction packs: one data file per city under `packs/`, read by `load_packs()`.

Adding a city means adding `packs/<code>.yml` (and, if its law differs, a rules module in
`bot.ordinance`); nothing else changes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, time
from functools import lru_cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from bot.jurisdictions.dialogue import DialogueSettings, parse_dialogue

PACKS_DIR = Path(__file__).parent / "packs"
PACKS_DIR_VARIABLE = "JURISDICTION_PACKS_DIR"  # a deployment (or a test) may keep its packs elsewhere
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
    law: Any = None  # the `law:` section as parsed by the rules module (e.g. kellogg.KelloggLaw)
    readings: Any = None  # bot.ordinance.readings.Readings: the readings the city chose (defaults if none)
    directory: Path = PACKS_DIR  # where the pack file is; files it names (ordinance_text) are beside it
    dialogue: DialogueSettings = (
        DialogueSettings()
    )  # the conversation's thresholds (bot.jurisdictions.dialogue)

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


class PackError(ValueError):
    """A pack file that cannot be used; the message names the file and the field."""


REQUIRED_KEYS = (
    "code", "name", "reference_prefix", "timezone", "ordinance", "rules", "phone_numbers",
    "office", "contacts", "channel_forms", "duplicate_window_hours", "law",
)  # fmt: skip


def _parse_time(value: object, where: str) -> time:
    try:
        return time.fromisoformat(str(value))
    except ValueError:
        raise PackError(f"{where}: {value!r} is not a time of day (HH:MM)") from None


def _parse_pack(raw: object, source: Path) -> Pack:
    # Imported here: the rules modules import this package for type hints only, and loading is lazy.
    from bot.ordinance import rules_module
    from bot.ordinance.params import LawError
    from bot.ordinance.readings import ReadingError, parse_readings

    name = source.name
    if not isinstance(raw, Mapping):
        raise PackError(f"{name}: a pack must be a YAML mapping of fields")
    missing = sorted(set(REQUIRED_KEYS) - set(raw))
    if missing:
        raise PackError(f"{name}: missing {', '.join(missing)}")
    for key in ("code", "name", "reference_prefix", "timezone", "ordinance", "rules"):
        if not isinstance(raw[key], str) or not raw[key].strip():
            raise PackError(f"{name}: {key} must be non-empty text")
    office = raw["office"]
    if not isinstance(office, Mapping) or not {"name", "phone"} <= set(office):
        raise PackError(f"{name}: office must have a name and a phone")
    hours_raw = office.get("hours") or {}
    if not isinstance(hours_raw, Mapping):
        raise PackError(f"{name}: office.hours must map days to [open, close]")
    hours = {}
    for day, span in hours_raw.items():
        if day not in DAYS:
            raise PackError(f"{name}: unknown day {day!r} in office hours (use {', '.join(DAYS)})")
        if not isinstance(span, (list, tuple)) or len(span) != 2:
            raise PackError(f"{name}: office.hours.{day} must be [open, close]")
        start, end = (_parse_time(t, f"{name}: office.hours.{day}") for t in span)
        if not start < end:
            raise PackError(f"{name}: office.hours.{day} closes before it opens")
        hours[day] = (start, end)
    phone_numbers = raw["phone_numbers"]
    if not isinstance(phone_numbers, list) or not all(
        isinstance(n, str) and n.startswith("+") for n in phone_numbers
    ):
        raise PackError(f"{name}: phone_numbers must be a list of E.164 numbers (+...)")
    if not isinstance(raw["channel_forms"], Mapping):
        raise PackError(f"{name}: channel_forms must map channels to verbal or written")
    forms = dict(raw["channel_forms"])
    if set(forms.values()) - set(FORMS):
        raise PackError(f"{name}: channel_forms values must be verbal or written")
    contacts_raw = raw["contacts"]
    if not isinstance(contacts_raw, Mapping) or not all(
        isinstance(c, Mapping) and set(c) == {"title", "phone"} for c in contacts_raw.values()
    ):
        raise PackError(f"{name}: each contact must have exactly a title and a phone")
    window = raw["duplicate_window_hours"]
    if isinstance(window, bool) or not isinstance(window, int) or window < 0:
        raise PackError(f"{name}: duplicate_window_hours must be a whole number of hours")
    try:
        ZoneInfo(raw["timezone"])  # fail on load, not on first use
    except (ZoneInfoNotFoundError, ValueError):
        raise PackError(f"{name}: unknown time zone {raw['timezone']!r}") from None
    try:  # the rules first: a reading may belong to one rules module
        law = rules_module(raw["rules"]).parse_law(raw["law"], name)
    except LawError as error:
        raise PackError(str(error)) from None
    except ValueError as error:
        raise PackError(f"{name}: {error}") from None
    try:
        readings = parse_readings(raw.get("readings"), name, raw["rules"])
    except ReadingError as error:
        raise PackError(str(error)) from None
    try:
        dialogue = parse_dialogue(raw.get("dialogue"), name)
    except ValueError as error:
        raise PackError(str(error)) from None
    if "sms" in forms:  # the reading "whether an SMS is written" decides the default form of a text
        forms["sms"] = readings.sms_form
    return Pack(
        code=raw["code"],
        name=raw["name"],
        reference_prefix=raw["reference_prefix"],
        timezone=raw["timezone"],
        ordinance=raw["ordinance"],
        rules=raw["rules"],
        phone_numbers=tuple(phone_numbers),
        office_name=office["name"],
        office_phone=office["phone"],
        office_hours=hours,
        contacts={k: Contact(**v) for k, v in contacts_raw.items()},
        channel_forms=forms,
        duplicate_window_hours=window,
        extra={k: v for k, v in raw.items() if k not in (*REQUIRED_KEYS, "readings", "dialogue")},
        law=law,
        readings=readings,
        directory=source.parent,
        dialogue=dialogue,
    )


def packs_dir() -> Path:
    """The directory packs load from: $JURISDICTION_PACKS_DIR when set, else the shipped `packs/`."""
    return Path(os.environ.get(PACKS_DIR_VARIABLE) or PACKS_DIR)


def load_packs(directory: Path | None = None) -> dict[str, Pack]:
    """Every pack in the directory (default `packs_dir()`), keyed by code; read once per directory."""
    return _load_packs(Path(directory) if directory is not None else packs_dir())


@lru_cache(maxsize=8)
def _load_packs(directory: Path) -> dict[str, Pack]:
    packs: dict[str, Pack] = {}
    for path in sorted(directory.glob("*.yml")):
        try:
            raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            raise PackError(f"{path.name}: not valid YAML ({error.__class__.__name__})") from None
        pack = _parse_pack(raw, path)
        if pack.code in packs:
            raise PackError(f"{path.name}: duplicate jurisdiction code {pack.code}")
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
