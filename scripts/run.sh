#!/usr/bin/env bash
# Start the action server, the Rasa server, the outbox worker and the console under deploy/supervise.py,
# which restarts a process that exits (with backoff, logged) while the others keep serving.
# Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."
# make run is development: the code default is production (fails closed), so say so explicitly
export ENVIRONMENT=development
RASA_PORT="${RASA_PORT:-5005}"
ACTIONS_PORT="${ACTIONS_PORT:-5055}"
CONSOLE_PORT="${CONSOLE_PORT:-8000}"
export RASA_PORT ACTIONS_PORT CONSOLE_PORT
mkdir -p var/log var/run
# the action server's token and the Twilio auth token: from the settings, else fresh for this run, so that
# no other user or process on this machine can call the action server or post an unsigned text (fails closed)
secrets_env=$(.venv/bin/python scripts/dev_secrets.py)
eval "$secrets_env"

# first say how to sign in to the console (dev: a one-time admin password)
sign_in=$(.venv/bin/python -m bot.console first-run)

.venv/bin/python deploy/supervise.py deploy/Procfile.run --log-dir var/log --run-dir var/run &
supervisor=$!
stop() { trap - INT TERM EXIT; kill -TERM "$supervisor" 2>/dev/null || true; wait "$supervisor" 2>/dev/null || true; echo; echo "stopped"; }
trap stop INT TERM EXIT

echo "starting: action server on :$ACTIONS_PORT, Rasa server on :$RASA_PORT, outbox worker, console on :$CONSOLE_PORT (logs in var/log/)"
for _ in $(seq 1 300); do
  if curl -fsS "http://localhost:$RASA_PORT/" >/dev/null 2>&1; then break; fi
  kill -0 "$supervisor" 2>/dev/null || { echo "the supervisor exited; see var/log/supervise.log"; exit 1; }
  sleep 1
done
cat <<MSG

Ready.
  Rasa server (REST channel)  http://localhost:$RASA_PORT/webhooks/rest/webhook
  Action server               http://localhost:$ACTIONS_PORT/webhook
  Twilio SMS webhook          http://localhost:$RASA_PORT/webhooks/sms/webhook   (signed with TWILIO_AUTH_TOKEN over PUBLIC_BASE_URL;
                              blank in .env: a token made for this run, so sign test texts through Try the line)
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

A process that exits is restarted (var/log/supervise.log); Ctrl-C stops everything.
MSG
wait "$supervisor"
