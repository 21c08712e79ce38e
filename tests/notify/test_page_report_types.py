"""The officer's page names what is urgent in words: a neglect report in danger now, a threat still going on."""

from __future__ import annotations

from bot.cases.models import Complaint
from bot.notify.outbox import page_text


def test_the_page_names_the_newer_urgent_types_in_words() -> None:
    neglect = Complaint(
        type="neglect", animal_species="dog", location_normalised="500 MAIN ST", reference="KEL-1"
    )
    assert page_text(neglect) == (
        "URGENT animal neglect or cruelty: dog at 500 MAIN ST. Ref KEL-1. Details in the console."
    )
    threat = Complaint(type="threat", animal_species=None, location_normalised=None, reference="KEL-2")
    assert page_text(threat) == (
        "URGENT animal that threatened someone: animal at a place described in the report. Ref KEL-2. "
        "Details in the console."
    )
