"""Times said in Spanish, read beside the English ones by `bot.nlp.facts.times.read_times`.

"desde las 10 de la noche", "hace como una hora", "toda la noche", "cada noche", "los fines de semana".
Number words go through text2num's Spanish (`alpha2digit(text, "es")`: "una hora" -> "1 hora"); a clock time
keeps its part of the day ("10 de la noche" -> 22:00) and relative times are read by dateparser with
languages=["es", "en"]. The resident's own words are kept; frequencies and times of day are filed in the
English words the records use ("cada noche" -> "every night"), so the clerk's fields read the same.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import dateparser
from text_to_num import alpha2digit

_CLOCK_ES = (
    r"\d{1,2}(?::\d{2})?(?:\s*(?:am|pm))?(?:\s+(?:de\s+la|en\s+la|de)\s+(?:noche|manana|tarde|madrugada))?"
)
_SINCE_ES = re.compile(
    r"\b(?:desde|empezo|empezaron|comenzo|comenzaron|empezo\s+a\s+ladrar)\s+(?:(?:como|eso\s+de)\s+)?"
    r"(?:a\s+)?(?:las?\s+)?(?P<when>" + _CLOCK_ES + r"|anoche|ayer(?:\s+en\s+la\s+(?:noche|tarde|manana))?|"
    r"esta\s+(?:manana|tarde)|hoy\s+en\s+la\s+(?:manana|tarde)|en\s+la\s+(?:manana|tarde)|medianoche|mediodia)",
    re.I,
)
_AGO_ES = re.compile(
    r"\bhace\s+(?:(?:como|casi|mas\s+o\s+menos|unos|unas|aproximadamente)\s+)?(?P<n>\d{1,4}|media|un\s+par\s+de|"
    r"unos\s+cuantos|unas\s+cuantas|unos|unas|un|una)\s*(?P<unit>minutos?|mins?|horas?|hrs?|dias?)\b",
    re.I,
)
_AT_CLOCK_ES = re.compile(
    r"\b(?:a\s+las|como\s+a\s+las|a\s+eso\s+de\s+las|como\s+a\s+la|a\s+la)\s+(?P<when>" + _CLOCK_ES + ")",
    re.I,
)
_NOW_ES = re.compile(
    r"\b(ahorita(?: mismo)?|ahora mismo|justo ahora|acaba de|acaban de|hace un (?:momento|ratito)|en este momento)\b",
    re.I,
)
_DAY_WORDS_ES = re.compile(
    r"\b(ayer(?: en la (?:manana|tarde|noche))?|anoche|esta (?:manana|tarde|noche)|hoy(?: en la (?:manana|tarde))?|"
    r"la semana pasada|el (?:lunes|martes|miercoles|jueves|viernes|sabado|domingo)(?: pasado)?)\b",
    re.I,
)
_DURATION_ES = re.compile(
    r"\b(?:(?:por|durante|lleva|llevan|ya\s+van|ya\s+lleva|como|mas\s+de|casi)\s+)*(?P<n>\d{1,4}|media|un\s+par\s+de|"
    r"unas\s+cuantas|unos\s+cuantos|un|una)\s+(?P<unit>minutos?|mins?|horas?|hrs?|dias?)\b",
    re.I,
)
_CONTINUOUS_ES = re.compile(
    r"\b(toda la (?:noche|tarde|manana|madrugada)|todo el dia|sin parar|por horas|horas y horas|sin descanso|"
    r"no para)\b",
    re.I,
)
# Spanish frequency words -> the English words the records use; anything else is kept as said.
FREQUENCIES_ES: dict[str, str] = {
    "cada noche": "every night",
    "todas las noches": "every night",
    "cada dia": "every day",
    "todos los dias": "every day",
    "cada manana": "every morning",
    "todas las mananas": "every morning",
    "cada tarde": "every afternoon",
    "todas las tardes": "every afternoon",
    "cada fin de semana": "every weekend",
    "los fines de semana": "weekends",
    "fines de semana": "weekends",
    "todos los fines de semana": "every weekend",
    "casi todas las noches": "most nights",
    "a cada rato": "all the time",
    "todo el tiempo": "all the time",
    "siempre": "all the time",
    "entre semana": "weekdays",
    "es la primera vez": "first time",
    "la primera vez": "first time",
    "solo esta noche": "tonight only",
    "cuando se van": "when they leave",
}
_FREQUENCY_ES = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, FREQUENCIES_ES), key=len, reverse=True)) + r"|"
    r"(?:\d{1,2}|varias|unas cuantas) veces (?:al|a la|por) (?:dia|semana|noche))\b",
    re.I,
)
_TIME_OF_DAY_ES: tuple[tuple[str, str], ...] = (
    (r"madrugada", "early morning"),
    (r"(?:en la|de la|toda la|las|de|en las) noches?|anoche", "night"),
    (r"(?:en la|de la|las|en las|toda la) mananas?|temprano", "morning"),
    (r"(?:en la|de la|las|en las|toda la) tardes?", "afternoon"),
    (r"todo el dia|de dia|durante el dia", "day"),
)
_UNIT_MINUTES = {"m": 1, "h": 60, "d": 1440}


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def clock_words(when: str, context: str = "") -> str:
    """A Spanish clock time in the English words `times.parse_when` reads: "10 de la noche" -> "22:00";
    "como a las 5" said with "ayer en la tarde" in the message -> "yesterday 17:00"."""
    when = re.sub(r"\b(?:a\s+)?las?\b", "", when).strip()
    match = re.match(r"(\d{1,2})(:\d{2})?(.*)$", when)
    if not match:
        named = {"anoche": "last night", "medianoche": "midnight", "mediodia": "noon"}
        return named.get(when, re.sub(r"\bayer\b", "yesterday", when))
    hour, minutes, rest = int(match.group(1)), match.group(2) or ":00", match.group(3)
    morning = re.search(r"\b(?:manana|madrugada|am)\b", rest)
    evening = re.search(r"\b(?:noche|tarde|pm)\b", rest) or (
        not morning and re.search(r"\b(?:(?:de|en) la (?:noche|tarde)|anoche)\b", context)
    )
    if evening and hour < 12:
        hour += 12
    elif morning and hour == 12:
        hour = 0
    day = "yesterday " if re.search(r"\b(?:ayer|anoche)\b", context) else ""
    # "de la manana" is said aloud, so that `parse_when` does not take "las 9" for 9 pm
    half = " am" if morning and 1 <= hour <= 11 else ""
    return f"{day}{hour}{minutes}{half}"


class SpanishTimes:
    """The time facts of one message read as Spanish (accents folded, number words as digits)."""

    def __init__(self, text: str) -> None:
        self.text = alpha2digit(fold(text), "es", threshold=0)

    def started(
        self, parse_when: Callable[[str], datetime | None], now: datetime, timezone: str
    ) -> tuple[datetime | None, str | None]:
        """(when it started, the words), as `times._started` does for English."""
        for pattern in (_SINCE_ES, _AT_CLOCK_ES):
            match = pattern.search(self.text)
            if match and not re.search(r"\d|medianoche|mediodia", match.group("when")):
                # "desde anoche", "desde ayer": a day, no clock time; none is made up for it
                return None, match.group(0).strip()
            if match:
                parsed = parse_when(clock_words(match.group("when"), self.text))
                if parsed is not None:
                    return parsed, match.group(0).strip()
        ago = _AGO_ES.search(self.text)
        if ago:
            minutes = _minutes(ago)
            local = now.astimezone(ZoneInfo(timezone))
            parsed = dateparser.parse(
                f"hace {minutes} minutos",
                languages=["es", "en"],
                settings={"RELATIVE_BASE": local.replace(tzinfo=None), "PREFER_DATES_FROM": "past"},
            )
            started = parsed.replace(tzinfo=local.tzinfo) if parsed else local - timedelta(minutes=minutes)
            return started, ago.group(0).strip()
        match = _NOW_ES.search(self.text)
        if match:
            return now.astimezone(ZoneInfo(timezone)), match.group(0)
        match = _DAY_WORDS_ES.search(self.text)
        return (None, match.group(0)) if match else (None, None)

    def says_since(self) -> bool:
        return bool(_SINCE_ES.search(self.text))

    def duration(self) -> tuple[int | None, str | None]:
        """(minutes, words) of "lleva como 3 horas", "por media hora"; (None, None) when not said."""
        ago = _AGO_ES.search(self.text)
        for match in _DURATION_ES.finditer(self.text):
            if ago and ago.start() <= match.start("n") < ago.end():
                continue
            return _minutes(match), match.group(0).strip()
        return None, None

    def continuous(self) -> str | None:
        match = _CONTINUOUS_ES.search(self.text)
        return match.group(0) if match else None

    def frequency(self) -> str | None:
        match = _FREQUENCY_ES.search(self.text)
        if not match:
            return None
        words = match.group(0).lower()
        return FREQUENCIES_ES.get(words, words)

    def time_of_day(self) -> str | None:
        for pattern, value in _TIME_OF_DAY_ES:
            if re.search(rf"\b(?:{pattern})\b", self.text):
                return value
        return None


def _minutes(match: re.Match[str]) -> int:
    number = match.group("n").lower()
    count = {"un": 1.0, "una": 1.0, "media": 0.5, "un par de": 2.0, "unos": 2.0, "unas": 2.0}.get(number)
    if count is None:
        count = 3.0 if "cuant" in number else float(number)
    return int(round(count * _UNIT_MINUTES[match.group("unit").lower()[0]]))
