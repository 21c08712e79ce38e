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
            assert f"utter_ask_{slot}" in domain["responses"] or slot == "report_confirmed", (form_name, slot)
