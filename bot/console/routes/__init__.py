"""The console's routers, one per page group; `app.create_app` includes each of `ROUTERS`."""

from __future__ import annotations

from fastapi import APIRouter


def routers() -> list[APIRouter]:
    """Every console router (imported here, not at package import, so `bot.console.app` stays light)."""
    from bot.console.routes import (
        admin,
        auth,
        complaints,
        dashboard,
        deadlines,
        export,
        households,
        notices,
        officer,
        photos,
        queue,
        review,
        subjects,
        try_line,
    )

    return [
        auth.router,
        queue.router,
        complaints.router,
        review.router,
        households.router,
        subjects.router,
        notices.router,
        deadlines.router,
        export.router,
        try_line.router,
        admin.router,
        officer.router,  # the officer on call's page, made for a phone
        dashboard.router,  # the clerk's week in pictures
        photos.router,  # residents' photos, signed-in staff only (bot.notify.photos)
    ]
