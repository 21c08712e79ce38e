"""How many SMS segments a text costs, counted the way carriers split it, and folding a text into GSM-7.

A text all in the GSM 03.38 alphabet is sent 7 bits a character: 160 in one segment; longer, it is split
into segments of 153 (7 septets go to the concatenation header), and a character of the extension table
(`^ { } [ ] ~ \\ | €` and form feed) takes two septets, which are never split across segments. Any other
character (á í ó ú, an emoji, a curly quote) makes the whole text UCS-2: 70 UTF-16 code units in one
segment, 67 a segment beyond that, a surrogate pair never split.

GSM-7 has é ñ ü ¿ ¡ but not á í ó ú, so Spanish with its accents goes out as UCS-2 (about 2.3 times the
segments). `fold_for_sms` writes the accented vowels as plain ones (and curly quotes as straight ones), the
way people text in Spanish, keeping ñ ¿ ¡; é is folded too, so a text does not keep one accent of five.
"""

from __future__ import annotations

import unicodedata

GSM7_BASIC = frozenset(
    "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?"
    "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
)
GSM7_EXTENSION = frozenset("^{}\\[~]|€\f")
GSM7_SINGLE, GSM7_PART = 160, 153
UCS2_SINGLE, UCS2_PART = 70, 67

# kept as they are: GSM-7 has them, and Spanish needs them (año is not ano)
_KEEP = frozenset("ñÑ¿¡")
_PUNCTUATION = {"‘": "'", "’": "'", "‚": "'", "“": '"', "”": '"', "„": '"', "–": "-", "—": "-", "…": "...",
                "\u00a0": " "}  # fmt: skip


def is_gsm7(text: str) -> bool:
    """Whether every character of `text` is in the GSM-7 alphabet (basic or extension table)."""
    return all(ch in GSM7_BASIC or ch in GSM7_EXTENSION for ch in text)


def _gsm7_segments(text: str) -> int:
    septets = [2 if ch in GSM7_EXTENSION else 1 for ch in text]
    if sum(septets) <= GSM7_SINGLE:
        return 1 if text else 0
    segments, used = 1, 0
    for size in septets:
        if used + size > GSM7_PART:  # an escape and its character stay in one segment
            segments, used = segments + 1, 0
        used += size
    return segments


def _ucs2_segments(text: str) -> int:
    units = [2 if ord(ch) > 0xFFFF else 1 for ch in text]
    if sum(units) <= UCS2_SINGLE:
        return 1
    segments, used = 1, 0
    for size in units:
        if used + size > UCS2_PART:  # a surrogate pair stays in one segment
            segments, used = segments + 1, 0
        used += size
    return segments


def segments(text: str) -> int:
    """The number of SMS segments `text` is sent in (0 for an empty text)."""
    return _gsm7_segments(text) if is_gsm7(text) else _ucs2_segments(text)


def encoding(text: str) -> str:
    """'GSM-7' or 'UCS-2', the encoding a carrier sends `text` in."""
    return "GSM-7" if is_gsm7(text) else "UCS-2"


def _fold_char(ch: str) -> str:
    if ch in _KEEP:
        return ch
    if ch in _PUNCTUATION:
        return _PUNCTUATION[ch]
    base = unicodedata.normalize("NFD", ch)
    if len(base) > 1 and base[0].isascii() and all(unicodedata.combining(c) for c in base[1:]):
        return base[0]  # á -> a, É -> E, ü -> u
    return ch


def fold_for_sms(text: str) -> str:
    """`text` with accented letters written plain (ñ ¿ ¡ kept) and curly punctuation straight, so that a
    Spanish text goes out in GSM-7. Characters with no plain form (an emoji) are left: that text stays UCS-2."""
    return "".join(_fold_char(ch) for ch in text)
