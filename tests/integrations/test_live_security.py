"""Issue 10 through the real servers (Rasa + the guarded action server, development credentials), each
finding as it was found live:

1. a REST client posing as `"input_channel": "sms"` with a resident's number read that resident's reports,
   joined their SMS conversation, and (as "voice") filed an urgent bite under their number;
3. a hand-made action-server call ran any action for any sender;
5. a call wiped the same resident's unfinished SMS conversation, and read status to any caller ID;
13. a text to a second city's number within 12 hours was filed in the first city.
"""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from datetime import datetime, timezone

import pytest

from bot.cases.report import Report
from tests.integrations.test_twilio_conversations import BITE_ANSWERS, Caller, Texter, _answer_until_read_back
from tests.support.live import unique_phone

FREEPORT_LINE = "+13205550158"
BARKING_ANSWERS = {"since when": "since about 10pm", "how often": "every night", "time of day": "night",
                   "where is this": "412 oak st", "kind of animal": "a dog"}  # fmt: skip


@pytest.fixture
def line(live_line):
    return live_line


def rest(base: str, sender: str, text: str, **claims: object) -> list[str]:
    body = json.dumps({"sender": sender, "message": text, **claims}).encode()
    request = urllib.request.Request(
        base + "/webhooks/rest/webhook", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        return [m.get("text", "") for m in json.load(response)]


def _reference(text: str) -> str:
    for word in text.replace(".", " ").replace(",", " ").split():
        if word.count("-") == 2 and word.split("-")[0] in ("KEL", "FRE"):
            return word
    raise AssertionError(f"no reference in {text!r}")


def _file_for(line, phone: str) -> str:
    return line["cases"].file_complaint(
        Report(jurisdiction="kellogg", type="barking", channel="sms", source_id=f"{phone}:SM{random.getrandbits(64)}",
               received=datetime.now(timezone.utc), location="412 Oak St", transcript="the dog barks all night",
               animal="dog", complainant_contact=phone)
    )  # fmt: skip


def test_a_rest_client_claiming_sms_cannot_read_a_residents_reports(line) -> None:
    resident = Texter(line["base"])
    reference = _file_for(line, resident.phone)
    assert any(reference in r for r in resident.texts("whats the status of my complaint"))  # the real one can
    claims = {"input_channel": "sms", "metadata": {"to": "+15075550158"}}
    replies = rest(line["base"], resident.phone, "whats the status of my complaint", **claims)
    assert replies and not any(reference in r for r in replies)


def test_a_rest_client_cannot_join_a_residents_sms_conversation(line) -> None:
    resident = Texter(line["base"])
    resident.texts("the dog at 412 oak st has been barking since 10pm")
    replies = rest(line["base"], resident.phone, "every night", input_channel="sms")
    replies += rest(line["base"], resident.phone, "night", input_channel="sms")
    assert not any("412" in r for r in replies)  # nothing of the resident's report is read back


def test_a_rest_client_claiming_voice_files_nothing_under_a_residents_number(line) -> None:
    phone = unique_phone("+1507555", 2000, 8999)
    say = lambda text: rest(line["base"], phone, text, input_channel="voice")  # noqa: E731
    replies = say("a dog just bit my son at the park on main street hes bleeding")
    _answer_until_read_back(say, replies, BITE_ANSWERS)
    reference = _reference(" ".join(say("yes")))  # a YES to the read-back that asks for the name sends it
    detail = line["cases"].get_complaint(reference)
    assert (detail.channel, detail.complainant_contact) == ("rest", f"rest:{phone}")
    assert line["cases"].complaints_for_contact("kellogg", phone, 10) == []
    assert [m for m in line["outbox"].messages() if m.to_number == phone] == []  # no text from the city


def test_the_action_server_refuses_a_hand_made_call(line) -> None:
    servers = line["servers"]
    call = json.dumps({"next_action": "action_submit_report", "sender_id": "+15075550142", "version": "3.6.21",
                       "tracker": {"sender_id": "+15075550142", "slots": {"report_type": "bite",
                                   "report_confirmed": "confirmed"}, "events": [], "latest_message": {}},
                       "domain": {}}).encode()  # fmt: skip
    request = urllib.request.Request(servers.actions_url + "/webhook", data=call,
                                     headers={"Content-Type": "application/json"})  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=30)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 401


def test_a_call_keeps_the_residents_sms_conversation_and_reads_status_only_after_a_texted_code(line) -> None:
    resident = Texter(line["base"])
    replies = resident.texts("the dog at 412 oak st has been barking since 10pm")
    reference = _file_for(line, resident.phone)
    caller = Caller(line["base"])
    caller.phone = resident.phone  # the same resident calls; caller ID could be anyone's
    caller.hears()
    [heard] = caller.says("whats the status of my complaint")
    assert reference.replace("-", "") not in heard.replace(" ", "").replace(",", "")
    assert "code" in heard
    [code_text] = [
        m for m in line["outbox"].messages() if m.purpose == "voice_code" and m.to_number == caller.phone
    ]
    code = "".join(ch for ch in code_text.body if ch.isdigit())
    [heard] = caller.says(" ".join(code))
    assert "right code" in heard
    [heard] = caller.says("whats the status of my complaint")
    assert " ".join(reference.split("-")[2]) in heard  # spelled out for the ear
    # the SMS conversation was not wiped by the call: it goes on to the read-back of 412 oak st
    replies = _answer_until_read_back(resident.texts, replies, BARKING_ANSWERS)
    assert any("412 oak st" in r.lower() for r in replies)


def test_a_text_to_a_second_citys_number_is_filed_in_that_city(line) -> None:
    resident = Texter(line["base"])
    resident.texts("the dog at 412 oak st has been barking since 10pm")  # to Kellogg
    to_freeport = lambda body: resident.texts(body, To=FREEPORT_LINE)  # noqa: E731
    replies = to_freeport("every night")
    replies = _answer_until_read_back(to_freeport, replies, BARKING_ANSWERS)
    reference = _reference(" ".join(to_freeport("my name is Jane Doe")))  # the name sent to the read-back
    assert reference.startswith("FRE-")


def test_a_large_unsigned_body_is_refused_before_parsing_and_the_line_stays_up(line) -> None:
    """Finding 6: 32 MB unsigned was parsed before the signature check (7.5 s of blocked event loop)."""
    body = b"Body=" + b"x" * (4 * 1024 * 1024)
    request = urllib.request.Request(
        line["base"] + "/webhooks/sms/webhook", data=body,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )  # fmt: skip
    try:
        urllib.request.urlopen(request, timeout=30)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    except (ConnectionError, urllib.error.URLError):
        status = 413  # the server may close the connection while the client is still sending
    assert status == 413
    assert Texter(line["base"]).texts("HELP")  # and the line still answers
