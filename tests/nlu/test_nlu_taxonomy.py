import pytest

from bot.nlp.animals.taxonomy import normalise_animal, pluralise, species_names, term_table


@pytest.mark.parametrize(
    ("mention", "species"),
    [
        ("pit bull", "dog"),
        ("Pit Bulls", "dog"),
        ("labs", "dog"),
        ("coon hounds", "dog"),  # a hunting dog, not a raccoon
        ("coon", "raccoon"),
        ("puppy", "dog"),
        ("puppies", "dog"),
        ("german shepherd", "dog"),
        ("big black lab with a red collar", "dog"),
        ("the neighbor's dog", "dog"),
        ("cattle", "cow"),
        ("kitty", "cat"),
        ("roosters", "chicken"),
        ("geese", "goose"),
        ("wolves", "wolf"),
        ("racoon", "raccoon"),
        ("3 dogs!!!", "dog"),
        ("DOG", "dog"),
        ("a bull snake", "snake"),
        ("🐕", "dog"),
        # a grounded wild bird (blind-12l's bald eagle was filed with no species)
        ("a bald eagle", "bird"),
        ("great blue heron", "bird"),
        ("aguila", "bird"),
    ],
)
def test_mentions_map_to_their_species(mention: str, species: str) -> None:
    assert normalise_animal(mention) == species


@pytest.mark.parametrize(
    ("typo", "species"), [("dgo", "dog"), ("chiken", "chicken"), ("squirel", "squirrel")]
)
def test_common_typos_are_understood(typo: str, species: str) -> None:
    assert normalise_animal(typo) == species


@pytest.mark.parametrize(
    "text",
    ["", "   ", "the mailman", "my kid", "Jane Doe", "house", "it", "here", "412 oak st", "eagles", "catty"],
)
def test_non_animals_give_none(text: str) -> None:
    assert normalise_animal(text) is None


def test_one_letter_substitutions_are_not_guessed() -> None:
    # 'house' is one substitution from 'horse'; only transpositions/insertions/deletions are corrected
    assert normalise_animal("house") is None
    assert normalise_animal("hrose") == "horse"


def test_every_table_value_is_a_known_species() -> None:
    assert set(term_table().values()) <= species_names()
    assert {
        "dog",
        "cat",
        "horse",
        "cow",
        "chicken",
        "raccoon",
        "skunk",
        "bat",
        "coyote",
        "deer",
    } <= species_names()


def test_every_species_normalises_to_itself() -> None:
    for species in species_names():
        assert normalise_animal(species) == species


@pytest.mark.parametrize(
    ("singular", "plural"),
    [("dog", "dogs"), ("pit bull", "pit bulls"), ("puppy", "puppies"), ("fox", "foxes"), ("sheep", "sheep")],
)
def test_pluralise(singular: str, plural: str) -> None:
    assert pluralise(singular) == plural
