"""The conversation bench's residents: at least 30, the three report types, both cities,
SMS and voice; each answers what it is asked from its own facts."""

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location(
        "conversation_bench", ROOT / "bench" / "conversation_bench.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_residents_cover_every_report_type_city_and_channel(bench) -> None:
    scripts = bench.SCRIPTS
    assert len(scripts) >= 44
    combos = {(s.kind, s.city, s.channel) for s in scripts}
    for kind in ("barking", "at_large", "bite"):
        for city in ("kellogg", "freeport"):
            assert {(kind, city, "sms"), (kind, city, "voice")} & combos, (kind, city)
    assert {s.channel for s in scripts} == {"sms", "voice"}
    assert len({s.first.lower() for s in scripts}) == len(scripts)


def test_a_resident_answers_a_combined_question_with_both_facts(bench) -> None:
    script = bench.Script(
        "barking", "kellogg", "sms", "both", "dog barking at 412 oak", {"since": "for an hour"}
    )
    reply = script.answer("how long has it been going on, and how often does it happen?")
    assert reply == "for an hour, and every night"
    assert script.answer("reply yes to send it") == "yes"
    assert script.answer("what is your favourite colour?") == "I don't know"


def test_the_summary_splits_by_channel(bench) -> None:
    script = bench.SCRIPTS[0]
    results = [bench.Result(script, 3, True, []), bench.Result(script, 5, False, [])]
    lines = bench.summarise(results)
    assert any(line.split()[:2] == ["barking", script.channel] for line in lines)
    assert any(line.split()[-2:] == ["1/2", "0"] for line in lines)


def test_a_report_filed_under_another_type_is_counted(bench) -> None:
    # the bench's goat: a bite on livestock read back and filed as an animal at large
    bite = next(s for s in bench.SCRIPTS if s.kind == "bite")
    read_back = "Animal at large: goat at county road 9; still there: unknown. Say yes to send it."
    wrong = bench.Result(bite, 4, True, [("a dog went after my goat", "..."), ("yes", read_back)])
    right = bench.Result(
        bite, 4, True, [("yes", "Bite: dog at 412 Oak St; who: a person. Reply YES to send it.")]
    )
    assert (wrong.filed_as, wrong.wrong_type) == ("at_large", True)
    assert (right.filed_as, right.wrong_type) == ("bite", False)
    row = next(line for line in bench.summarise([wrong, right]) if line.split()[:2] == ["bite", "any"])
    assert row.split()[-2:] == ["2/2", "1"]


def test_a_resident_asked_about_another_report_types_fact_says_they_dont_know(bench) -> None:
    # a bite read as at large is asked "is it still there?": the scripted resident has no such fact
    bite = bench.Script("bite", "kellogg", "voice", "both", "a dog went after my goat")
    assert bite.answer("is it still there, or which way did it go?") == "I don't know"
