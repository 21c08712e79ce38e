"""Whole conversations through a running Rasa server and action server, ending in filed complaints.

The servers are the session's (tests/support/live.py, `make test` trains the model first), with a freshly
migrated SQLite case database for this module.
"""

from __future__ import annotations

import json
import urllib.request
import uuid

import pytest

from bot.cases.db import make_engine, make_session_factory
from bot.cases.service import CaseService
from bot.vocabulary import REPORT_TYPES


@pytest.fixture(scope="module")
def assistant(live_servers):
    servers = live_servers.fresh()
    engine = make_engine(servers.database_url)
    yield f"{servers.base_url}/webhooks/rest/webhook", CaseService(make_session_factory(engine))
    engine.dispose()


class Resident:
    def __init__(self, url: str, jurisdiction: str = "kellogg") -> None:
        self.url, self.sender, self.jurisdiction = url, f"e2e-{uuid.uuid4().hex[:10]}", jurisdiction

    def says(self, text: str) -> list[str]:
        body = {"sender": self.sender, "message": text, "metadata": {"jurisdiction": self.jurisdiction}}
        request = urllib.request.Request(
            self.url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            replies = [m.get("text", "") for m in json.load(response)]
        assert all(len(r) <= 320 for r in replies), replies
        return replies


def _reference(replies: list[str]) -> str:
    for reply in replies:
        for word in reply.replace(".", " ").split():
            if word.count("-") == 2 and word.split("-")[0] in ("KEL", "FRE"):
                return word
    raise AssertionError(f"no reference in {replies}")


def test_barking_report_is_filed_without_asking_again_for_what_was_given(assistant):
    url, service = assistant
    resident = Resident(url)
    # "since 45 minutes ago", not "since 10pm": the run from 10pm is only believed up to 12 hours, so the
    # figure filed would depend on the hour the test runs (bot.nlp.facts.times.MAX_COMPUTED_RUN)
    replies = resident.says("the dog at 412 oak st has been barking nonstop since about 45 minutes ago")
    # a complete first message goes straight to the read-back, which asks for the name; nothing it said is
    # asked again
    assert not any("kind of animal" in r or "Where is this" in r or "how long" in r.lower() for r in replies)
    assert replies[-1].startswith("Barking: dog at 412 oak st"), replies
    assert "To send it, reply with your name" in replies[-1], replies
    reference = _reference(resident.says("my name is Jane Doe"))  # the name sent to it sends it
    detail = service.get_complaint(reference)
    assert (detail.type, detail.animal_species, detail.form) == ("barking", "dog", "written")
    assert detail.location_text.lower() == "412 oak st"
    assert "45 minutes ago" in detail.occurred_text and detail.occurred is not None
    assert detail.details["barking_minutes"] == 45  # Kellogg 58-5 C: the figure is filed
    # the transcript keeps the questions; the name is in the complainant record only
    assert (
        "Resident: the dog at 412 oak st has been barking nonstop since about 45 minutes ago"
        in detail.transcript
    )
    assert "Assistant: Barking: dog at 412 oak st" in detail.transcript
    assert "To send it, reply with your name" in detail.transcript
    assert "Jane" not in detail.transcript and "Resident: [name]" in detail.transcript
    assert detail.complainant_name == "Jane Doe"


def test_at_large_report_with_a_correction_is_filed_as_corrected(assistant):
    url, service = assistant
    resident = Resident(url, jurisdiction="freeport")
    resident.says("theres a loose dog running around")
    answers = {
        "where is this": "corner of 3rd and elm",
        "look like": "brown lab with a red collar, it ran north, seems friendly",
        "still there": "no, it ran north",
        "aggressive": "no",
        "which way": "it ran north",
    }
    replies = _until_read_back(resident, resident.says("corner of 3rd and elm"), answers)
    assert "brown lab with a red collar" in replies[-1] and "reply with your name" in replies[-1], replies
    # a change at the read-back that asks for the name: read back again, still asking for it
    replies = resident.says("change the description to black lab with a red collar")
    assert "black lab with a red collar" in replies[-1] and "reply with your name" in replies[-1], replies
    reference = _reference(resident.says("skip"))  # sent at once, without a name
    assert reference.startswith("FRE-")
    detail = service.get_complaint(reference)
    assert detail.type == "at_large" and detail.animal_description == "black lab with a red collar"
    assert detail.anonymous is True and detail.complainant_name is None


def test_bite_report_says_911_first_and_is_filed_urgent(assistant):
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("a dog just bit my son at the park on main st, hes bleeding")
    assert "911" in replies[0]
    answers = {
        "when did": "about 20 minutes ago",
        "kind of animal": "a dog",
        "look like": "big black dog",
        "owner": "dont know",
        "whose": "dont know",
        "vaccinated": "not sure",
        "rabies": "not sure",
        "where is this": "the park on main st",
        "who was bitten": "my son",
        "skin broken": "yes",
    }
    replies = _until_read_back(resident, replies, answers, limit=10)
    assert "reply with your name" in replies[-1], replies
    reference = _reference(resident.says("Sam Lee"))  # the name sent to the read-back sends it
    detail = service.get_complaint(reference)
    assert detail.type == "bite" and detail.urgent is True and detail.complainant_name == "Sam Lee"
    assert detail.bite.victim == "person" and detail.bite.skin_broken_or_medical is True

    status = resident.says("whats the status of my complaint")
    assert any(reference in r for r in status), status
    other = Resident(url)
    assert not any(reference in r for r in other.says("whats the status of my complaint"))


def test_a_report_in_spanish_is_taken_in_spanish(assistant):
    """Issue 12: Spanish is no longer bad input (it was a case of the test below): the report is understood and
    what is missing is asked in Spanish."""
    url, _ = assistant
    replies = Resident(url).says("el perro de mi vecino ladra toda la noche")
    assert any(r.startswith("¿Dónde es?") for r in replies), replies


@pytest.mark.parametrize(
    "message",
    [
        pytest.param("🐶🐶🐶 😡", id="emoji only"),
        pytest.param("asdkjh qwpoeiru zmxncb", id="nonsense"),
    ],
)
def test_bad_input_in_a_spanish_conversation_gets_a_spanish_answer(assistant, message):
    url, _ = assistant
    resident = Resident(url)
    resident.says("hola, hay un perro suelto")
    replies = resident.says(message)
    said = " ".join(replies).lower()
    assert replies and not any(w in said for w in ("sorry", "where", "please", "barking", "loose")), replies


@pytest.mark.parametrize(
    "message",
    [
        pytest.param("", id="empty text"),
        pytest.param("🐶🐶🐶 😡", id="emoji only"),
        pytest.param("blah " * 400, id="2,000 characters"),
        pytest.param("asdkjh qwpoeiru zmxncb", id="nonsense"),
    ],
)
def test_bad_input_gets_a_clear_answer(assistant, message):
    url, _ = assistant
    replies = Resident(url).says(message)
    assert replies, "every message gets an answer"
    assert any(
        word in " ".join(replies).lower() for word in ("barking", "animal", "report", "loose", "bite", "city")
    ), replies


def test_vague_place_is_asked_again_then_a_person_is_offered(assistant):
    url, _ = assistant
    resident = Resident(url)
    resident.says("theres a dog barking nonstop")
    first = resident.says("here")
    # asked again in other words, with examples, and nothing said in the question's place
    assert first == [REPORT_TYPES["barking"].detail("location").reasks("en")], first
    second = resident.says("my street")
    assert any("(507) 555-0100" in r for r in second), second


def _until_read_back(
    resident: Resident, replies: list[str], answers: dict[str, str], limit: int = 8
) -> list[str]:
    """Answers each question by its words until the read-back ("Reply YES to send it", or "To send it, reply
    with your name" while no name is given), and returns its replies. No question before it asks the name."""
    for _ in range(limit):
        if any("to send it" in r.lower() for r in replies):
            return replies
        question = replies[-1].lower()
        assert "your name" not in question, f"the name asked before the read-back: {replies}"
        replies = resident.says(next(a for q, a in answers.items() if q in question))
    raise AssertionError(replies)


def test_an_animal_bite_asks_who_and_a_reply_that_is_no_time_is_asked_again(assistant):
    """Issue 9: "an animal bite" says nothing about the victim; "yes it broke the skin" is not a time."""
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("I need to report an animal bite")
    assert "911" in replies[0] and "who was bitten" in replies[-1].lower(), replies
    replies = resident.says("my daughter")
    # the part of "who was bitten, and did it break the skin?" left is asked alone, in other words
    assert "any blood" in replies[-1].lower(), replies
    replies = resident.says("yes")
    assert "where did it happen" in replies[-1].lower(), replies
    replies = resident.says("400 oak st")
    # asked with the place the first time, so asked again alone in other words
    assert "what time was the bite" in replies[-1].lower(), replies
    again = resident.says("yes it broke the skin")
    assert "when did the bite happen" in again[-1].lower(), again
    replies = resident.says("about 20 minutes ago")
    replies = _until_read_back(
        resident,
        replies,
        {"kind of animal": "a dog, big and brown, i don't know, not sure", "look like": "big and brown",
         "whose": "i don't know", "vaccinated": "not sure"},
    )  # fmt: skip
    reference = _reference(resident.says("carol jensen"))  # the name sent to the read-back sends it
    detail = service.get_complaint(reference)
    assert detail.bite.victim == "person" and detail.bite.skin_broken_or_medical is True
    assert detail.occurred is not None and detail.occurred_text == "about 20 minutes ago"
    assert detail.complainant_name == "Carol Jensen" and "carol" not in detail.transcript.lower()


def test_a_name_answer_is_taken_as_the_name(assistant):
    """Issue 9: "carol jensen", given as the name, is not a question about pet licences. The read-back asks
    for it, and the name sent to it sends the report."""
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("dog barking at 412 oak st for 2 hours straight")
    assert "To send it, reply with your name" in replies[-1], replies
    replies = resident.says("carol jensen")
    assert not any("licen" in r.lower() or "only takes animal" in r for r in replies), replies
    assert replies[-1].startswith("Sent."), replies
    assert service.get_complaint(_reference(replies)).complainant_name == "Carol Jensen"


def test_i_want_to_make_a_complaint_is_not_a_status_check(assistant):
    url, _ = assistant
    replies = Resident(url).says("I want to make a complaint")
    assert not any("don't see any reports" in r for r in replies), replies


def test_an_animal_and_a_place_with_nothing_pending_start_a_report(assistant):
    # before: "Is there anything else? You can report a barking animal, ..." as if nothing had been said
    url, _ = assistant
    resident = Resident(url)
    replies = resident.says("the goat at 200 pine st")
    assert not any("anything else" in r.lower() for r in replies), replies
    assert any("did it bite someone" in r for r in replies), replies
    replies = resident.says("its loose")
    # the form that follows knows the goat and the place: it asks neither again
    assert not any("kind of animal" in r or "Where is this" in r for r in replies), replies
    assert any("look like" in r.lower() for r in replies), replies


def test_a_place_with_nothing_pending_gets_the_report_type_question_and_is_kept(assistant):
    # before: "509 chestnut st" after a complaint the model could not type got "Is there anything else?"
    url, _ = assistant
    resident = Resident(url)
    replies = resident.says("509 chestnut st")
    assert not any("anything else" in r.lower() for r in replies), replies
    assert any("did it bite someone" in r for r in replies), replies
    replies = resident.says("barking")
    # the barking form that follows knows the place: it asks for the animal, not for the place
    assert not any("Where is this" in r for r in replies), replies
    assert any("kind of animal" in r for r in replies), replies


def test_a_spanish_barking_complaint_with_no_animal_or_place_reaches_the_form(assistant):
    # needs the model trained on data/nlu/es/report_barking.yml's complaints that name neither
    url, _ = assistant
    resident = Resident(url)
    replies = resident.says("hola, quiero hacer una queja de ladridos")
    assert any(r.startswith("¿Dónde es?") for r in replies), replies  # the barking form asks the place
    replies = resident.says("509 chestnut st")
    said = " ".join(replies)
    assert "Algo más" not in said and "¿Dónde es?" not in said, replies
    assert "tipo de animal" in said, replies  # the place taken, the form goes on to the animal


def test_a_misspelt_street_is_asked_about_and_filed_with_the_citys_spelling(assistant):
    """Issue 9 section 3: "When the match is uncertain, ask 'Did you mean Belvidere Street?'"."""
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("the dog at 317 belvedere has been barking since 10pm")
    assert replies[-1] == "Did you mean Belvidere Street?", replies
    replies = resident.says("yes")
    replies = _until_read_back(resident, replies, {"every night": "about 2 hours"})
    assert any("317 Belvidere" in r for r in replies), replies
    detail = service.get_complaint(_reference(resident.says("yes")))  # a YES sends it without a name
    assert detail.location_text == "317 Belvidere" and detail.complainant_name is None


def test_no_to_did_you_mean_asks_once_more_and_takes_the_answer_as_said(assistant):
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("dog barking nonstop at 317 belvedere since 10pm")
    assert replies[-1] == "Did you mean Belvidere Street?", replies
    replies = resident.says("no")
    assert "where is this" in replies[-1].lower(), replies
    replies = resident.says("317 belvedere")  # the same words: taken as said, no second question
    assert not any("Did you mean" in r for r in replies), replies
    replies = _until_read_back(resident, replies, {"every night": "about 2 hours"})
    detail = service.get_complaint(_reference(resident.says("yes")))
    assert detail.location_text == "317 belvedere"


def test_every_night_at_the_read_back_that_asks_the_name_is_how_often_and_skip_sends_it_anonymous(assistant):
    """Issue 9 (brief items 2 and 3): "every night" at the name prompt was stored as the name; "skip" at the
    read-back got "What should I change?". The read-back is the name prompt now: "every night" sent to it is
    how often, never a name, and the report is read back again, still asking for the name; "skip" sends it
    without one."""
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("dog barking at 412 oak st for 2 hours straight")
    assert "To send it, reply with your name" in replies[-1], replies
    replies = resident.says("every night")
    # not filed as the name, and not sent
    assert not any("Every Night" in r or "reference" in r.lower() for r in replies), replies
    assert "how often: every night" in replies[-1] and "reply with your name" in replies[-1], replies
    replies = resident.says("skip")
    assert not any("What should I change" in r for r in replies), replies
    detail = service.get_complaint(_reference(replies))
    assert detail.anonymous is True and detail.complainant_name is None
    assert detail.details["barking_frequency"] == "every night"


def test_a_landmark_on_a_county_road_keeps_the_road(assistant):
    """Issue 9: "hogs out on county road 9 past the grain elevator" was filed at "the grain elevator"."""
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("hogs out on county road 9 past the grain elevator")
    replies = _until_read_back(
        resident,
        replies,
        {"look like": "three black hogs, still there, friendly", "still there": "yes still there",
         "aggressive": "no", "which way": "still there"},
    )  # fmt: skip
    assert any("county road 9 past the grain elevator" in r for r in replies), replies
    detail = service.get_complaint(_reference(resident.says("skip")))
    assert (detail.type, detail.animal_species) == ("at_large", "pig")
    assert detail.location_text == "county road 9 past the grain elevator"


def test_a_named_landmark_on_a_misspelt_street_is_taken_and_the_street_asked_about(assistant):
    """Issue 9: "by the dollar general on belvedere" was refused three times."""
    url, service = assistant
    resident = Resident(url)
    replies = resident.says("there's a big dog running around by the dollar general on belvedere")
    assert not any("place the city can find" in r for r in replies), replies
    assert replies[-1] == "Did you mean Belvidere Street?", replies
    replies = _until_read_back(
        resident,
        resident.says("yes"),
        {
            "look like": "big brown dog",
            "describe": "big brown dog",
            "still there": "yes still there",
            "aggressive": "no",
            "growling": "no",
        },
    )
    detail = service.get_complaint(_reference(resident.says("yes")))
    assert detail.location_text == "the dollar general on Belvidere"
