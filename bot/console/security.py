"""Sign-in state, roles and CSRF for the console's routes.

Every console route depends on `require(...)`: a signed-out visitor is sent to the sign-in page and
a signed-in user without the role gets 403, with nothing of the page. Every router depends on
`verify_csrf`, so no state-changing form is accepted without the session's token.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable

from fastapi import Request

from bot.console.accounts import StaffUser
from bot.console.context import console_context

READ_ROLES = ("clerk", "officer")  # see complaints, subjects, deadlines
CASE_ROLES = ("clerk",)  # review, notices, manual entry, export, try the line
# admin may do everything; `require()` with no roles means admin only


class NotSignedIn(Exception):
    pass


class Forbidden(Exception):
    pass


class CsrfFailed(Exception):
    pass


def csrf_token(request: Request) -> str:
    """The session's CSRF token, created on first use (the sign-in form has one too)."""
    token = request.session.get("csrf")
    if not token:
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


async def verify_csrf(request: Request) -> None:
    """Router dependency: a POST must carry the session's token (form field or X-CSRF-Token header)."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    expected = request.session.get("csrf")
    sent = request.headers.get("x-csrf-token")
    if sent is None:
        form = await request.form()  # Starlette caches it for the route
        value = form.get("csrf_token")
        sent = value if isinstance(value, str) else None
    if not expected or not sent or not hmac.compare_digest(expected, sent):
        raise CsrfFailed()


SESSION_ID = "sid"  # the key of the server-side session's id in the signed cookie (bot.console.sessions)


def signed_in_user(request: Request) -> StaffUser | None:
    """The user of the request's session while that session is open on the server: a copy of the cookie
    stops working at sign-out, at a password change, at deactivation and after CONSOLE_SESSION_HOURS."""
    session_id = request.session.get(SESSION_ID)
    if not isinstance(session_id, str) or not session_id:
        return None
    return console_context(request).accounts.session_user(session_id)


def require(*roles: str) -> Callable[[Request], StaffUser]:
    """A dependency giving the signed-in user if their role is one of `roles` (admin always is)."""

    def dependency(request: Request) -> StaffUser:
        user = signed_in_user(request)
        if user is None:
            raise NotSignedIn()
        if user.role != "admin" and user.role not in roles:
            raise Forbidden()
        request.state.user = user
        return user

    return dependency
