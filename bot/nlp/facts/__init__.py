"""What a resident's message says, one reader per kind of fact (every message is read for every fact
still missing, and a fact is taken only from words that say it).

Each reader is a pure function over text that returns the fact, or None when the words do not say it:
- text: accents folded, clauses, spoken fillers ("uh", "you know") stripped;
- yes_no: yes / no / don't know, the cancel words;
- victim: who was bitten (a person, an animal), from context too ("got bit" is the resident);
- injury: a broken skin, care, a death;
- owner: whose animal it is ("the people at 220 Walnut", "the Larsons, they live there");
- description: what the animal looks like (colour, size, breed, collar, markings);
- whereabouts: still there, which way it went;
- behaviour: aggressive or friendly;
- vaccination: rabies shots;
- name: the resident's name ("this is Ruth Meyer", "uh tom berg");
- place_words: whether a place can be found, and the place without its lead-in words;
- corrections: "actually it's a raccoon", "the address is ...";
- times, times_es: when it happened, how long, how often;
- bite_cues, ambiguity: whether a message says a bite happened, and which report type it is.
"""
