"""Words that say what kind of report a message is, as lookup tables for the intent classifiers.

Rasa's RegexFeaturizer turns each table into one feature that fires on any of its words, so the classifiers
learn "a bite word is here" from the training lines and apply it to a word of the same table that no
training line used ("latched on", "chomped", "le prendio"). The tables are features, not rules: nothing
here decides an intent. English and Spanish share a table, because one model reads both languages.

Exported to data/nlu/lookups_cues.yml by `python -m bot.nlp.pipeline export-lookups data/nlu`.
"""

from __future__ import annotations

from bot.nlp import taxonomy, taxonomy_es

# Each table is comma-separated; a term may be a phrase ("broke the skin", "se salieron").
BITE = (
    "atacando, atacaron, ataco, attack, attacked, attacking, attacks, bit, bite, bited, "
    "bites, biting, bitten, bled, bleeding, bloody, broke the skin, broken skin, chomp, chomped, "
    "chomping, clamped, colmillos, dientes, emergencias, emergency room, er visit, gnawed, "
    "got ahold, latched, latching, maul, mauled, mauling, morder, mordida, mordidas, mordido, "
    "mordiendo, mordieron, mordio, mordisco, muerde, nip, nipped, nipping, nips, prendio, puncture, "
    "punctured, punctures, puntadas, rabies shot, ripped, rompio la piel, sangrando, sangre, "
    "sangro, sank his teeth, sank its teeth, stiches, stitched, stitches, teeth marks, tetanus, "
    "tooth marks, tore into, urgencias, urgent care, vacuna de la rabia, went after"
)
NOISE = (
    "all day, all night, aulla, aullan, aullando, aullar, aullido, aullidos, bark, barked, barker, "
    "barkin, barking, barks, barky, baying, can't sleep, cant sleep, carries on, "
    "carrying on, chilla, chillando, concert, concierto, cried, cries, cry, crying, desvelados, "
    "dormir, escandalo, every night, howl, howled, howlin, howling, howls, keeps me up, kept me up, "
    "ladra, ladran, ladrando, ladrar, ladrido, ladridos, ladro, llora, lloran, llorando, loud, "
    "noise, noisy, non stop, nonstop, racket, ruckus, ruido, ruidoso, se calla, se callan, serenade, "
    "serenading, shut up, sleep, toda la noche, todas las noches, todo el dia, whimper, whimpering, "
    "whine, whined, whines, whining, woof, woofs, yap, yapped, yapping, yappy, yaps, yelp, yelping, "
    "yelps, yip, yipping, yips"
)
LOOSE = (
    "at large, brinco la cerca, callejero, callejeros, dodging cars, "
    "escaped, get out, gets out, getting out, got out, "
    "in the road, in the street, in traffic, jumped the fence, loose, loose again, no collar, "
    "no leash, off leash, on the loose, out again, roam, roamed, roaming, roams, rondando, "
    "running around, running down, running free, running loose, runs around, se escaparon, "
    "se escapo, se sale, se salen, se salieron, se salio, sin correa, sin dueno, sin dueño, stray, "
    "strays, suelta, sueltas, suelto, sueltos, unleashed, vagando, wandered, wandering, wanders"
)
LOST = (
    "answers to, chipped, didn't come home, didnt come home, hasn't come home, hasnt come home, "
    "impound, impounded, la recogieron, last seen, lo recogieron, lost, microchip, missing, "
    "no aparece, no ha regresado, no ha vuelto, no regreso, perdida, perdido, perdio, perrera, "
    "picked up, pound, ran away, recompensa, reward, run away, se lo llevaron, se perdio, shelter"
)
CITY_SERVICE = (
    "bache, baches, banqueta, basura, drenaje, garbage, graffiti, lampara, light pole, multa, "
    "parking ticket, plow, plowed, poste de luz, pothole, potholes, quitanieves, recibo del agua, "
    "recycling, sewer, sidewalk, snowplow, street light, streetlight, streetlights, trash pickup, "
    "water bill"
)
STATUS = (
    "alguna noticia, any news, called back, case number, como va, follow up, followup, heard back, "
    "me regresaron, nadie me ha, numero de caso, reference number, seguimiento, sigue abierto, "
    "status, still open, update, updates"
)
CUES: dict[str, str] = {
    "cue_bite": BITE,
    "cue_noise": NOISE,
    "cue_loose": LOOSE,
    "cue_lost": LOST,
    "cue_city_service": CITY_SERVICE,
    "cue_status": STATUS,
}


def cue_terms(words: str) -> list[str]:
    """A table's comma-separated words and phrases, sorted and without repeats."""
    return sorted({term.strip() for term in words.split(",") if term.strip()})


def species_terms(kind: str) -> list[str]:
    """Every English and Spanish animal word whose species is of `kind` ('wild', or 'livestock': kept
    animals other than dogs and cats, which are the ones usually reported loose rather than barking)."""
    table = {**taxonomy.term_table(), **taxonomy_es.spanish_terms()}

    def wanted(species: str | None) -> bool:
        if kind == "livestock":
            return taxonomy.species_kind(species) == "kept" and species not in ("dog", "cat")
        return taxonomy.species_kind(species) == kind

    return sorted(
        term for term, species in table.items() if wanted(species) and term not in taxonomy.AMBIGUOUS_IN_TEXT
    )


def cue_tables() -> dict[str, list[str]]:
    """Lookup table name -> terms, for data/nlu/lookups_cues.yml."""
    tables = {name: cue_terms(words) for name, words in CUES.items()}
    tables["animal_wild"] = species_terms("wild")
    tables["animal_livestock"] = species_terms("livestock")
    return tables
