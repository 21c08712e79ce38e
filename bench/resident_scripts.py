"""The conversation bench's scripted residents: every report type, both cities, SMS and voice, English and
Spanish. Each is run in every answer style of bench/residents.py. Written for the bench, in the styles
residents write in; none is copied from real residents' words.

A resident's answers start from its report type's defaults in its language (`DEFAULTS`) and its own
overrides; `truth` says what the complaint must be filed with (bench/conversation_bench.py checks it).
"""

from __future__ import annotations

from bench.residents import Resident

DEFAULTS: dict[tuple[str, str], dict[str, str]] = {
    ("barking", "en"): {
        "kind": "barking", "location": "412 oak st", "animal": "a dog",
        "since": "since about 10pm, so about 2 hours", "frequency": "every night", "time_of_day": "at night",
        "name": "Jane Doe",
    },
    ("at_large", "en"): {
        "kind": "loose", "location": "corner of 3rd and elm", "animal": "a dog",
        "description": "brown lab with a red collar", "still_there": "still here", "direction": "it went north",
        "aggressive": "not aggressive", "owner": "i don't know", "name": "skip",
    },
    ("bite", "en"): {
        "kind": "it bit someone", "location": "the park on main st", "animal": "a dog", "victim": "my son",
        "injury": "it broke the skin", "bite_when": "about 20 minutes ago", "description": "big black dog",
        "owner": "i don't know", "vaccinated": "not sure", "name": "Sam Lee",
    },
    ("barking", "es"): {
        "kind": "ladridos", "location": "412 oak st", "animal": "un perro",
        "since": "desde las 10 de la noche, como 2 horas", "frequency": "todas las noches",
        "name": "Maria Lopez",
    },
    ("at_large", "es"): {
        "kind": "anda suelto", "location": "la esquina de 3rd y elm", "animal": "un perro",
        "description": "cafe y grande con collar rojo", "still_there": "sigue ahi",
        "direction": "se fue hacia el norte", "aggressive": "no es agresivo", "owner": "no se", "name": "anonimo",
    },
    ("bite", "es"): {
        "kind": "mordio a alguien", "location": "el parque de la main", "animal": "un perro", "victim": "mi hijo",
        "injury": "si le rompio la piel", "bite_when": "hace como 20 minutos", "description": "negro y grande",
        "owner": "no se", "vaccinated": "no se", "name": "Jose Ramirez",
    },
}  # fmt: skip
TRUTH: dict[str, dict[str, str]] = {
    "barking": {"animal": "dog", "place": "oak", "frequency": "yes"},
    "at_large": {"animal": "dog", "place": "elm", "still_there": "yes", "aggressive": "no"},
    "bite": {"animal": "dog", "place": "main", "victim": "person", "injury": "yes", "vaccinated": "unknown"},
}
MOVED = {"en": ("the corner of 5th and ash", "ash"), "es": ("la esquina de 5th y ash", "ash")}


def r(kind: str, city: str, channel: str, names: str, first: str, *, place: str = "", lang: str = "en",
      truth: dict[str, str] | None = None, **facts: str) -> Resident:  # fmt: skip
    """A resident: defaults of its type and language, then its own facts; `place`: a word of the filed place."""
    merged_truth = {**TRUTH[kind], **(truth or {})}
    if place:
        merged_truth["place"] = place
    moved, moved_word = MOVED[lang]
    return Resident(kind, city, channel, lang, names, first, {**DEFAULTS[(kind, lang)], **facts},
                    merged_truth, moved, moved_word)  # fmt: skip


ENGLISH: tuple[Resident, ...] = (
    # barking
    r("barking", "kellogg", "sms", "both", "the dog at 412 oak st has been barking nonstop since 10pm"),
    r("barking", "freeport", "sms", "both", "my neighbors dog at 118 main st e barks all day every day", place="main",
      since="for about 3 hours today", frequency="every day"),
    r("barking", "kellogg", "voice", "both", "the dog at six twelve north fourth street has been barking for an hour",
      place="4th", since="about an hour"),
    r("barking", "freeport", "voice", "both", "there's a dog barking nonstop at 220 walnut street", place="walnut"),
    r("barking", "kellogg", "sms", "both",
      "I can hear the dogs at 18 Fir St from inside my house with the windows closed, all day", place="fir",
      frequency="every day"),
    r("barking", "freeport", "sms", "both", "dog at 305 elm st barking for 2 hours straight", place="elm"),
    r("barking", "kellogg", "voice", "both", "dogs barking at the corner of 3rd and elm every night", place="elm"),
    r("barking", "kellogg", "sms", "both", "barking dog behind the church on 2nd street, been going about 45 minutes",
      place="church"),
    r("barking", "kellogg", "sms", "neither", "the barking next door is driving me crazy", place="chestnut",
      location="509 chestnut st"),
    r("barking", "freeport", "voice", "neither", "theres constant barking keeping me up at night", place="walnut",
      location="two twenty walnut street"),
    r("barking", "freeport", "sms", "neither", "noise complaint about barking", place="pine", location="41 pine st"),
    r("barking", "kellogg", "voice", "one", "my neighbors dog wont stop barking", place="pine",
      location="eight ten pine street"),
    r("barking", "freeport", "sms", "both",
      "sorry this is long but the people at 310 cedar st leave their two labs out every night and they bark "
      "until like 2am, weve asked them nicely and nothing changes", place="cedar", since="about 4 hours a night"),
    r("barking", "kellogg", "voice", "both", "yeah its three in the morning and the dog at four oh six oak street "
      "is still going", since="since about eleven so four hours"),
    # at large
    r("at_large", "kellogg", "sms", "both", "two dogs running loose on linden street heading towards the park",
      place="linden", truth={"still_there": "no"}, still_there="no it left", direction="towards the park"),
    r("at_large", "freeport", "sms", "both", "there's a cow standing in the middle of 2nd street", place="2nd",
      truth={"animal": "cow"}, animal="a cow", description="black and white holstein"),
    r("at_large", "kellogg", "voice", "both", "hogs out on county road nine past the grain elevator", place="elevator",
      truth={"animal": "pig"}, animal="hogs", description="three big pink hogs"),
    r("at_large", "freeport", "voice", "both", "a loose pit bull on main street by the school", place="main",
      truth={"aggressive": "yes"}, aggressive="yes it was growling at kids"),
    r("at_large", "kellogg", "sms", "both", "a pack of three dogs is going through garbage cans on Water St",
      place="water"),
    r("at_large", "freeport", "sms", "both", "a horse got out and is standing in the road at 400 belvidere st",
      place="belvidere", truth={"animal": "horse"}, animal="a horse", description="brown horse with a halter"),
    r("at_large", "kellogg", "voice", "both", "there's a big dog running around by the dollar general on belvedere",
      place="dollar"),
    r("at_large", "kellogg", "sms", "both", "the german shepherd from 511 Chestnut is loose at 509 Chestnut",
      place="509", owner="511 chestnut"),
    r("at_large", "freeport", "sms", "neither", "an animal is running loose around here", place="pine",
      location="the corner of 4th and pine"),
    r("at_large", "kellogg", "voice", "neither", "theres an animal loose in the neighborhood", place="elm",
      location="third and elm"),
    r("at_large", "kellogg", "sms", "one", "theres a loose dog running around"),
    r("at_large", "freeport", "voice", "one", "somebody's goats got out", truth={"animal": "goat"}, animal="goats",
      description="two white goats"),
    r("at_large", "kellogg", "voice", "both", "there are two cows standing in my front yard at twenty one elm street",
      place="elm", truth={"animal": "cow"}, animal="cows", description="black cows with ear tags"),
    r("at_large", "freeport", "sms", "both", "some1s chickens r all over the road on county rd 6 by the feed mill",
      place="6", truth={"animal": "chicken"}, animal="chickens", description="about ten brown hens"),
    r("at_large", "kellogg", "sms", "both",
      "a husky and two labs have been roaming around 5th and walnut all morning", place="walnut",
      description="a grey husky and two yellow labs", aggressive="no"),
    r("at_large", "freeport", "voice", "both", "there are horses walking down the middle of rural route three",
      place="route", truth={"animal": "horse"}, animal="horses", description="two brown horses"),
    # bites
    r("bite", "kellogg", "sms", "both", "a dog just bit my son at the park on main st, hes bleeding"),
    r("bite", "kellogg", "voice", "both", "uh a dog just bit my son at the park on main street hes bleeding"),
    r("bite", "kellogg", "sms", "both", "the german shepherd from 511 Chestnut went after my cat at 509 Chestnut",
      place="509", truth={"victim": "animal"}, victim="my cat", owner="the people at 511 chestnut",
      bite_when="about an hour ago", description="german shepherd, tan and black"),
    r("bite", "freeport", "sms", "both", "my neighbors dog bit me on 3rd ave this morning, broke the skin",
      place="3rd", victim="me", bite_when="this morning around 8", owner="the people at 220 walnut"),
    r("bite", "freeport", "voice", "both", "a dog bit my daughter at two twenty walnut street about an hour ago",
      place="walnut", victim="my daughter"),
    r("bite", "kellogg", "sms", "both", "a cat scratched and bit me at 14 elm st", place="elm",
      truth={"animal": "cat"}, victim="me", animal="a cat", description="grey tabby", injury="yes bleeding a little"),
    r("bite", "kellogg", "sms", "neither", "I need to report an animal bite", place="oak", location="400 oak st"),
    r("bite", "freeport", "voice", "neither", "i got bit", victim="me", location="the park on main street"),
    r("bite", "freeport", "sms", "neither", "my kid was bitten", place="ash", location="corner of 5th and ash",
      victim="my kid"),
    r("bite", "kellogg", "voice", "neither", "I want to report a bite", place="elm", location="one oh three elm"),
    r("bite", "kellogg", "sms", "one", "bitten by a dog", place="school", victim="me", location="the school on 3rd st"),
    r("bite", "freeport", "voice", "one", "a raccoon bit my dog", place="library",
      truth={"animal": "raccoon", "victim": "animal"}, victim="my dog", animal="a raccoon",
      location="behind the library", owner="its wild, nobody", description="a raccoon"),
    r("bite", "freeport", "sms", "both",
      "the neighbors dog came through the fence and killed two of our goats at 88 prairie ln", place="prairie",
      truth={"victim": "animal"}, victim="our goats", injury="yes they were bleeding, two are dead",
      bite_when="last night around 11", owner="the people at 90 prairie ln"),
    r("bite", "kellogg", "voice", "both", "a dog went after my goat out on county road nine past the grain elevator",
      place="elevator", truth={"victim": "animal"}, victim="my goat", bite_when="this morning"),
)  # fmt: skip

SPANISH: tuple[Resident, ...] = (
    r("barking", "kellogg", "sms", "both", "el perro de la 412 oak st no deja de ladrar desde las 10", lang="es"),
    r("barking", "freeport", "sms", "both", "el perro del vecino en la 118 main st ladra todo el dia", lang="es",
      place="main", frequency="todos los dias"),
    r("barking", "kellogg", "voice", "both", "hay un perro ladrando sin parar en la doscientos veinte walnut",
      lang="es", place="walnut"),
    r("barking", "freeport", "voice", "neither", "no puedo dormir por los ladridos", lang="es", place="pine",
      location="el 41 de la pine street"),
    r("barking", "kellogg", "sms", "neither", "quiero poner una queja por ladridos", lang="es", place="chestnut",
      location="509 chestnut st"),
    r("barking", "freeport", "sms", "one", "los perros de mi vecino ladran toda la noche", lang="es", place="cedar",
      location="310 cedar st"),
    r("barking", "kellogg", "voice", "both", "unos perros ladran cada noche en la esquina de 3rd y elm", lang="es",
      place="elm"),
    r("at_large", "kellogg", "sms", "both", "hay un perro suelto en la calle water", lang="es", place="water"),
    r("at_large", "freeport", "sms", "both", "una vaca se salio y esta en medio de la 2nd street", lang="es",
      place="2nd", truth={"animal": "cow"}, animal="una vaca", description="blanca con negro"),
    r("at_large", "kellogg", "voice", "both", "anda un perro grande suelto por la escuela de la main", lang="es",
      place="main"),
    r("at_large", "freeport", "voice", "one", "se salieron las chivas del vecino", lang="es", place="pine",
      truth={"animal": "goat"}, animal="chivas", description="dos chivas blancas", location="la esquina de 4th y pine"),
    r("at_large", "kellogg", "sms", "neither", "hay un animal suelto por aqui", lang="es", place="linden",
      location="la 200 linden street"),
    r("at_large", "freeport", "sms", "both", "un pitbull anda suelto en la 400 belvidere y les gruñe a los niños",
      lang="es", place="belvidere", truth={"aggressive": "yes"}, aggressive="si, les gruñe a los niños"),
    r("at_large", "kellogg", "voice", "both", "hay caballos caminando por el county road nueve", lang="es",
      place="county", truth={"animal": "horse"}, animal="caballos", description="dos caballos cafes"),
    r("bite", "kellogg", "sms", "both", "un perro mordio a mi hijo en el parque de la main, esta sangrando",
      lang="es"),
    r("bite", "freeport", "sms", "both", "el perro del vecino me mordio en la 3rd ave esta mañana", lang="es",
      place="3rd", victim="a mi", bite_when="esta mañana como a las 8", owner="la gente de la 220 walnut"),
    r("bite", "kellogg", "voice", "both", "un perro mordio a mi hija en la ciento tres elm", lang="es", place="elm",
      victim="mi hija"),
    r("bite", "freeport", "voice", "neither", "me mordio un perro", lang="es", victim="a mi",
      location="el parque de la main street"),
    r("bite", "kellogg", "sms", "neither", "quiero reportar una mordida", lang="es", place="oak",
      location="400 oak st"),
    r("bite", "freeport", "sms", "both", "un perro ataco a mi gato en la 88 prairie ln", lang="es", place="prairie",
      truth={"victim": "animal"}, victim="mi gato", owner="la gente de la 90 prairie ln"),
    r("bite", "kellogg", "voice", "one", "un perro mordio a mi chivo", lang="es", place="elevador",
      truth={"victim": "animal"}, victim="mi chivo", location="el county road nueve pasando el elevador"),
    r("bite", "freeport", "sms", "one", "me mordio un gato", lang="es", place="elm", truth={"animal": "cat"},
      victim="a mi", animal="un gato", location="14 elm st", description="gris atigrado"),
)  # fmt: skip

RESIDENTS: tuple[Resident, ...] = ENGLISH + SPANISH
