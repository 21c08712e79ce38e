"""Street and landmark names live with the jurisdiction packs: a new city brings its own."""

from pathlib import Path

import pytest

from bot.jurisdictions import load_packs
from bot.nlp.places import gazetteer


def test_every_pack_has_a_places_file_and_every_places_file_a_pack() -> None:
    assert set(gazetteer.load_places()) == set(load_packs())


def test_the_pilot_cities_keep_their_streets_and_landmarks() -> None:
    assert "Belvidere" in gazetteer.city_streets("kellogg")
    assert "Linden" in gazetteer.city_streets("freeport")
    assert "Dollar General" in gazetteer.city_landmarks("kellogg")
    assert "caseys" in gazetteer.all_named_landmarks()  # derived variant of "Casey's"
    assert "st agnes church" in gazetteer.all_named_landmarks()  # derived from "St. Agnes Church"


def test_the_old_constants_still_read_the_packs() -> None:
    assert "belvidere" in gazetteer.STREETS["kellogg"]
    assert "dollar general" in gazetteer.NAMED_LANDMARKS["kellogg"]


def test_a_places_file_without_a_code_is_refused(tmp_path: Path) -> None:
    (tmp_path / "x.yml").write_text("streets: [Oak]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="code"):
        gazetteer.load_places(tmp_path)


def test_a_new_city_brings_its_own_streets_to_the_entity_ruler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.nlp.pipeline import build_pipeline

    (tmp_path / "newtown.yml").write_text(
        "code: newtown\nstreets: [Zyzzyva]\nlandmarks: [Quonset Hut Diner]\n", encoding="utf-8"
    )
    monkeypatch.setattr(gazetteer, "PLACES_DIR", tmp_path)
    nlp = build_pipeline(reference_prefixes=("NEW",))
    doc = nlp("dog loose at 41 zyzzyva, now behind the quonset hut diner")
    assert [(e.label_, e.text) for e in doc.ents] == [
        ("animal", "dog"),
        ("location", "41 zyzzyva"),
        ("location", "behind the quonset hut diner"),
    ]
    # Kellogg's streets are not in this build: the list came from the places directory alone.
    assert "belvidere" not in gazetteer.all_street_names()
