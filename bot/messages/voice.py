"""What the phone line says, by key, one wording per language (bot/messages).

Written for the ear: short sentences, one question at a time, nothing to read (no "reply", no symbols).
The Spanish is said by an es-MX voice (integrations/twilio_voice.py), so it is written as a Mexican-Spanish
speaker would say it, with the formal "usted". `trouble` is the resilience apology, said on a call and
texted on SMS (integrations/resilience.py).
"""

TEXTS: dict[str, dict[str, str]] = {
    "voice_greeting": {
        "en": "Hello, this is the {city} animal complaint line.",
        "es": "Hola, esta es la línea de quejas de animales de {city}.",
    },
    "voice_office_open": {
        "en": "City Hall is open now: to talk to a person, say City Hall.",
        "es": "La oficina municipal está abierta: para hablar con una persona, diga oficina.",
    },
    "voice_opening_question": {
        "en": "Tell me what's happening: barking, a loose animal, a bite or a threat, an animal left without "
        "care, waste, too many animals, or damage. And where?",
        "es": "Dígame qué pasa: ladridos, un animal suelto, una mordida o una amenaza, un animal sin cuidado, "
        "excremento, demasiados animales, o daños. ¿Y dónde?",
    },
    # said in Spanish in the English greeting too, by the Spanish voice
    "voice_language_offer": {
        "en": "For English, say English.",
        "es": "Para español, diga español.",
    },
    "voice_switched": {
        "en": "All right, let's go on in English.",
        "es": "Muy bien, seguimos en español.",
    },
    "voice_say_it_again": {
        "en": "Please say your last answer again.",
        "es": "Por favor, repita su última respuesta.",
    },
    "voice_default_question": {
        "en": "Please tell me what's happening, and where.",
        "es": "Por favor, dígame qué pasa, y dónde.",
    },
    "voice_didnt_catch": {
        "en": "Sorry, I didn't catch that.",
        "es": "Perdón, no le entendí.",
    },
    "voice_unknown_number": {
        "en": "Sorry, this number isn't set up for a city's animal complaint line. Please call your city hall. "
        "Goodbye.",
        "es": "Perdón, este número no es la línea de quejas de animales de ninguna ciudad. Por favor, llame a "
        "su oficina municipal. Adiós.",
    },
    "voice_silence_reprompt": {
        "en": "Sorry, I didn't hear anything.",
        "es": "Perdón, no escuché nada.",
    },
    "voice_silence_goodbye": {
        "en": "I still can't hear you, so I'll hang up now. Call back any time. Goodbye.",
        "es": "Todavía no le escucho, así que voy a colgar. Puede volver a llamar cuando quiera. Adiós.",
    },
    "voice_too_long_goodbye": {
        "en": "Let's stop here. Please call your city hall during office hours. Goodbye.",
        "es": "Vamos a dejarlo aquí. Por favor, llame a su oficina municipal en horas de oficina. Adiós.",
    },
    "voice_failure": {
        "en": "Sorry, something went wrong on our side. Please call again in a few minutes. Goodbye.",
        "es": "Perdón, tuvimos un problema de nuestro lado. Por favor, vuelva a llamar en unos minutos. Adiós.",
    },
    "voice_put_through": {
        "en": "Putting you through to {office}.",
        "es": "Le comunico con {office}. Puede que le atiendan en inglés.",
    },
    "voice_goodbye": {"en": "Goodbye.", "es": "Adiós."},
    "voice_thanks_goodbye": {
        "en": "Thank you for calling. Goodbye.",
        "es": "Gracias por llamar. Adiós.",
    },
    # verifying the caller before a report's status is read out
    # said whether or not the code went (bot.notify.status_codes): a stranger must not learn whether a number
    # has reports, and a resident whose number has none is not told a text is on its way
    "voice_code_sent": {
        "en": "For your privacy, if the number you're calling from has reports with us, I've texted it a six "
        "digit code. Please say the code.",
        "es": "Para proteger su privacidad, si el número del que llama tiene reportes con nosotros, le mandé un "
        "código de seis números por mensaje de texto. Por favor, dígame el código.",
    },
    "voice_code_withheld": {
        "en": "For your privacy, I can read out reports only to a caller whose number I can see.",
        "es": "Para proteger su privacidad, solo puedo leer reportes a quien llama desde un número que yo "
        "pueda ver.",
    },
    "voice_code_ok": {
        "en": "Thank you, that's the right code. Now ask me again about your report.",
        "es": "Gracias, el código es correcto. Ahora pregúnteme otra vez por su reporte.",
    },
    "voice_code_wrong": {
        "en": "Sorry, that code doesn't match. You can ask about your report again for a new code.",
        "es": "Perdón, ese código no coincide. Puede volver a preguntar por su reporte para recibir un código "
        "nuevo.",
    },
    # the text message carrying the code (read, not heard)
    "voice_code_text": {
        "en": "{city} animal line: your code is {code}. Say it on the call to hear your reports.",
        "es": "Línea de animales de {city}: su código es {code}. Dígalo en la llamada para oír sus reportes.",
    },
    # the resilience apology (integrations/resilience.py), on a call and by text
    "trouble": {
        "en": "Sorry, we're having trouble with our system right now and could not take your message. "
        "Please try again in a few minutes, or call {office}.",
        "es": "Perdón, nuestro sistema tiene problemas en este momento y no pudimos recibir su mensaje. "
        "Por favor, intente de nuevo en unos minutos, o llame a {office}.",
    },
    "trouble_office": {
        "en": "{office} at {phone}",
        "es": "{office} al {phone}",
    },
    "trouble_no_office": {
        "en": "your city hall",
        "es": "su oficina municipal",
    },
}
