"""What the phone line tells a caller about adding details: never to text the number, which files a new
complaint (Kellogg 58-16 B(2): "Any written complaint will be considered a first complaint")."""

from __future__ import annotations

import pytest

from bot.jurisdictions import get_pack
from bot.notify.outbox import verbal_complaint_note, voice_confirmation_text

INVITATIONS = ("text this", "text us", "mande un texto", "mandar un mensaje", "send a photo")


@pytest.mark.parametrize("city", ["kellogg", "freeport"])
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_caller_is_never_told_to_text_details(city, language) -> None:
    """The line said "You can also text this same number to add details in writing": that text is filed as a
    new written complaint, so a neighbour's one call became a verbal and a written complaint."""
    pack = get_pack(city)
    said = (
        verbal_complaint_note(pack, language) + " " + voice_confirmation_text(pack, "KEL-1", language)
    ).lower()
    assert not any(words in said for words in INVITATIONS)
    assert ("referen" in said) and ("call" in said or "llame" in said)  # details go to the office instead
