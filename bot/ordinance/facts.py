"""The complaint facts the ordinance engine counts, and how they are read from JSON.

The engine counts what it is given: the caller passes accepted, non-duplicate complaints (the case
database's `subject_complaints`), so status is not a fact here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

COMPLAINT_TYPES = ("barking", "at_large", "bite", "threat", "neglect", "waste", "too_many", "damage")
FORMS = ("verbal", "written")
# the victim's kind: a person, a domestic animal, another (not domestic) animal, an animal of unknown kind
VICTIMS = ("person", "domestic_animal", "other_animal", "animal")
CLI_VICTIMS = ("person", "animal")


class InputError(ValueError):
    """Complaint data the engine cannot read. The message is one line naming the complaint and field."""


@dataclass(frozen=True)
class ComplaintFact:
    """One accepted complaint, as the ordinance sees it.

    `received` is a date or a datetime; an aware datetime is placed on the jurisdiction's calendar, a naive
    one is taken as local time. `form` is "verbal" or "written" (None only where the law ignores it).
    """

    id: str
    subject: str
    received: date | datetime
    form: str | None
    type: str
    complainant_identified: bool | None = None
    animal: str | None = None  # which animal (id), bites: None = not known which animal it was
    victim: str | None = None  # bites: person | domestic_animal | animal; None = not known
    injury: bool | None = None  # bites: bodily injury to a person (skin broken, a doctor needed)
    incident: str | None = None  # complaints sharing this key are about the same incident (one occasion)
    species: str | None = None  # the animal's species as reported ("dog", "cat", ...)
    # bites: the bite happened off the owner's premises (58-10 B; the animal was at large, 58-3);
    # None = the records cannot tell. `premises_basis` says what the records show, in words.
    off_owner_premises: bool | None = None
    premises_basis: str | None = None
    # barking: minutes of continuous noise the resident reported; None = no duration given
    barking_minutes: int | None = None
    # bites: the officer's designation of this animal recorded before this bite (Freeport 11 C 1 e, 11 E 2)
    prior_designation: str | None = None
    # threats: the animal was loose, off its owner's premises (at large, Kellogg 58-3); None = not known
    animal_loose: bool | None = None

    def __post_init__(self) -> None:
        where = _where(None, self.id)
        if self.victim is not None and self.victim not in VICTIMS:
            raise InputError(f"{where}: field 'victim' must be one of {', '.join(VICTIMS)} or null")
        if self.form is not None and self.form not in FORMS:
            raise InputError(f"{where}: field 'form' must be one of {', '.join(FORMS)}, got {self.form!r}")
        if self.type not in COMPLAINT_TYPES:
            raise InputError(
                f"{where}: field 'type' must be one of {', '.join(COMPLAINT_TYPES)}, got {self.type!r}"
            )
        if not isinstance(self.received, date):
            raise InputError(f"{where}: field 'received' must be a date or datetime")


def _where(index: int | None, complaint_id: object) -> str:
    if complaint_id is None:
        return f"complaint #{index}"
    if index is None:
        return f"complaint {complaint_id!r}"
    return f"complaint #{index} (id {complaint_id!r})"


def parse_received(text: str) -> date | datetime:
    """`2026-01-05` gives a date; an ISO 8601 date-time (a trailing `Z` means UTC) gives a datetime."""
    text = text.strip()
    if len(text) == 10:
        return date.fromisoformat(text)
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    return datetime.fromisoformat(text)


def facts_from_json(document: object, required: Iterable[str] = ("form",)) -> list[ComplaintFact]:
    """Complaint facts from `{"complaints": [...]}`, in input order.

    `id`, `subject`, `received` and `type` are always required; `required` names the further fields the
    jurisdiction's rules need (Kellogg needs `form`). Raises InputError naming the complaint and field.
    """
    if not isinstance(document, Mapping):
        raise InputError("input must be a JSON object with a 'complaints' list")
    items = document.get("complaints")
    if not isinstance(items, list):
        raise InputError("input: field 'complaints' must be a list")
    required_fields = ("id", "subject", "received", "type", *required)
    facts: list[ComplaintFact] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        facts.append(_fact_from_item(index, item, required_fields, seen))
    return facts


def _fact_from_item(index: int, item: object, required: Sequence[str], seen: set[str]) -> ComplaintFact:
    if not isinstance(item, Mapping):
        raise InputError(f"complaint #{index}: must be a JSON object")
    raw_id = item.get("id")
    where = _where(index, raw_id if isinstance(raw_id, (str, int)) and not isinstance(raw_id, bool) else None)
    for name in required:
        if item.get(name) is None:
            raise InputError(f"{where}: missing field {name!r}")

    def text_field(name: str) -> str | None:
        value = item.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise InputError(f"{where}: field {name!r} must be a string")
        value = str(value).strip()
        if not value:
            raise InputError(f"{where}: field {name!r} is empty")
        return value

    complaint_id = text_field("id")
    if complaint_id in seen:
        raise InputError(f"{where}: field 'id' repeats an earlier complaint's id")
    seen.add(complaint_id)
    subject = text_field("subject")
    raw_received = item.get("received")
    if not isinstance(raw_received, str):
        raise InputError(f"{where}: field 'received' must be a date (YYYY-MM-DD) or an ISO 8601 date-time")
    try:
        received = parse_received(raw_received)
    except ValueError:
        raise InputError(
            f"{where}: field 'received' is not a readable date or ISO 8601 date-time: {raw_received!r}"
        ) from None
    form = text_field("form")
    if form is not None and form not in FORMS:
        raise InputError(f"{where}: field 'form' must be one of {', '.join(FORMS)}, got {form!r}")
    complaint_type = text_field("type")
    if complaint_type not in COMPLAINT_TYPES:
        raise InputError(
            f"{where}: field 'type' must be one of {', '.join(COMPLAINT_TYPES)}, got {complaint_type!r}"
        )
    flags = {
        name: _flag(item, name, where)
        for name in ("complainant_identified", "injury", "off_owner_premises", "animal_loose")
    }
    victim = item.get("victim")
    if victim is not None and victim not in CLI_VICTIMS:
        raise InputError(f"{where}: field 'victim' must be one of {', '.join(CLI_VICTIMS)} or null")
    return ComplaintFact(
        id=complaint_id,
        subject=subject,
        received=received,
        form=form,
        type=complaint_type,
        complainant_identified=flags["complainant_identified"],
        animal=text_field("animal"),
        victim=victim,
        injury=flags["injury"],
        incident=text_field("incident"),
        species=text_field("species"),
        off_owner_premises=flags["off_owner_premises"],
        barking_minutes=_minutes(item, where),
        prior_designation=text_field("prior_designation"),
        animal_loose=flags["animal_loose"],
    )


def _minutes(item: Mapping[str, object], where: str) -> int | None:
    minutes = item.get("barking_minutes")
    if minutes is not None and (isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 0):
        raise InputError(f"{where}: field 'barking_minutes' must be a whole number of minutes or null")
    return minutes


def _flag(item: Mapping[str, object], name: str, where: str) -> bool | None:
    value = item.get(name)
    if value is not None and not isinstance(value, bool):
        raise InputError(f"{where}: field {name!r} must be true, false or null")
    return value
