"""Twilio's side of the cluster tests: residents texting the signed SMS webhook through the load balancer,
and the REST stand-in the outbox workers send through, failing one request in five."""

from __future__ import annotations

import itertools
import re
import urllib.error
import urllib.request
import uuid
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from urllib.parse import urlencode

from twilio.request_validator import RequestValidator

from tests.cluster.support import ACCOUNT_SID, KELLOGG_LINE, TOKEN
from tests.notify.standin import RecordedRequest, TwilioStandIn

PATH = "/webhooks/sms/webhook"
TROUBLE = "trouble with our system"  # integrations.resilience.TROUBLE_TEXT, not the NLU fallback
REFERENCE = re.compile(r"\bKEL-\d{4}-\d{3,6}\b")
# the questions of a barking report, and this test resident's answers (the name is asked by the read-back)
ANSWERS = {
    "without a break": "since about 10pm, every night",  # one reply to the combined question
    "where is this": "412 oak st",
    "kind of animal": "a dog",
}
# the read-back, whether it has the name ("Reply YES to send it") or asks for it ("To send it, reply with your
# name ..., or SKIP to send it without a name")
READ_BACK = "to send it"
_numbers = itertools.count(1000)


@dataclass
class Reply:
    status: int
    texts: list[str]
    served_by: str | None
    sid: str

    @property
    def text(self) -> str:
        return " ".join(self.texts)

    @property
    def is_error(self) -> bool:
        return self.status != 200 or TROUBLE in self.text or not self.texts


class Texter:
    """One resident texting the city's line; `public_url` is what Twilio signs (PUBLIC_BASE_URL)."""

    def __init__(self, base_url: str, public_url: str | None = None, phone: str | None = None) -> None:
        self.base_url, self.public_url = base_url, public_url or base_url
        self.phone = phone or f"+1507{uuid.uuid4().int % 700 + 200}{next(_numbers) % 10000:04d}"

    def send(self, text: str, sid: str | None = None, via: str | None = None) -> Reply:
        """Posts one signed delivery (to `via`, a replica's own URL, instead of the balancer if given)."""
        sid = sid or "SM" + uuid.uuid4().hex
        params = {"MessageSid": sid, "SmsSid": sid, "AccountSid": ACCOUNT_SID, "From": self.phone, "To": KELLOGG_LINE, "Body": text,
                  "NumMedia": "0", "FromZip": ""}  # fmt: skip
        signature = RequestValidator(TOKEN).compute_signature(self.public_url + PATH, params)
        headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature}
        request = urllib.request.Request((via or self.base_url) + PATH, urlencode(params).encode(), headers)
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                body, status, served_by = (
                    response.read().decode(),
                    response.status,
                    response.headers.get("X-Served-By"),
                )
        except urllib.error.HTTPError as error:
            return Reply(error.code, [], None, sid)
        except OSError:
            return Reply(0, [], None, sid)
        served_by = served_by.removesuffix("-unchecked") if served_by else None  # haproxy.cfg's backups
        return Reply(status, [m.text or "" for m in ET.fromstring(body).iter("Message")], served_by, sid)


def answer_for(reply: Reply) -> str:
    text = reply.text.lower()
    return next((answer for question, answer in ANSWERS.items() if question in text), "every night")


def is_read_back(reply: Reply) -> bool:
    return READ_BACK in reply.text.lower()


def sends_it(reply: Reply) -> str:
    """What this test resident says to the read-back to send the report: "skip" (sent at once, without a name)
    while it asks for the name, else "yes"."""
    return "skip" if "reply with your name" in reply.text.lower() else "yes"


def report_barking(texter: Texter, street_number: int = 412, max_turns: int = 10) -> tuple[str, list[Reply]]:
    """A whole barking report; returns the reference and every reply (raises if it does not file)."""
    replies = [texter.send(f"the dog at {street_number} oak st is barking")]
    for _ in range(max_turns):
        if replies[-1].is_error:
            raise AssertionError(f"error reply: {replies[-1]}")
        if is_read_back(replies[-1]):
            break
        replies.append(texter.send(answer_for(replies[-1])))
    replies.append(texter.send(sends_it(replies[-1])))
    found = REFERENCE.search(replies[-1].text)
    if not found:
        raise AssertionError(f"not filed: {[r.text for r in replies]}")
    return found.group(0), replies


class FlakyTwilio(TwilioStandIn):
    """Twilio's Messages API stand-in that fails every `every`-th message request with a 500."""

    def __init__(self, every: int = 5) -> None:
        super().__init__()
        self.every, self.count = every, 0

    def _answer(self, request: RecordedRequest) -> tuple[int, dict]:
        with self._lock:
            self.count += 1
            if request.path.endswith("/Messages.json") and self.count % self.every == 0:
                self._failures.append((500, None))
        return super()._answer(request)


def assert_barking_details(details: dict) -> None:
    """The barking facts this test resident gives (ANSWERS), as filed. "since about 10pm, every night" names
    when it starts each night, not a run without a break: no minutes are filed (they were the time since
    10pm by the clock, 969 at 2 pm; tests/nlu/test_times.py)."""
    assert details == {"barking_since": "since about 10pm", "barking_frequency": "every night",
                       "barking_time_of_day": "night"}  # fmt: skip
