"""One simulated resident's side of the line (bench/conversation_bench.py): signed Twilio webhooks, SMS or
voice, and what came of the conversation."""

from __future__ import annotations

import random
import re
import threading
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from urllib.parse import urlencode

from twilio.request_validator import RequestValidator

from bench.residents import Resident, StyledResident

TOKEN = "bench-token"
PUBLIC_BASE_URL = "https://intake.example.org"
LINES = {"kellogg": "+15075550158", "freeport": "+13205550158"}
REFERENCE = re.compile(r"\b(KEL|FRE)-\d{4}-\d{3,6}\b|(reference is|referencia es) [A-Z] [A-Z] [A-Z]")
TROUBLE = re.compile(r"trouble understanding|no le estoy entendiendo", re.I)
_phones: set[str] = set()
_phones_lock = threading.Lock()


def _unique_phone() -> str:
    with _phones_lock:
        while True:
            phone = f"+1507{random.randint(2000000, 9999999)}"
            if phone not in _phones:
                _phones.add(phone)
                return phone


def post(base: str, path: str, params: dict[str, str]) -> str:
    signature = RequestValidator(TOKEN).compute_signature(PUBLIC_BASE_URL + path, params)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature}
    request = urllib.request.Request(base + path, data=urlencode(params).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=180) as response:
            return response.read().decode()
    except urllib.error.HTTPError as error:
        return error.read().decode()


class Line:
    """A resident's phone: `say` returns what the assistant answered, as one string."""

    def __init__(self, base: str, styled: StyledResident) -> None:
        self.base, self.styled = base, styled
        self.phone = _unique_phone()
        self.call_sid = f"CA{random.getrandbits(128):032x}"
        self.next_path = "/webhooks/voice/webhook"
        self.turn = 0
        self.transferred = False
        self.ended = False

    @property
    def resident(self) -> Resident:
        return self.styled.resident

    def say(self, text: str) -> str:
        if self.resident.channel == "sms":
            params = {"MessageSid": f"SM{random.getrandbits(128):032x}", "From": self.phone,
                      "To": LINES[self.resident.city], "Body": text, "NumMedia": "0"}  # fmt: skip
            root = ET.fromstring(post(self.base, "/webhooks/sms/webhook", params))
            return " ".join(m.text or "" for m in root.iter("Message"))
        params = {"CallSid": self.call_sid, "From": self.phone, "To": LINES[self.resident.city],
                  "CallStatus": "in-progress", "Confidence": "0.9"}  # fmt: skip
        if self.turn:
            params["SpeechResult"] = text
        root = ET.fromstring(post(self.base, self.next_path, params))
        gather = root.find("Gather")
        self.transferred = self.transferred or root.find("Dial") is not None
        self.ended = gather is None
        self.turn += 1
        if gather is not None:
            self.next_path = gather.get("action") or self.next_path  # as Twilio follows it
        return " ".join(s.text or "" for s in _said_before_waiting(root))


def _said_before_waiting(root: ET.Element) -> list[ET.Element]:
    """The Says up to and inside the Gather (not the goodbye said if the caller stays silent)."""
    said: list[ET.Element] = []
    for child in root:
        said += list(child.iter("Say"))
        if child.tag == "Gather":
            break
    return said


@dataclass
class Result:
    styled: StyledResident
    phone: str
    texts: int
    filed: bool
    transferred: bool
    transcript: list[tuple[str, str]]
    wrong: list[str] = field(default_factory=list)  # the facts filed wrong (bench/filed_facts.py)
    victim_right: bool | None = None  # None: not a bite, or nothing filed

    @property
    def resident(self) -> Resident:
        return self.styled.resident

    @property
    def style(self) -> str:
        return self.styled.style

    @property
    def reached(self) -> bool:
        """A reference, or a transfer to a person: no dead end."""
        return self.filed or self.transferred

    @property
    def trouble_said(self) -> int:
        return sum(len(TROUBLE.findall(reply)) for _, reply in self.transcript)

    @property
    def repeated_question(self) -> bool:
        """The assistant's reply the same, word for word, twice in a row."""
        replies = [reply.strip().lower() for _, reply in self.transcript]
        return any(a and a == b for a, b in zip(replies, replies[1:], strict=False))


def converse(line: Line, max_texts: int) -> Result:
    """The whole conversation: the first message, then an answer to each question, until a reference, a
    transfer, the end of the call, or `max_texts`."""
    styled = line.styled
    if line.resident.channel == "voice":
        line.say("")  # the greeting: the caller listens
    said, transcript = line.resident.first, []
    for count in range(1, max_texts + 1):
        reply = line.say(said)
        transcript.append((said, reply))
        if REFERENCE.search(reply):
            return Result(styled, line.phone, count, True, line.transferred, transcript)
        if line.transferred or line.ended:
            break
        said = styled.answer(reply)
    return Result(styled, line.phone, len(transcript), False, line.transferred, transcript)
