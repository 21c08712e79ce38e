"""Whole conversations through the signed Twilio webhooks of a running Rasa server and action server,
ending in filed complaints: SMS files a written complaint, a call a verbal one. The outbox worker then
sends the page and the caller's text to a local stand-in of Twilio's Messages API.

The servers are the session's (tests/support/live.py, `make test` trains the model first), with a freshly
migrated SQLite case database and a blank Twilio stand-in for this module.
"""

from __future__ import annotations

import random
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from urllib.parse import urlencode

import pytest
from twilio.request_validator import RequestValidator

from bot.notify.outbox import OutboxService
from bot.notify.sender import TwilioSender
from bot.notify.worker import OutboxWorker
from tests.integrations.conftest import jpeg_with_gps
from tests.support.live import unique_phone

TOKEN = "e2e-twilio-token"
PUBLIC_BASE_URL = "https://intake.example.org"
KELLOGG_LINE = "+15075550158"
ACCOUNT_SID = "AC" + "2" * 32


@pytest.fixture
def line(live_line):
    return live_line


def post(base: str, path: str, params: dict[str, str], signed: bool = True) -> tuple[int, str]:
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if signed:
        headers["X-Twilio-Signature"] = RequestValidator(TOKEN).compute_signature(
            PUBLIC_BASE_URL + path, params
        )
    request = urllib.request.Request(base + path, data=urlencode(params).encode(), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _phone() -> str:
    return unique_phone(
        "+1507555", 2000, 8999
    )  # the shared Rasa server remembers every number's conversation


class Texter:
    def __init__(self, base: str) -> None:
        self.base, self.phone, self.count = base, _phone(), 0

    def texts(self, body: str, sid: str | None = None, **extra: str) -> list[str]:
        self.count += 1
        sid = sid or f"SM{random.getrandbits(128):032x}"  # Twilio's format: SM + 32 hex digits
        params = {"MessageSid": sid, "AccountSid": ACCOUNT_SID, "From": self.phone, "To": KELLOGG_LINE,
                  "Body": body, "NumMedia": "0", "FromZip": "", **extra}  # fmt: skip
        status, text = post(self.base, "/webhooks/sms/webhook", params)
        assert status == 200, text
        self.last_sid, self.last_reply = sid, text
        return [m.text or "" for m in ET.fromstring(text).iter("Message")]


# A caller's answers to the bite form's questions, each keyed by words of the question it answers (the name is
# asked by the read-back, not by the form: "your name" is what the caller says to it)
BITE_ANSWERS = {"when did": "about twenty minutes ago", "kind of animal": "a dog", "look like": "big black dog",
                "describe": "big black dog", "owner": "i dont know", "whose": "i dont know", "vaccinated": "not sure",
                "rabies": "not sure", "your name": "Sam Lee", "where is this": "the park on main street",
                "who was bitten": "my son", "skin broken": "yes"}  # fmt: skip
# the read-back, by text and by phone, whether it has the name ("Reply YES to send it", "Say yes to send it") or
# asks for it ("To send it, reply with your name ...", "To send it, say your name ...")
READ_BACK = "to send it"


def _answer_until_read_back(say, replies: list[str], answers: dict[str, str], limit: int = 12) -> list[str]:
    """Answers each question by its words until the read-back, and returns the read-back's replies. No question
    before it asks for the name (the read-back does)."""
    for _ in range(limit):
        if any(READ_BACK in r.lower() for r in replies):
            return replies
        question = " ".join(replies).lower()
        assert "your name" not in question, f"the name asked before the read-back: {replies}"
        replies = say(next(a for q, a in answers.items() if q in question))
    raise AssertionError(f"no read-back: {replies}")


def _reference(text: str) -> str:
    for word in text.replace(".", " ").replace(",", " ").split():
        if word.startswith("KEL-") and word.count("-") == 2:
            return word
    raise AssertionError(f"no reference in {text!r}")


def test_an_sms_conversation_with_a_photo_files_a_written_complaint_once(line) -> None:
    resident = Texter(line["base"])
    replies = resident.texts("the dog at 412 oak st has been barking since 10pm")
    media_path = f"/2010-04-01/Accounts/{ACCOUNT_SID}/Messages/MM{'4' * 32}/Media/ME{'2' * 32}"
    line["standin"].media[media_path] = ("image/jpeg", jpeg_with_gps())
    photo = resident.texts("", NumMedia="1", MediaUrl0="https://api.twilio.com" + media_path,
                           MediaContentType0="image/jpeg")  # fmt: skip
    assert photo and "photo" in photo[0]
    answers = {"since when": "since about 10pm", "how often": "every night", "time of day": "night",
               "where is this": "412 oak st", "kind of animal": "a dog"}  # fmt: skip
    replies = _answer_until_read_back(resident.texts, replies, answers)
    assert "To send it, reply with your name" in replies[-1], replies  # the read-back asks for the name
    confirmed = resident.texts("my name is Jane Doe")  # the name sent to it sends it
    reference = _reference(" ".join(confirmed))
    # Twilio retries the confirming delivery: same reply, nothing filed twice
    status, again = post(line["base"], "/webhooks/sms/webhook",
                         {"MessageSid": resident.last_sid, "AccountSid": ACCOUNT_SID, "From": resident.phone,
                          "To": KELLOGG_LINE, "Body": "my name is Jane Doe", "NumMedia": "0",
                          "FromZip": ""})  # fmt: skip
    assert status == 200 and again == resident.last_reply
    detail = line["cases"].get_complaint(reference)
    assert (detail.type, detail.channel, detail.form) == ("barking", "sms", "written")
    assert detail.complainant_contact == resident.phone and detail.complainant_name == "Jane Doe"
    [photo_path] = detail.photo_urls  # our own EXIF-stripped copy, never Twilio's URL
    assert photo_path.startswith("/photos/")
    mine = line["cases"].complaints_for_contact("kellogg", resident.phone, 10)
    assert [c.reference for c in mine] == [reference]


def test_a_forged_text_reaches_nothing(line) -> None:
    phone = _phone()
    params = {
        "MessageSid": "SMforged",
        "From": phone,
        "To": KELLOGG_LINE,
        "Body": "a dog bit me at 412 oak st",
    }
    status, _ = post(line["base"], "/webhooks/sms/webhook", params, signed=False)
    assert status == 403
    assert line["inbound"].reply_for("sms", "SMforged") is None
    assert line["cases"].complaints_for_contact("kellogg", phone, 10) == []


def test_an_opted_out_number_gets_nothing_until_start(line) -> None:
    resident = Texter(line["base"])
    assert resident.texts("STOP") == []
    assert resident.texts("dog barking at 412 oak st") == []
    assert resident.texts("start") and resident.texts("dog barking at 412 oak st")


class Caller:
    def __init__(self, base: str) -> None:
        self.base, self.phone, self.turn = base, _phone(), 0
        self.call_sid = f"CA{random.getrandbits(128):032x}"

    def hears_on(self, number: str) -> ET.Element:
        self.number = number
        return self.hears()

    def hears(self, speech: str | None = None) -> ET.Element:
        params = {
            "CallSid": self.call_sid,
            "AccountSid": ACCOUNT_SID,
            "From": self.phone,
            "To": getattr(self, "number", KELLOGG_LINE),
            "CallStatus": "in-progress",
        }
        if speech is not None:
            params["SpeechResult"] = speech
        # the Gather's own action URL, as Twilio follows it (turn, and any verified/code state)
        path = getattr(self, "next_path", None) if self.turn else None
        path = path or "/webhooks/voice/webhook"
        status, text = post(self.base, path, params)
        assert status == 200, text
        root = ET.fromstring(text)
        gather = root.find("Gather")
        if gather is not None:
            self.next_path = gather.get("action")
            self.turn = int(self.next_path.split("turn=")[1].split("&")[0])
        return root

    def says(self, speech: str) -> list[str]:
        self.last = self.hears(speech)
        return [" ".join(s.text or "" for s in self.last.iter("Say"))]


def test_a_call_files_a_verbal_bite_complaint_pages_the_officer_and_texts_the_caller(line) -> None:
    caller = Caller(line["base"])
    greeting = caller.hears()
    assert greeting.find("Gather").get("input") == "speech"
    replies = caller.says("uh a dog just bit my son at the park on main street hes bleeding")
    assert "911" in replies[0]
    [read_back] = _answer_until_read_back(caller.says, replies, BITE_ANSWERS)
    assert "To send it, say your name" in read_back, read_back  # the read-back asks for it, for the ear
    [spoken] = caller.says(BITE_ANSWERS["your name"])  # the name said to it sends it
    assert [child.tag for child in caller.last][-1] == "Hangup" and caller.last.find("Gather") is None
    assert "recorded as a verbal complaint" in spoken and "two verbal complaints" not in spoken
    reference = "-".join(
        part.replace(" ", "") for part in spoken.split("reference is ")[1].split(".")[0].split(", ")
    )
    detail = line["cases"].get_complaint(reference)
    assert (detail.type, detail.channel, detail.form, detail.urgent) == ("bite", "voice", "verbal", True)
    assert detail.complainant_contact == caller.phone and detail.complainant_name == "Sam Lee"

    now = [datetime.now(timezone.utc)]
    outbox, standin = OutboxService(line["factory"], clock=lambda: now[0]), line["standin"]
    sender = TwilioSender(ACCOUNT_SID, TOKEN, standin.base_url, timeout=5)
    standin.fail_next(1, status=500)  # Twilio hiccups once: the worker retries later, nothing lost
    worker = OutboxWorker(outbox, sender)
    worker.run_once(sweep=True)
    rows = {r.idempotency_key: r for r in outbox.messages([f"page:{reference}", f"confirm:{reference}"])}
    assert set(rows) == {f"page:{reference}", f"confirm:{reference}"}  # the channel queued both at filing
    assert sorted(r.status for r in rows.values()) == ["pending", "sent"]
    now[0] = max(r.next_attempt_at for r in rows.values())  # when the retry is due
    worker.run_once(sweep=True)
    sent = [(r.form["To"], r.form["Body"]) for r in standin.accepted if reference in r.form["Body"]]
    assert sorted(to for to, _ in sent) == sorted(["+15075550199", caller.phone])
    assert all(r.status == "sent" for r in outbox.messages(list(rows)))


def test_every_call_starts_fresh_and_the_number_called_picks_the_city(line) -> None:
    kellogg = Caller(line["base"])
    kellogg.hears()
    kellogg.says("theres a dog barking nonstop")  # then the caller hangs up mid-report
    freeport = Caller(line["base"])
    freeport.phone = kellogg.phone  # the same resident calls Freeport's line
    root = freeport.hears_on("+13205550158")
    assert "Freeport" in root.find("Gather/Say").text
    replies = freeport.says("theres a loose dog running around")
    answers = {"where is this": "corner of 3rd and elm", "look like": "brown lab with a red collar",
               "describe": "brown lab with a red collar", "still there": "no", "which way": "it ran north",
               "which direction": "it ran north", "aggressive": "no", "growling": "no"}  # fmt: skip
    [read_back] = _answer_until_read_back(freeport.says, replies, answers)
    assert "or say skip to send it without one" in read_back, read_back
    [spoken] = freeport.says("skip")  # sent at once, without a name
    assert "F R E" in spoken and "verbal complaints within two months" not in spoken
    mine = line["cases"].complaints_for_contact("freeport", freeport.phone, 10)
    assert [(c.type, c.reference[:4]) for c in mine] == [("at_large", "FRE-")]
    detail = line["cases"].get_complaint(mine[0].reference)
    assert detail.anonymous is True and detail.complainant_name is None
    assert line["cases"].complaints_for_contact("kellogg", kellogg.phone, 10) == []
