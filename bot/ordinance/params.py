"""Reading a pack's `law:` section with messages that name the file and the key.

Each rules module turns the section into a frozen dataclass once, when the pack loads, so a malformed
pack fails at start-up with a clear message instead of in the middle of a count.
"""

from __future__ import annotations

from collections.abc import Mapping


class LawError(ValueError):
    """A pack's `law:` section is missing a value or has one of the wrong kind."""


class LawSection:
    """A mapping from a pack's `law:` section that knows its own path for error messages."""

    def __init__(self, raw: object, path: str) -> None:
        if not isinstance(raw, Mapping):
            raise LawError(f"{path} must be a mapping")
        self._raw = raw
        self.path = path

    def section(self, key: str) -> LawSection:
        if key not in self._raw:
            raise LawError(f"{self.path}.{key} is missing")
        return LawSection(self._raw[key], f"{self.path}.{key}")

    def _get(self, key: str) -> object:
        if key not in self._raw:
            raise LawError(f"{self.path}.{key} is missing")
        return self._raw[key]

    def count(self, key: str, minimum: int = 0) -> int:
        """A whole number (days, months, cents, ...) no smaller than `minimum`."""
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise LawError(f"{self.path}.{key} must be a whole number >= {minimum}, got {value!r}")
        return value

    def counts(self, key: str, minimum: int = 0) -> tuple[int, ...]:
        """A non-empty list of whole numbers, each no smaller than `minimum`."""
        value = self._get(key)
        if (
            not isinstance(value, list)
            or not value
            or any(isinstance(v, bool) or not isinstance(v, int) or v < minimum for v in value)
        ):
            raise LawError(f"{self.path}.{key} must be a non-empty list of whole numbers >= {minimum}")
        return tuple(value)

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str) or not value.strip():
            raise LawError(f"{self.path}.{key} must be non-empty text, got {value!r}")
        return value

    def texts(self, key: str) -> tuple[str, ...]:
        value = self._get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise LawError(f"{self.path}.{key} must be a list of text values")
        return tuple(value)
