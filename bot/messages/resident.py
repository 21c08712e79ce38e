"""The assistant's and the SMS channel's texts to a resident, by key, one wording per language (bot/messages).

Spanish is written for a native reader (Mexican and Central American Spanish as spoken in Minnesota, "usted",
plain words), with its accents: the phone line reads these texts aloud, and the accents place the stress.
The SMS channel folds the vowels GSM-7 lacks to plain letters before sending (bot/notify/segments.py,
`fold_for_sms`), so a Spanish text costs no more segments than its English one.
The questions and read-back labels of a report are in bot/vocabulary.py (one vocabulary, both languages).
"""

from __future__ import annotations

import re

TEXTS: dict[str, dict[str, str]] = {
    # --- the read-back and the questions around it (actions/confirmation.py, actions/asking.py) -------------
    "readback.head": {"en": "{title}: {animal} at {location}", "es": "{title}: {animal} en {location}"},
    "readback.name": {"en": "name: {name}", "es": "nombre: {name}"},
    "readback.anonymous": {"en": "anonymous", "es": "anónimo"},
    # after the name question: what the city's reading `anonymous` does with a report without a name
    "anonymous.count": {
        "en": "An anonymous report counts the same as one with a name.",
        "es": "Un reporte anónimo cuenta igual que uno con nombre.",
    },
    "anonymous.exclude": {
        "en": "An anonymous report is recorded, but this city does not count it toward action.",
        "es": "Un reporte anónimo queda registrado, pero esta ciudad no lo cuenta para actuar.",
    },
    "readback.animal": {"en": "animal", "es": "animal"},
    "readback.prompt": {
        "en": "Reply YES to send it, or tell me what to change.",
        "es": "Responda SÍ para enviarlo, o dígame qué cambiar.",
    },
    # the read-back of a report still without a name asks for it: a name sent to it is the YES
    "readback.prompt_name": {
        "en": "To send it, reply with your name (kept private), or SKIP to send it without one. Or tell me what "
        "to change.",
        "es": "Para enviarlo, responda con su nombre (queda privado), o ANONIMO para enviarlo sin nombre. O "
        "dígame qué cambiar.",
    },
    # a part asked again alone (bot.vocabulary.Detail.reasks), and a report filed without its place
    "ask.again": {"en": "Just that part, please: {question}?", "es": "Solo eso, por favor: ¿{question}?"},
    "followup.place": {"en": "not given (the clerk will call you back)", "es": "no se dio (la oficina le llamará)"},
    "followup.noted": {
        "en": "I couldn't get the place, so I'll send what you've told me and the clerk will call you back.",
        "es": "No logré entender el lugar, así que voy a mandar lo que me dijo y la oficina le va a llamar.",
    },
    # the report-type question asked again (actions/type_asking.py); then a report filed without its type
    "type.again": {
        "en": "What kind of report is it? For example: a dog barking, a loose animal, a bite, "
        "an animal left without food or water.",
        "es": "¿Qué tipo de reporte es? Por ejemplo: un perro que ladra, un animal suelto, una mordida, "
        "un animal sin comida ni agua.",
    },
    "type.last": {
        "en": "In a few words, what is the animal doing, or what did it do?",
        "es": "En pocas palabras, ¿qué está haciendo el animal, o qué hizo?",
    },
    "type.filed": {
        "en": "I'll send what you've told me, and the clerk will call you back to finish the report. "
        "Your reference is {reference}.",
        "es": "Voy a mandar lo que me dijo, y la oficina le va a llamar para terminar el reporte. "
        "Su número de referencia es {reference}.",
    },
    "ask.location_confirmed": {
        "en": "I heard {location}. Is that right?",
        "es": "Entendí {location}. ¿Es correcto?",
    },
    # slot values read back as they were filed (bot.nlp.facts: yes / no / unknown / not known; victim: person / animal)
    "value.yes": {"en": "yes", "es": "sí"},
    "value.no": {"en": "no", "es": "no"},
    "value.unknown": {"en": "unknown", "es": "no se sabe"},
    "value.not known": {"en": "not known", "es": "no se sabe"},
    "value.person": {"en": "person", "es": "una persona"},
    "value.animal": {"en": "animal", "es": "un animal"},
    # --- status answers (actions/conversation.py) ------------------------------------------------------------
    "status.line": {"en": "{reference}: {kind} report of {date}, {status}.",
                    "es": "{reference}: reporte de {kind} del {date}, {status}."},
    "status.untyped": {"en": "animal", "es": "animal"},  # a report filed without a type, for a call back
    "status.new": {"en": "received, waiting for the clerk's review",
                   "es": "recibido, en espera de revisión en la oficina"},
    "status.accepted": {"en": "accepted by the clerk", "es": "aceptado por la oficina"},
    "status.rejected": {"en": "closed by the clerk", "es": "cerrado por la oficina"},
    "status.duplicate": {"en": "merged with an earlier report", "es": "unido a un reporte anterior"},
    "status.unverified": {
        "en": "For your privacy I read out reports only to a verified number.",
        "es": "Por su privacidad, solo leo los reportes a un número verificado.",
    },
    # --- office hours (actions/services.py): the pack's day labels
    "day.mon": {"en": "Mon", "es": "lun"},
    "day.tue": {"en": "Tue", "es": "mar"},
    "day.wed": {"en": "Wed", "es": "mié"},
    "day.thu": {"en": "Thu", "es": "jue"},
    "day.fri": {"en": "Fri", "es": "vie"},
    "day.sat": {"en": "Sat", "es": "sáb"},
    "day.sun": {"en": "Sun", "es": "dom"},
    # --- the SMS channel's own texts (integrations/twilio_sms.py) --------------------------------------------
    "sms.unknown_number": {
        "en": "Sorry, this number isn't set up for a city's animal complaint line yet. Please call your city hall.",
        "es": "Este número todavía no es la línea de quejas de animales de ninguna ciudad. Llame a su municipio.",
    },
    "sms.photo_only": {
        "en": "Thanks, I've got your photo and it will go with your report. "
        "Now tell me in words what's happening and where: barking, a loose animal, a bite or threat, neglect, "
        "waste, too many animals, or damage?",
        "es": "Gracias, recibí su foto y va a ir con su reporte. "
        "Ahora dígame con palabras qué pasa y dónde: ladridos, animal suelto, mordida o amenaza, descuido, "
        "excremento, demasiados animales o daños.",
    },
    "sms.photo_only_short": {  # the two languages in one text, for a resident whose language is not known yet
        "en": "Got your photo. Tell me what's happening and where: barking, loose, bite, threat, neglect, waste, "
        "too many animals, damage.",
        "es": "Recibí su foto. Dígame qué pasa y dónde: ladridos, suelto, mordida, amenaza, descuido, excremento, "
        "demasiados animales, daños.",
    },
    "sms.help": {
        "en": "{city} animal complaint line: text what's happening and where (barking, loose, bite, threat, "
        "neglect, waste, too many animals, damage). "
        "{office_name}: {office_phone} ({office_hours}). Emergencies: 911. Reply STOP to opt out.",
        "es": "Línea de quejas de animales de {city}: escriba qué pasa y dónde (ladridos, suelto, mordida, "
        "amenaza, descuido, excremento, demasiados animales, daños). "
        "{office_name}: {office_phone} ({office_hours}). Emergencias: 911. Para no recibir más, responda ALTO.",
    },
    "sms.start": {
        "en": "You'll get texts from the {city} animal complaint line again. Tell me what's happening and where.",
        "es": "Va a recibir otra vez mensajes de la línea de quejas de animales de {city}. "
        "Dígame qué pasa y dónde.",
    },
    "sms.stop_word_taken_as_answer": {  # "alto" in a report in progress (bot.notify.inbound.spanish_opt_out)
        "en": "(If you meant to stop getting texts, reply STOP.)",
        "es": "(Si quería dejar de recibir mensajes, responda ALTO otra vez o PARAR.)",
    },
    "sms.stopped": {  # only for the Spanish opt-out words: Twilio itself confirms its English ones
        "en": "You won't get more texts from the {city} animal complaint line. Reply START to get them again.",
        "es": "Ya no va a recibir mensajes de la línea de quejas de animales de {city}. "
        "Para recibirlos otra vez, responda INICIO.",
    },
    "sms.no_updates": {  # a later "no updates" text (bot.notify.dispatch_rules.declines_updates)
        "en": "OK: no more status texts about your reports to the {city} animal complaint line. "
        "You can still text us about anything new.",
        "es": "De acuerdo: no le vamos a mandar más avisos sobre sus reportes a la línea de quejas de animales "
        "de {city}. Puede seguir escribiendo si pasa algo nuevo.",
    },
}  # fmt: skip

# Species (bot.nlp.animals.taxonomy's canonical names) as a Spanish reader says them; the filed value stays English.
SPECIES_ES: dict[str, str] = {
    "dog": "perro", "cat": "gato", "horse": "caballo", "donkey": "burro", "cow": "vaca", "pig": "puerco",
    "goat": "chivo", "sheep": "borrego", "llama": "llama", "chicken": "gallina", "duck": "pato",
    "goose": "ganso", "turkey": "guajolote", "bird": "pájaro", "rabbit": "conejo", "raccoon": "mapache",
    "skunk": "zorrillo", "bat": "murciélago", "snake": "víbora", "fox": "zorro", "coyote": "coyote",
    "wolf": "lobo", "deer": "venado", "elk": "ciervo (elk)", "moose": "alce", "bear": "oso",
    "squirrel": "ardilla", "chipmunk": "ardilla listada", "groundhog": "marmota", "opossum": "tlacuache",
    "beaver": "castor", "muskrat": "rata almizclera", "porcupine": "puercoespín", "badger": "tejón",
    "mink": "visón", "weasel": "comadreja", "otter": "nutria", "ferret": "hurón", "rat": "rata",
    "mouse": "ratón", "hamster": "hámster", "turtle": "tortuga", "lizard": "lagartija", "bobcat": "gato montés",
    "cougar": "puma",
}  # fmt: skip

# How often and when barking happens, as bot.nlp.facts.times files them (English words, whatever the language said),
# read back to a Spanish reader; a value not listed is read back as it was said.
BARKING_WORDS_ES: dict[str, str] = {
    "every night": "todas las noches", "every day": "todos los días", "every morning": "todas las mañanas",
    "every evening": "todas las noches", "every afternoon": "todas las tardes", "every weekend": "cada fin de semana",
    "every week": "cada semana", "every other night": "una noche sí y otra no", "every other day": "un día sí y otro no",
    "most nights": "casi todas las noches", "weekends": "los fines de semana", "on weekends": "los fines de semana",
    "nightly": "todas las noches", "daily": "todos los días", "all the time": "todo el tiempo",
    "constantly": "todo el tiempo", "tonight": "esta noche", "tonight only": "solo esta noche",
    "just tonight": "solo esta noche", "first time": "es la primera vez", "weekdays": "entre semana",
    "when they leave": "cuando se van", "night": "de noche", "day": "de día", "morning": "en la mañana",
    "afternoon": "en la tarde", "evening": "en la tarde-noche", "early morning": "en la madrugada",
    "at dawn": "al amanecer",
}  # fmt: skip

TEXTS.update(
    {f"species.{species}": {"en": species, "es": spanish} for species, spanish in SPECIES_ES.items()}
)
TEXTS.update({f"value.{value}": {"en": value, "es": spanish} for value, spanish in BARKING_WORDS_ES.items()})

_DAY_LABEL = re.compile(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b")


def office_hours_in(hours: str, language: object = "en") -> str:
    """A pack's office hours ("Mon-Thu 8:00-16:30", Pack.office_hours_text) with the days in `language`."""
    from bot.messages import language_of, say

    if language_of(language) == "en":
        return hours
    return _DAY_LABEL.sub(lambda m: say(f"day.{m.group(1).lower()}", language), hours)
