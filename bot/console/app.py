"""The console's application factory: `create_app(settings) -> FastAPI`."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import date, datetime, timezone
from pathlib import Path
from urllib.parse import urlencode

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from bot.cases.db import make_engine, make_session_factory
from bot.cases.models import UNKNOWN_TYPE
from bot.cases.service import CaseService
from bot.console.accounts import AccountService
from bot.console.context import ConsoleContext
from bot.console.devices import KnownDevices
from bot.console.limits import BodyLimit
from bot.console.security import CsrfFailed, Forbidden, NotSignedIn
from bot.console.standing import dollars, long_date
from bot.notify.numbers import national
from bot.notify.outbox import OutboxService
from bot.settings import Settings, get_settings
from bot.vocabulary import REPORT_TYPES

log = logging.getLogger(__name__)
HERE = Path(__file__).resolve().parent
MIN_SECRET_LENGTH = 32
OPEN311_PREFIX = "/open311/v2"


class ConfigurationError(RuntimeError):
    pass


def _session_secret(settings: Settings) -> str:
    if settings.session_secret:
        if settings.is_production and len(settings.session_secret) < MIN_SECRET_LENGTH:
            raise ConfigurationError(f"SESSION_SECRET must be at least {MIN_SECRET_LENGTH} characters")
        return settings.session_secret
    if settings.is_production:
        raise ConfigurationError("SESSION_SECRET is required in production")
    # Development and tests: a secret per process (sign-ins do not survive a restart, which is fine).
    return secrets.token_urlsafe(32)


def public_url(settings: Settings) -> str:
    """The console's public base URL, from settings only (never a request's Host header)."""
    url = settings.console_public_url.strip().rstrip("/")
    if settings.is_production:
        if not url.startswith("https://"):
            raise ConfigurationError("CONSOLE_PUBLIC_URL (https://...) is required in production")
        return url
    return url or f"http://{settings.console_host}:{settings.console_port}"


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


# the clerk's marker of a conversation not held in English; facts are filed in the same fields
LANGUAGE_MARKERS = {"es": "ES · Spanish"}


def language_marker(language: str | None) -> str:
    """'ES · Spanish' for a Spanish conversation; '' for English (the default, unmarked)."""
    return LANGUAGE_MARKERS.get(str(language or ""), "")


def report_type_title(code: str) -> str:
    """A report type as the clerk reads it ("Neglect or cruelty"): its title in bot/vocabulary.py."""
    kind = REPORT_TYPES.get(str(code))
    if code == UNKNOWN_TYPE:
        return "Type not known: call back"
    return kind.title if kind is not None else str(code).replace("_", " ")


def _templates() -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    env = templates.env
    env.filters["dollars"] = dollars
    env.filters["long_date"] = long_date

    def local_time(moment: datetime | None, tz: object = None) -> str:
        if moment is None:
            return ""
        local = moment.astimezone(tz) if tz is not None else moment
        return f"{local:%Y-%m-%d %H:%M %Z}".strip()

    def iso_day(day: date | None) -> str:
        return "" if day is None else day.isoformat()

    env.filters["local_time"] = local_time
    env.filters["iso_day"] = iso_day
    env.filters["words"] = lambda code: str(code).replace("_", " ")
    env.filters["language_marker"] = language_marker
    env.filters["report_type"] = report_type_title
    env.filters["phone"] = national  # +15075550100 -> (507) 555-0100, as a printed notice writes it
    from bot.console.routes.photos import own_photos

    env.filters["own_photos"] = own_photos
    return templates


def create_app(settings: Settings | None = None, *, clock: Callable[[], datetime] | None = None) -> FastAPI:
    """The console and the Open311 API over the case database named by `settings`."""
    settings = settings or get_settings()
    secret = _session_secret(settings)
    public_url(settings)  # refuse to start without it in production
    engine = make_engine(settings.database_url)
    session_factory = make_session_factory(engine)
    clock = clock or _utc_now

    app = FastAPI(title="Animal complaints console", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.console = ConsoleContext(
        settings=settings,
        cases=CaseService(session_factory, clock=clock),
        accounts=AccountService(session_factory, clock=clock, session_hours=settings.console_session_hours),
        outbox=OutboxService(session_factory, clock=clock, console_url=settings.console_public_url),
        clock=clock,
        templates=_templates(),
        known_devices=KnownDevices(secret),
    )
    from bot.cases.weekly import WeeklyReads
    from bot.console.officer_board import OfficerServices

    console = app.state.console
    console.officer = OfficerServices.build(session_factory, console.outbox, settings, clock)
    console.weekly = WeeklyReads(session_factory, clock=clock)
    app.state.try_line_conversations = {}
    app.add_middleware(
        SessionMiddleware,
        secret_key=secret,
        session_cookie="console_session",
        max_age=settings.console_session_hours * 3600,
        same_site="lax",
        https_only=settings.is_production,
    )

    from bot.console import open311
    from bot.console.routes import routers

    _add_security_headers(app)
    _add_error_handlers(app)
    app.add_middleware(BodyLimit)  # outermost: no route, nor the CSRF check, reads a body over the limit

    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    for router in routers():
        app.include_router(router)
    app.include_router(open311.router, prefix=OPEN311_PREFIX)

    @app.on_event("shutdown")
    def dispose_engine() -> None:
        engine.dispose()

    return app


def _add_security_headers(app: FastAPI) -> None:
    """Headers on every answer; the console's pages also get CSP, framing and no caching."""

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable) -> Response:
        response = await call_next(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        if not request.url.path.startswith(OPEN311_PREFIX):
            response.headers.setdefault("X-Frame-Options", "DENY")
            response.headers.setdefault("Referrer-Policy", "same-origin")
            # photos are our own copies (/photos/<token>): no image from another site, not even a pixel
            response.headers.setdefault(
                "Content-Security-Policy",
                "default-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
            )
            if not request.url.path.startswith("/static"):
                response.headers.setdefault("Cache-Control", "no-store")  # pages carry residents' data
        return response


def _add_error_handlers(app: FastAPI) -> None:
    """Signed-out, forbidden, CSRF and HTTP errors: Open311's in its spec format, the console's as pages."""
    from bot.console import open311

    @app.exception_handler(NotSignedIn)
    async def not_signed_in(request: Request, exc: NotSignedIn) -> Response:
        if request.method == "GET":  # back to the page asked for, its query included, after signing in
            wanted = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            return RedirectResponse(f"/login?{urlencode({'next': wanted})}", status_code=303)
        return PlainTextResponse("Sign in first.", status_code=401)

    @app.exception_handler(Forbidden)
    async def forbidden(request: Request, exc: Forbidden) -> Response:
        return PlainTextResponse("Your role does not allow this.", status_code=403)

    @app.exception_handler(open311.Open311Error)
    async def open311_error(request: Request, exc: open311.Open311Error) -> Response:
        return open311.error_response(exc.code, exc.description, request.url.path)

    @app.exception_handler(CsrfFailed)
    async def csrf_failed(request: Request, exc: CsrfFailed) -> Response:
        return PlainTextResponse(
            "The form had expired or did not come from this console. Go back, reload and try again.",
            status_code=403,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith(OPEN311_PREFIX):
            return open311.error_response(exc.status_code, str(exc.detail), request.url.path)
        return HTMLResponse(
            f"<!doctype html><title>{exc.status_code}</title><p>{exc.status_code}: page not found or not allowed."
            ' <a href="/queue">Back to the queue</a>',
            status_code=exc.status_code,
        )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> Response:
        if request.url.path.startswith(OPEN311_PREFIX):
            fields = ", ".join(str(e["loc"][-1]) for e in exc.errors())
            return open311.error_response(400, f"invalid parameter: {fields}", request.url.path)
        return PlainTextResponse("That request had a field missing or malformed.", status_code=400)
