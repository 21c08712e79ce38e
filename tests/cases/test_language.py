"""The conversation's language on the record: migration 0010, filing, show, and counting unchanged.

Every test that asks for `service` or `database_url` runs on SQLite and on PostgreSQL.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import MetaData, inspect, select

from bot.cases.db import MIGRATIONS_DIR, make_engine, make_session_factory, migrate
from bot.cases.errors import InvalidReport
from bot.cases.service import CaseService
from bot.console.standing import subject_standing
from bot.jurisdictions import get_pack

CHICAGO = ZoneInfo("America/Chicago")
AT = datetime(2026, 3, 2, 15, 0, tzinfo=timezone.utc)


def _config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["database_url"] = database_url
    return config


def _columns(engine) -> set[str]:
    with engine.connect() as connection:
        return {column["name"] for column in inspect(connection).get_columns("complaints")}


def test_0010_gives_existing_complaints_english_and_downgrades_to_0009(database_url) -> None:
    migrate(database_url, "0009_notice_records")
    engine = make_engine(database_url)
    try:
        tables = MetaData()
        tables.reflect(bind=engine, only=["complaints"])
        at = AT.replace(tzinfo=None) if engine.dialect.name == "sqlite" else AT
        with engine.begin() as connection:
            connection.execute(
                tables.tables["complaints"].insert().values(
                    id=1, reference="KEL-2026-00001", jurisdiction="kellogg", type="barking", channel="sms",
                    form="written", received=at, location_text="412 Oak St", transcript="", details={},
                    urgent=False, anonymous=True, status="new", source_id="SM1", created_at=at, updated_at=at,
                )
            )  # fmt: skip
        assert "language" not in _columns(engine)
        migrate(database_url)
        assert "language" in _columns(engine)
        assert CaseService(make_session_factory(engine)).get_complaint("KEL-2026-00001").language == "en"
        command.downgrade(_config(database_url), "0009_notice_records")
        assert "language" not in _columns(engine)
        with engine.connect() as connection:  # the complaint itself survives the downgrade
            references = MetaData()
            references.reflect(bind=connection, only=["complaints"])
            complaints = references.tables["complaints"]
            assert connection.execute(select(complaints.c.reference)).scalars().all() == ["KEL-2026-00001"]
        migrate(database_url)
        assert "language" in _columns(engine)
    finally:
        engine.dispose()


def test_a_spanish_report_is_filed_as_spanish_and_listed_so(service, make_report) -> None:
    spanish = service.file_complaint(
        make_report(transcript="Resident: hay un perro ladrando en 412 Oak St", language="es")
    )
    english = service.file_complaint(make_report(location="5 Elm St"))
    unsaid = service.file_complaint(make_report(location="7 Elm St", language=None))
    assert service.get_complaint(spanish).language == "es"
    assert service.get_complaint(english).language == "en"
    assert service.get_complaint(unsaid).language == "en"  # a conversation without the slot: English
    queue = {item.reference: item.language for item in service.review_queue().items}
    assert queue == {spanish: "es", english: "en", unsaid: "en"}
    listing = {c.reference: c.language for c in service.list_complaints()}
    assert listing == queue
    # the resident's own words are kept as they are
    assert service.get_complaint(spanish).transcript == "Resident: hay un perro ladrando en 412 Oak St"
    [filed] = service.audit_trail("complaint", spanish)
    assert filed.after["language"] == "es"


def test_a_language_the_line_does_not_speak_is_refused(service, make_report) -> None:
    with pytest.raises(InvalidReport, match="language"):
        service.file_complaint(make_report(language="fr"))


# (channel, days after the first): a phone call, a second call within two months, a text within two months
SEQUENCE = (("voice", 0), ("voice", 20), ("sms", 40))


def _file_and_count(service: CaseService, make_report, jurisdiction: str, address: str, language: str):
    pack = get_pack(jurisdiction)
    words = {
        "en": "Resident: the dog at {a} has barked since 10pm",
        "es": "Resident: el perro de {a} ladra desde las 10 de la noche",
    }[language]
    subject_id = None
    for number, (channel, days) in enumerate(SEQUENCE):
        reference = service.file_complaint(
            make_report(
                jurisdiction=jurisdiction,
                channel=channel,
                source_id=f"{language}:{address}:{number}",
                received=datetime(2026, 3, 2, 21, 0, tzinfo=CHICAGO) + timedelta(days=days),
                location=address,
                transcript=words.format(a=address),
                language=language,
            )
        )
        service.confirm_household(reference, by="clerk")
        service.accept(reference, by="clerk")
        subject_id = service.get_complaint(reference).subject_id
    view = subject_standing(service, pack, subject_id, date(2026, 4, 20))
    return view.level, [(row.form, row.counts_as, row.action, row.section) for row in view.rows]


@pytest.mark.parametrize("jurisdiction", ["kellogg", "freeport"])
def test_english_and_spanish_complaints_with_the_same_facts_count_the_same(
    service, make_report, jurisdiction
) -> None:
    """Kellogg 58-16 counts by form ("verbal" or "written") and date; Freeport keeps no verbal/written rule.
    Neither looks at the language the resident spoke: the same facts give the same standing."""
    english = _file_and_count(service, make_report, jurisdiction, "412 Oak Street", "en")
    spanish = _file_and_count(service, make_report, jurisdiction, "500 Oak Street", "es")
    assert spanish == english
    if jurisdiction == "kellogg":
        # 58-16 A: a verbal complaint alone is documented; a second verbal one within two months is the
        # first complaint; the written one within two months of it is the second
        assert [row[:2] for row in english[1]] == [
            ("verbal", "verbal_pending"),
            ("verbal", "first"),
            ("written", "second"),
        ]


def test_the_clerk_may_correct_the_language_to_one_the_line_speaks(service, make_report) -> None:
    from bot.cases.errors import InvalidChange

    reference = service.file_complaint(make_report(language="es"))
    with pytest.raises(InvalidChange, match="language"):
        service.edit_fields(reference, {"language": "fr"}, "wrong", by="clerk")
    service.edit_fields(reference, {"language": "en"}, "the resident wrote in English", by="clerk")
    assert service.get_complaint(reference).language == "en"
