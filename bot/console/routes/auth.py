"""Sign-in and sign-out."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from bot.console.pages import Context, back_to, console_router, form_text, render
from bot.console.security import csrf_token, signed_in_user

router = console_router()


def _safe_next(target: str) -> str:
    # only paths on this site: an open redirect would let a link send a clerk elsewhere after sign-in
    return target if target.startswith("/") and not target.startswith("//") else "/queue"


@router.get("/login", response_class=HTMLResponse)
def login_form(request: Request, next: str = "/queue") -> HTMLResponse:
    return render(request, "login.html", next=_safe_next(next))


@router.post("/login")
async def login(request: Request, ctx: Context) -> Response:
    form = await request.form()
    user = ctx.accounts.authenticate(form_text(form, "username"), str(form.get("password", "")))
    if user is None:
        return render(
            request,
            "login.html",
            status_code=401,
            error="Wrong name or password.",
            next=form_text(form, "next"),
        )
    request.session.clear()  # a fresh session (and CSRF token) at each sign-in
    request.session["uid"] = user.id
    csrf_token(request)
    return back_to(_safe_next(form_text(form, "next") or "/queue"))


@router.post("/logout")
def logout(request: Request) -> Response:
    request.session.clear()
    return back_to("/login")


@router.get("/")
def home(request: Request) -> Response:
    return back_to("/queue" if signed_in_user(request) else "/login")
