"""The outbox's status texts to a resident, by key, one wording per language (bot/messages).

Texts, not speech: each is one SMS (the outbox caps a body at 320 characters, two long segments; Spanish runs
about a fifth longer, so the Spanish wordings are kept short). The officer's page is not here: it stays
English (bot.notify.pages.page_text).
"""

TEXTS: dict[str, dict[str, str]] = {
    "status_text": {
        "en": "{city} animal line: your report {reference} is {status}.",
        "es": "Línea de animales de {city}: su reporte {reference} {status}.",
    },
    # the status words, filled into status_text
    "status_new": {
        "en": "received and waiting for the clerk's review",
        "es": "se recibió y espera la revisión de la oficina municipal",
    },
    "status_accepted": {
        "en": "accepted by the clerk",
        "es": "fue aceptado por la oficina municipal",
    },
    "status_rejected": {
        "en": "closed by the clerk",
        "es": "fue cerrado por la oficina municipal",
    },
    "status_duplicate": {
        "en": "merged with an earlier report",
        "es": "se juntó con un reporte anterior sobre lo mismo",
    },
    "status_other": {
        "en": "{status}",
        "es": "tiene el estado «{status}»",
    },
    # a caller hears the reference once; this text keeps it ({note}: the city's pack, phone_line)
    "voice_confirmation": {
        "en": "{city} animal line: your phone report {reference} was received. {note}",
        "es": "Línea de animales de {city}: recibimos su reporte por teléfono {reference}. {note}",
    },
}
