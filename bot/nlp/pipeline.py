"""Our own spaCy 3.4 pipeline: a blank English tokenizer plus an entity ruler built from our tables.

Labels: `animal` (species words, breeds), `location` (addresses, intersections, blocks, landmarks),
`reference` (complaint references such as KEL-2026-00042). Rasa loads the saved directory through
`SpacyNLP` and reads the ruler's entities with `SpacyEntityExtractor`.

    python -m bot.nlp.pipeline build models/spacy_intake     # write the pipeline (deterministic)
    python -m bot.nlp.pipeline export-lookups data/nlu       # write lookup tables and synonyms for Rasa
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.nlp import gazetteer, places_es, taxonomy, taxonomy_es

if TYPE_CHECKING:  # spaCy is imported inside functions: loading it costs seconds.
    from spacy.language import Language

Token = dict[str, Any]
Alternatives = list[list[Token]]

REFERENCE_REGEX = r"(?i)^[a-z]{3}-\d{4}-\d{1,6}$"
# Street names that are also ordinary words: only tagged with a street type or inside an intersection
# with a "corner of" prefix, so "3 school kids" or "2 park benches" are not addresses.
COMMON_WORD_STREETS = frozenset(
    """park church school river mill depot lake hill ridge water high front center garden meadow valley
    prairie forest golf county industrial heritage railroad division sunset sunrise orchard eagle heron
    bluff apple cherry plum grant highland fairview evergreen brookside""".split()
)
# Words that cannot be the name part of "<name> street" ("my street", "the street", "this road").
NOT_STREET_NAMES = sorted(
    set(
        """a an the my our your his her their its this that these those same next other every each
        any some no one whole down behind beside near past around outside under front up across over along on in at by of to from for with into onto off
        and or but is was are were be been it he she they we you i me us them him there here dead end
        side back far near busy quiet cross dirt gravel paved private public old new big little""".split()
    )
    | places_es.NOT_STREET_NAMES_ES  # issue 12: "en county road 9", "x Walnut St"
)


NUMBER_WORDS = (
    "zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred"
).split()


# Kinds of place the ruler knows beyond gazetteer.LANDMARK_NOUNS, kept out of the lookup table so DIET's
# features (and so the intents) stay as trained: "the City Office", "the white farmhouse".
RULER_LANDMARK_NOUNS = (*gazetteer.LANDMARK_NOUNS, "city office", "farmhouse")
# Landmark kinds that take a street's name: "the Riverview apartments", "the Oak Street school".
NAMED_BY_STREET = ("apartments", "apartment building", "trailer park", "trailer court", "school")
# Numbers said after a road word ("county road five", "county road twenty two"): one to ninety.
ROAD_NUMBER_WORDS = NUMBER_WORDS[2:29]
_UNITS, _TENS = NUMBER_WORDS[2:11], NUMBER_WORDS[21:29]


def _ordinal_suffix(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


def _opt(token: Token) -> Token:
    return {**token, "OP": "?"}


def _in(words: Iterable[str]) -> Token:
    return {"LOWER": {"IN": sorted(set(words))}}


def _phrase_tokens(phrase: str) -> list[Token]:
    """Token pattern for a phrase as our tokenizer splits it (kept simple: whitespace and apostrophes)."""
    tokens: list[Token] = []
    for word in phrase.split():
        if word.endswith("'s") and len(word) > 2:
            tokens.extend([{"LOWER": word[:-2]}, {"LOWER": "'s"}])
        elif word.endswith(".") and len(word) > 1:  # "St." is one token, "st." two
            tokens.extend([{"LOWER": {"IN": [word[:-1], word]}}, {"ORTH": ".", "OP": "?"}])
        elif "-" in word.strip("-"):  # "stop-n-go": the tokenizer splits at each hyphen
            parts = word.split("-")
            tokens.extend(t for part in parts[:-1] for t in ({"LOWER": part}, {"ORTH": "-"}))
            tokens.append({"LOWER": parts[-1]})
        else:
            tokens.append({"LOWER": word})
    return tokens


def _sequences(*slots: Alternatives) -> list[list[Token]]:
    return [list(itertools.chain.from_iterable(choice)) for choice in itertools.product(*slots)]


def _animal_patterns() -> list[dict[str, Any]]:
    patterns = []
    for term, species in sorted(taxonomy.term_table().items()):
        if term in taxonomy.AMBIGUOUS_IN_TEXT or term in taxonomy.NOT_ANIMALS:
            continue
        patterns.append({"label": "animal", "pattern": _phrase_tokens(term), "id": species})
    for emoji, species in sorted(taxonomy.EMOJI.items()):
        patterns.append({"label": "animal", "pattern": [{"ORTH": emoji}], "id": species})
    # "se llama Max", "me llamo Ana": a longer span of a label no extractor reads, so no llama (issue 12)
    verb = [_in(taxonomy_es.VERB_BEFORE_LLAMA), _in(taxonomy_es.LLAMA_VERB_FORMS)]
    patterns.append({"label": "es_verb", "pattern": verb})
    return patterns


def _location_patterns() -> list[dict[str, Any]]:
    names = gazetteer.all_street_names()
    single = [name for name in names if " " not in name]
    multi = [name for name in names if " " in name]
    distinctive = [name for name in single if name not in COMMON_WORD_STREETS]
    types = list(gazetteer.STREET_TYPES) + [t + "." for t in gazetteer.STREET_TYPES]
    directions = list(gazetteer.DIRECTIONS) + [d + "." for d in gazetteer.DIRECTIONS]

    ordinals = [f"{n}{_ordinal_suffix(n)}" for n in range(1, 40)] + list(gazetteer.ORDINAL_WORDS)
    ordinal_numeral = {"LOWER": {"REGEX": r"^\d{1,3}(?:st|nd|rd|th)$"}}  # "270th street", "110th st"
    number = {"TEXT": {"REGEX": r"^\d{1,6}[a-zA-Z]?$"}}
    direction = _in(directions)
    street_type = _in(types)
    generic_name = {"IS_ALPHA": True, "LOWER": {"NOT_IN": NOT_STREET_NAMES + types + directions}}
    unit: Alternatives = [
        [],
        [_in(gazetteer.UNIT_WORDS), _opt({"ORTH": "#"}), {"TEXT": {"REGEX": r"^#?[0-9a-zA-Z]{1,4}$"}}],
        [{"ORTH": "#"}, {"TEXT": {"REGEX": r"^[0-9a-zA-Z]{1,4}$"}}],
    ]
    opt_direction: Alternatives = [[], [direction]]
    # "hwy 61", "us highway 61", "county road 18", "co rd 18"
    road_words = [
        _in(word for words in gazetteer.NUMBERED_ROAD_WORDS for word in words[:1]),
        _opt(_in(word for words in gazetteer.NUMBERED_ROAD_WORDS for word in words[1:])),
    ]
    road_box: Alternatives = [[], [{"LOWER": "box"}, {"TEXT": {"REGEX": r"^\d{1,5}$"}}]]  # "RR 2 box 14"
    road_number: Alternatives = [
        [{"TEXT": {"REGEX": r"^\d{1,3}[a-zA-Z]?$"}}],
        # said: "county road five", "county road twenty two" (not "oh", "hundred", "zero")
        [_in(ROAD_NUMBER_WORDS)],
        [_in(_TENS), _in(_UNITS)],
    ]
    roads: Alternatives = _sequences([road_words], road_number, road_box)
    known_any: Alternatives = [
        [_in(single + ordinals)],
        [ordinal_numeral],
        *[_phrase_tokens(name) for name in multi],
    ]
    known_distinctive: Alternatives = [
        [_in(distinctive + ordinals)],
        [ordinal_numeral],
        *[_phrase_tokens(name) for name in multi],
    ]
    typed_name: Alternatives = [
        [*name, street_type] for name in [*known_any, [generic_name], [generic_name, generic_name]]
    ]

    sequences: list[list[Token]] = []
    # 412 Oak St, 412 n oak street apt 3, 1520 hwy 61 e, 414 oak (a distinctive known street, no type)
    sequences += _sequences([[number]], opt_direction, typed_name, opt_direction, unit)
    sequences += _sequences([[number]], opt_direction, known_distinctive, opt_direction, unit)
    sequences += _sequences([[number]], roads, opt_direction)
    # Speech-to-text spells numbers out: "four twelve oak street", "twenty one hundred main street"
    spoken_number = [{"LOWER": {"IN": list(NUMBER_WORDS)}, "OP": "+"}]
    sequences += _sequences([spoken_number], opt_direction, typed_name, opt_direction)
    sequences += _sequences([spoken_number], opt_direction, known_distinctive, opt_direction)
    # Oak St, N 3rd Ave, Main Street E, Highway 61
    sequences += _sequences(opt_direction, typed_name, opt_direction)
    sequences += roads
    # Intersections. With "corner of" any street word will do; bare, both sides must look like streets.
    side_loose: Alternatives = [
        *[[*name, _opt(street_type)] for name in known_any],
        [generic_name, street_type],
        [generic_name],
        *roads,
    ]
    side_strict: Alternatives = [
        *[[*name, _opt(street_type)] for name in known_distinctive],
        *typed_name,
        *roads,
    ]
    conjunction: Alternatives = [[_in(["and", "&", "/", "@", "n", "an", "at", "x"])]]
    prefixes: Alternatives = [
        [{"LOWER": {"IN": ["corner", "corners", "intersection"]}}, {"LOWER": "of"}],
        [{"LOWER": "corner"}],
    ]
    sequences += _sequences(prefixes, opt_direction, side_loose, conjunction, opt_direction, side_loose)
    sequences += _sequences(
        opt_direction, side_strict, [[_in(["and", "&", "/", "@"])]], opt_direction, side_strict
    )
    # A numbered street makes the other side a street too: "cherry and 3rd", "3rd and park"
    numbered_side: Alternatives = [[ordinal_numeral, _opt(street_type)]]
    any_side: Alternatives = [[*name, _opt(street_type)] for name in known_any]
    sequences += _sequences(any_side, [[_in(["and", "&", "/", "@"])]], numbered_side)
    sequences += _sequences(numbered_side, [[_in(["and", "&", "/", "@"])]], any_side)
    # Blocks: the 400 block of oak, 300 blk n main st
    block_word: Alternatives = [
        [_in(["block", "blk", "blk."])],
        [{"LOWER": "hundred"}, {"LOWER": "block"}],
    ]
    block_street: Alternatives = [
        *[[*name, _opt(street_type)] for name in known_any],
        [generic_name, street_type],
        *roads,
    ]
    sequences += _sequences(
        [[], [{"LOWER": "the"}]],
        [[number], spoken_number],
        block_word,
        [[], [{"LOWER": "of"}]],
        opt_direction,
        block_street,
    )
    # Landmarks: behind the church, by the old lutheran church, near Kwik Trip, the park
    relations: Alternatives = [[], *[[{"LOWER": w} for w in words] for words in gazetteer.LANDMARK_RELATIONS]]
    modifier = _opt(_in(gazetteer.LANDMARK_MODIFIERS))
    nouns: Alternatives = [_phrase_tokens(noun) for noun in RULER_LANDMARK_NOUNS]
    sequences += _sequences(relations, [[{"LOWER": "the"}, modifier, modifier]], nouns)
    # With a relation word the article is often dropped: "in front of city hall", "behind church".
    sequences += _sequences(relations[1:], [[modifier, modifier]], nouns)
    named: Alternatives = [_phrase_tokens(name) for name in gazetteer.all_named_landmarks()]
    # Saints' churches and schools: "st. mary's church", "saint john's catholic school"
    named.append(
        [
            _in(["st", "st.", "saint"]),
            _opt({"ORTH": "."}),
            {"IS_ALPHA": True},
            _opt({"LOWER": "'s"}),
            _opt(_in(["catholic", "lutheran", "episcopal", "orthodox"])),
            _in(["church", "school", "cemetery", "parish"]),
        ]
    )
    sequences += _sequences(relations, [[], [{"LOWER": "the"}]], named)
    by_street: Alternatives = [_phrase_tokens(noun) for noun in NAMED_BY_STREET]
    sequences += _sequences(relations, [[{"LOWER": "the"}]], known_any, [[], [_opt(street_type)]], by_street)
    sequences += places_es.location_sequences(
        known_any, known_distinctive, named, number, RULER_LANDMARK_NOUNS
    )  # issue 12: Spanish
    return [{"label": "location", "pattern": sequence} for sequence in sequences if sequence]


def _reference_patterns(prefixes: Sequence[str]) -> list[dict[str, Any]]:
    lowered = sorted({prefix.lower() for prefix in prefixes})
    return [
        {"label": "reference", "pattern": [{"TEXT": {"REGEX": REFERENCE_REGEX}}]},
        # "KEL-2026 42", "kel 2026 00042", "KEL 2026-42"
        {
            "label": "reference",
            "pattern": [
                {"LOWER": {"REGEX": r"^(" + "|".join(lowered) + r")-?\d{4}$"}},
                _opt({"ORTH": "-"}),
                {"TEXT": {"REGEX": r"^\d{1,6}$"}},
            ],
        },
        {
            "label": "reference",
            "pattern": [
                _in(lowered),
                _opt({"ORTH": "-"}),
                {"TEXT": {"REGEX": r"^\d{4}$"}},
                _opt({"ORTH": "-"}),
                {"TEXT": {"REGEX": r"^\d{1,6}$"}},
            ],
        },
    ]


def entity_patterns(reference_prefixes: Sequence[str] = ("KEL", "FRE")) -> list[dict[str, Any]]:
    """All ruler patterns, in a stable order (the build is deterministic)."""
    return _location_patterns() + _animal_patterns() + _reference_patterns(reference_prefixes)


def _customise_tokenizer(nlp: Language) -> None:
    from spacy.util import compile_infix_regex

    # "3rd&elm", "4th/oak", "oak@main" are intersections; split the joiners off.
    infixes = list(nlp.Defaults.infixes) + [r"(?<=[0-9a-zA-Z])[&/@](?=[0-9a-zA-Z])"]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    # Keep complaint references whole (the default splits "2026-00042" at the hyphen).
    nlp.tokenizer.token_match = re.compile(REFERENCE_REGEX).match


def build_pipeline(reference_prefixes: Sequence[str] | None = None) -> Language:
    """A blank English pipeline with our tokenizer tweaks and entity ruler (not saved)."""
    import spacy

    if reference_prefixes is None:
        from bot.jurisdictions import load_packs

        reference_prefixes = sorted(pack.reference_prefix for pack in load_packs().values())
    nlp = spacy.blank("en")
    _customise_tokenizer(nlp)
    ruler = nlp.add_pipe("entity_ruler", config={"validate": False, "overwrite_ents": True})
    ruler.add_patterns(entity_patterns(reference_prefixes))
    nlp.meta["name"] = "spacy_intake"
    nlp.meta["version"] = "1.0.0"
    nlp.meta["description"] = "Animal complaint intake: tokenizer and entity ruler built from our own tables."
    return nlp


def build(output_dir: Path) -> Path:
    """Build the pipeline and write it to `output_dir` with `nlp.to_disk`."""
    nlp = build_pipeline()
    output_dir.mkdir(parents=True, exist_ok=True)
    nlp.to_disk(output_dir)
    return output_dir


def _yaml_block(header: str, values: Iterable[str]) -> str:
    lines = [header, "    examples: |"]
    lines += [f"      - {value}" for value in values]
    return "\n".join(lines)


def lookup_files() -> dict[str, str]:
    """File name -> content of the Rasa lookup tables and synonyms generated from our tables."""
    generated = (
        "# Generated by `python -m bot.nlp.pipeline export-lookups data/nlu` from bot/nlp; do not edit.\n"
    )
    spanish = taxonomy_es.spanish_terms()
    table = {term: species for term, species in taxonomy.term_table().items() if term not in spanish}
    animal_terms = sorted(term for term in table if term not in taxonomy.AMBIGUOUS_IN_TEXT)
    breeds = sorted({breed for terms in taxonomy.BREEDS.values() for breed in terms})
    streets = sorted(set(gazetteer.all_street_names()))
    landmarks = sorted(set(gazetteer.LANDMARK_NOUNS) | set(gazetteer.all_named_landmarks()))
    files = {
        "lookups_animals.yml": generated
        + 'version: "3.1"\nnlu:\n'
        + _yaml_block("  - lookup: animal", animal_terms)
        + "\n"
        + _yaml_block("  - lookup: breed", breeds)
        + "\n",
        "lookups_places.yml": generated
        + "# Street and landmark names: DEVELOPMENT LISTS in bot/jurisdictions/packs/places/.\n"
        + 'version: "3.1"\nnlu:\n'
        + _yaml_block("  - lookup: street", streets)
        + "\n"
        + _yaml_block("  - lookup: landmark", landmarks)
        + "\n",
    }
    synonyms = []
    for species in sorted(taxonomy.species_names()):
        terms = sorted(term for term, value in table.items() if value == species and term != species)
        if terms:
            synonyms.append(_yaml_block(f"  - synonym: {species}", terms))
    files["synonyms.yml"] = generated + 'version: "3.1"\nnlu:\n' + "\n".join(synonyms) + "\n"
    files.update(_spanish_lookup_files(generated, spanish))
    return files


def _spanish_lookup_files(generated: str, spanish: dict[str, str]) -> dict[str, str]:
    """The Spanish animal words (bot/nlp/taxonomy_es.py) as a lookup table and synonyms in data/nlu/es/."""
    header = generated + 'version: "3.1"\nnlu:\n'
    synonyms = []
    for species in sorted(set(spanish.values())):
        terms = sorted(term for term, value in spanish.items() if value == species and term != species)
        synonyms.append(_yaml_block(f"  - synonym: {species}", terms))
    return {
        "es/lookups_animals_es.yml": header + _yaml_block("  - lookup: animal_es", sorted(spanish)) + "\n",
        "es/synonyms_es.yml": header + "\n".join(synonyms) + "\n",
    }


def export_lookups(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in lookup_files().items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.nlp.pipeline", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build_cmd = commands.add_parser("build", help="write the spaCy pipeline to a directory")
    build_cmd.add_argument("output", type=Path)
    export_cmd = commands.add_parser("export-lookups", help="write Rasa lookup tables and synonyms")
    export_cmd.add_argument("directory", type=Path)
    args = parser.parse_args(argv)
    if args.command == "build":
        print(f"wrote {build(args.output)}")
    else:
        for path in export_lookups(args.directory):
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
