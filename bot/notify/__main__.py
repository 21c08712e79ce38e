"""`python -m bot.notify worker [--once]`: run the outbox worker against the configured database."""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading

from bot.cases.db import make_engine, make_session_factory
from bot.notify.escalation import Escalation
from bot.notify.outbox import OutboxService
from bot.notify.sender import TwilioSender
from bot.notify.worker import OutboxWorker, jittered_backoff
from bot.settings import get_settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.notify", description="Outbound texts.")
    commands = parser.add_subparsers(dest="command", required=True)
    worker_parser = commands.add_parser("worker", help="send queued texts with retries and backoff")
    worker_parser.add_argument("--once", action="store_true", help="one pass (with a sweep), then exit")
    args = parser.parse_args(argv)

    settings = get_settings()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.is_production and not settings.twilio_auth_token:
        print("TWILIO_AUTH_TOKEN is required in production", file=sys.stderr)
        return 2
    session_factory = make_session_factory(make_engine(settings.database_url))
    outbox = OutboxService(
        session_factory,
        backoff=jittered_backoff(
            settings.outbox_backoff_base_seconds,
            settings.outbox_backoff_max_seconds,
            settings.outbox_max_attempts,
        ),
        console_url=settings.console_public_url,  # the sweep's pages link the officer's item page
    )
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    log = logging.getLogger(__name__)
    if not (settings.twilio_account_sid and settings.twilio_auth_token):
        # development without a Twilio account: keep texts queued (nothing is lost) until one is set
        log.warning("Twilio is not configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN): texts stay queued")
        if not args.once:
            stop.wait()
        return 0
    sender = TwilioSender(
        settings.twilio_account_sid, settings.twilio_auth_token, settings.twilio_api_base_url
    )
    # pages not acknowledged go to the backup, and close 58-10 D deadlines page again (bot.notify.escalation)
    escalation = Escalation(session_factory, outbox, console_url=settings.console_public_url)
    worker = OutboxWorker(outbox, sender, poll_seconds=settings.outbox_poll_seconds, escalation=escalation)
    if args.once:
        stats = worker.run_once(sweep=True)
        print(
            f"sent {stats.sent}, retrying {stats.retried}, failed {stats.failed}, suppressed {stats.suppressed}"
        )
        return 0
    log.info("outbox worker polling every %.1fs", settings.outbox_poll_seconds)
    worker.run_forever(stop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
