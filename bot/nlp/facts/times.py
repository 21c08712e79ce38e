"""Times in residents' words: when it started, how long, how often, what time of day.

"since 10pm", "about an hour ago", "for 45 minutes", "all night", "every night", "weekends". Clock times and
relative times are read by dateparser (RELATIVE_BASE = the message's time in the city's time zone,
PREFER_DATES_FROM = past) and come back as timezone-aware datetimes in the city's zone; number words go
through text2num first ("two hours" -> "2 hours"). The resident's own words are kept beside every value.
Nothing is guessed: a fact the words do not state stays None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import dateparser
from text_to_num import alpha2digit

from bot.nlp.facts import times_es
from bot.nlp.facts.times_es import fold

# a run computed from "since <time>" to the message is believed up to half a day (a whole night); longer, the
# resident is not saying it never stopped, and a figure far past Kellogg 58-5 C's 30 minutes would be made up
MAX_COMPUTED_RUN = 12 * 60
_UNIT_MINUTES = {"minute": 1, "min": 1, "hour": 60, "hr": 60, "day": 1440}
_DURATION_RE = re.compile(
    r"\b(?P<n>\d{1,4}(?:\.\d{1,2})?|an?|half an?|a couple(?: of)?|a few) ?(?P<more>\+|or more|plus)? ?"
    r"(?P<unit>minute|min|hour|hr|day)s?\b",
    re.I,
)
_AGO_RE = re.compile(
    r"\b((?:about|around|like|maybe|roughly|nearly|almost)\s+)?(?P<span>(?:\d{1,4}(?:\.\d{1,2})?|an?|a few|a couple(?: of)?)"
    r"\s*(?:minute|min|hour|hr|day)s?)\s+ago\b",
    re.I,
)
_CLOCK = r"\d{1,2}(?::\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.|o'?clock))?"
_SINCE_RE = re.compile(
    # a number followed by a unit is a span, not a clock: "since about 45 minutes ago" was read as the year 1945
    rf"\b(?:since|started(?: at)?|starting at|began(?: at)?|from)\s+(?:about\s+|around\s+)?(?P<when>{_CLOCK}"
    r"(?!\s*(?:minutes?|mins?|hours?|hrs?|days?|weeks?|ago)\b)"
    r"(?:\s+(?:last night|this morning|tonight|yesterday))?|yesterday|last night|this morning|this afternoon|"
    r"this evening|midnight|noon)\b",
    re.I,
)
_AT_CLOCK_RE = re.compile(
    r"\b(?:at|around|about)\s+(?P<when>\d{1,2}(?::\d{2})?(?:\s*(?:am|pm|a\.m\.|p\.m\.)|"
    r"(?=\s*(?:$|[,.;!?]|this\b|last\b|yesterday\b|tonight\b|today\b|in the\b))))",
    re.I,
)
_DAY_WORDS_RE = re.compile(
    r"\b(yesterday(?: (?:morning|afternoon|evening))?|last night|this (?:morning|afternoon|evening)|"
    r"earlier today|today|tonight|last week|(?:on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    re.I,
)
_EVENING_RE = re.compile(r"\b(night|evening|tonight|pm)\b", re.I)
# a clock time from 1 to 11 that does not say which half of the day: "9", "9:30", "9 o'clock"
_EITHER_HALF_RE = re.compile(r"^\s*(?:0?[1-9]|1[01])(?::[0-5]\d)?\s*(?:o'?clock)?\s*$", re.I)
_NOW_RE = re.compile(
    r"\b(just now|right now|just happened|just (?:bit|got bit|attacked)|a (?:minute|moment) ago|just)\b", re.I
)
_CONTINUOUS_RE = re.compile(
    r"\b(all (?:night|day|evening|morning|afternoon)(?: long)?|nonstop|non stop|for hours)\b", re.I
)
_FREQUENCY_RE = re.compile(
    r"\b(every (?:single )?(?:night|day|morning|evening|afternoon|weekend|week)|every other (?:night|day)|"
    r"(?:most|many|some) (?:nights|days|mornings|evenings)|weekends|on weekends|nightly|daily|"
    r"each (?:night|day|morning|evening)|night after night|"
    r"all the time|constantly|(?:only )?tonight(?: only)?|just tonight|first time|(?:\b\d{1,3}|a few|several) times a "
    r"(?:day|week|night)|weekdays|whenever they(?:'re| are) (?:gone|away|at work)|when they leave)\b",
    re.I,
)
# frequencies that say it happens once, not again and again
_ONE_TIME = {"tonight", "only tonight", "tonight only", "only tonight only", "just tonight", "first time"}
# a start that is a time of day alone ("since 10pm", "desde las 10 de la noche"): no day named, not "ago"
_CLOCK_TIME_RE = re.compile(r"\d|\b(?:midnight|noon|medianoche|mediodia)\b", re.I)
_DAY_NAMED_RE = re.compile(
    r"\b(?:yesterday|last night|this (?:morning|afternoon|evening)|tonight|today|ago|ayer|anoche|hoy|hace|"
    r"esta (?:manana|tarde|noche))\b",
    re.I,
)
_TIME_OF_DAY_RE = re.compile(
    r"\b(early morning|morning|afternoon|evening|night|overnight|middle of the night|all day|all night|"
    r"late at night|late night|daytime|at dawn)s?\b",
    re.I,
)


@dataclass(frozen=True)
class TimeFacts:
    """What one message says about time. Each field is None when the words do not say it."""

    started: datetime | None = None  # when it started / happened, in the city's zone
    started_words: str | None = None  # "since 10pm", "about an hour ago"
    minutes: int | None = None  # how long it has gone on, when stated or computable from `started`
    minutes_stated: bool = False  # the words give the run ("for 40 minutes"), not only when it started
    duration_words: str | None = None  # "for an hour", "all night"
    frequency: str | None = None  # "every night", "weekends"
    time_of_day: str | None = None  # "night", "morning"

    @property
    def says_when(self) -> bool:
        return bool(self.started is not None or self.started_words or self.duration_words)

    @property
    def words(self) -> str | None:
        parts = [p for p in (self.started_words, self.duration_words) if p]
        return ", ".join(dict.fromkeys(parts)) or None


def local_base(now: datetime, timezone: str) -> datetime:
    """The message time in the city's zone, naive, as dateparser's RELATIVE_BASE takes it."""
    return now.astimezone(ZoneInfo(timezone)).replace(tzinfo=None)


def parse_when(words: str, now: datetime, timezone: str) -> datetime | None:
    """One time expression ("10pm", "an hour ago", "yesterday") as an aware datetime in the city's zone."""
    # no PREFER_DATES_FROM: with TIMEZONE set, dateparser 1.2 judged "past" against another clock and read
    # "9am" texted at 2:45 pm as yesterday; a time still to come is moved back a day below instead
    settings = {
        "RELATIVE_BASE": local_base(now, timezone),
        "TIMEZONE": timezone,
        "TO_TIMEZONE": timezone,
        "RETURN_AS_TIMEZONE_AWARE": True,
    }
    evening = bool(_EVENING_RE.search(words))
    either_half = _EITHER_HALF_RE.search(words) is not None
    words = re.sub(r"\blast night\b", "yesterday", words, flags=re.I)
    words = re.sub(r"\btonight\b", "today", words, flags=re.I)
    words = re.sub(r"\bo'?clock\b", "", words, flags=re.I)
    bare = re.search(r"(?<![:\d])(\d{1,2})(?![:\d])(?!\s*(?:am|pm|a\.m|p\.m))", words, re.I)
    if bare and int(bare.group(1)) <= 12:
        hour = int(bare.group(1)) + (12 if evening and int(bare.group(1)) < 12 else 0)
        words = words[: bare.start()] + f"{hour}:00" + words[bare.end() :]
    words = re.sub(r"\b(this|in the) (morning|afternoon|evening)\b", "today", words, flags=re.I)
    parsed = dateparser.parse(words, languages=["en"], settings=settings)
    latest = now.astimezone(ZoneInfo(timezone)) + timedelta(minutes=1)
    if parsed is not None and parsed > latest:
        # a clock time alone ("10pm" said at 5am) is the last one that has passed
        parsed = parsed - timedelta(days=1)
    if parsed is None or parsed > latest:
        return None
    if either_half and parsed.hour < 12 and parsed + timedelta(hours=12) <= latest:
        # "since 9" at 2:45 pm: 9 pm has not come, 9 am has; "since 1" at 2:45 pm is 1 pm, not 1 am. The
        # latest past reading is the shorter run, so no more minutes are filed than the words can mean
        parsed += timedelta(hours=12)
    return parsed


def _span_minutes(match: re.Match[str]) -> int:
    number = match.group("n").lower()
    count = {"a": 1.0, "an": 1.0, "half a": 0.5, "half an": 0.5, "a few": 3.0}.get(number)
    if count is None:
        count = 2.0 if number.startswith("a couple") else float(number)
    return int(round(count * _UNIT_MINUTES[match.group("unit").lower()]))


def _started(text: str, now: datetime, timezone: str) -> tuple[datetime | None, str | None]:
    for pattern in (_SINCE_RE, _AGO_RE, _AT_CLOCK_RE):
        match = pattern.search(text)
        if match:
            words = match.group(0).strip()
            when = match.group("when") if "when" in pattern.groupindex else match.group(0)
            when = re.sub(r"\b(about|around|like|maybe|roughly|nearly|almost)\b", "", when, flags=re.I)
            if pattern is _SINCE_RE and not _CLOCK_TIME_RE.search(when):
                # "since last night", "since yesterday": a day, no clock time; none is made up for it
                return None, words
            parsed = parse_when(when.strip(), now, timezone)
            if parsed is not None:
                return parsed, words
    match = _NOW_RE.search(text)
    if match:
        return now.astimezone(ZoneInfo(timezone)), match.group(0)
    match = _DAY_WORDS_RE.search(text)
    if match:
        # "this morning", "yesterday": the words are kept; no clock time is made up for them
        return None, match.group(0)
    return None, None


def read_times(text: str, now: datetime, timezone: str) -> TimeFacts:
    """Every time fact in `text`, read at `now` (aware) in the city's `timezone` (English, then Spanish)."""
    digits = alpha2digit(text or "", "en", threshold=0)
    started, started_words = _started(digits, now, timezone)
    spanish = times_es.SpanishTimes(text or "")
    if started is None and started_words is None:
        started, started_words = spanish.started(
            lambda words: parse_when(words, now, timezone), now, timezone
        )
    minutes, duration_words = None, None
    ago = _AGO_RE.search(digits)
    duration = _DURATION_RE.search(digits)
    if duration and not (ago and ago.start() <= duration.start() < ago.end()):
        minutes, duration_words = _span_minutes(duration), duration.group(0).strip()
        if re.search(r"\bfor\s+" + re.escape(duration_words), digits, re.I):
            duration_words = "for " + duration_words
    if duration_words is None:
        minutes, duration_words = spanish.duration()
    continuous = _CONTINUOUS_RE.search(digits)
    continuous_words = continuous.group(0) if continuous else spanish.continuous()
    if duration_words is None:
        duration_words = continuous_words
    since = _SINCE_RE.search(digits) or spanish.says_since()
    frequency = _FREQUENCY_RE.search(digits)
    frequency_words = frequency.group(0).lower() if frequency else spanish.frequency()
    minutes_stated = minutes is not None
    if minutes is None and started is not None and (since or continuous_words):
        if not nightly_start(started_words, frequency_words):
            # "since 10pm" (or "nonstop ... an hour ago"): it has gone on from then until the message
            minutes = _run_until_now(started, now)
    return TimeFacts(
        started=started,
        started_words=started_words,
        minutes=minutes,
        minutes_stated=minutes_stated,
        duration_words=duration_words,
        frequency=frequency_words,
        time_of_day=_time_of_day(_TIME_OF_DAY_RE.search(digits)) or spanish.time_of_day(),
    )


def _run_until_now(started: datetime, now: datetime) -> int | None:
    """Minutes from the start until the message, when that can be one run. "since 10pm" texted at 2:44 pm
    the next day was filed as 884 minutes without a break; past MAX_COMPUTED_RUN no figure is made up and
    the words alone are kept for the clerk."""
    minutes = max(0, int((now - started).total_seconds() // 60))
    return minutes if minutes <= MAX_COMPUTED_RUN else None


def nightly_start(started_words: str | None, frequency: str | None) -> bool:
    """The start is a time of day said of something that happens again and again: "since 10pm every
    night", "desde las 10 de la noche todas las noches". It names when it starts each time, not one run
    from then until the message: at 2 pm it is not 16 hours without a break. No minutes are computed."""
    if frequency is None or frequency in _ONE_TIME or not started_words:
        return False
    return bool(_CLOCK_TIME_RE.search(started_words)) and not _DAY_NAMED_RE.search(fold(started_words))


def _time_of_day(match: re.Match[str] | None) -> str | None:
    if match:
        word = match.group(1).lower()
        return {"all night": "night", "overnight": "night", "late at night": "night", "late night": "night",
                "middle of the night": "night", "daytime": "day", "all day": "day"}.get(word, word)  # fmt: skip
    return None
