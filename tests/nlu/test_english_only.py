"""scripts/english_only.py (`make eval-english-only`): the English-only model's data is the product's without
its Spanish, and nothing else changed."""

from __future__ import annotations

from pathlib import Path

from tests.support.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def test_the_english_only_data_is_the_products_without_its_spanish(tmp_path: Path) -> None:
    script = load_script("scripts/english_only.py")
    copy = script.english_only_data(ROOT / "data", tmp_path / "data")
    original = {p.relative_to(ROOT / "data"): p for p in (ROOT / "data").rglob("*.yml")}
    kept = {p.relative_to(copy): p for p in copy.rglob("*.yml")}
    spanish = {
        path for path in original if path.parts[:2] == ("nlu", "es") or path.name.startswith("blind_es_")
    }
    assert spanish and set(kept) == set(original) - spanish
    assert Path("nlu/en/greet.yml") in kept and Path("nlu/es/greet.yml") not in kept
    # every English file is the product's, byte for byte
    changed = [str(path) for path in kept if kept[path].read_bytes() != original[path].read_bytes()]
    assert changed == []
