"""What an API-key holder may read of a resident's own words: the first message, with every phone number,
e-mail address and name the resident gave of themselves taken out.

A first text often introduces its sender ("Hi it's Maria, cell 507-555-1234, maria@example.com"), before the
assistant asks for a name; the transcript keeps a name only the assistant recorded out ("[name]",
actions/filing.py), so the rest is done here: phone numbers (any run of 7 or more digits, with the usual
separators), e-mail addresses, and the name after a self-introduction ("it's", "this is", "my name is", "I'm",
"soy", "me llamo", ...). A name followed by "'s" is someone's animal or house ("it's Bob Smith's dog"), not
the sender, and stays.
"""

from __future__ import annotations

import re

PHONE_PLACEHOLDER = "[phone]"
EMAIL_PLACEHOLDER = "[email]"
NAME_PLACEHOLDER = "[name]"  # the transcript's own placeholder (bot.cases.report)

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# 7 to 15 digits, separated by at most two spaces, dots, hyphens, slashes or brackets at a time; not a date
_PHONE = re.compile(r"(?<![\w])\+?\(?\d(?:[ .\-/()]{0,2}\d){6,14}\)?(?![\w])")
_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}/\d{1,2}/\d{2,4}")
_INTRODUCTION = re.compile(
    r"\b(?P<intro>it'?s|it is|this is|here is|my name is|my name'?s|name is|name'?s|i am|i'?m|call me"
    r"|soy|me llamo|mi nombre es|habla|le habla|les habla)\s+"
    r"(?P<name>(?-i:[A-ZÁÉÍÓÚÑ][\w'’\-]*(?:\s+(?:[A-ZÁÉÍÓÚÑ][\w'’\-]*|de la|del|de)){0,3}))",
    re.IGNORECASE,
)
_CAPITALISED = re.compile(r"[A-ZÁÉÍÓÚÑ]")


def without_contact_details(text: str) -> str:
    """`text` without e-mail addresses, phone numbers or the name its sender introduced themselves by."""
    text = _EMAIL.sub(EMAIL_PLACEHOLDER, text)
    text = _PHONE.sub(_phone_or_keep, text)
    return _INTRODUCTION.sub(_introduced_name, text)


def _phone_or_keep(match: re.Match[str]) -> str:
    found = match.group(0)
    digits = sum(character.isdigit() for character in found)
    return PHONE_PLACEHOLDER if 7 <= digits <= 15 and not _DATE.fullmatch(found) else found


def _introduced_name(match: re.Match[str]) -> str:
    name = match.group("name")
    words = name.split()
    if words[-1].lower().endswith(("'s", "’s")):  # a possessive is an owner's name: "it's Bob Smith's dog"
        return match.group(0)
    end = len(words)
    while end > 1 and not _CAPITALISED.match(words[end - 1]):  # "Maria de" -> "Maria"
        end -= 1
    kept = " ".join(words[end:])
    return f"{match.group('intro')} {NAME_PLACEHOLDER}" + (f" {kept}" if kept else "")
