"""The console reads no request body over its limit (hands-on pass): before, an outsider could post a body of
any size to /login, to any console form (the CSRF check parses the form first) or to Open311's POST (parsed
before the api_key is checked); 50 MB took the console 2-3 s each."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.console.limits import MAX_BODY_BYTES

TOO_MUCH = "a=" + "x" * MAX_BODY_BYTES


@pytest.mark.parametrize("path", ["/login", "/complaints/KEL-2026-00001/accept", "/try"])
def test_a_console_post_over_the_limit_is_refused_before_it_is_read(client, path: str) -> None:
    response = client.post(
        path, content=TOO_MUCH, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 413


def test_open311_answers_an_oversized_post_in_its_error_format(client) -> None:
    response = client.post(
        "/open311/v2/requests.json",
        content=TOO_MUCH,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413
    assert response.json() == [{"code": 413, "description": "the request body is too large"}]


def test_a_streamed_body_without_a_length_is_cut_off_at_the_limit(client) -> None:
    def chunks() -> Iterator[bytes]:
        yield b"a="
        for _ in range(MAX_BODY_BYTES // 1024 + 2):
            yield b"x" * 1024

    response = client.post(
        "/login", content=chunks(), headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 413


def test_an_ordinary_form_still_goes_through(client) -> None:
    response = client.post("/login", data={"username": "nobody", "password": "x" * 12})
    assert response.status_code == 403  # reached the CSRF check (no session token): not refused for its size
