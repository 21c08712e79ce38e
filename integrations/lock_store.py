"""A Redis lock store whose every change to a conversation's lock is one atomic step.

Rasa 3.6's `RedisLockStore` changes a lock by GET, change in Python, SET (`issue_ticket`,
`finish_serving`, `update_lock`, and `cleanup`'s check-then-delete). Two replicas that handle messages
of one conversation at the same moment can both read the same lock; then one ticket is lost or issued
twice, and two messages of one resident are processed at once (tests/cluster/test_ordering.py shows it).

Here each change is a Lua script, which Redis runs alone:
- ticket numbers come from a per-conversation counter (INCR), so a number is never issued twice, even
  after the lock was deleted and created again;
- issuing drops expired tickets and appends the new one in the same step;
- finishing removes the ticket and deletes the lock when no one waits, in the same step.
Locks keep Rasa's JSON layout, so `get_lock` and the waiting loop are Rasa's own. Waiters look again
every `WAIT_S` (Rasa's default is a whole second).

endpoints.yml:
    lock_store:
      type: integrations.lock_store.AtomicRedisLockStore
      url: <host>
      port: 6379
      db: 1
"""

from __future__ import annotations

import logging
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
from typing import Any

from rasa.core.lock import TicketLock
from rasa.core.lock_store import LOCK_LIFETIME, LockError, RedisLockStore
from rasa.utils.endpoints import EndpointConfig

log = logging.getLogger(__name__)

WAIT_S = 0.05  # how often a waiting message looks at the lock again
COUNTER_TTL_S = 86_400  # a conversation's ticket counter outlives any lock by far

# KEYS: lock, counter. ARGV: conversation id, lifetime (s). Returns the new ticket's number.
_ISSUE = """
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) + tonumber(now_parts[2]) / 1000000
local kept = {}
local raw = redis.call('GET', KEYS[1])
if raw then
  for _, t in ipairs(cjson.decode(raw)['tickets'] or {}) do
    if cjson.decode(t)['expires'] >= now then kept[#kept + 1] = t end
  end
end
local number = redis.call('INCR', KEYS[2]) - 1
redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
kept[#kept + 1] = string.format('{"number": %d, "expires": %.6f}', number, now + tonumber(ARGV[2]))
redis.call('SET', KEYS[1], cjson.encode({conversation_id = ARGV[1], tickets = kept}))
return number
"""

# KEYS: lock. ARGV: the ticket to remove (-1: none). Drops expired tickets too; deletes an empty lock.
# Returns how many tickets remain.
_PRUNE = """
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local now_parts = redis.call('TIME')
local now = tonumber(now_parts[1]) + tonumber(now_parts[2]) / 1000000
local lock = cjson.decode(raw)
local kept = {}
for _, t in ipairs(lock['tickets'] or {}) do
  local ticket = cjson.decode(t)
  if ticket['number'] ~= tonumber(ARGV[1]) and ticket['expires'] >= now then kept[#kept + 1] = t end
end
if #kept == 0 then
  redis.call('DEL', KEYS[1])
else
  lock['tickets'] = kept
  redis.call('SET', KEYS[1], cjson.encode(lock))
end
return #kept
"""


def _redis_options(config: EndpointConfig | None) -> dict[str, Any]:
    """RedisLockStore's keyword arguments from an endpoints.yml entry (`url` is the host)."""
    if config is None:
        return {}
    options = {key: value for key, value in config.kwargs.items() if key != "type"}
    if config.url:
        options["host"] = config.url
    return options


class AtomicRedisLockStore(RedisLockStore):
    """Rasa's Redis lock store with atomic ticket changes (see the module's docstring)."""

    def __init__(self, endpoint_config: EndpointConfig | None = None, **options: Any) -> None:
        super().__init__(**{**_redis_options(endpoint_config), **options})
        self._issue = self.red.register_script(_ISSUE)
        self._prune = self.red.register_script(_PRUNE)

    def _counter_key(self, conversation_id: str) -> str:
        return self.key_prefix + "counter:" + conversation_id

    def issue_ticket(self, conversation_id: str, lock_lifetime: float = LOCK_LIFETIME) -> int:
        try:
            keys = [self.key_prefix + conversation_id, self._counter_key(conversation_id)]
            return int(self._issue(keys=keys, args=[conversation_id, lock_lifetime, COUNTER_TTL_S]))
        except Exception as error:
            raise LockError(f"Error while acquiring lock. Error:\n{error}") from error

    def finish_serving(self, conversation_id: str, ticket_number: int) -> None:
        self._prune(keys=[self.key_prefix + conversation_id], args=[ticket_number])

    def update_lock(self, conversation_id: str) -> None:
        self._prune(keys=[self.key_prefix + conversation_id], args=[-1])

    def cleanup(self, conversation_id: str, ticket_number: int) -> None:
        """Removes the ticket, and the lock with it when no one waits, in one step."""
        self.finish_serving(conversation_id, ticket_number)

    def save_lock(self, lock: TicketLock) -> None:
        raise NotImplementedError("every change is atomic here; a whole-lock SET would undo that")

    @asynccontextmanager
    async def lock(
        self,
        conversation_id: str,
        lock_lifetime: float = LOCK_LIFETIME,
        wait_time_in_seconds: float = WAIT_S,
    ) -> AsyncGenerator[TicketLock, None]:
        async with super().lock(
            conversation_id, lock_lifetime, min(wait_time_in_seconds, WAIT_S)
        ) as ticket_lock:
            yield ticket_lock
