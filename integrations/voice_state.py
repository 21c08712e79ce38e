"""What the voice channel reads and writes in the conversation (Rasa's tracker store, reached through the
agent in the server's request context): whether a report is in progress, and the conversation's language.

The language is the `language` slot (en/es). After a turn the channel takes it from the assistant's answer
when a response variation was chosen on the slot's condition (Rasa passes the condition through with the
message), else reads the slot from the tracker store: one `retrieve` per turn. A caller's "español" sets
the slot directly, under the conversation's lock.
"""

from __future__ import annotations

from typing import Any

from rasa.shared.core.events import SlotSet

from bot.messages import language_of

LANGUAGE_SLOT = "language"


async def _tracker(agent: Any, conversation: str) -> Any:
    return None if agent is None else await agent.tracker_store.retrieve(conversation)


async def report_in_progress(agent: Any, conversation: str) -> bool:
    tracker = await _tracker(agent, conversation)
    return bool(tracker is not None and tracker.active_loop_name)


def language_told(responses: list[dict[str, Any]]) -> str | None:
    """The language slot's value as the assistant's answer shows it: a response variation chosen on the
    condition `language: es` carries that condition (Rasa passes it through with the message). None when no
    response of the turn was chosen on the language."""
    for message in responses:
        for condition in message.get("condition") or ():
            if condition.get("type") == "slot" and condition.get("name") == LANGUAGE_SLOT:
                return language_of(condition.get("value"))
    return None


async def conversation_language(
    agent: Any, conversation: str, known: str, responses: list[dict[str, Any]] | None = None
) -> str:
    """The conversation's `language` slot after the turn (the assistant sets it from the caller's words; a
    short answer keeps it): as the turn's responses show it, else read from the tracker store; `known` (the
    language the turn began in) without an agent or a tracker."""
    told = language_told(responses or [])
    if told is not None:
        return told
    tracker = await _tracker(agent, conversation)
    value = tracker.get_slot(LANGUAGE_SLOT) if tracker is not None else None
    return language_of(value) if value else known


async def set_conversation_language(agent: Any, conversation: str, language: str) -> None:
    """The caller picked a language ("español"): the assistant answers in it from now on."""
    if agent is None:
        return
    async with agent.lock_store.lock(conversation):
        tracker = await agent.tracker_store.retrieve(conversation)
        if tracker is None:
            return
        tracker.update(SlotSet(LANGUAGE_SLOT, language))
        await agent.tracker_store.save(tracker)
