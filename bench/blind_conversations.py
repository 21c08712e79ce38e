"""BLIND SET of 40 conversations. Written before any change the issue asked for, and scored
exactly twice: once against the code before the changes, once after them. Never tuned on: the bench prints
only its totals (`--blind`), never its transcripts, and no fix was written by looking at one of these.

Each is a resident of bench/residents.py with its own words and one answer style, in the styles residents
answer in (partial answers, a bare yes, asides, corrections, Spanish and English mixed). Written for this
set; none is copied from real residents' words.

Scores (bench/conversation_bench.py --blind), recorded in docs/conversation-bench.md:
- before: see the "blind set" table there, the row "before" (the first attempt at it crashed while the servers
  stopped, before any figure was printed; the bench now prints first, and the figures are from the rerun);
- after: the row "after".
Six of the forty echo the issue's own examples (the dog walker, "got bit on the ankle", Ruth Meyer, "uh tom
berg", the Larsons, "yes, still out on the road"), which the changes address directly.
"""

from __future__ import annotations

from bench.residents import Resident

N = "neither"
B = "both"
O = "one"  # noqa: E741


def b(kind: str, city: str, channel: str, lang: str, names: str, style: str, first: str,
      truth: dict[str, str], **facts: str) -> tuple[Resident, str]:  # fmt: skip
    moved = (
        ("the corner of 6th and birch", "birch") if lang == "en" else ("la esquina de 6th y birch", "birch")
    )
    return Resident(kind, city, channel, lang, names, first, facts, truth, *moved), style


BLIND: tuple[tuple[Resident, str], ...] = (
    b("barking", "kellogg", "sms", "en", B, "one_part", "husky at 27 maple ave howling since 9 tonight",
      {"animal": "dog", "place": "maple", "frequency": "yes"}, since="since 9, 3 hours now",
      frequency="yes pretty much every night", name="Dale Okafor"),
    b("barking", "freeport", "sms", "en", N, "yes_no", "can someone do something about the barking",
      {"animal": "dog", "place": "spruce", "frequency": "yes"}, location="33 spruce st", animal="two dogs",
      since="about an hour", frequency="most nights yeah", name="Pat Nguyen"),
    b("barking", "kellogg", "voice", "en", B, "aside", "the beagle next to me at fifty five birch street barks all "
      "day long", {"animal": "dog", "place": "birch", "frequency": "yes"}, since="since this morning around eight",
      frequency="every day", name="uh tom berg"),
    b("barking", "freeport", "voice", "en", O, "dont_know", "my neighbor's dogs won't shut up",
      {"animal": "dog", "place": "ash"}, location="one twenty ash street", name="Linda Ruiz"),
    b("barking", "kellogg", "sms", "en", B, "correction", "dogs barking at 600 elm st for the last 2 hours",
      {"animal": "dog", "place": "elm", "frequency": "no"}, since="2 hours", frequency="no just tonight",
      name="skip"),
    b("barking", "freeport", "sms", "en", B, "full", "rooster at 14 hickory ln crows from 4am every day",
      {"animal": "chicken", "place": "hickory", "frequency": "yes"}, since="since 4 this morning",
      frequency="every single day", name="Ken Albers"),
    b("barking", "kellogg", "sms", "es", B, "mixed", "el perro de la 77 cedar st ladra y ladra desde la tarde",
      {"animal": "dog", "place": "cedar", "frequency": "yes"}, since="desde las 5 de la tarde",
      frequency="casi todas las noches", name="Rosa Medina"),
    b("barking", "freeport", "voice", "es", N, "one_part", "los ladridos no me dejan dormir",
      {"animal": "dog", "place": "oak"}, location="el trescientos de la oak street", animal="un perro",
      since="desde hace dos horas", frequency="todas las noches", name="Juan Perez"),
    b("barking", "kellogg", "sms", "es", O, "dont_know", "el perro de al lado ladra mucho",
      {"animal": "dog", "place": "linden"}, location="215 linden st", name="anonimo"),
    b("barking", "freeport", "sms", "en", O, "aside", "the dog next door has barked for three hours straight",
      {"animal": "dog", "place": "willow"}, location="next door to me, 19 willow st", since="three hours",
      frequency="not every night", name="Greta Sand"),
    b("barking", "kellogg", "voice", "es", B, "yes_no", "hay un perro que ladra toda la noche en la 3rd y walnut",
      {"animal": "dog", "place": "walnut", "frequency": "yes"}, since="desde las once", frequency="si diario",
      name="Carmen Soto"),
    b("barking", "freeport", "voice", "en", B, "correction", "barking dog at the church on main street, going on "
      "forty minutes", {"animal": "dog", "place": "church"}, since="forty minutes", frequency="every night",
      name="Walt Kimball"),
    b("at_large", "kellogg", "sms", "en", B, "one_part", "big yellow dog loose on state st near the gas station",
      {"animal": "dog", "place": "state", "still_there": "yes", "aggressive": "no"},
      still_there="yes, still out on the road", aggressive="no, it's friendly", name="Amy Fisk"),
    b("at_large", "freeport", "sms", "en", B, "yes_no", "theres a loose dog in the alley behind 210 oak",
      {"animal": "dog", "place": "oak", "still_there": "yes", "aggressive": "no"},
      description="black lab mix no collar", still_there="yes it is", aggressive="no, not really", name="skip"),
    b("at_large", "kellogg", "voice", "en", B, "aside", "there's a pig loose on county road six",
      {"animal": "pig", "place": "county", "still_there": "yes", "aggressive": "no"}, description="a big spotted pig",
      still_there="yeah it's still there", aggressive="no it's just eating grass", name="Joe Brandt"),
    b("at_large", "freeport", "voice", "en", O, "dont_know", "a dog keeps running through yards around here",
      {"animal": "dog", "place": "cherry"}, location="the 400 block of cherry street", name="Sue Hall"),
    b("at_large", "kellogg", "sms", "en", N, "correction", "something got loose on my street",
      {"animal": "horse", "place": "birch"}, location="12 fir st", animal="a pony", description="small white pony",
      still_there="still here", aggressive="no", name="Rita Vogel"),
    b("at_large", "freeport", "sms", "en", B, "full", "two goats out on 5th ave by the post office",
      {"animal": "goat", "place": "5th", "still_there": "no", "aggressive": "no"},
      description="brown and white goats", still_there="no they went toward the river", direction="toward the river",
      aggressive="no", name="Nora Pike"),
    b("at_large", "kellogg", "sms", "es", B, "mixed", "hay un perro suelto en la 5th y oak, esta grande",
      {"animal": "dog", "place": "oak", "still_there": "yes", "aggressive": "yes"},
      description="negro con manchas blancas", still_there="sigue ahi", aggressive="si, gruñe", name="Luis Ortiz"),
    b("at_large", "freeport", "voice", "es", B, "one_part", "anda un perro suelto por la biblioteca",
      {"animal": "dog", "place": "biblioteca", "still_there": "yes", "aggressive": "no"},
      description="chiquito y blanco", still_there="todavia esta aqui", aggressive="no, es manso", name="anonimo"),
    b("at_large", "kellogg", "sms", "es", O, "yes_no", "andan unas gallinas sueltas",
      {"animal": "chicken", "place": "pine", "still_there": "yes", "aggressive": "no"},
      location="la 300 pine st", animal="gallinas", description="cafes", still_there="si ahi andan",
      aggressive="no", name="Ana Cruz"),
    b("at_large", "freeport", "sms", "en", B, "aside", "a loose rottweiler is charging at people at 2nd and cedar",
      {"animal": "dog", "place": "cedar", "still_there": "yes", "aggressive": "yes"},
      description="big black and tan, no collar", still_there="still here", aggressive="yes it charged my wife",
      name="Bill Haas"),
    b("at_large", "kellogg", "voice", "es", N, "dont_know", "hay un animal suelto en mi calle",
      {"animal": "dog", "place": "elm"}, location="la ciento diez elm street", animal="un perro",
      name="Pedro Diaz"),
    b("at_large", "freeport", "voice", "en", B, "yes_no", "cows on rural route two by the creek",
      {"animal": "cow", "place": "route", "still_there": "yes", "aggressive": "no"},
      description="about five black angus", still_there="yes", aggressive="no", name="Hank Olson"),
    b("at_large", "kellogg", "sms", "en", B, "one_part", "the Larsons dog is out again at 9 linden st",
      {"animal": "dog", "place": "linden", "still_there": "yes", "aggressive": "no"},
      description="golden retriever with a blue collar", still_there="still there", aggressive="no",
      owner="the Larsons, they live there", name="Mia Torres"),
    b("at_large", "freeport", "sms", "es", B, "correction", "un caballo anda suelto en la 400 belvidere",
      {"animal": "horse", "place": "birch", "still_there": "yes", "aggressive": "no"},
      description="cafe con blanco", still_there="sigue ahi", aggressive="no", name="Elena Ruiz"),
    b("bite", "kellogg", "sms", "en", B, "one_part", "I was walking my dog and the shepherd from the corner house "
      "bit him on the leg at 5th and ash", {"animal": "dog", "place": "ash", "victim": "animal", "injury": "yes"},
      victim="my dog", injury="yes it bled", bite_when="about an hour ago", description="german shepherd",
      owner="the corner house at 5th and ash", vaccinated="no idea", name="Karen Lund"),
    b("bite", "freeport", "sms", "en", B, "yes_no", "got bit on the ankle by a dog at 88 walnut st",
      {"animal": "dog", "place": "walnut", "victim": "person", "injury": "yes"}, injury="yes it bled",
      bite_when="this afternoon", description="small white terrier", owner="don't know", vaccinated="don't know",
      name="Omar Said"),
    b("bite", "kellogg", "voice", "en", B, "aside", "this is ruth meyer, the dog at forty oak street bit my hand",
      {"animal": "dog", "place": "oak", "victim": "person", "injury": "no"}, injury="no it didn't break the skin",
      bite_when="ten minutes ago", description="a brown mutt", owner="the people who live there",
      vaccinated="not sure", name="Ruth Meyer"),
    b("bite", "freeport", "voice", "en", N, "dont_know", "I need to report a dog bite",
      {"animal": "dog", "place": "park", "victim": "person"}, location="the park on 3rd street",
      victim="my grandson", name="George Ames"),
    b("bite", "kellogg", "sms", "en", N, "correction", "my daughter got bitten",
      {"animal": "dog", "place": "birch", "victim": "person", "injury": "yes"}, location="300 elm st",
      victim="my daughter", animal="a dog", injury="she needed stitches", bite_when="yesterday evening",
      description="tan pit mix", owner="not sure", vaccinated="not sure", name="Tina Berg"),
    b("bite", "freeport", "sms", "en", B, "full", "a dog killed two of my chickens at 45 prairie ln last night",
      {"animal": "dog", "place": "prairie", "victim": "animal", "injury": "yes"}, victim="my chickens",
      injury="yes they're dead", bite_when="last night", description="a husky", owner="the Johnsons next door",
      vaccinated="don't know", name="Earl Dietz"),
    b("bite", "kellogg", "sms", "es", B, "mixed", "un perro me mordio en la pierna en la 210 oak st",
      {"animal": "dog", "place": "oak", "victim": "person", "injury": "yes"}, injury="si sangro",
      bite_when="hace una hora", description="cafe mediano", owner="no se", vaccinated="no se",
      name="Sofia Reyes"),
    b("bite", "freeport", "voice", "es", B, "one_part", "el perro del vecino mordio a mi perro en la 3rd ave",
      {"animal": "dog", "place": "3rd", "victim": "animal", "injury": "yes"}, victim="mi perro",
      injury="si le salio sangre", bite_when="esta mañana", description="negro grande",
      owner="los vecinos de la 12 3rd ave", vaccinated="no se", name="Miguel Angel"),
    b("bite", "kellogg", "sms", "es", N, "yes_no", "a mi hijo lo mordieron",
      {"animal": "dog", "place": "escuela", "victim": "person", "injury": "yes"}, location="la escuela de la 3rd",
      animal="un perro", injury="si, fuimos al doctor", bite_when="ayer en la tarde", description="blanco",
      owner="no se", vaccinated="no se", name="Laura Gil"),
    b("bite", "freeport", "sms", "en", O, "aside", "a cat bit me",
      {"animal": "cat", "place": "maple", "victim": "person", "injury": "yes"}, location="22 maple ave",
      injury="yes a little blood", bite_when="just now", description="orange tabby", owner="a stray i think",
      vaccinated="don't know", name="Jill Park"),
    b("bite", "kellogg", "voice", "en", B, "yes_no", "a dog bit my son at the school on third street",
      {"animal": "dog", "place": "school", "victim": "person", "injury": "yes"}, injury="yes",
      bite_when="twenty minutes ago", description="grey pit bull", owner="no", vaccinated="no", name="Dan Cho"),
    b("bite", "freeport", "voice", "es", N, "dont_know", "quiero reportar que me mordio un perro",
      {"animal": "dog", "place": "walnut", "victim": "person"}, location="la doscientos walnut street",
      name="Marta Gomez"),
    b("bite", "kellogg", "sms", "en", B, "one_part", "the neighbors lab bit the mailman at 18 fir st",
      {"animal": "dog", "place": "fir", "victim": "person", "injury": "no"}, injury="no he's fine, no blood",
      bite_when="around noon", description="yellow lab", owner="they live at 20 fir st", vaccinated="i think so",
      name="Bob Kern"),
    b("bite", "freeport", "sms", "es", B, "aside", "un perro ataco a mis gallinas en la 45 prairie ln",
      {"animal": "dog", "place": "prairie", "victim": "animal", "injury": "yes"}, victim="mis gallinas",
      injury="si, mato a dos", bite_when="anoche", description="cafe grande", owner="no se", vaccinated="no se",
      name="Ramon Vega"),
)  # fmt: skip
