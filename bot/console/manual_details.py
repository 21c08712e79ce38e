"""The per-type details a clerk records when entering a complaint by hand: the details the assistant asks a
resident for (bot.vocabulary: each type's filed details, and whose animal it is where the type asks it), with
the same questions and the same filed values, checked here. A complaint phoned in to the counter then carries
what one texted in does: a neglect's "in danger now" (urgent, like the assistant's), a threat's "loose"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.report_parts import Detail
from bot.vocabulary import REPORT_TYPES

OWNER_SLOT = "owner_known"  # filed as the report's owner (the household suggestion), not as a detail
OWN_FIELDSET_TYPES = ("bite",)  # the bite's facts have their own fields (victim, skin broken, vaccinated)
MAX_TEXT_CHARS = 300  # a detail in words: as long as an Open311 attribute may be
MAX_MINUTES = 7 * 24 * 60  # barking "without a break" for more than a week is a typing slip
YES, NO = "yes", "no"


@dataclass(frozen=True)
class ManualField:
    """One detail of one report type on the manual-entry form."""

    report_type: str
    detail: Detail

    @property
    def name(self) -> str:
        """The form field's name and id: a slot shared by types ("in_danger") is one field per type."""
        return f"{self.report_type}-{self.detail.slot}"

    @property
    def kind(self) -> str:
        """How it is entered: "yes_no" (a choice), "minutes" (a whole number) or "text"."""
        if self.detail.yes_no:
            return "yes_no"
        return "minutes" if self.detail.reads == "minutes" else "text"

    @property
    def question(self) -> str:
        """The assistant's question for it, else its read-back label ("minutes without a break")."""
        words = self.detail.alone_asks() or self.detail.label or self.detail.slot.replace("_", " ")
        return words[:1].upper() + words[1:]

    @property
    def choices(self) -> tuple[tuple[str, str], ...]:
        """A yes/no detail's choices, (form value, words): blank is "not known", which is not filed."""
        return (("", "not known"), (YES, self.detail.yes_means or YES), (NO, self.detail.no_means or NO))


def manual_fields(report_type: str) -> list[ManualField]:
    """The fields of `report_type` in the order the assistant asks them (none for a type with its own)."""
    kind = REPORT_TYPES.get(report_type)
    if kind is None or report_type in OWN_FIELDSET_TYPES:
        return []
    wanted = (*kind.filed_details, OWNER_SLOT)
    return [ManualField(report_type, d) for d in kind.details if d.slot in wanted]


def fields_by_type() -> dict[str, list[ManualField]]:
    """Every report type's fields, for the form: {type: fields}, types without fields left out."""
    return {code: fields for code in REPORT_TYPES if (fields := manual_fields(code))}


def manual_details(form: Mapping[str, object], report_type: str) -> tuple[dict[str, str | int], str | None]:
    """The filed details and the owner named, read from `form` for `report_type` (other types' fields are
    ignored); ValueError saying which field is wrong."""
    details: dict[str, str | int] = {}
    owner = None
    for field in manual_fields(report_type):
        raw = form.get(field.name)
        text = raw.strip() if isinstance(raw, str) else ""
        if not text:
            continue
        value = _read(field, text)
        if field.detail.slot == OWNER_SLOT:
            owner = str(value)
        else:
            details[field.detail.slot] = value
    return details, owner


def _read(field: ManualField, text: str) -> str | int:
    label = field.question.rstrip("?")
    if field.kind == "yes_no":
        filed = {value: words for value, words in field.choices if value}
        if text not in filed:
            raise ValueError(f"{label}: choose yes, no or not known")
        return filed[text]
    if field.kind == "minutes":
        if not text.isdigit() or not 1 <= int(text) <= MAX_MINUTES:
            raise ValueError(f"{label}: a whole number of minutes from 1 to {MAX_MINUTES}")
        return int(text)
    if len(text) > MAX_TEXT_CHARS:
        raise ValueError(f"{label}: at most {MAX_TEXT_CHARS} characters")
    return text
