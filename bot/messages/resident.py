"""The assistant's and the SMS channel's texts to a resident, by key, one wording per language (bot/messages)."""

TEXTS: dict[str, dict[str, str]] = {}
