"""Known devices: a browser that has signed in to an account before (see `bot.console.throttle`)."""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer


class KnownDevices:
    """The signed "known device" cookie a browser gets when it signs in: it names the account, so that
    browser's later attempts at that account skip the account's throttle (see `bot.console.throttle`)."""

    COOKIE = "console_device"
    MAX_AGE_S = 90 * 24 * 3600

    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeTimedSerializer(secret, salt="console-known-device")

    def issue(self, username: str) -> str:
        return self._serializer.dumps(username.strip().lower())

    def knows(self, cookie: str | None, username: str) -> bool:
        """True if `cookie` is ours, unexpired and names `username`."""
        if not cookie:
            return False
        try:
            named = self._serializer.loads(cookie, max_age=self.MAX_AGE_S)
        except BadSignature:
            return False
        return isinstance(named, str) and named == username.strip().lower()
