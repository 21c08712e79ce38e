"""A third-party Open311 client from PyPI reads every endpoint, in JSON and in XML, from a real server.

`georeport` 0.3.1 (requests + xmltodict) covers services, a service definition, requests and one request.
It has no call for discovery or for POST requests: those two are read here the way it reads the others
(`requests`, then `.json()` or `xmltodict.parse`). The console runs under uvicorn on a free port.
"""

from __future__ import annotations

import socket
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest
import requests
import uvicorn
import xmltodict
from georeport import GeoReport

from bot.cases.report import Report
from bot.console.app import create_app

FORMATS = ("json", "xml")


def as_list(value: object) -> list:
    """xmltodict gives one repeated element as a dict, several as a list."""
    return value if isinstance(value, list) else [value]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from bot.cases.db import migrate
    from bot.settings import Settings

    database_url = f"sqlite:///{tmp_path_factory.mktemp('open311') / 'cases.db'}"
    migrate(database_url)
    settings = Settings(
        environment="test",
        database_url=database_url,
        session_secret="o" * 40,
        console_public_url="https://console.example",
    )
    app = create_app(settings)
    console = app.state.console
    received = datetime.now(timezone.utc) - timedelta(hours=2)
    references = [
        console.cases.file_complaint(
            Report(jurisdiction="kellogg", type="barking", channel="sms", source_id=f"SMclient{n}",
                   received=received + timedelta(minutes=n), location=f"41{n} Oak Street",
                   transcript="the dog barks all night", animal="dog", complainant_contact="+15075550123",
                   photo_urls=("https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1",))
        )
        for n in range(2)
    ]  # fmt: skip
    key = console.accounts.create_api_key("County dispatch", "kellogg")[1]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    uvicorn_server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uvicorn_server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not uvicorn_server.started:
        assert time.monotonic() < deadline, "the console did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/open311/v2", references, key
    uvicorn_server.should_exit = True
    thread.join(timeout=10)


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_client_reads_services_and_every_definition(server, fmt) -> None:
    root, _references, _key = server
    client = GeoReport(root, jurisdiction="kellogg", output_format=fmt)
    services = as_list(client.get_service_list())
    assert [s["service_code"] for s in services] == [
        "barking",
        "at_large",
        "bite",
        "threat",
        "neglect",
        "waste",
        "too_many",
        "damage",
    ]
    for service in services:
        definition = client.get_service_definition(service["service_code"])
        assert definition["service_code"] == service["service_code"]
        attributes = (
            definition["attributes"] if fmt == "json" else as_list(definition["attributes"]["attribute"])
        )
        assert {"animal", "animal_description", "occurred_text"} <= {a["code"] for a in attributes}
    bite = client.get_service_definition("bite")
    victim = next(
        a
        for a in (bite["attributes"] if fmt == "json" else as_list(bite["attributes"]["attribute"]))
        if a["code"] == "victim"
    )
    values = victim["values"] if fmt == "json" else as_list(victim["values"]["value"])
    assert [v["key"] for v in values] == ["person", "animal"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_client_reads_requests_at_block_level_without_photos(server, fmt) -> None:
    root, references, _key = server
    client = GeoReport(root, jurisdiction="kellogg", output_format=fmt)
    listed = as_list(client.get_service_requests(status="open", service_code="barking"))
    assert sorted(r["service_request_id"] for r in listed) == sorted(references)
    one = client.get_service_request(references[0])
    assert one["service_request_id"] == references[0] and one["address"] == "400 block of Oak St"
    picked = as_list(client.get_service_requests(service_request_id=references[1]))
    assert [r["service_request_id"] for r in picked] == [references[1]]
    for item in listed + [one]:
        assert "media_url" not in item and "twilio" not in str(item)
        assert "410" not in str(item) and "411" not in str(item)  # never a house number


@pytest.mark.parametrize("fmt", FORMATS)
def test_discovery_and_a_posted_request_parse_as_the_client_parses(server, fmt) -> None:
    root, _references, key = server
    response = requests.get(f"{root}/discovery.{fmt}", headers={"Host": "evil.example"}, timeout=10)
    response.raise_for_status()
    discovery = response.json() if fmt == "json" else xmltodict.parse(response.content)["discovery"]
    endpoints = discovery["endpoints"] if fmt == "json" else as_list(discovery["endpoints"]["endpoint"])
    assert [e["url"] for e in endpoints] == ["https://console.example/open311/v2/"]
    posted = requests.post(
        f"{root}/requests.{fmt}",
        data={"jurisdiction_id": "kellogg", "api_key": key, "service_code": "at_large",
              "address_string": "9 Elm St", "description": "a loose dog", "attribute[animal]": "dog"},
        timeout=10,
    )  # fmt: skip
    posted.raise_for_status()
    created = (
        posted.json()[0] if fmt == "json" else xmltodict.parse(posted.content)["service_requests"]["request"]
    )
    assert created["service_request_id"].startswith("KEL-")
    again = GeoReport(root, jurisdiction="kellogg", output_format=fmt).get_service_request(
        created["service_request_id"]
    )
    assert again["address"] == "9 Elm St" or again["address"] == "0 block of Elm St"
