"""Spanish animal words normalise to the English species the case records use."""

from __future__ import annotations

import pytest

from bot.nlp.animals import taxonomy, taxonomy_es
from bot.nlp.animals.taxonomy import normalise_animal
from tests.support.place_runner import intake_pipeline


@pytest.mark.parametrize(
    ("words", "species"),
    [
        ("perro", "dog"),
        ("perrito", "dog"),
        ("perra", "dog"),
        ("perritas", "dog"),
        ("chucho", "dog"),
        ("el perro del vecino", "dog"),
        ("un pitbull cafe", "dog"),
        ("pastor alemán", "dog"),
        ("gato", "cat"),
        ("gatitos", "cat"),
        ("mi gatito negro", "cat"),
        ("vaca", "cow"),
        ("vacas", "cow"),
        ("becerro", "cow"),
        ("puerco", "pig"),
        ("cerdo", "pig"),
        ("marranos", "pig"),
        ("cochino", "pig"),
        ("caballo", "horse"),
        ("yegua", "horse"),
        ("gallina", "chicken"),
        ("gallos", "chicken"),
        ("chivo", "goat"),
        ("cabras", "goat"),
        ("una chivita", "goat"),
        ("borrego", "sheep"),
        ("zorrillo", "skunk"),
        ("mapache", "raccoon"),
        ("murcielago", "bat"),
        ("Murciélago", "bat"),
        ("tlacuache", "opossum"),
        ("zarigüeya", "opossum"),
        ("ratones", "mouse"),
        ("culebra", "snake"),
        ("venado", "deer"),
        ("perros callejeros", "dog"),
    ],
)
def test_spanish_words_give_the_english_species(words: str, species: str) -> None:
    assert normalise_animal(words) == species


@pytest.mark.parametrize("words", ["la gente", "mi vecino", "la calle", "mi hija"])
def test_spanish_words_that_are_no_animal(words: str) -> None:
    assert normalise_animal(words) is None


def test_every_spanish_species_is_a_species_of_the_records() -> None:
    assert set(taxonomy_es.SPANISH_TERMS) <= taxonomy.species_names()


def test_spanish_words_do_not_repeat_english_ones() -> None:
    # the English lookup files stay as they are; the Spanish ones are data/nlu/es/*
    english = {t for terms in [*taxonomy.SPECIES_TERMS.values(), *taxonomy.BREEDS.values()] for t in terms}
    assert not english & {t for terms in taxonomy_es.SPANISH_TERMS.values() for t in terms}


@pytest.mark.parametrize(
    ("term", "plurals"),
    [
        ("perro", {"perros"}),
        ("raton", {"ratones", "ratons"}),
        ("perro callejero", {"perros callejeros"}),
        ("vibora de cascabel", {"viboras de cascabel"}),
    ],
)
def test_spanish_plurals(term: str, plurals: set[str]) -> None:
    assert plurals <= taxonomy_es.pluralise_es(term)


@pytest.fixture(scope="module")
def nlp():  # noqa: ANN201
    return intake_pipeline()


def _animals(nlp, text: str) -> list[str]:  # noqa: ANN001
    return [ent.text for ent in nlp(text).ents if ent.label_ == "animal"]


def test_the_ruler_tags_spanish_animals_in_text(nlp) -> None:  # noqa: ANN001
    assert _animals(nlp, "hay un murciélago y dos marranos sueltos") == ["murciélago", "marranos"]
    assert _animals(nlp, "el chucho de los vecinos mordio a mi gatito") == ["chucho", "gatito"]


def test_llama_the_verb_is_no_animal(nlp) -> None:  # noqa: ANN001
    assert _animals(nlp, "mi perro se llama Max") == ["perro"]
    assert _animals(nlp, "me llamo Ana y mi vecino tiene llamas sueltas") == ["llamas"]
