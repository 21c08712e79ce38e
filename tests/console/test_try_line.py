"""'Try the line' signs each message exactly as Twilio does and shows the webhook's TwiML replies.

The first tests run against a stand-in webhook on 127.0.0.1 that checks the signature with Twilio's own
RequestValidator; the last one goes through the real SMS channel on a running Rasa server and action
server, ending in a filed complaint (it skips when the channel or the trained model is missing).
"""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl

import pytest
from twilio.request_validator import RequestValidator

from bot.console.app import create_app
from bot.console.try_line import WEBHOOK_PATH
from bot.settings import Settings
from tests.console.conftest import PASSWORD, csrf_from, sign_in
from tests.support.live import LIVE_ACCOUNT_SID, LIVE_TOKEN, PUBLIC_BASE_URL
from tests.support.servers import free_port

KELLOGG_LINE = "+15075550158"


class StandInWebhook:
    """Answers like the SMS channel: 403 without a valid signature, else TwiML echoing the text."""

    def __init__(self, public_base_url: str, token: str) -> None:
        self.received: list[dict[str, str]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"])).decode()
                params = dict(parse_qsl(body, keep_blank_values=True))
                valid = RequestValidator(token).validate(
                    public_base_url + self.path, params, self.headers.get("X-Twilio-Signature", "")
                )
                if self.path != WEBHOOK_PATH or not valid:
                    self.send_response(403)
                    self.end_headers()
                    return
                outer.received.append(params)
                twiml = (
                    '<?xml version="1.0" encoding="UTF-8"?><Response>'
                    f"<Message>Got it: {params['Body']}</Message><Message>Where is this?</Message></Response>"
                )
                self.send_response(200)
                self.send_header("Content-Type", "text/xml")
                self.end_headers()
                self.wfile.write(twiml.encode())

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def webhook(settings):
    stand_in = StandInWebhook(settings.public_base_url, settings.twilio_auth_token)
    yield stand_in
    stand_in.close()


def client_for(settings: Settings, clock, **changes):
    from fastapi.testclient import TestClient

    app = create_app(Settings(**{**settings.dict(), **changes}), clock=clock)
    app.state.console.accounts.create_user("clerk", PASSWORD, "clerk", ("kellogg", "freeport"))
    # https: production session cookies are Secure
    client = TestClient(app, base_url="https://testserver", follow_redirects=False)
    sign_in(client, "clerk")
    return client


def send(client, body: str, **fields: str):
    data = {
        "csrf_token": csrf_from(client, "/try"),
        "from": "(507) 555-0123",
        "to": KELLOGG_LINE,
        "body": body,
    }
    return client.post("/try", data={**data, **fields})


def test_a_message_is_signed_like_twilio_and_the_replies_shown(settings, clock, webhook) -> None:
    client = client_for(settings, clock, rasa_url=webhook.url)
    send(client, "dog barking at 412 oak st", media_url="https://media.example/p.jpg")
    [params] = webhook.received
    assert (params["From"], params["To"], params["Body"]) == (
        "+15075550123",
        KELLOGG_LINE,
        "dog barking at 412 oak st",
    )
    assert params["MessageSid"].startswith("MM") and params["NumMedia"] == "1"
    assert params["MediaUrl0"] == "https://media.example/p.jpg"
    assert "ToZip" in params and params["ToZip"] == ""  # blank fields are sent (and signed) as Twilio does
    page = client.get("/try").text
    assert "Got it: dog barking at 412 oak st" in page and "Where is this?" in page
    send(client, "412 oak st")
    assert len({p["MessageSid"] for p in webhook.received}) == 2  # each text its own message id
    assert client.get("/try").text.count('class="bubble resident"') == 2


def test_a_signature_the_webhook_rejects_is_explained(settings, clock, webhook) -> None:
    client = client_for(settings, clock, rasa_url=webhook.url, twilio_auth_token="another-token")
    send(client, "hello")
    assert webhook.received == []
    assert "refused the signature" in client.get("/try").text


def test_an_unreachable_assistant_is_explained(settings, clock) -> None:
    client = client_for(settings, clock, rasa_url=f"http://127.0.0.1:{free_port()}")
    send(client, "hello")
    assert "Could not reach the assistant" in client.get("/try").text


def test_try_the_line_is_off_in_production(settings, clock, webhook) -> None:
    client = client_for(
        settings, clock, rasa_url=webhook.url, environment="production", session_secret="p" * 40
    )
    send(client, "hello")
    assert webhook.received == []


# ---- through the real SMS channel -------------------------------------------------------------


@pytest.fixture(scope="module")
def real_line(live_servers):
    """The session's Rasa server and action server (tests/support/live.py), with a freshly migrated case
    database; the settings the console signs with are the ones the servers run with."""
    servers = live_servers.fresh()
    return Settings(
        environment="test",
        database_url=servers.database_url,
        session_secret="s" * 40,
        public_base_url=PUBLIC_BASE_URL,
        twilio_auth_token=LIVE_TOKEN,
        twilio_account_sid=LIVE_ACCOUNT_SID,
        rasa_url=servers.base_url,
    )


ANSWERS = {
    "since when": "since about 10pm",
    "how often": "every night",
    "time of day": "night",
    "kind of animal": "a dog",
    "where": "412 oak st",
}
NAME = "my name is Jane Doe"  # said to the read-back, which asks for it: the name sends the report


def test_a_text_through_the_real_sms_webhook_files_a_written_complaint(real_line, clock) -> None:
    from datetime import datetime, timezone

    clock.now = datetime.now(timezone.utc)
    client = client_for(real_line, clock)
    send(client, "the dog at 412 oak st has been barking since 10pm")
    for _ in range(8):
        turns = re.findall(
            r'class="bubble line"><span class="sr-only">line: </span>([^<]*)<', client.get("/try").text
        )
        assert turns, client.get("/try").text
        last = turns[-1].lower()
        if "to send it" in last:  # the read-back
            break
        send(client, next((answer for question, answer in ANSWERS.items() if question in last), "yes"))
    assert "reply with your name" in last, last
    send(client, NAME)
    page = client.get("/try").text
    match = re.search(r'<ul id="filed"><li><a href="/complaints/(KEL-\d{4}-\d{5})"', page)
    assert match, page
    detail = client.app.state.console.cases.get_complaint(match.group(1))
    assert (detail.channel, detail.form, detail.complainant_contact) == ("sms", "written", "+15075550123")
    assert detail.complainant_name == "Jane Doe"


def test_a_real_number_is_refused_so_the_line_never_acts_as_a_resident(settings, clock, webhook) -> None:
    """Outsider pass: with a real resident's number in From, a clerk read that resident's report status, and
    could have filed under the number or sent STOP for it. Only the fictional 555-0100..0199 range is taken."""
    client = client_for(settings, clock, rasa_url=webhook.url)
    send(client, "status of KEL-2026-00001", **{"from": "+1 612 555 0250"})
    send(client, "STOP", **{"from": "(612) 867-5309"})
    assert webhook.received == []
    assert "made-up number from 555-0100 to 555-0199" in client.get("/try").text
    send(client, "hello", **{"from": "+1 612 555 0199"})
    assert [p["From"] for p in webhook.received] == ["+16125550199"]
