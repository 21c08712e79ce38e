"""Sign-in and sign-out. Sign-in is throttled (`bot.console.throttle`) and hashes off the event loop."""

from __future__ import annotations

import math
from functools import partial

import anyio.to_thread
from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from bot.console.devices import KnownDevices
from bot.console.pages import Context, back_to, console_router, form_text, render
from bot.console.security import SESSION_ID, csrf_token, signed_in_user

router = console_router()
# Sign-ins hash on threads of their own, at most this many at once: a flood of guesses queues here
# instead of taking the shared thread pool every synchronous route (Open311, pages) runs on.
SIGN_IN_THREADS = 2


def _sign_in_limiter(request: Request) -> anyio.CapacityLimiter:
    limiter = getattr(request.app.state, "sign_in_limiter", None)
    if limiter is None:  # made on first use, inside the running event loop
        limiter = request.app.state.sign_in_limiter = anyio.CapacityLimiter(SIGN_IN_THREADS)
    return limiter


def _safe_next(target: str) -> str:
    # only paths on this site: an open redirect would let a link send a clerk elsewhere after sign-in
    return target if target.startswith("/") and not target.startswith("//") else "/queue"


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, next: str = "/queue") -> HTMLResponse:
    return render(request, "login.html", next=_safe_next(next))


@router.post("/login")
async def login(request: Request, ctx: Context) -> Response:
    form = await request.form()
    username = form_text(form, "username")
    cookie = request.cookies.get(KnownDevices.COOKIE)
    device = cookie if cookie and ctx.known_devices.knows(cookie, username) else None
    # the connection's address, or X-Forwarded-For from CONSOLE_TRUSTED_PROXIES only (uvicorn, bot.console)
    client = request.client.host if request.client else None
    # scrypt and the throttle's queries block: a thread, so other requests (Open311) are not held up
    sign_in = partial(
        ctx.accounts.sign_in, username, str(form.get("password", "")), client=client, device=device
    )
    result = await anyio.to_thread.run_sync(sign_in, limiter=_sign_in_limiter(request))
    if result.user is None:
        wait = math.ceil(result.retry_after.total_seconds())
        response = render(
            request,
            "login.html",
            status_code=429 if wait else 401,
            error=f"Too many attempts: wait {wait} s and try again." if wait else "Wrong name or password.",
            next=form_text(form, "next"),
        )
        if wait:
            response.headers["Retry-After"] = str(wait)
        return response
    request.session.clear()  # a fresh session (and CSRF token) at each sign-in
    request.session[SESSION_ID] = await anyio.to_thread.run_sync(ctx.accounts.sessions.start, result.user.id)
    csrf_token(request)
    response = back_to(_safe_next(form_text(form, "next") or "/queue"))
    response.set_cookie(
        KnownDevices.COOKIE,
        ctx.known_devices.issue(result.user.username),
        max_age=KnownDevices.MAX_AGE_S,
        httponly=True,
        samesite="lax",
        secure=ctx.settings.is_production,
    )
    return response


@router.post("/logout")
def logout(request: Request, ctx: Context) -> Response:
    session_id = request.session.get(SESSION_ID)
    if isinstance(session_id, str) and session_id:
        ctx.accounts.sessions.end(session_id)  # every copy of this cookie stops working, not only this one
    request.session.clear()  # the known-device cookie stays: it grants nothing but a shorter wait
    return back_to("/login")


@router.get("/")
def home(request: Request) -> Response:
    return back_to("/queue" if signed_in_user(request) else "/login")
