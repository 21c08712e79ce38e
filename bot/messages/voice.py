"""What the phone line says, by key, one wording per language (bot/messages)."""

TEXTS: dict[str, dict[str, str]] = {}
