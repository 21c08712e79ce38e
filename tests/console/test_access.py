"""Who gets what: a signed-out visitor and a user without the role get nothing; every form needs its CSRF token."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.console.app import ConfigurationError, create_app
from bot.settings import Settings
from tests.console.conftest import PASSWORD, csrf_from, sign_in

SECRET_WORDS = "the brown dog at the Hendersons never stops"


@pytest.fixture
def filed(cases, make_report) -> str:
    reference = cases.file_complaint(make_report(transcript=SECRET_WORDS))
    cases.accept(reference, by="setup")
    return reference


def read_pages(reference: str, subject_id: int) -> list[str]:
    return [
        "/queue?status=",
        f"/complaints/{reference}",
        f"/subjects/{subject_id}",
        "/subjects?jurisdiction=kellogg&address=412",
        "/deadlines",
    ]


CLERK_PAGES = [
    "/complaints/new",
    "/try",
    "/export/complaints.csv",
    "/notices/preview?complaint={ref}&kind=letter",
]
CLERK_POSTS = ["/complaints/{ref}/accept", "/complaints/{ref}/reject", "/complaints", "/notices", "/try"]
ADMIN_PAGES = ["/admin"]
ADMIN_POSTS = ["/admin/users", "/admin/api-keys"]


def test_signed_out_visitor_is_sent_to_sign_in_and_sees_nothing(client, cases, filed) -> None:
    subject_id = cases.get_complaint(filed).subject_id
    pages = read_pages(filed, subject_id) + [p.format(ref=filed) for p in CLERK_PAGES + ADMIN_PAGES]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 303, page
        assert response.headers["location"].startswith("/login"), page
        assert filed not in response.text and SECRET_WORDS not in response.text
    for path in [p.format(ref=filed) for p in CLERK_POSTS + ADMIN_POSTS]:
        response = client.post(path, data={"csrf_token": csrf_from(client), "reason": "x"})
        assert response.status_code == 401, path
    assert cases.get_complaint(filed).status == "accepted"


def test_officer_reads_but_cannot_change_export_or_administer(signed_in, cases, filed) -> None:
    client = signed_in("officer")
    assert SECRET_WORDS in client.get(f"/complaints/{filed}").text
    token = csrf_from(client, "/queue")
    for page in [p.format(ref=filed) for p in CLERK_PAGES + ADMIN_PAGES]:
        response = client.get(page)
        assert response.status_code == 403, page
        assert SECRET_WORDS not in response.text and "Oak" not in response.text
    for path in [p.format(ref=filed) for p in CLERK_POSTS + ADMIN_POSTS]:
        assert client.post(path, data={"csrf_token": token, "reason": "no"}).status_code == 403, path
    assert cases.get_complaint(filed).status == "accepted"


def test_clerk_cannot_administer_accounts(signed_in, accounts) -> None:
    client = signed_in("clerk")
    token = csrf_from(client, "/queue")
    assert client.get("/admin").status_code == 403
    response = client.post(
        "/admin/users",
        data={"csrf_token": token, "username": "mallory", "password": PASSWORD, "role": "admin"},
    )
    assert response.status_code == 403
    assert "mallory" not in [user.username for user, _active in accounts.list_users()]


def test_admin_creates_a_user_who_can_then_sign_in(signed_in, accounts, client) -> None:
    admin = signed_in("admin")
    token = csrf_from(admin, "/admin")
    response = admin.post(
        "/admin/users",
        data={"csrf_token": token, "username": "dana", "password": PASSWORD, "role": "officer"},
    )
    assert response.status_code == 303
    assert accounts.authenticate("dana", PASSWORD).role == "officer"


def test_state_changing_forms_need_the_session_csrf_token(signed_in, cases, filed) -> None:
    client = signed_in("clerk")
    assert client.post(f"/complaints/{filed}/reject", data={"reason": "spam"}).status_code == 403
    forged = client.post(f"/complaints/{filed}/reject", data={"reason": "spam", "csrf_token": "forged"})
    assert forged.status_code == 403
    assert cases.get_complaint(filed).status == "accepted"
    good = client.post(
        f"/complaints/{filed}/reject", data={"reason": "spam", "csrf_token": csrf_from(client, "/queue")}
    )
    assert good.status_code == 303
    assert cases.get_complaint(filed).status == "rejected"


def test_sign_in_starts_a_new_session_and_a_wrong_password_gets_nothing(client, staff) -> None:
    before = csrf_from(client)
    wrong = client.post(
        "/login", data={"username": "clerk", "password": "not it at all", "csrf_token": before}
    )
    assert wrong.status_code == 401
    assert client.get("/queue").status_code == 303
    sign_in(client, "clerk")
    assert csrf_from(client, "/queue") != before  # no session fixation: a new token after sign-in
    assert client.get("/queue").status_code == 200


def test_sign_in_only_redirects_within_the_site(client, staff) -> None:
    token = csrf_from(client)
    response = client.post(
        "/login",
        data={"username": "clerk", "password": PASSWORD, "csrf_token": token, "next": "//evil.example/x"},
    )
    assert response.headers["location"] == "/queue"


def test_sign_out_ends_the_session(signed_in) -> None:
    client = signed_in("clerk")
    assert client.post("/logout", data={"csrf_token": csrf_from(client, "/queue")}).status_code == 303
    assert client.get("/queue").status_code == 303


def test_a_deactivated_user_loses_access_at_once(signed_in, accounts) -> None:
    client = signed_in("clerk")
    clerk = next(user for user, _active in accounts.list_users() if user.username == "clerk")
    accounts.set_active(clerk.id, False)
    assert client.get("/queue").status_code == 303


def test_pages_carry_security_headers_and_are_not_cached(signed_in) -> None:
    response = signed_in("clerk").get("/queue")
    assert response.headers["x-frame-options"] == "DENY"
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "no-store"


def test_production_refuses_to_start_without_a_strong_session_secret(settings) -> None:
    with pytest.raises(ConfigurationError):
        create_app(Settings(**{**settings.dict(), "environment": "production", "session_secret": ""}))
    with pytest.raises(ConfigurationError):
        create_app(Settings(**{**settings.dict(), "environment": "production", "session_secret": "short"}))
    create_app(Settings(**{**settings.dict(), "environment": "production", "session_secret": "s" * 40}))


def test_production_refuses_to_start_without_an_https_public_url(settings) -> None:
    """Open311 discovery is built from CONSOLE_PUBLIC_URL, never the Host header."""
    production = {**settings.dict(), "environment": "production", "session_secret": "s" * 40}
    for url in ("", "http://console.example"):
        with pytest.raises(ConfigurationError, match="CONSOLE_PUBLIC_URL"):
            create_app(Settings(**{**production, "console_public_url": url}))


def test_development_generates_a_session_secret_per_process(settings) -> None:
    create_app(Settings(**{**settings.dict(), "environment": "development", "session_secret": ""}))


# ---- sessions end on the server (issue 35 item 3) -----------------------------------------------------


def _copy_of(client, app):
    """Another browser holding a copy of `client`'s console_session cookie (a stolen or leaked one)."""
    from fastapi.testclient import TestClient

    thief = TestClient(app, follow_redirects=False)
    thief.cookies.set("console_session", client.cookies.get("console_session"))
    return thief


def test_a_copied_session_cookie_stops_working_at_sign_out(app, client, staff, cases, make_report) -> None:
    """Before: a copy of `console_session` taken before `POST /logout` still worked, and accepted a complaint
    (which texted the resident)."""
    reference = cases.file_complaint(make_report())
    sign_in(client, "clerk")
    with _copy_of(client, app) as thief:
        assert thief.get("/queue").status_code == 200
        token = csrf_from(thief, f"/complaints/{reference}")
        client.post("/logout", data={"csrf_token": csrf_from(client, "/queue")})
        assert thief.get("/queue").status_code == 303  # to the sign-in page
        accepted = thief.post(f"/complaints/{reference}/accept", data={"csrf_token": token})
        assert accepted.status_code == 401
    assert cases.get_complaint(reference).status == "new"


def test_sign_out_ends_that_session_only(app, staff) -> None:
    from fastapi.testclient import TestClient

    with TestClient(app, follow_redirects=False) as desk, TestClient(app, follow_redirects=False) as laptop:
        sign_in(desk, "clerk")
        sign_in(laptop, "clerk")
        desk.post("/logout", data={"csrf_token": csrf_from(desk, "/queue")})
        assert desk.get("/queue").status_code == 303
        assert laptop.get("/queue").status_code == 200


def test_a_password_change_ends_every_session_of_the_account(app, client, staff, accounts) -> None:
    sign_in(client, "clerk")
    with _copy_of(client, app) as thief:
        assert thief.get("/queue").status_code == 200
        accounts.set_password(
            "clerk", "a brand new password"
        )  # what `python -m bot.console set-password` runs
        assert thief.get("/queue").status_code == 303
        assert client.get("/queue").status_code == 303
    sign_in(client, "clerk", "a brand new password")
    assert client.get("/queue").status_code == 200


def test_deactivation_ends_every_session_and_a_session_expires_on_the_server(
    app, client, staff, accounts
) -> None:
    sign_in(client, "officer")
    officer = next(user for user, _ in accounts.list_users() if user.username == "officer")
    accounts.set_active(officer.id, False)
    accounts.set_active(officer.id, True)  # reactivated: the old session stays ended
    assert client.get("/queue").status_code == 303
    sign_in(client, "officer")
    started = accounts.sessions.clock()
    accounts.sessions.clock = lambda: started + accounts.sessions.lifetime + timedelta(seconds=1)
    assert client.get("/queue").status_code == 303  # ended on the server, whatever the cookie says
