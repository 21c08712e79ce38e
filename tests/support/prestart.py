"""Server start-ups begun in the background as soon as collection ends, for the fixtures that the collected
tests will ask for: a Rasa server spends about a minute loading its model, and that minute now overlaps the
tests that run before the first one needing it. A run that needs no server starts none.

A starter is registered for a fixture name (`@prestartable("production")`); it starts processes in a
directory it is given and returns a handle with `wait()` (until they answer) and `stop()`. The fixture
takes its handle with `take`, which starts it then if collection did not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol, TypeVar

import pytest


class Handle(Protocol):
    def wait(self) -> object: ...

    def stop(self) -> None: ...


H = TypeVar("H", bound=Handle)
_starters: dict[str, Callable[[Path], Handle]] = {}
_started: dict[str, Handle] = {}


def prestartable(fixture: str) -> Callable[[Callable[[Path], H]], Callable[[Path], H]]:
    def register(starter: Callable[[Path], H]) -> Callable[[Path], H]:
        _starters[fixture] = starter
        return starter

    return register


def start_needed(items: Iterable[pytest.Item], tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """Starts, in registration order, every registered fixture one of `items` uses; returns their names."""
    used = {name for item in items for name in getattr(item, "fixturenames", ())}
    for name, starter in _starters.items():
        if name in used and name not in _started:
            _started[name] = starter(tmp_path_factory.mktemp(name))
    return [name for name in _starters if name in _started]


def take(fixture: str, tmp_path_factory: pytest.TempPathFactory) -> Handle:
    """The handle collection started for `fixture`, else one started now; the caller stops it."""
    handle = _started.pop(fixture, None)
    return handle if handle is not None else _starters[fixture](tmp_path_factory.mktemp(fixture))


def running(fixture: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The body of a server fixture (`yield from running(...)`): fails when the model is missing, takes the
    handle, gives what `wait()` returns and stops it after."""
    from tests.support.servers import MODEL

    if not MODEL.exists():
        pytest.fail(f"{MODEL} is missing: run `make train` (make test does)")
    handle = take(fixture, tmp_path_factory)
    try:
        yield handle.wait()
    finally:
        handle.stop()


def stop_untaken() -> None:
    """Stops what was started for tests that never ran (deselected at run time, -x, Ctrl-C)."""
    while _started:
        _started.popitem()[1].stop()
