"""Spanish house and road numbers said in words, as regular-expression parts ("trescientos treinta y cinco",
"ocho cero seis"): read by the address, landmark and role passes alike."""

from __future__ import annotations

from bot.nlp.places.spanish import NUMBER_WORDS_ES

NUMBER_WORD_ES = "(?:" + "|".join(sorted(NUMBER_WORDS_ES, key=len, reverse=True)) + ")"

# "22", "diecinueve", "doce cero ocho", "trescientos cuarenta y dos": a number in digits or up to six words
NUMBER_ES = rf"(?:\d{{1,6}}|{NUMBER_WORD_ES}(?:\s(?:y\s)?{NUMBER_WORD_ES}){{0,5}})\b"
