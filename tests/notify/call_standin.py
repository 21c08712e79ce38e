"""The Twilio stand-in (tests/notify/standin.py) that also takes Twilio's Calls API: a call request is recorded
with its form (To, From, Twiml) and answered as Twilio answers a queued call."""

from __future__ import annotations

import uuid
from xml.etree import ElementTree

from tests.notify.standin import RecordedRequest, TwilioStandIn


class TwilioCallsStandIn(TwilioStandIn):
    def _answer(self, request: RecordedRequest) -> tuple[int, dict]:
        if not request.path.endswith("/Calls.json"):
            return super()._answer(request)
        with self._lock:
            if self._failures:
                status, code = self._failures.popleft()
                self.requests.append(request)
                return status, {"code": code or 20500, "message": "stand-in failure", "status": status}
            sid = "CA" + uuid.uuid4().hex
            self.requests.append(
                RecordedRequest(
                    request.method, request.path, {**request.form, "_accepted": "1"}, request.authorization
                )
            )
            return 201, {
                "sid": sid,
                "account_sid": request.path.split("/")[3],
                "to": request.form.get("To"),
                "from": request.form.get("From"),
                "status": "queued",
                "direction": "outbound-api",
                "api_version": "2010-04-01",
            }

    @property
    def calls(self) -> list[RecordedRequest]:
        """Call requests answered 201."""
        with self._lock:
            return [
                r for r in self.requests if r.path.endswith("/Calls.json") and r.form.get("_accepted") == "1"
            ]

    @property
    def texts(self) -> list[RecordedRequest]:
        """Message requests answered 201."""
        with self._lock:
            return [
                r
                for r in self.requests
                if r.path.endswith("/Messages.json") and r.form.get("_accepted") == "1"
            ]


def bridged(call: RecordedRequest) -> tuple[str | None, list[str]]:
    """The TwiML of a recorded call: (the Dial's caller ID, the numbers it dials)."""
    root = ElementTree.fromstring(call.form["Twiml"])
    dial = root.find("Dial")
    assert dial is not None, "the call's TwiML dials nobody"
    return dial.get("callerId"), [number.text or "" for number in dial.findall("Number")]
