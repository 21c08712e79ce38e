"""Builds valid Kellogg barking reports by SMS for tests; each suite picks its own received times."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from bot.cases.report import Report


def report_builder(received_for: Callable[[int], datetime], **defaults: object) -> Callable[..., Report]:
    """`build(**overrides)` gives report number n (1, 2, ...) with source_id SM0000000n, received at
    `received_for(n)`; `defaults` then `overrides` replace the base fields."""
    counter = iter(range(1, 1_000_000))

    def build(**overrides: object) -> Report:
        number = next(counter)
        base = Report(
            jurisdiction="kellogg",
            type="barking",
            channel="sms",
            source_id=f"SM{number:08d}",
            received=received_for(number),
            location="412 Oak Street",
            transcript="the dog next door has barked since 10pm",
            animal="dog",
            complainant_contact="+15075550123",
        )
        return replace(base, **{**defaults, **overrides})

    return build
