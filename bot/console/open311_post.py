"""Open311's services (one per report type) and what a key holder's POST files, checked before filing.

Whatever a POST carries may reach the public answers (the species in the description, the place at block
level), so each field is held to a length, the animal to a species of the taxonomy, and the phone to a
number. Refusals name the field, never echo its value.

The line cannot vouch for what a key holder posts, so a posted report is kept apart from residents' own:
- the name and phone given are an unverified contact in its details, never a complainant record (a posted
  phone would otherwise join that number's complainant, whose reports its SMS status answer reads out);
- it suggests no household (none is created) until the clerk links one;
- a posted bite is urgent in the clerk's queue but pages no one (bot.notify.outbox.PAGING_CHANNELS).
"""

from __future__ import annotations

import uuid
from datetime import datetime

from bot.cases.report import BiteDetails, Report, is_urgent
from bot.console import try_line
from bot.console.accounts import ApiClient
from bot.console.open311_format import Open311Error
from bot.jurisdictions import Pack
from bot.nlp.animals.taxonomy import normalise_animal
from bot.vocabulary import REPORT_TYPES

# Open311's public wording of the report types of bot.vocabulary (the one list of report types): a type the
# vocabulary gains is served under its read-back title until it is given wording here.
SERVICE_WORDING = {
    "barking": ("Barking animal", "An animal barking or making noise for long periods."),
    "at_large": ("Animal at large", "A dog or other animal loose, off its owner's premises."),
    "bite": ("Animal bite", "An animal bit a person or another animal. Anyone injured: call 911 first."),
    "threat": (
        "Animal threat without contact",
        "An animal chased, charged or lunged at someone but did not bite.",
    ),
    "neglect": (
        "Animal neglect or cruelty",
        "An animal without food, water or shelter, abandoned, abused, or in distress. In danger now: call 911 first.",
    ),
    "waste": ("Animal waste", "An owner did not clean up after their animal."),
    "too_many": ("Too many animals", "More animals kept at one home than the city allows, or a kennel."),
    "damage": ("Animal damage to property", "An animal damaged a lawn, a garden or other property."),
}
# the longest value each posted field may have (characters); the description is Twilio's longest text
MAX_CHARS = {
    "address_string": 300, "description": 1600, "first_name": 100, "last_name": 100, "phone": 40,
    "attribute[animal]": 60, "attribute[animal_description]": 300, "attribute[occurred_text]": 300,
    "attribute[frequency]": 300, "attribute[direction]": 300, "attribute[what_happened]": 300,
    "attribute[animal_count]": 40,
}  # fmt: skip
YES_NO_ATTRIBUTES = ("loose", "in_danger")
MAX_OTHER_CHARS = 100  # any other field (jurisdiction_id, service_code, lat, long, api_key, ...)


def offered_services() -> dict[str, tuple[str, str]]:
    """{service_code: (service_name, description)}, one per report type of bot.vocabulary, in its order."""
    return {
        code: SERVICE_WORDING.get(code, (kind.title, f"{kind.title} (animal control)."))
        for code, kind in REPORT_TYPES.items()
    }


def public_species(species: str | None) -> str | None:
    """The species as the public may read it: only a species of the taxonomy ("dog"), never free text a
    clerk's correction or a key holder typed ("Bob Smith's, call ...")."""
    return species if species and normalise_animal(species) == species else None


def check_lengths(text: dict[str, str]) -> None:
    for name, value in text.items():
        if len(value) > MAX_CHARS.get(name, MAX_OTHER_CHARS):
            raise Open311Error(
                400, f"{name} is longer than {MAX_CHARS.get(name, MAX_OTHER_CHARS)} characters"
            )


def posted_report(text: dict[str, str], pack: Pack, client: ApiClient, received: datetime) -> Report:
    """The report a key holder's POST files, checked against the service definition."""
    check_lengths(text)
    code = text.get("service_code", "")
    if code not in offered_services():
        raise Open311Error(404 if code else 400, "service_code is required and must name a service")
    attributes = {
        key[len("attribute[") : -1]: value for key, value in text.items() if key.startswith("attribute[")
    }
    location = text.get("address_string") or (
        f"{text['lat']}, {text['long']}" if text.get("lat") and text.get("long") else ""
    )
    if not location:
        raise Open311Error(400, "a location is required: address_string, or lat and long")
    answers = {k: v for k, v in attributes.items() if k in YES_NO_ATTRIBUTES}
    if any(v not in ("yes", "no", "unknown") for v in answers.values()):
        raise Open311Error(400, f"attribute[{', '.join(answers)}] must be yes, no or unknown")
    kept = ("frequency", "direction", *REPORT_TYPES[code].filed_details)
    details = {k: v for k, v in attributes.items() if k in kept and v}
    details["submitted_by"] = client.name
    contact = _unverified_contact(text)
    if contact:
        details["unverified_contact"] = contact
    return Report(
        jurisdiction=pack.code,
        type=code,
        channel="web",
        source_id=f"open311:{client.id}:{uuid.uuid4().hex}",
        received=received,
        location=location,
        transcript=text.get("description", ""),
        animal=_species(attributes.get("animal")),
        animal_description=attributes.get("animal_description") or None,
        occurred_text=attributes.get("occurred_text") or None,
        details=details,
        bite=_bite(attributes) if code == "bite" else None,
        # media_url is not taken: the console shows only photos from the city's own Twilio account
        urgent=is_urgent(code, answers),
        suggest_household=False,
    )


def _unverified_contact(text: dict[str, str]) -> str:
    """ "Ann Jogger, +15075550177": who the key holder says reported it, for the clerk to call back."""
    name = " ".join(part for part in (text.get("first_name"), text.get("last_name")) if part)
    return ", ".join(part for part in (name, _contact(text.get("phone"))) if part)


def _species(animal: str | None) -> str | None:
    if not animal:
        return None
    species = normalise_animal(animal)
    if species is None:
        raise Open311Error(400, "attribute[animal] must name a kind of animal (dog, cat, horse, ...)")
    return species


def _contact(phone: str | None) -> str | None:
    if not phone:
        return None
    try:
        return try_line.e164(phone)
    except ValueError:
        raise Open311Error(400, "phone is not a phone number") from None


def _bite(attributes: dict[str, str]) -> BiteDetails:
    if attributes.get("victim") not in ("person", "animal"):
        raise Open311Error(400, "attribute[victim] is required for bites: person or animal")
    yes_no = {"yes": True, "no": False}
    return BiteDetails(
        victim=attributes["victim"],
        skin_broken_or_medical=yes_no.get(attributes.get("skin_broken", "")),
        animal_vaccinated=yes_no.get(attributes.get("vaccinated", "")),
        owner_known=None,
    )
