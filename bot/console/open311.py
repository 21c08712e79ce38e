"""Open311 GeoReport v2 (http://wiki.open311.org/GeoReport_v2) at /open311/v2, JSON and XML.

`jurisdiction_id` selects the city (required: this endpoint serves several). The public GET gives the
location at block level ("400 block of Oak St") and no resident's words, name, phone or address;
API-key holders (a sheriff's dispatch, say) get the full address and the resident's first message with every
phone number, e-mail address and name taken out (bot.console.open311_text). POST files through the case
service as a written (web) complaint, within per-key limits (bot.console.open311_limits); what it files is
held apart from residents' own reports (bot.console.open311_post).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from bot.cases.errors import CaseError
from bot.cases.report import first_resident_message
from bot.cases.service import ComplaintListing
from bot.console.accounts import ApiClient
from bot.console.app import public_url
from bot.console.context import console_context
from bot.console.open311_format import Open311Error, check_format, error_response, respond, respond_one
from bot.console.open311_limits import PostLimit
from bot.console.open311_post import offered_services, posted_report, public_species
from bot.console.open311_text import without_contact_details
from bot.console.public_place import public_place

__all__ = ["Open311Error", "error_response", "router"]
from bot.jurisdictions import Pack, UnknownJurisdiction, get_pack, load_packs
from bot.notify.numbers import national

router = APIRouter()

YES_NO_UNKNOWN = [
    {"key": "yes", "name": "Yes"},
    {"key": "no", "name": "No"},
    {"key": "unknown", "name": "Not known"},
]
COMMON_ATTRIBUTES = [
    ("animal", "string", False, "What kind of animal (dog, cat, ...)", None),
    ("animal_description", "string", False, "Breed, colour, size, collar, name", None),
    ("occurred_text", "string", False, "When it happened, in words", None),
]
TYPE_ATTRIBUTES = {
    "barking": [("frequency", "string", False, "How often and how long it barks", None)],
    "at_large": [("direction", "string", False, "Which way it went", None)],
    "bite": [
        ("victim", "singlevaluelist", True, "Who was bitten",
         [{"key": "person", "name": "A person"}, {"key": "animal", "name": "An animal"}]),
        ("skin_broken", "singlevaluelist", False, "Was the skin broken, or a doctor needed?", YES_NO_UNKNOWN),
        ("vaccinated", "singlevaluelist", False, "Is the animal vaccinated against rabies?", YES_NO_UNKNOWN),
    ],
    # the newer types: what their sections need (bot/vocabulary.py); a yes to in_danger files it as urgent
    "threat": [
        ("what_happened", "string", False, "What it did (chased, charged, lunged, growled)", None),
        ("loose", "singlevaluelist", False, "Was it loose, off its owner's property with no leash?", YES_NO_UNKNOWN),
        ("in_danger", "singlevaluelist", False, "Is it still there, threatening anyone right now?", YES_NO_UNKNOWN),
    ],
    "neglect": [
        ("what_happened", "string", False, "What is wrong (no food or water, no shelter, left alone, hurt)", None),
        ("in_danger", "singlevaluelist", False, "Is the animal in danger right now (a hot car, no water in the heat)?",
         YES_NO_UNKNOWN),
    ],
    "waste": [("what_happened", "string", False, "Where it was left, and whether it happens often", None)],
    "too_many": [("animal_count", "string", False, "About how many animals are kept there", None)],
    "damage": [("what_happened", "string", False, "What it damaged (a lawn, a garden, a fence, a car)", None)],
}  # fmt: skip


STATUS = {"new": "open", "accepted": "open", "rejected": "closed", "duplicate": "closed"}
DEFAULT_WINDOW_DAYS = 90  # the spec's default when no dates are given
MAX_RESULTS = 1000


# ---- parameters ---------------------------------------------------------------------------------


def _pack(jurisdiction_id: str | None) -> Pack:
    codes = ", ".join(sorted(load_packs()))
    if not jurisdiction_id:
        raise Open311Error(400, f"jurisdiction_id is required: one of {codes}")
    try:
        return get_pack(jurisdiction_id)
    except UnknownJurisdiction:
        raise Open311Error(404, f"unknown jurisdiction_id; this endpoint serves {codes}") from None


def _api_client(request: Request, key: str | None, pack: Pack, required: bool) -> ApiClient | None:
    if not key:
        if required:
            raise Open311Error(403, "an api_key is required")
        return None
    client = console_context(request).accounts.api_client(key)
    if client is None or not client.may_see(pack.code):
        raise Open311Error(403, "invalid api_key for this jurisdiction")
    return client


def _w3c(text: str, name: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise Open311Error(400, f"{name} must be a W3C date-time (2026-03-02T09:00:00-06:00)") from None
    if moment.tzinfo is None:
        raise Open311Error(400, f"{name} must include a time zone offset")
    return moment


def _csv(text: str | None) -> list[str]:
    return [part.strip() for part in (text or "").split(",") if part.strip()]


# ---- what a request shows -----------------------------------------------------------------------

_HOUSE = re.compile(r"^(\d+)[A-Z]?\s+(.+)$")


def block_level(location_normalised: str | None, pack: Pack, location_text: str | None = None) -> str:
    """ "412 OAK ST" -> "400 block of Oak St". A place that is not a street address is shown as written when
    every word of it is public ("county road 9 past the grain elevator", "corner of 3rd and Elm"; see
    bot.console.public_place), else only the city."""
    match = _HOUSE.match(location_normalised or "")
    if not match:
        return public_place(location_text, pack.code) or pack.name
    block = int(match.group(1)) // 100 * 100
    street = " ".join(word if len(word) == 1 else word.title() for word in match.group(2).split())
    return f"{block} block of {street}"


def _iso(moment: datetime, pack: Pack) -> str:
    return moment.astimezone(pack.tz).isoformat(timespec="seconds")


def request_json(c: ComplaintListing, pack: Pack, full: bool) -> dict:
    notes = f"duplicate of {c.duplicate_of}" if c.duplicate_of else None
    species = public_species(c.animal_species)
    animal = f" ({species})" if species else ""
    data = {
        "service_request_id": c.reference,
        "status": STATUS[c.status],
        "status_notes": notes,
        "service_name": offered_services()[c.type][0],
        "service_code": c.type,
        # key holders get the resident's first message (never the transcript, which holds the assistant's
        # questions and answers) without phone numbers, e-mail addresses or the sender's name; the public get
        # the type of report
        "description": without_contact_details(first_resident_message(c.transcript))
        if full
        else f"{offered_services()[c.type][0]}{animal}",
        "agency_responsible": pack.office_name,
        "service_notice": None,
        "requested_datetime": _iso(c.received, pack),
        "updated_datetime": _iso(c.updated_at, pack),
        "expected_datetime": None,
        "address": c.location_text if full else block_level(c.location_normalised, pack, c.location_text),
        "address_id": None,
        "zipcode": None,
        "lat": None,  # no geocoding: locations are street addresses as residents gave them
        "long": None,
        # no media_url, for anyone: the photos are the residents' own (and served only to signed-in staff)
    }
    return data


# ---- routes -------------------------------------------------------------------------------------


@router.get("/discovery.{fmt}")
def discovery(request: Request, fmt: str) -> Response:
    check_format(fmt)
    # from the configured public URL: echoing the Host header would let anyone name the endpoint
    base = public_url(console_context(request).settings) + "/open311/v2/"
    return respond_one(
        request.url.path,
        "discovery",
        {
            "changeset": "2026-11-29T00:00:00Z",
            "contact": "the city clerk's office",
            "key_service": "API keys are issued by the city clerk (console admin).",
            "endpoints": [
                {"specification": "http://wiki.open311.org/GeoReport_v2", "url": base,
                 "changeset": "2026-11-29T00:00:00Z", "type": "production", "formats": ["application/json", "text/xml"]}
            ],
        },
    )  # fmt: skip


@router.get("/services.{fmt}")
def services(request: Request, fmt: str, jurisdiction_id: str | None = None) -> Response:
    check_format(fmt)
    pack = _pack(jurisdiction_id)
    items = [
        {
            "service_code": code,
            "service_name": name,
            "description": description,
            "metadata": True,
            "type": "realtime",
            "keywords": f"animal, {code.replace('_', ' ')}, {pack.name}",
            "group": "Animal control",
        }
        for code, (name, description) in offered_services().items()
    ]
    return respond(request.url.path, "services", "service", items)


@router.get("/services/{code}.{fmt}")
def service_definition(request: Request, code: str, fmt: str, jurisdiction_id: str | None = None) -> Response:
    check_format(fmt)
    _pack(jurisdiction_id)
    if code not in offered_services():
        raise Open311Error(404, f"no service with code {code}")
    attributes = []
    for order, (name, datatype, required, description, values) in enumerate(
        COMMON_ATTRIBUTES + TYPE_ATTRIBUTES.get(code, []), start=1
    ):
        attribute = {
            "variable": True,
            "code": name,
            "datatype": datatype,
            "required": required,
            "datatype_description": None,
            "order": order,
            "description": description,
        }
        if values:
            attribute["values"] = values
        attributes.append(attribute)
    return respond_one(
        request.url.path, "service_definition", {"service_code": code, "attributes": attributes}
    )


@router.get("/requests.{fmt}")
def list_requests(
    request: Request,
    fmt: str,
    jurisdiction_id: str | None = None,
    service_request_id: str | None = None,
    service_code: str | None = None,
    start_date: str | None = None,
    end_date: str | None = None,
    status: str | None = None,
    api_key: str | None = None,
) -> Response:
    check_format(fmt)
    pack = _pack(jurisdiction_id)
    client = _api_client(request, api_key, pack, required=False)
    codes = _csv(service_code)
    if set(codes) - set(offered_services()):
        raise Open311Error(400, f"service_code must be among {', '.join(offered_services())}")
    wanted_status = _csv(status)
    if set(wanted_status) - {"open", "closed"}:
        raise Open311Error(400, "status must be open or closed")
    statuses = [s for s, open_closed in STATUS.items() if open_closed in wanted_status]
    ids = _csv(service_request_id)
    cases = console_context(request).cases
    if ids:  # the spec: with service_request_id, the other filters are ignored
        found = cases.list_complaints(jurisdiction=pack.code, references=ids, limit=MAX_RESULTS)
    else:
        end = _w3c(end_date, "end_date") if end_date else None
        start = _w3c(start_date, "start_date") if start_date else None
        if start is None and end is None:
            start = console_context(request).clock() - timedelta(days=DEFAULT_WINDOW_DAYS)
        found = cases.list_complaints(
            jurisdiction=pack.code,
            types=codes,
            statuses=statuses,
            received_from=start,
            received_to=end,
            limit=MAX_RESULTS,
        )
    items = [request_json(c, pack, full=client is not None) for c in _typed(found)]
    return respond(request.url.path, "service_requests", "request", items)


def _typed(found: Sequence[ComplaintListing]) -> list[ComplaintListing]:
    """Service requests of an offered service only: a report filed without a type (for the clerk to call the
    resident back) is no service request until the clerk sets its type."""
    return [c for c in found if c.type in offered_services()]


@router.get("/requests/{request_id}.{fmt}")
def get_request(
    request: Request,
    request_id: str,
    fmt: str,
    jurisdiction_id: str | None = None,
    api_key: str | None = None,
) -> Response:
    check_format(fmt)
    pack = _pack(jurisdiction_id)
    client = _api_client(request, api_key, pack, required=False)
    found = console_context(request).cases.list_complaints(
        jurisdiction=pack.code, references=[request_id], limit=1
    )
    found = _typed(found)
    if not found:
        raise Open311Error(404, f"no service request {request_id} in {pack.code}")
    return respond(
        request.url.path, "service_requests", "request", [request_json(found[0], pack, client is not None)]
    )


@router.post("/requests.{fmt}")
async def create_request(request: Request, fmt: str) -> Response:
    check_format(fmt)
    form = await request.form()
    text = {key: value.strip() for key, value in form.items() if isinstance(value, str)}
    pack = _pack(text.get("jurisdiction_id"))
    client = await run_in_threadpool(_api_client, request, text.get("api_key"), pack, True)
    ctx = console_context(request)
    limit = PostLimit(ctx.settings.open311_posts_per_hour, ctx.settings.open311_posts_per_day)
    over = await run_in_threadpool(ctx.accounts.open311_posts.count, client.id, limit)
    if over is not None:
        raise Open311Error(429, f"this api_key has filed as many requests as it may this {over}; try later")
    report = posted_report(text, pack, client, ctx.clock())
    try:
        reference = await run_in_threadpool(ctx.cases.file_complaint, report, by=f"open311:{client.name}")
    except CaseError as error:
        raise Open311Error(400, str(error)) from None
    notice = f"Filed with {pack.office_name} ({national(pack.office_phone)}) as a written complaint."
    return respond(
        request.url.path,
        "service_requests",
        "request",
        [{"service_request_id": reference, "service_notice": notice, "account_id": None}],
    )
