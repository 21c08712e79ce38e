"""SMS segments counted the way carriers split a text (GSM 03.38 / 3GPP TS 23.040), and the GSM-7 fold."""

from __future__ import annotations

import pytest

from bot.notify.segments import encoding, fold_for_sms, is_gsm7, segments


@pytest.mark.parametrize(
    ("length", "expected"), [(0, 0), (1, 1), (160, 1), (161, 2), (306, 2), (307, 3), (459, 3), (460, 4)]
)
def test_gsm7_is_160_in_one_segment_then_153_a_segment(length, expected) -> None:
    assert segments("a" * length) == expected


def test_an_extension_character_takes_two_septets() -> None:
    assert segments("{" * 80) == 1  # 160 septets
    assert segments("{" * 80 + "a") == 2


def test_an_escape_and_its_character_are_never_split_across_segments() -> None:
    # 152 plain septets, then "[" (2 septets) does not fit the first 153: it opens the second segment
    text = "a" * 152 + "[" + "a" * 152
    assert len(text) + 1 == 306  # 306 septets would fit two segments if the pair could be split
    assert segments(text) == 3


@pytest.mark.parametrize(("length", "expected"), [(70, 1), (71, 2), (134, 2), (135, 3), (201, 3), (202, 4)])
def test_ucs2_is_70_in_one_segment_then_67_a_segment(length, expected) -> None:
    assert segments("á" + "a" * (length - 1)) == expected


def test_a_surrogate_pair_takes_two_units_and_is_never_split() -> None:
    assert segments("\U0001f415" * 35) == 1  # 70 UTF-16 units
    assert segments("a" * 66 + "\U0001f415" + "a" * 66) == 3  # the dog cannot straddle 67


def test_gsm7_has_e_acute_n_tilde_and_spanish_marks_but_not_a_i_o_u_acute() -> None:
    assert is_gsm7("¿Qué año? ¡Sí! ñ É Ñ ü") is False  # í is not GSM-7
    assert is_gsm7("¿Qué año? ¡Ya! ñ É Ñ ü")
    for letter in "áíóúÁÍÓÚ":
        assert encoding("perro " + letter) == "UCS-2", letter
    for letter in "éñ¿¡ÉÑü":
        assert encoding("perro " + letter) == "GSM-7", letter


def test_the_fold_writes_vowels_plain_and_keeps_enye_and_the_opening_marks() -> None:
    text = "¿Cuándo fue la mordida? Está en la calle Muñoz, enfrente de la iglesia. ¡Gracias! “Sí” — sí."
    folded = fold_for_sms(text)
    assert (
        folded
        == '¿Cuando fue la mordida? Esta en la calle Muñoz, enfrente de la iglesia. ¡Gracias! "Si" - si.'
    )
    assert is_gsm7(folded) and not is_gsm7(text)


def test_the_fold_leaves_what_has_no_plain_form() -> None:
    assert fold_for_sms("perro \U0001f415") == "perro \U0001f415"
    assert encoding(fold_for_sms("perro \U0001f415")) == "UCS-2"


def test_a_spanish_text_costs_the_segments_of_its_folded_form() -> None:
    text = "Enviado. Su número de referencia es KEL-2026-00042. Úselo para preguntar por este reporte."
    assert segments(text) == 2 and segments(fold_for_sms(text)) == 1
