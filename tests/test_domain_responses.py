"""Every response in the domain is used, and every response an action names exists.

`rasa data validate` only sees responses named in stories and rules, so it warns about those the
actions and forms use; this check covers both directions.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _domain() -> dict:
    return yaml.safe_load((ROOT / "domain.yml").read_text(encoding="utf-8"))


def _responses() -> set[str]:
    """Responses of the domain and of data files (Rasa merges a data file's `responses:` into the domain)."""
    names = set(_domain()["responses"])
    for path in (ROOT / "data").rglob("*.yml"):
        names |= set((yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("responses") or {})
    return names


def _used_names() -> set[str]:
    """Response names quoted in actions/integrations code, and actions named in rules and stories."""
    code = "\n".join(
        p.read_text(encoding="utf-8") for d in ("actions", "integrations") for p in (ROOT / d).glob("*.py")
    )
    data = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "data").rglob("*.yml"))
    return set(re.findall(r"[\"'](utter_[a-z0-9_]+)[\"']", code)) | set(
        re.findall(r"action: (utter_[a-z0-9_]+)", data)
    )


def test_every_response_is_used():
    domain = _domain()
    asked = {f"utter_ask_{slot}" for form in domain["forms"].values() for slot in form["required_slots"]}
    unused = set(domain["responses"]) - _used_names() - asked
    assert not unused, f"responses nothing uses: {sorted(unused)}"


def test_every_response_named_in_code_exists():
    # "utter_action" is the key Rasa puts on a bot message, not a response name
    missing = _used_names() - {"utter_action"} - _responses()
    assert not missing, f"responses named but not defined: {sorted(missing)}"


def test_every_form_slot_has_a_question():
    domain = _domain()
    for form_name, form in domain["forms"].items():
        for slot in form["required_slots"]:
            assert f"action_ask_{slot}" in domain["actions"] or slot == "report_confirmed", (form_name, slot)


# --- domain.yml is held to the one vocabulary of reports (bot/vocabulary.py) -----------------------------------


def test_the_report_types_are_the_vocabularys():
    from bot.cases.report import REPORT_TYPES as FILED_TYPES
    from bot.vocabulary import REPORT_TYPES

    domain = _domain()
    assert domain["slots"]["report_type"]["values"] == list(REPORT_TYPES)
    assert list(FILED_TYPES) == list(REPORT_TYPES)
    assert {name for name in domain["forms"] if name != "confirm_form"} == {
        t.form for t in REPORT_TYPES.values()
    }


def test_each_forms_slots_are_the_vocabularys_in_its_order():
    from bot.vocabulary import REPORT_TYPES

    domain = _domain()
    for kind in REPORT_TYPES.values():
        assert domain["forms"][kind.form]["required_slots"] == kind.required_slots, kind.code
        for slot in kind.slots:
            assert slot in domain["slots"], (kind.code, slot)


def test_questions_come_from_the_vocabulary_only():
    """Each asked slot has its ask action and no second wording in the domain's responses."""
    from actions.asking import asked_slots

    domain = _domain()
    for slot in asked_slots():
        assert f"action_ask_{slot}" in domain["actions"], slot
        assert f"utter_ask_{slot}" not in domain["responses"], slot


# --- every response in Spanish, chosen by the `language` slot --------------------------------------

SPANISH = {"language": "es"}
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _all_responses() -> dict[str, list[dict]]:
    """Every response of the domain and of data files, as Rasa merges them."""
    responses = dict(_domain()["responses"])
    for path in (ROOT / "data").rglob("*.yml"):
        responses.update((yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("responses") or {})
    return responses


def _is_spanish(variation: dict) -> bool:
    return any(
        c.get("type") == "slot" and c.get("name") == "language" and c.get("value") == "es"
        for c in variation.get("condition") or []
    )


def _channels(variations: list[dict]) -> list[str]:
    """The output channels to check: one with no wording of its own, and each channel a variation names."""
    return ["sms", *sorted({v["channel"] for v in variations if v.get("channel")})]


def test_every_response_has_a_spanish_variation_rasa_picks_on_every_channel():
    """Rasa 3.6 picks a channel's own variation before a conditioned one without a channel, so a response
    with a voice wording needs its Spanish with `channel: voice` too. Checked with Rasa's own filter, for every
    response, including any added later in domain.yml or a data file."""
    from rasa.core.nlg.generator import ResponseVariationFilter

    responses = _all_responses()
    chooser = ResponseVariationFilter(responses)
    missing = []
    for name, variations in responses.items():
        for channel in _channels(variations):
            picked = chooser.responses_for_utter_action(name, channel, SPANISH)
            if not picked or not all(_is_spanish(v) for v in picked):
                missing.append((name, channel))
    assert not missing, f"responses with no Spanish variation Rasa would pick: {missing}"


def test_english_stays_the_default_with_no_language_or_english():
    from rasa.core.nlg.generator import ResponseVariationFilter

    responses = _all_responses()
    chooser = ResponseVariationFilter(responses)
    for name, variations in responses.items():
        for channel in _channels(variations):
            for slots in ({}, {"language": "en"}, {"language": None}):
                picked = chooser.responses_for_utter_action(name, channel, slots)
                assert picked and not any(v.get("condition") for v in picked), (name, channel, slots)


def test_each_spanish_wording_fills_the_same_values_as_its_english_one():
    for name, variations in _all_responses().items():
        for channel in {v.get("channel") for v in variations}:
            same = [v for v in variations if v.get("channel") == channel]
            english = {
                tuple(sorted(set(_PLACEHOLDER.findall(v["text"])))) for v in same if not v.get("condition")
            }
            spanish = {tuple(sorted(set(_PLACEHOLDER.findall(v["text"])))) for v in same if _is_spanish(v)}
            assert english == spanish, (name, channel, english, spanish)


def test_rasa_fills_a_spanish_response_with_its_values():
    from rasa.core.nlg.response import TemplatedNaturalLanguageGenerator

    nlg = TemplatedNaturalLanguageGenerator(_all_responses())
    declined = nlg.generate_from_slots("utter_anonymous_ok", {"language": "es"}, "sms",
                                       anonymous_note="Un reporte anónimo cuenta igual que uno con nombre.")  # fmt: skip
    assert (
        declined["text"]
        == "Está bien, lo mando sin su nombre. Un reporte anónimo cuenta igual que uno con nombre."
    )
    sms = nlg.generate_from_slots("utter_filed", {"language": "es"}, "sms", reference="KEL-2026-0042")
    assert sms["text"] == (
        "Enviado. Su número de referencia es KEL-2026-0042. Úselo para preguntar por este reporte. "
        "La oficina de la ciudad revisa los reportes en días hábiles."
    )
    voice = nlg.generate_from_slots(
        "utter_filed_urgent", {"language": "es"}, "voice", reference="KEL-2026-0042"
    )
    assert voice["text"].startswith("Su reporte quedó registrado como urgente")
    english = nlg.generate_from_slots("utter_filed", {"language": "en"}, "sms", reference="KEL-2026-0042")
    assert english["text"].startswith("Sent. Your reference is KEL-2026-0042.")


def test_the_domain_loads_in_rasa_with_its_conditions():
    from rasa.shared.core.domain import Domain

    domain = Domain.load(str(ROOT / "domain.yml"))
    assert any(_is_spanish(v) for v in domain.responses["utter_call_911"])
