"""A subject's standing under its city's ordinance, in plain words, from the ordinance engine.

Nothing is counted here: the counts, windows and deadlines come from the pack's rules module
(bot.ordinance.kellogg / freeport) over the case database's accepted, non-duplicate complaints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from bot.cases.service import CaseService, CountedComplaint
from bot.jurisdictions import Pack
from bot.ordinance import freeport, kellogg, rules_module
from bot.ordinance.dates import local_date
from bot.ordinance.facts import ComplaintFact

# Kellogg 58-16 B: the notice each level calls for (record_notice kinds)
NOTICE_FOR_LEVEL = {"first": "letter", "second": "citation", "third": "referral"}
LEVEL_WORDS = {
    "none": "No standing",
    "verbal_pending": "One verbal complaint pending",
    "first": "First complaint",
    "second": "Second complaint",
    "third": "Third complaint",
}


def dollars(cents: int | None) -> str:
    if cents is None:
        return ""
    return f"${cents // 100:,}" if cents % 100 == 0 else f"${cents / 100:,.2f}"


def long_date(day: date | None) -> str:
    return "" if day is None else f"{day:%B} {day.day}, {day.year}"


@dataclass(frozen=True)
class CountedRow:
    reference: str
    received: date
    form: str
    type: str
    counts_as: str
    action: str
    section: str
    notice_kind: str | None  # the notice this count calls for, when it calls for one
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class SubjectStanding:
    jurisdiction: str
    level: str  # rules-specific: none/verbal_pending/first/second/third, or complaint_N
    level_words: str
    window_open_until: date | None
    days_left: int | None
    rows: tuple[CountedRow, ...]
    what_next: tuple[str, ...]  # plain words, each citing its section
    bite_flags: tuple[str, ...] = field(default_factory=tuple)


def _facts(history: list[CountedComplaint], subject_id: int) -> list[ComplaintFact]:
    return [
        ComplaintFact(
            id=c.reference,
            subject=str(subject_id),
            received=c.received,
            form=c.form,
            type=c.type,
            complainant_identified=c.complainant_identified,
        )
        for c in history
    ]


def subject_standing(
    cases: CaseService, pack: Pack, subject_id: int, today: date, *, as_if: CountedComplaint | None = None
) -> SubjectStanding:
    """The subject's standing on `today`; `as_if` adds a complaint not yet accepted, to show how it would count."""
    history = cases.subject_complaints(subject_id)
    if as_if is not None:
        history = sorted([*history, as_if], key=lambda c: (c.received, c.id))
    facts = _facts(history, subject_id)
    if pack.rules == "kellogg":
        return _kellogg(pack, facts, subject_id, today)
    if pack.rules == "freeport":
        return _freeport(pack, facts, today)
    return _generic(pack, facts)


def _kellogg(pack: Pack, facts: list[ComplaintFact], subject_id: int, today: date) -> SubjectStanding:
    law = kellogg.law_for(pack)
    results = kellogg.count_complaints(facts, law, pack.tz)
    rows, bite_flags = [], []
    for result in results:
        flags = []
        if result.bite_case_number is not None:
            flags.append(f"bite case {result.bite_case_number}")
            if result.public_nuisance:
                flags.append("public nuisance (58-10(I))")
                bite_flags.append(
                    f"{result.fact.id}: bite case {result.bite_case_number} for this household - a public "
                    "nuisance; the Board of Health determines disposal (58-10(I))."
                )
            else:
                bite_flags.append(
                    f"{result.fact.id}: bite case {result.bite_case_number}; quarantine at least "
                    f"{law.quarantine_min_days} days (58-10). A further bite case makes the animal a public "
                    "nuisance (58-10(I))."
                )
        rows.append(
            CountedRow(
                reference=result.fact.id,
                received=local_date(result.fact.received, pack.tz),
                form=result.fact.form or "",
                type=result.fact.type,
                counts_as=result.counts_as,
                action=result.action,
                section=kellogg.SECTIONS[result.counts_as],
                notice_kind=NOTICE_FOR_LEVEL.get(result.counts_as),
                flags=tuple(flags),
            )
        )
    standing = kellogg.standing_at(facts, str(subject_id), today, law, pack.tz)
    return SubjectStanding(
        jurisdiction=pack.code,
        level=standing.level,
        level_words=LEVEL_WORDS[standing.level],
        window_open_until=standing.window_open_until,
        days_left=standing.days_left,
        rows=tuple(rows),
        what_next=tuple(_kellogg_next(standing, law)),
        bite_flags=tuple(bite_flags),
    )


def _kellogg_next(standing: kellogg.Standing, law: kellogg.KelloggLaw) -> list[str]:
    until, left = long_date(standing.window_open_until), standing.days_left
    days = f"{left} day{'s' if left != 1 else ''} left" if left is not None else ""
    letter = (
        f"the Clerk/Treasurer sends a letter with a copy of chapter 58; an unlicensed animal must be licensed "
        f"within {law.first_license_days} days at the regular fee, after that the fee is "
        f"{dollars(law.first_late_license_fee_cents)}"
    )
    citation = (
        f"a citation: the license is revoked; a hearing if requested within {law.second_hearing_request_days} "
        f"days of receiving the citation; {dollars(law.second_reissue_fee_cents)} to reissue the license, "
        f"{dollars(law.second_unlicensed_license_fee_cents)} if unlicensed; {law.second_comply_days} days to "
        "comply"
    )
    referral = f"the matter goes to the {law.third_refer_to} for prosecution"
    if standing.level == "none":
        return [
            f"No complaint stands against this household today. A written complaint would be a first complaint: "
            f"{letter} (58-16(B)(2)).",
            f"A verbal complaint would be documented at the clerk's office; a second verbal complaint within "
            f"{law.verbal_pair_months} months makes it a first complaint (58-16(B)(2)).",
        ]
    if standing.level == "verbal_pending":
        return [
            f"One verbal complaint ({long_date(standing.pending_since)}) is documented, with no notice "
            f"(58-16(B)(2)).",
            f"Until {until} ({days}) another complaint, verbal or written, makes a first complaint: {letter}.",
        ]
    if standing.level == "first":
        return [
            f"First complaint established {long_date(standing.anchor)}: {letter} (58-16(B)(2)).",
            f"Until {until} ({days}) any further complaint is the second: {citation} (58-16(B)(3)). After that "
            "day the first complaint lapses.",
        ]
    if standing.level == "second":
        return [
            f"Second complaint within two months of the first ({long_date(standing.anchor)}): {citation} "
            "(58-16(B)(3)).",
            f"Until {until} ({days}) any further complaint is a third: {referral} (58-16(B)(4)).",
        ]
    return [
        f"Third complaint within a year of the first ({long_date(standing.anchor)}): {referral} (58-16(B)(4)).",
        f"Until {until} ({days}) every further complaint is also a third (58-16(B)(4)).",
    ]


def _freeport(pack: Pack, facts: list[ComplaintFact], today: date) -> SubjectStanding:
    law = freeport.law_for(pack)
    results = freeport.count_complaints(facts, law, pack.tz)
    rows, bite_flags = [], []
    for result in results:
        data = result.to_json(law)
        flags = []
        if "designation" in data:
            word = "dangerous" if data["designation"] == "dangerous" else "potentially dangerous"
            flags.append(f"{word} ({data['designation_section']})")
            appeal = (
                f"; the owner may appeal within {law.dangerous_appeal_days} days (11(G)(1))"
                if data["designation"] == "dangerous"
                else ""
            )
            bite_flags.append(
                f"{result.fact.id}: bite occasion {data['bite_occasion_number']} - the animal is {word} "
                f"({data['designation_section']}){appeal}."
            )
        rows.append(
            CountedRow(
                reference=result.fact.id,
                received=local_date(result.fact.received, pack.tz),
                form=result.fact.form or "",
                type=result.fact.type,
                counts_as=result.counts_as,
                action=result.action,
                section="Ordinance 2005-03",
                notice_kind=None,
                flags=tuple(flags),
            )
        )
    what_next = [
        f"{pack.ordinance} has no verbal/written rule: every accepted complaint counts "
        f"({len(results)} so far) and is documented."
    ]
    if results:
        seizure = results[-1].seizure.to_json()
        if seizure["met"]:
            what_next.append(
                f"Section 8 seizure preconditions the records show: {'; '.join(seizure['met'])}."
            )
        if seizure["not_met"] or seizure["unknown"]:
            what_next.append(
                f"Not shown by the records: {'; '.join(seizure['not_met'] + seizure['unknown'])} (section 8)."
            )
        what_next.append(f"The officer must still judge: {'; '.join(seizure['officer_judgement'])}.")
    level = results[-1].counts_as if results else "none"
    return SubjectStanding(
        jurisdiction=pack.code,
        level=level,
        level_words=f"{len(results)} accepted complaint{'s' if len(results) != 1 else ''}",
        window_open_until=None,
        days_left=None,
        rows=tuple(rows),
        what_next=tuple(what_next),
        bite_flags=tuple(bite_flags),
    )


def _generic(pack: Pack, facts: list[ComplaintFact]) -> SubjectStanding:
    """A city whose rules module the console has no plain words for yet: the engine's own results."""
    results = rules_module(pack.rules).results_json(facts, pack)
    rows = tuple(
        CountedRow(
            reference=str(r["id"]),
            received=local_date(next(f.received for f in facts if f.id == r["id"]), pack.tz),
            form=str(r.get("form") or ""),
            type=str(r["type"]),
            counts_as=str(r["counts_as"]),
            action=str(r["action"]),
            section=str(r.get("section") or pack.ordinance),
            notice_kind=None,
        )
        for r in results
    )
    level = rows[-1].counts_as if rows else "none"
    return SubjectStanding(pack.code, level, level, None, None, rows, (f"See {pack.ordinance}.",))


@dataclass(frozen=True)
class BiteQuarantine:
    required: bool | None  # None: not known yet
    min_days: int | None
    ends_on: date | None  # first day the animal may be released (bite day + minimum days)
    owner_notice_deadline: datetime | None  # Kellogg 58-10 D
    sections: tuple[str, ...]
    to_confirm: tuple[str, ...]


def bite_quarantine(
    pack: Pack,
    bitten_at: datetime,
    victim: str,
    vaccinated: bool | None,
    skin_broken_or_medical: bool | None,
    earlier_bites: int = 0,
) -> BiteQuarantine:
    """The confinement a bite brings under the pack's law, from what the report says."""
    bite_day = local_date(bitten_at, pack.tz)
    if pack.rules == "kellogg":
        law = kellogg.law_for(pack)
        # the resident's word on vaccination is not the proof 58-10(A)(1) asks for: leave it unknown
        orders = kellogg.bite_orders(
            kellogg.KelloggBite(
                bitten_at=bitten_at,
                victim=victim,
                vaccinated_with_proof=None,
                on_owner_premises=None,
                bite_cases=earlier_bites + 1,
            ),
            law,
        )
        days = orders.quarantine_min_days
        return BiteQuarantine(
            required=orders.quarantine_required,
            min_days=days,
            ends_on=bite_day + timedelta(days=days) if days else None,
            owner_notice_deadline=orders.owner_notice_deadline if orders.quarantine_required else None,
            sections=orders.sections,
            to_confirm=orders.to_confirm,
        )
    if pack.rules == "freeport":
        law = freeport.law_for(pack)
        orders = freeport.bite_orders(
            freeport.FreeportBite(
                victim=victim,
                vaccinated_with_certificate=None,
                skin_punctured_or_doctor=skin_broken_or_medical,
                earlier_person_bite_occasions=earlier_bites,
            ),
            law,
        )
        required = {"not_required": False, "undetermined": None}.get(orders.confinement, True)
        days = orders.confinement_min_days or (law.confinement_min_days if required is None else None)
        return BiteQuarantine(
            required=required,
            min_days=days,
            ends_on=bite_day + timedelta(days=days) if days else None,
            owner_notice_deadline=None,
            sections=orders.sections,
            to_confirm=orders.to_confirm,
        )
    return BiteQuarantine(None, None, None, None, (), ("the city's bite rules",))
