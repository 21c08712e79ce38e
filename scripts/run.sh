#!/usr/bin/env bash
# Start the action server, the Rasa server and the outbox worker; Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."
# make run is development: the code default is production (fails closed), so say so explicitly
export ENVIRONMENT=development
RASA_PORT="${RASA_PORT:-5005}"
ACTIONS_PORT="${ACTIONS_PORT:-5055}"
mkdir -p var/log

pids=()
stop() { trap - INT TERM EXIT; kill "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; echo; echo "stopped"; }
trap stop INT TERM EXIT

.venv/bin/rasa run actions --actions actions --port "$ACTIONS_PORT" >var/log/actions.log 2>&1 &
pids+=($!)
.venv/bin/rasa run --model models/intake.tar.gz --port "$RASA_PORT" --enable-api \
  --endpoints endpoints.yml --credentials credentials.yml >var/log/rasa.log 2>&1 &
pids+=($!)
# the outbox worker: confirmation texts and pages to the officer on call, with retries (bot.notify)
.venv/bin/python -m bot.notify worker >var/log/outbox.log 2>&1 &
pids+=($!)
# the clerk console and Open311 API (bot.console); first say how to sign in (dev: a one-time admin password)
CONSOLE_PORT="${CONSOLE_PORT:-8000}"
export CONSOLE_PORT
sign_in=$(.venv/bin/python -m bot.console first-run)
.venv/bin/python -m bot.console >var/log/console.log 2>&1 &
pids+=($!)

echo "starting: action server on :$ACTIONS_PORT, Rasa server on :$RASA_PORT, outbox worker, console on :$CONSOLE_PORT (logs in var/log/)"
for _ in $(seq 1 180); do
  if curl -fsS "http://localhost:$RASA_PORT/status" >/dev/null 2>&1; then break; fi
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || { echo "a process exited; see var/log/"; exit 1; }; done
  sleep 1
done
cat <<MSG

Ready.
  Rasa server (REST channel)  http://localhost:$RASA_PORT/webhooks/rest/webhook
  Action server               http://localhost:$ACTIONS_PORT/webhook
  Twilio SMS webhook          http://localhost:$RASA_PORT/webhooks/sms/webhook   (signed; PUBLIC_BASE_URL)
  Twilio voice webhook        http://localhost:$RASA_PORT/webhooks/voice/webhook
  Outbox worker               sends queued texts via ${TWILIO_API_BASE_URL:-the Twilio REST API} (var/log/outbox.log)
  Case database               ${DATABASE_URL:-sqlite:///var/cases.db}
  Clerk console               http://localhost:$CONSOLE_PORT/   (Try the line: /try)
  Open311 GeoReport v2        http://localhost:$CONSOLE_PORT/open311/v2/services.json?jurisdiction_id=kellogg

$sign_in

Talk to the assistant from another terminal:
  .venv/bin/python scripts/talk.py                 (Kellogg; --jurisdiction freeport for Freeport)
or with curl:
  curl -s localhost:$RASA_PORT/webhooks/rest/webhook -d '{"sender":"me","message":"dog barking at 412 oak st"}'

Ctrl-C stops everything.
MSG
wait -n "${pids[@]}"
echo "a process exited; see var/log/"
