"""The one vocabulary of reports: the report types, each type's slots in the order they are asked, the
question that asks for each (several asked together where a person would ask them together), and the
label each is read back with.

domain.yml (forms, slots, the categorical values of `report_type`), the filing action and the read-back
are held to this file: actions read it, and tests/test_domain_responses.py checks domain.yml against it.
"""

from __future__ import annotations

from bot.messages import catalogue, language_of, say
from bot.report_parts import Detail, ReportType

__all__ = ["REPORT_TYPES", "Detail", "ReportType", "animal_word", "question", "value_word"]


LOCATION = Detail(
    "location",
    "where is this? A street address, a corner (3rd and Elm), a block, or a landmark",
    "at",
    ask_es="dónde es? Una dirección, una esquina (3rd y Elm), una cuadra o un lugar conocido",
    label_es="en",
    reads="place",
    reask="I still need the place: an address (412 Oak St), a corner (3rd and Elm), or a landmark (the church "
    "on 2nd St).",
    reask_es="Todavía necesito el lugar: una dirección (412 Oak St), una esquina (3rd y Elm) o un lugar conocido "
    "(la iglesia de la 2nd St).",
)
ANIMAL = Detail(
    "animal",
    "what kind of animal is it",
    None,
    ask_es="qué tipo de animal es",
    reads="animal",
    reask="Which animal is it: a dog, a cat, a horse, or something else?",
    reask_es="¿Qué animal es: un perro, un gato, un caballo u otro?",
)
# the resident's name: asked by the read-back (actions/confirmation.py), where a name sent is the YES; never by a
# report's form, and read from a report's own words ("This is Ruth Meyer, the dog at ...")
NAME = Detail("complainant_name", "", "name", required=False, label_es="nombre", reads="name")

# whose animal it is: filled when the resident says it (OWNER_SAID), or asked where the household complained
# about can only be the owner the resident names (OWNER_ASKED; bot.cases.households)
OWNER_SAID = Detail(
    "owner_known", "", "owner", required=False, label_es="dueño", reads="owner", optional=True
)
OWNER_ASKED = Detail(
    "owner_known",
    "do you know whose animal it is? A name or an address helps; say don't know if not",
    "owner",
    ask_es="sabe de quién es el animal? Un nombre o una dirección ayuda; si no sabe, diga no sé",
    label_es="dueño",
    reads="owner",
    optional=True,
    reask="Whose animal is it, if you know: a name, a family, or the address where it lives?",
    reask_es="¿De quién es el animal, si sabe: un nombre, una familia, o la dirección donde vive?",
)

REPORT_TYPES: dict[str, ReportType] = {
    t.code: t
    for t in (
        ReportType(
            "barking",
            "Barking",
            "barking",
            (
                LOCATION,
                ANIMAL,
                # Kellogg 58-5 C: a nuisance only after 30 minutes of continuous barking, so ask for that figure
                Detail("barking_since", "how long has it been barking without a break (since 10pm, for 45 "
                       "minutes...)", "since", group="barking",
                       ask_es="cuánto tiempo lleva ladrando sin parar (desde las 10pm, desde hace 45 minutos...)",
                       label_es="desde", reads="time",
                       reask="Since what time has it been barking? For example: since 9pm, or for an hour.",
                       reask_es="¿Desde qué hora está ladrando? Por ejemplo: desde las 9pm, o desde hace una hora."),
                Detail("barking_minutes", "", "minutes without a break", required=False,
                       label_es="minutos sin parar", reads="minutes"),
                Detail("barking_frequency", "is it every night", "how often", required=False, group="barking",
                       ask_es="pasa todas las noches", label_es="qué tan seguido", reads="frequency", optional=True,
                       alone="does it bark like this every night", alone_es="ladra así todas las noches",
                       reask="How often does it happen: every night, most days, or just this once?",
                       reask_es="¿Qué tan seguido pasa: todas las noches, casi diario, o solo esta vez?",
                       yes_means="every night", no_means="not every night"),
                Detail("barking_time_of_day", "", "when", required=False, label_es="a qué hora", reads="time_of_day",
                       optional=True),
                NAME,
            ),
            ("barking_since", "barking_minutes", "barking_frequency", "barking_time_of_day"),
            title_es="Ladridos",
            spoken_es="ladridos",
        ),
        ReportType(
            "at_large",
            "Animal at large",
            "animal at large",
            (
                LOCATION,
                ANIMAL,
                Detail("animal_description", "what does it look like (colour, size, breed, collar)", "looks like",
                       group="seen", ask_es="cómo es (color, tamaño, raza, collar)", label_es="cómo es",
                       reads="description", optional=True,
                       alone="what does it look like (colour, size, breed, collar)",
                       alone_es="cómo es (color, tamaño, raza, collar)",
                       reask="Can you describe it? For example: big brown lab, red collar. Or say don't know.",
                       reask_es="¿Me lo describe? Por ejemplo: perro café grande, collar rojo. O diga no sé."),
                Detail("still_there", "is it still there, or which way did it go", "still there", group="seen",
                       ask_es="sigue ahí o para dónde se fue", label_es="sigue ahí", reads="still_there",
                       reask="Is the animal still there now? (yes, no, or don't know)",
                       reask_es="¿El animal sigue ahí ahorita? (sí, no o no sé)"),
                Detail("direction", "which way did it go", "went", group="seen",
                       ask_es="para dónde se fue", label_es="se fue hacia", reads="direction", optional=True,
                       reask="Which direction did it head? For example: north on Elm, towards the park.",
                       reask_es="¿Hacia dónde se fue? Por ejemplo: al norte por la Elm, hacia el parque."),
                Detail("aggressive", "is it acting aggressive (growling, charging, chasing) or friendly",
                       "aggressive", group="seen",
                       ask_es="se ve agresivo (gruñe, se le echa encima, persigue) o manso", label_es="agresivo",
                       reads="aggressive", optional=True,
                       alone="is it acting aggressive (growling, charging, chasing)?",
                       alone_es="se ve agresivo (gruñe, se le echa encima, persigue)?",
                       reask="Is it growling, charging or chasing anyone? (yes, no, or don't know)",
                       reask_es="¿Está gruñendo, echándose encima o persiguiendo a alguien? (sí, no o no sé)"),
                OWNER_SAID,
                NAME,
            ),
            ("still_there", "direction", "aggressive"),
            title_es="Animal suelto",
            spoken_es="animal suelto",
        ),
        ReportType(
            "bite",
            "Bite",
            "bite",
            (
                Detail("victim", "who was bitten (a person or an animal)", "bitten", group="who",
                       ask_es="a quién mordió (a una persona o a un animal)", label_es="mordió a", reads="victim",
                       reask="Was it a person that got bitten (you, your child, someone else) or an animal (your "
                       "dog, your cat)?",
                       reask_es="¿Mordió a una persona (a usted, a su hijo, a alguien más) o a un animal (su perro, "
                       "su gato)?"),
                Detail("injury", "did it break the skin or need medical care", "skin broken/medical care",
                       group="who", alone="Did it break the skin, or did anyone need medical care?",
                       ask_es="le rompió la piel o necesitó atención médica",
                       alone_es="¿Le rompió la piel, o alguien necesitó atención médica?",
                       label_es="piel rota/atención médica", reads="injury",
                       reask="Was there any blood, or did anyone see a doctor? (yes, no, or don't know)",
                       reask_es="¿Hubo sangre, o alguien fue al doctor? (sí, no o no sé)"),
                Detail("location", "where did it happen (an address, a corner or a landmark)", "at", group="where",
                       alone=LOCATION.ask, ask_es="dónde pasó (una dirección, una esquina o un lugar conocido)",
                       label_es="en", alone_es=LOCATION.ask_es, reads="place", reask=LOCATION.reask,
                       reask_es=LOCATION.reask_es),
                Detail("bite_when", "when", "when", group="where", alone="when did the bite happen",
                       ask_es="cuándo", label_es="cuándo", alone_es="cuándo fue la mordida", reads="time",
                       reask="About what time was the bite? For example: 20 minutes ago, this morning.",
                       reask_es="¿Más o menos a qué hora fue la mordida? Por ejemplo: hace 20 minutos, hoy en la "
                       "mañana."),
                Detail("animal", "what kind of animal was it", None, group="animal", ask_es="qué tipo de animal era",
                       reads="animal", reask=ANIMAL.reask, reask_es=ANIMAL.reask_es),
                Detail("animal_description", "what did it look like", "looks like", group="animal",
                       ask_es="cómo era", label_es="cómo es", reads="description", optional=True,
                       alone="what did it look like (colour, size, breed, collar)",
                       alone_es="cómo era (color, tamaño, raza, collar)",
                       reask="Can you describe the animal? For example: small white terrier. Or say don't know.",
                       reask_es="¿Me describe al animal? Por ejemplo: perrito blanco chico. O diga no sé."),
                Detail("owner_known", "whose is it (a name or an address)", "owner", group="animal",
                       alone="do you know whose animal it is? A name or an address helps; say don't know if not",
                       ask_es="de quién es (un nombre o una dirección)", label_es="dueño",
                       alone_es="sabe de quién es el animal? Un nombre o una dirección ayuda; si no sabe, diga "
                       "no sé", reads="owner", optional=True,
                       reask="Whose animal is it, if you know: a name, a family, or the address where it lives?",
                       reask_es="¿De quién es el animal, si sabe: un nombre, una familia, o la dirección donde "
                       "vive?"),
                Detail("vaccinated", "is it vaccinated against rabies, if you know", "vaccinated", group="animal",
                       alone="do you know if the animal is vaccinated against rabies? (yes, no, or don't know)",
                       ask_es="está vacunado contra la rabia, si sabe", label_es="vacunado",
                       alone_es="sabe si el animal está vacunado contra la rabia? (sí, no o no sé)",
                       reads="vaccinated", optional=True,
                       reask="Has it had its rabies shots, as far as you know? (yes, no, or "
                       "don't know)", reask_es="¿Tiene su vacuna de la rabia, que usted sepa? (sí, no o no sé)"),
                NAME,
            ),
            ("bite_when",),
            title_es="Mordida",
            spoken_es="mordida",
        ),
        # --- the types the ordinances give residents a reason to make beyond the first three; each asks only
        # what its section needs (bot/ordinance/report_types.py names the sections and how each counts)
        ReportType(
            "threat",
            "Threat without contact",
            "animal that threatened someone",
            (
                # Freeport 11 C 2 b "chased or approached a person ... in an apparent attitude of attack"; urgent
                # while it is still going on, so that is asked first
                Detail("in_danger", "is it still there, threatening anyone right now", "still threatening",
                       ask_es="sigue ahí, amenazando a alguien ahorita", label_es="sigue amenazando",
                       reads="yes_no", reask="Is the animal still there threatening someone now? (yes, no, or "
                       "don't know)", reask_es="¿El animal sigue ahí amenazando a alguien ahorita? (sí, no o no sé)"),
                LOCATION,
                ANIMAL,
                Detail("what_happened", "what did it do (chased, charged, lunged, growled)", "what it did",
                       group="threat", ask_es="qué hizo (persiguió, se echó encima, se abalanzó, gruñó)",
                       label_es="qué hizo", alone="what did the animal do (chased, charged, lunged, growled)",
                       alone_es="qué hizo el animal (persiguió, se echó encima, se abalanzó, gruñó)",
                       reask="Tell me in a few words what the animal did. For example: it chased me to my car.",
                       reask_es="Dígame en pocas palabras qué hizo el animal. Por ejemplo: me persiguió hasta mi "
                       "carro."),
                # loose: also at large (Kellogg 58-3, Freeport 1 E); filed once, as a threat, with this answer
                Detail("loose", "was it loose, off its owner's property with no leash", "loose", group="threat",
                       alone="Was it loose, off its owner's property with no leash? (yes, no, or don't know)",
                       ask_es="andaba suelto, fuera de la propiedad del dueño y sin correa", label_es="suelto",
                       alone_es="¿Andaba suelto, fuera de la propiedad del dueño y sin correa? (sí, no o no sé)",
                       reads="yes_no", reask="Was it out on its own, with no leash and no fence? (yes, no, or "
                       "don't know)", reask_es="¿Andaba solo, sin correa y sin cerca? (sí, no o no sé)"),
                OWNER_ASKED,
                NAME,
            ),
            ("what_happened", "loose", "in_danger"),
            title_es="Amenaza sin contacto",
            spoken_es="animal que amenazó a alguien",
        ),
        ReportType(
            "neglect",
            "Neglect or cruelty",
            "animal neglect or cruelty",
            (
                # Kellogg 58-11, 58-12, Freeport 13; an animal in danger now (a hot car, no water in the heat) is
                # urgent like a bite, so that is asked first
                Detail("in_danger", "is the animal in danger right now (in a hot car, no water in the heat, "
                       "hurt)", "in danger now",
                       ask_es="el animal está en peligro ahorita (en un carro caliente, sin agua con el calor, "
                       "herido)", label_es="en peligro ahorita", reads="yes_no",
                       reask="Could the animal die or get hurt if nobody comes soon? (yes, no, or don't know)",
                       reask_es="¿El animal podría morir o lastimarse si nadie llega pronto? (sí, no o no sé)"),
                LOCATION,
                ANIMAL,
                Detail("what_happened", "what is wrong (no food or water, no shelter from the weather, left "
                       "alone, hurt, beaten)", "what is wrong",
                       ask_es="qué pasa (sin comida o agua, sin refugio del clima, abandonado, herido, maltratado)",
                       label_es="qué pasa", reask="What have you seen happen to the animal? For example: chained "
                       "outside with no water for two days.", reask_es="¿Qué le ha visto pasar al animal? Por "
                       "ejemplo: encadenado afuera sin agua dos días."),
                OWNER_SAID,
                NAME,
            ),
            ("what_happened", "in_danger"),
            title_es="Maltrato o descuido",
            spoken_es="maltrato o descuido de un animal",
        ),
        ReportType(
            "waste",
            "Animal waste",
            "animal waste",
            (
                LOCATION,
                ANIMAL,
                # Kellogg 58-15 (public property, or private property without consent), Freeport 7 C (anywhere)
                Detail("what_happened", "what happened (left on a sidewalk or in a park, in your yard, piling "
                       "up in the owner's yard)", "what happened",
                       ask_es="qué pasó (lo dejaron en la banqueta o en un parque, en su patio, se junta en el "
                       "patio del dueño)", label_es="qué pasó",
                       reask="Where was the waste left? For example: on the sidewalk in front of "
                       "my house, every morning.", reask_es="¿Dónde dejan el excremento? Por ejemplo: en la banqueta "
                       "frente a mi casa, cada mañana."),
                OWNER_ASKED,
                NAME,
            ),
            ("what_happened",),
            title_es="Excremento de animal",
            spoken_es="excremento de animal",
        ),
        ReportType(
            "too_many",
            "Too many animals",
            "too many animals",
            (
                LOCATION,
                ANIMAL,
                # Kellogg 58-4: more than three over six months per household; Freeport 6: five or more dogs or
                # cats are a kennel
                Detail("animal_count", "about how many are kept there", "how many",
                       ask_es="más o menos cuántos tienen ahí", label_es="cuántos", reads="count",
                       reask="How many animals do they keep, roughly? For example: about 8 dogs. Or say don't know.",
                       reask_es="¿Cuántos animales tienen, más o menos? Por ejemplo: unos 8 perros. O diga no sé."),
                OWNER_SAID,
                NAME,
            ),
            ("animal_count",),
            title_es="Demasiados animales",
            spoken_es="demasiados animales",
        ),
        ReportType(
            "damage",
            "Damage to property",
            "damage to property",
            (
                LOCATION,
                ANIMAL,
                # Freeport 7 B "damage any lawn, garden, or other property"
                Detail("what_happened", "what did it damage (a lawn, a garden, a fence, a car)", "damaged",
                       ask_es="qué dañó (el pasto, el jardín, una cerca, un carro)", label_es="dañó",
                       reask="What got damaged? For example: it dug up my garden, it scratched my car.",
                       reask_es="¿Qué se dañó? Por ejemplo: escarbó mi jardín, rayó mi carro."),
                OWNER_ASKED,
                NAME,
            ),
            ("what_happened",),
            title_es="Daños a la propiedad",
            spoken_es="daños a la propiedad",
        ),
    )
}  # fmt: skip


def question(report_type: str, slot: str, missing: list[str], language: object = "en") -> str:
    """The question for `slot`: the parts of its group still `missing` (`slot` first), as one question, in
    `language` (en, es; anything else is English)."""
    kind = REPORT_TYPES[report_type]
    asked = kind.detail(slot)
    if asked is None:
        return ""
    group = [asked]
    if asked.group:
        group += [d for d in kind.details if d.group == asked.group and d is not asked and d.slot in missing]
        group.sort(key=kind.details.index)
    if "still_there" in missing:  # "or which way did it go" already asks it
        group = [d for d in group if d.slot != "direction"] or group
    spanish = language_of(language) == "es"
    if len(group) == 1:
        text = group[0].alone_asks(language)
    else:
        asks = [d.asks(language) for d in group]
        last = (", y " if len(asks) > 2 else " y ") if spanish else ", and "  # Spanish: "A y B", "A, B, y C"
        text = ", ".join(asks[:-1]) + last + asks[-1]
    text = text[:1].upper() + text[1:]
    if spanish and not text.startswith("¿"):
        text = "¿" + text[:1].upper() + text[1:]
    if text[-1] in ".?!":
        return text
    return text + ("." if "?" in text else "?")


def animal_word(species: object, language: object = "en") -> str:
    """A filed species ("dog") as said in `language` ("perro"); a value with no wording is kept as it is."""
    if not species:
        return ""
    key = f"species.{species}"
    return say(key, language) if key in catalogue() else str(species)


def value_word(value: object, language: object = "en") -> str:
    """A slot value read back in `language`: the filed codes (yes, no, unknown, person, animal) are worded,
    anything the resident said is kept in their words."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a float slot's 45.0 minutes are read back as 45
    key = f"value.{value}"
    return say(key, language) if isinstance(value, str) and key in catalogue() else str(value)
