"""The resident's texts when the officer moves on their report (on the way, on scene, done), one wording per
language (bot/messages). Sent only where the resident agreed to updates (bot.notify.dispatch_rules); the
officer's note is never in them."""

TEXTS: dict[str, dict[str, str]] = {
    "dispatch_on_the_way": {
        "en": "{city} animal line: the officer is on the way about your report {reference}.",
        "es": "Línea de animales de {city}: el oficial va en camino por su reporte {reference}.",
    },
    "dispatch_on_scene": {
        "en": "{city} animal line: the officer has arrived about your report {reference}.",
        "es": "Línea de animales de {city}: el oficial ya llegó por su reporte {reference}.",
    },
    "dispatch_done": {
        "en": "{city} animal line: the officer has finished with your report {reference}: {outcome}.",
        "es": "Línea de animales de {city}: el oficial terminó con su reporte {reference}: {outcome}.",
    },
    # the outcome words, filled into dispatch_done
    "outcome_owner_advised": {"en": "the owner was advised", "es": "se le avisó al dueño"},
    "outcome_warning_given": {"en": "a warning was given", "es": "se dio una advertencia"},
    "outcome_impounded": {"en": "the animal was impounded", "es": "el animal fue recogido"},
    "outcome_not_found": {"en": "the animal was not found", "es": "no se encontró al animal"},
    "outcome_referred": {"en": "it was referred to another agency", "es": "se pasó a otra agencia"},
}
