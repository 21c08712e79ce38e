"""The repository's scripts (scripts/, bench/) loaded as modules, for tests of their functions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def load_script(relative_path: str) -> ModuleType:
    """The script at `relative_path` (from the repository root) as a module named after its file."""
    path = ROOT / relative_path
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None, f"not a Python file: {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def evaluate_script() -> ModuleType:
    """scripts/evaluate_nlu.py (`make eval`)."""
    return load_script("scripts/evaluate_nlu.py")
