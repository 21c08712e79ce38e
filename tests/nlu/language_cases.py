"""Labelled messages for the language tests and the detector comparison in docs/nlu.md (issue 12).

Each case: (message, the language it tells: "en", "es", or None when too short to tell).
"""

from __future__ import annotations

SHORT_CASES: list[tuple[str, str | None]] = [
    ("si", None),
    ("sí", None),
    ("ok", None),
    ("no", None),
    ("yes", None),
    ("Ana Lopez", None),
    ("Jose Luis Garcia", None),
    ("412 oak st", None),
    ("612 N 4th St", None),
    ("3rd y Elm", None),
    ("KEL-2026-00042", None),
    ("5", None),
    ("ok gracias", "es"),
    ("hola", "es"),
    ("gracias", "es"),
    ("perro suelto", "es"),
    ("un perro", "es"),
    ("mi hija", "es"),
    ("ya se fue", "es"),
    ("sigue ahi", "es"),
    ("no se", None),
    ("toda la noche", "es"),
    ("cada noche", "es"),
    ("me llamo Ana Lopez", "es"),
    ("soy Jose", "es"),
    ("the dog", "en"),
    ("my daughter", "en"),
    ("still there", "en"),
    ("it left", "en"),
    ("all night", "en"),
    ("every night", "en"),
    ("my name is Ana Lopez", "en"),
    ("dog loose", "en"),
    ("barking dog", "en"),
    ("en la calle Main", "es"),
    ("on main street", None),
    ("le rompio la piel", "es"),
    ("it broke the skin", "en"),
    ("no es agresivo", "es"),
    ("not aggressive", "en"),
]

LONG_CASES: list[tuple[str, str | None]] = [
    ("hay un perro suelto en la calle Main", "es"),
    ("el perro del vecino ladra toda la noche y no me deja dormir", "es"),
    ("un pitbull mordio a mi hijo enfrente de la iglesia", "es"),
    ("hay un zorrillo debajo de mi casa q hago", "es"),
    ("se me perdio mi perrita anoche x la calle 3rd", "es"),
    ("the dog next door has been barking all night", "en"),
    ("a pit bull bit my son in front of the church", "en"),
    ("there's a skunk under my deck what do i do", "en"),
    ("my dog got out last night near 3rd street", "en"),
    ("las vacas del rancho andan sueltas en la carretera", "es"),
    ("cows are out on county road 9 past the grain elevator", "en"),
    ("buenas tardes quiero reportar un perro que ladra mucho", "es"),
    ("good afternoon i want to report a dog that barks a lot", "en"),
    ("el chucho de los vecinos me correteo hasta mi casa", "es"),
    ("what is the status of my complaint", "en"),
    ("cual es el estatus de mi queja", "es"),
    ("can i talk to a person", "en"),
    ("puedo hablar con una persona", "es"),
    ("hay unos gatos callejeros en el patio de la escuela", "es"),
    ("there are stray cats in the school yard", "en"),
]

MIXED_CASES: list[tuple[str, str | None]] = [
    ("my dog esta ladrando", "es"),
    ("el dog de mi neighbor esta barking toda la noche", "es"),
    ("the perro next door is barking all night", "en"),
    ("hay un dog loose en la Main street", "es"),
    ("there's a perro suelto on oak street and it is chasing kids", "en"),
]

SWITCH_CASES: list[tuple[str, str]] = [
    ("habla espanol?", "es"),
    ("¿Habla español?", "es"),
    ("en espanol por favor", "es"),
    ("Spanish please", "es"),
    ("no hablo ingles", "es"),
    ("español", "es"),
    ("do you speak spanish", "es"),
    ("English please", "en"),
    ("do you speak english", "en"),
    ("habla ingles?", "en"),
    ("en ingles por favor", "en"),
    ("english", "en"),
]

ALL_CASES = SHORT_CASES + LONG_CASES + MIXED_CASES + SWITCH_CASES
