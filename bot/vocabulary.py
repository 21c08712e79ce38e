"""The one vocabulary of reports: the report types, each type's slots in the order they are asked, the
question that asks for each (several asked together where a person would ask them together), and the
label each is read back with.

domain.yml (forms, slots, the categorical values of `report_type`), the filing action and the read-back
are held to this file: actions read it, and tests/test_domain_responses.py checks domain.yml against it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Detail:
    """A slot of a report: what asks for it (`ask`: a question part, joined with the other parts of its
    group into one question) and the label it is read back with (None: not read back)."""

    slot: str
    ask: str
    label: str | None
    required: bool = True  # False: filled when the resident says it, never asked on its own
    group: str = ""  # details of one group are asked in one question; "" = its own question
    alone: str = ""  # the question when it is the only part of its group still missing ("" = `ask`)


@dataclass(frozen=True)
class ReportType:
    code: str  # "barking", "at_large", "bite"
    title: str  # read-back title
    spoken: str  # in "a ... report" in status answers
    details: tuple[Detail, ...]  # in the order they are asked, shared slots included
    filed_details: tuple[str, ...]  # slots filed as the report's per-type details

    @property
    def form(self) -> str:
        return f"{self.code}_form"

    @property
    def required_slots(self) -> list[str]:
        return [d.slot for d in self.details if d.required]

    @property
    def slots(self) -> list[str]:
        return [d.slot for d in self.details]

    def detail(self, slot: str) -> Detail | None:
        return next((d for d in self.details if d.slot == slot), None)

    def readback(self) -> tuple[tuple[str, str], ...]:
        shared = {"location", "animal", "complainant_name"}
        return tuple((d.slot, d.label) for d in self.details if d.label and d.slot not in shared)


LOCATION = Detail(
    "location", "where is this? A street address, a corner (3rd and Elm), a block, or a landmark", "at"
)
ANIMAL = Detail("animal", "what kind of animal is it", None)
NAME = Detail(
    "complainant_name",
    "what's your name? It stays private with the city. Reply SKIP to stay anonymous, but an anonymous report "
    "may not count toward action",
    "name",
)

REPORT_TYPES: dict[str, ReportType] = {
    t.code: t
    for t in (
        ReportType(
            "barking",
            "Barking",
            "barking",
            (
                LOCATION,
                ANIMAL,
                # Kellogg 58-5 C: a nuisance only after 30 minutes of continuous barking, so ask for that figure
                Detail("barking_since", "how long has it been barking without a break (since 10pm, for 45 "
                       "minutes...)", "since", group="barking"),
                Detail("barking_minutes", "", "minutes without a break", required=False),
                Detail("barking_frequency", "is it every night", "how often", required=False, group="barking"),
                Detail("barking_time_of_day", "", "when", required=False),
                NAME,
            ),
            ("barking_since", "barking_minutes", "barking_frequency", "barking_time_of_day"),
        ),
        ReportType(
            "at_large",
            "Animal at large",
            "animal at large",
            (
                LOCATION,
                ANIMAL,
                Detail("animal_description", "what does it look like (colour, size, breed, collar)", "looks like",
                       group="seen"),
                Detail("still_there", "is it still there, or which way did it go", "still there", group="seen"),
                Detail("direction", "which way did it go", "went", group="seen"),
                Detail("aggressive", "is it acting aggressive (growling, charging, chasing) or friendly",
                       "aggressive", group="seen"),
                Detail("owner_known", "", "owner", required=False),
                NAME,
            ),
            ("still_there", "direction", "aggressive"),
        ),
        ReportType(
            "bite",
            "Bite",
            "bite",
            (
                Detail("victim", "who was bitten (a person or an animal)", "bitten", group="who"),
                Detail("injury", "did it break the skin or need medical care", "skin broken/medical care",
                       group="who", alone="Did it break the skin, or did anyone need medical care?"),
                Detail("location", "where did it happen (an address, a corner or a landmark)", "at", group="where",
                       alone=LOCATION.ask),
                Detail("bite_when", "when", "when", group="where", alone="when did the bite happen"),
                Detail("animal", "what kind of animal was it", None, group="animal"),
                Detail("animal_description", "what did it look like", "looks like", group="animal"),
                Detail("owner_known", "whose is it (a name or an address)", "owner", group="animal",
                       alone="do you know whose animal it is? A name or an address helps; say don't know if not"),
                Detail("vaccinated", "is it vaccinated against rabies, if you know", "vaccinated", group="animal",
                       alone="do you know if the animal is vaccinated against rabies? (yes, no, or don't know)"),
                NAME,
            ),
            ("bite_when",),
        ),
    )
}  # fmt: skip


def question(report_type: str, slot: str, missing: list[str]) -> str:
    """The question for `slot`: the parts of its group still `missing` (`slot` first), as one question."""
    kind = REPORT_TYPES[report_type]
    asked = kind.detail(slot)
    if asked is None:
        return ""
    group = [asked]
    if asked.group:
        group += [d for d in kind.details if d.group == asked.group and d is not asked and d.slot in missing]
        group.sort(key=kind.details.index)
    if "still_there" in missing:  # "or which way did it go" already asks it
        group = [d for d in group if d.slot != "direction"] or group
    if len(group) == 1:
        text = group[0].alone or group[0].ask
    else:
        asks = [d.ask for d in group]
        text = ", ".join(asks[:-1]) + ", and " + asks[-1]
    text = text[:1].upper() + text[1:]
    if text[-1] in ".?!":
        return text
    return text + ("." if "?" in text else "?")
