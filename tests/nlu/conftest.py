"""Fixtures shared by the NLU tests."""

from __future__ import annotations

import pytest

from tests.support.place_runner import Places, place_runner


@pytest.fixture(scope="session")
def places() -> Places:
    """The ruler and place_entities, built once for every places test file."""
    return place_runner()
