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
