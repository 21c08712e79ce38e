"""Status and confirmation texts go out in the complaint's language; the officer's page stays
English. Sent through the worker to the local Twilio stand-in."""

from __future__ import annotations

from bot.cases.report import BiteDetails
from bot.notify.worker import OutboxWorker

RESIDENT = "+15075550123"
OFFICER = "+15075550199"  # Kellogg's officer on call (kellogg.yml)


def _sent(outbox, sender, standin) -> dict[str, str]:
    OutboxWorker(outbox, sender).run_once()
    return {request.form["To"]: request.form["Body"] for request in standin.accepted}


def test_a_spanish_complaints_status_text_is_sent_in_spanish(
    outbox, cases, make_report, sender, standin
) -> None:
    reference = cases.file_complaint(make_report(language="es"))
    assert outbox.queue_status_text(reference) is True
    assert _sent(outbox, sender, standin) == {
        RESIDENT: f"Linea de animales de Kellogg, MN: su reporte {reference} se recibio y espera la revision"
        " de la oficina municipal."  # folded into GSM-7 (bot.notify.segments), as the SMS channel's replies
    }
    cases.accept(reference, by="clerk1")
    assert outbox.queue_status_text(reference) is True
    OutboxWorker(outbox, sender).run_once()
    assert standin.accepted[-1].form["Body"] == (
        f"Linea de animales de Kellogg, MN: su reporte {reference} fue aceptado por la oficina municipal."
    )


def test_an_english_complaints_status_text_stays_english(outbox, cases, make_report, sender, standin) -> None:
    reference = cases.file_complaint(make_report())
    outbox.queue_status_text(reference)
    assert _sent(outbox, sender, standin) == {
        RESIDENT: f"Kellogg, MN animal line: your report {reference} is received and waiting for the clerk's"
        " review."
    }


def test_a_spanish_callers_confirmation_is_spanish_and_the_officers_page_english(
    outbox, cases, make_report, sender, standin
) -> None:
    bite = cases.file_complaint(
        make_report(
            type="bite",
            channel="voice",
            urgent=True,
            language="es",
            transcript="Resident: un perro mordio a mi hijo en 412 Oak St",
            bite=BiteDetails(
                victim="person", skin_broken_or_medical=True, animal_vaccinated=None, owner_known=None
            ),
        )
    )
    assert outbox.follow_up_filing(bite) == 2
    sent = _sent(outbox, sender, standin)
    assert sent[RESIDENT] == (
        f"Linea de animales de Kellogg, MN: recibimos su reporte por telefono {bite}. Para agregar detalles"
        " a este reporte, llame a la alcaldia en horas de oficina y de esta referencia."
    )
    assert sent[OFFICER].startswith("URGENT bite: dog at 412 OAK ST.") and bite in sent[OFFICER]
    assert len(sent[RESIDENT]) <= 320


def test_every_status_text_in_spanish_fits_the_limit_with_the_longest_city_and_reference() -> None:
    from bot.jurisdictions import get_pack
    from bot.notify.outbox import STATUS_LIMIT, status_text, voice_confirmation_text

    for code in ("kellogg", "freeport"):
        pack = get_pack(code)
        for status in ("new", "accepted", "rejected", "duplicate"):
            text = status_text(pack, "KEL-2026-123456", status, "es")
            assert text.endswith(".") and len(text) < STATUS_LIMIT  # whole, never cut
        assert voice_confirmation_text(pack, "KEL-2026-123456", "es").endswith(".")


def test_every_status_and_phone_text_has_both_wordings_with_the_same_placeholders() -> None:
    import string

    from bot.messages import LANGUAGES, status, voice

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for module in (status, voice):
        for key, wordings in module.TEXTS.items():
            assert set(wordings) == set(LANGUAGES) and all(w.strip() for w in wordings.values()), key
            assert fields(wordings["es"]) == fields(wordings["en"]), key


def test_every_spanish_outbox_text_as_sent_costs_no_more_segments_than_its_english_one(
    outbox, cases, make_report
) -> None:
    """SMS length limits apply to Spanish too: the queued bodies are folded into GSM-7."""
    from bot.notify.segments import encoding, segments

    bodies = {}
    for language in ("en", "es"):
        reference = cases.file_complaint(
            make_report(channel="voice", language=language, location=f"41{len(bodies)} Oak St")
        )
        outbox.follow_up_filing(reference)
        outbox.queue_status_text(reference)
        cases.accept(reference, by="clerk1")
        outbox.queue_status_text(reference)
        bodies[language] = [m.body for m in outbox.messages() if m.complaint_reference == reference]
    assert len(bodies["es"]) == len(bodies["en"]) == 3
    for english, spanish in zip(bodies["en"], bodies["es"], strict=True):
        assert encoding(spanish) == "GSM-7" and segments(spanish) <= segments(english), spanish
