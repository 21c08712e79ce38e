"""Try the line: a clerk texts the assistant as a resident would (off in production)."""

from __future__ import annotations

from fastapi import Request
from fastapi.responses import HTMLResponse, Response

from bot.console import try_line as line
from bot.console.pages import Clerk, Context, back_to, console_router, flash, form_text, render

router = console_router(prefix="/try")


@router.get("", response_class=HTMLResponse)
def try_the_line(request: Request, ctx: Context, user: Clerk) -> HTMLResponse:
    conversation = line.conversation(request)
    filed = []
    if conversation.get("from") and conversation.get("to"):
        pack = line.pack_for(conversation["to"])
        if pack is not None and user.may_see(pack.code):
            filed = ctx.cases.complaints_for_contact(pack.code, conversation["from"], limit=5)
    return render(
        request,
        "try.html",
        conversation=conversation,
        filed=filed,
        enabled=line.enabled(ctx.settings),
        webhook_url=line.webhook_url(ctx.settings),
        default_from=line.DEFAULT_FROM,
    )


@router.post("")
async def try_send(request: Request, ctx: Context, user: Clerk) -> Response:
    if not line.enabled(ctx.settings):
        flash(request, "Try the line is off in production: it would file real complaints.", "error")
        return back_to("/try")
    form = await request.form()
    conversation = line.conversation(request)
    if form.get("restart") == "1":
        conversation.clear()
        return back_to("/try")
    try:
        sender = line.e164(form_text(form, "from") or line.DEFAULT_FROM)
    except ValueError as error:
        flash(request, str(error), "error")
        return back_to("/try")
    if not line.fictional(sender):
        flash(request, "Use a made-up number from 555-0100 to 555-0199 (like 507-555-0123): "
                       "Try the line never texts as a real resident.", "error")  # fmt: skip
        return back_to("/try")
    to = form_text(form, "to")
    pack = line.pack_for(to)
    if pack is None or not user.may_see(pack.code):
        flash(request, "Choose one of your cities' numbers.", "error")
        return back_to("/try")
    if conversation.get("from") != sender or conversation.get("to") != to:
        conversation.clear()
        conversation.update({"from": sender, "to": to, "turns": []})
    media = [u for u in form_text(form, "media_url").split() if u.startswith(("http://", "https://"))]
    body = form_text(form, "body")
    try:
        replies = await line.send(ctx.settings, sender, to, body, media)
    except line.LineError as error:
        flash(request, str(error), "error")
        return back_to("/try")
    conversation["turns"] = (conversation.get("turns", []) + [{"who": "resident", "text": body}] +
                             [{"who": "line", "text": r} for r in replies])[-40:]  # fmt: skip
    return back_to("/try")
