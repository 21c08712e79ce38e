"""Our own spaCy 3.4 pipeline: a blank English tokenizer plus an entity ruler built from our tables.

Labels: `animal` (species words, breeds), `location` (addresses, intersections, blocks, landmarks),
`reference` (complaint references such as KEL-2026-00042). Rasa loads the saved directory through
`SpacyNLP` and reads the ruler's entities with `SpacyEntityExtractor`.

    python -m bot.nlp.pipeline build models/spacy_intake     # write the pipeline (deterministic)
    python -m bot.nlp.pipeline export-lookups data/nlu       # write lookup tables and synonyms for Rasa
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.nlp.animals import taxonomy, taxonomy_es
from bot.nlp.animals.context import animal_context_patterns
from bot.nlp.pattern_compaction import compact_patterns
from bot.nlp.places import gazetteer
from bot.nlp.places.patterns import location_patterns, one_of, opt, phrase_tokens

if TYPE_CHECKING:  # spaCy is imported inside functions: loading it costs seconds.
    from spacy.language import Language

REFERENCE_REGEX = r"(?i)^[a-z]{3}-\d{4}-\d{1,6}$"


def _animal_patterns() -> list[dict[str, Any]]:
    patterns = []
    for term, species in sorted(taxonomy.term_table().items()):
        if term in taxonomy.AMBIGUOUS_IN_TEXT or term in taxonomy.NOT_ANIMALS:
            continue
        patterns.append({"label": "animal", "pattern": phrase_tokens(term), "id": species})
    for emoji, species in sorted(taxonomy.EMOJI.items()):
        patterns.append({"label": "animal", "pattern": [{"ORTH": emoji}], "id": species})
    # "se llama Max", "me llamo Ana": a longer span of a label no extractor reads, so no llama
    verb = [one_of(taxonomy_es.VERB_BEFORE_LLAMA), one_of(taxonomy_es.LLAMA_VERB_FORMS)]
    patterns.append({"label": "es_verb", "pattern": verb})
    # "the bird feeder" is no bird; "a bear was in our yard" is a bear (bot/nlp/animals/context.py)
    patterns.extend(animal_context_patterns())
    return patterns


def _reference_patterns(prefixes: Sequence[str]) -> list[dict[str, Any]]:
    lowered = sorted({prefix.lower() for prefix in prefixes})
    return [
        {"label": "reference", "pattern": [{"TEXT": {"REGEX": REFERENCE_REGEX}}]},
        # "KEL-2026 42", "kel 2026 00042", "KEL 2026-42"
        {
            "label": "reference",
            "pattern": [
                {"LOWER": {"REGEX": r"^(" + "|".join(lowered) + r")-?\d{4}$"}},
                opt({"ORTH": "-"}),
                {"TEXT": {"REGEX": r"^\d{1,6}$"}},
            ],
        },
        {
            "label": "reference",
            "pattern": [
                one_of(lowered),
                opt({"ORTH": "-"}),
                {"TEXT": {"REGEX": r"^\d{4}$"}},
                opt({"ORTH": "-"}),
                {"TEXT": {"REGEX": r"^\d{1,6}$"}},
            ],
        },
    ]


def entity_patterns(reference_prefixes: Sequence[str] = ("KEL", "FRE")) -> list[dict[str, Any]]:
    """All ruler patterns, in a stable order (the build is deterministic)."""
    return location_patterns() + _animal_patterns() + _reference_patterns(reference_prefixes)


def _customise_tokenizer(nlp: Language) -> None:
    from spacy.util import compile_infix_regex

    # "3rd&elm", "4th/oak", "oak@main" are intersections; split the joiners off.
    infixes = list(nlp.Defaults.infixes) + [r"(?<=[0-9a-zA-Z])[&/@](?=[0-9a-zA-Z])"]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    # Keep complaint references whole (the default splits "2026-00042" at the hyphen).
    nlp.tokenizer.token_match = re.compile(REFERENCE_REGEX).match


def build_pipeline(reference_prefixes: Sequence[str] | None = None, compact: bool = True) -> Language:
    """A blank English pipeline with our tokenizer tweaks and entity ruler (not saved). `compact=False` keeps
    every pattern as the tables write it (slower; for showing that compaction changes no match)."""
    import spacy

    if reference_prefixes is None:
        from bot.jurisdictions import load_packs

        reference_prefixes = sorted(pack.reference_prefix for pack in load_packs().values())
    nlp = spacy.blank("en")
    _customise_tokenizer(nlp)
    ruler = nlp.add_pipe("entity_ruler", config={"validate": False, "overwrite_ents": True})
    # merged where the merge matches the same spans: a third of the patterns, the ruler about 4x faster
    patterns = entity_patterns(reference_prefixes)
    ruler.add_patterns(compact_patterns(patterns) if compact else patterns)
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
    """The Spanish animal words (bot/nlp/animals/taxonomy_es.py) as a lookup table and synonyms in data/nlu/es/."""
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
