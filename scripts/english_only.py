"""Does adding Spanish lower any English figure? Train an English-only model of the same data
and configuration, then score the English sets with it beside the product model (`make eval-english-only`).

The English-only data is the product's with its Spanish removed: `data/nlu/es/` and the spent Spanish blind
sets in `data/nlu/residents/`. Everything else (config, domain, rules,
stories, every English file) is the product's, so the two models differ only by the Spanish. Training takes
as long as `make train` (about 12 minutes on two cores); the model is `models/english_only.tar.gz`.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SPANISH_DIRECTORIES = ("nlu/es",)
SPANISH_FILE_GLOBS = ("nlu/residents/blind_es_*.yml",)
ENGLISH_SETS = (
    "heldout=tests/nlu/heldout.yml",
    "blind-12o=tests/nlu/blind_2026_12o.yml",
    "blind-12p=tests/nlu/blind_2026_12p.yml",
    "blind-12q=tests/nlu/blind_2026_12q.yml",
)
MODEL_NAME = "english_only"


def english_only_data(data: Path, into: Path) -> Path:
    """A copy of `data` (the repository's data/) without its Spanish, at `into`; returns `into`."""
    shutil.copytree(data, into)
    for directory in SPANISH_DIRECTORIES:
        shutil.rmtree(into / directory, ignore_errors=True)
    for pattern in SPANISH_FILE_GLOBS:
        for path in into.glob(pattern):
            path.unlink()
    return into


def train(data: Path, rasa: Path) -> Path:
    """Train an English-only model from `data` with the product's config and domain (run from the root, so
    the config's spaCy model path resolves)."""
    command = [
        str(rasa), "train", "--force", "--skip-validation", "--quiet", "--data", str(data), "--config",
        "config.yml", "--domain", "domain.yml", "--out", "models", "--fixed-model-name", MODEL_NAME,
    ]  # fmt: skip
    subprocess.run(command, cwd=ROOT, check=True)
    return ROOT / "models" / f"{MODEL_NAME}.tar.gz"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--product", default="models/intake.tar.gz", help="the bilingual model to compare")
    parser.add_argument("--rasa", default=str(ROOT / ".venv" / "bin" / "rasa"))
    args = parser.parse_args(argv)
    from scripts import evaluate_nlu

    with tempfile.TemporaryDirectory() as work:
        model = train(english_only_data(ROOT / "data", Path(work) / "data"), Path(args.rasa))
    for label, path in (("bilingual (product)", args.product), ("English-only", str(model))):
        print(f"\n=== {label}: {path}")
        evaluate_nlu.main(["--model", path, "--data", *ENGLISH_SETS])
    return 0


if __name__ == "__main__":
    sys.exit(main())
