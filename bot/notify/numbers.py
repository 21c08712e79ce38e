"""Phone numbers in E.164, the one way the product writes them (channels, console, Open311, outbox)."""

from __future__ import annotations

import phonenumbers

DEFAULT_REGION = "US"  # numbers Twilio hands us are E.164 already; this only guards odd input


def e164(number: str | None, region: str = DEFAULT_REGION) -> str | None:
    """The number in E.164 form, or None when it is not a valid phone number (withheld caller ID...)."""
    if not number:
        return None
    try:
        parsed = phonenumbers.parse(number.strip(), region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(parsed):
        return None
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)


def require_e164(number: str, region: str = DEFAULT_REGION) -> str:
    """`e164`, raising ValueError (for a form's error message) when it is not a valid phone number."""
    normalised = e164(number, region)
    if normalised is None:
        raise ValueError("that is not a phone number")
    return normalised


def national(number: str | None, region: str = DEFAULT_REGION) -> str:
    """The number as people write it at home: +15075550100 -> (507) 555-0100; a number that is not one is
    given back as it is."""
    if not number:
        return ""
    try:
        parsed = phonenumbers.parse(number.strip(), region)
    except phonenumbers.NumberParseException:
        return number
    return phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.NATIONAL)
