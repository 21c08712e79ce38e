"""`python -m bot.ordinance standing --jurisdiction CODE FILE`: the contract other tools rely on."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "bot.ordinance", *args],
        cwd=REPO,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def write(tmp_path: Path, document: object) -> str:
    path = tmp_path / "complaints.json"
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return str(path)


KELLOGG = {
    "complaints": [
        {"id": "k3", "subject": "412 Oak", "received": "2027-01-05", "form": "verbal", "type": "barking"},
        {"id": "k1", "subject": "412 Oak", "received": "2026-01-05", "form": "verbal", "type": "barking"},
        {
            "id": "k2",
            "subject": "412 Oak",
            "received": "2026-03-05T16:00:00-06:00",
            "form": "verbal",
            "type": "at_large",
        },
        {
            "id": "k4",
            "subject": "412 Oak",
            "received": "2026-05-05T12:00:00Z",
            "form": "written",
            "type": "bite",
        },
        {"id": "e1", "subject": "9 Elm", "received": "2026-02-01", "form": "written", "type": "barking"},
    ]
}


def test_kellogg_standing_in_input_order(tmp_path) -> None:
    done = run("standing", "--jurisdiction", "kellogg", write(tmp_path, KELLOGG))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r["id"], r["counts_as"], r["action"]) for r in results] == [
        ("k3", "third", "refer_city_attorney"),
        ("k1", "verbal_pending", "document"),
        ("k2", "first", "letter"),
        ("k4", "second", "citation"),
        ("e1", "first", "letter"),
    ]
    by_id = {r["id"]: r for r in results}
    assert by_id["k4"]["anchor"] == "2026-03-05"
    assert by_id["k4"]["second_window_end"] == "2026-05-05"
    assert by_id["k4"]["third_window_end"] == "2027-03-05"
    assert by_id["k4"]["consequences"]["reissue_fee_cents"] == 5000
    assert by_id["k1"]["pending_window_end"] == "2026-03-05"


def test_freeport_numbers_every_complaint(tmp_path) -> None:
    document = {
        "complaints": [
            {"id": "f2", "subject": "5 Main", "received": "2026-02-01", "form": "verbal", "type": "at_large"},
            {"id": "f1", "subject": "5 Main", "received": "2026-01-05", "form": "verbal", "type": "barking"},
            {
                "id": "g1",
                "subject": "7 Elm",
                "received": "2026-01-06",
                "type": "bite",
                "complainant_identified": True,
            },
        ]
    }
    done = run("standing", "--jurisdiction", "freeport", write(tmp_path, document))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r["id"], r["counts_as"]) for r in results] == [
        ("f2", "complaint_2"),
        ("f1", "complaint_1"),
        ("g1", "complaint_1"),
    ]
    assert results[0]["seizure_preconditions"]["previous_complaint_ids"] == ["f1"]
    assert results[2]["designation"] == "none"  # victim not given: 11 C 2 a cannot be shown


def bite(cid: str, received: str, **more) -> dict:
    return {"id": cid, "subject": "7 Elm", "received": received, "form": "written", "type": "bite", **more}


def test_freeport_designation_per_animal_and_victim(tmp_path) -> None:
    """11 C 1 d: persons bitten on two occasions by the same animal; 11 C 2 a: a human or a domestic animal."""
    document = {
        "complaints": [
            bite("b1", "2026-01-05", animal="rex", victim="person"),
            bite("b2", "2026-02-05", animal="rex", victim="animal"),
            bite("b3", "2026-03-05", animal="fido", victim="person"),
            bite("b4", "2026-04-05", animal="rex", victim="person"),
            bite("b5", "2026-05-05", victim="person", injury=True),
        ]
    }
    done = run("standing", "--jurisdiction", "freeport", write(tmp_path, document))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r["designation"], r["designation_section"]) for r in results] == [
        ("potentially_dangerous", "11(C)(2)(a)"),
        ("potentially_dangerous", "11(C)(2)(a)"),
        ("potentially_dangerous", "11(C)(2)(a)"),
        ("dangerous", "11(C)(1)(d)"),
        ("dangerous", "11(C)(1)(a)"),
    ]
    assert [r["animal"] for r in results] == ["rex", "rex", "fido", "rex", None]


def test_kellogg_bite_cases_per_animal_on_the_cli(tmp_path) -> None:
    """58-10 I: "Any animal with a history of two or more bite cases" - counted per animal; and 58-10 concerns
    an animal that "has bitten any human being", so a bite of an animal is no bite case (reading
    nuisance_bites: human, the default)."""
    document = {
        "complaints": [
            bite("b1", "2026-01-05", animal="rex", victim="person"),
            bite("b2", "2026-02-05", animal="fido", victim="person"),
            bite("b3", "2026-03-05", victim="person"),
            bite("b4", "2026-04-05", animal="rex", victim="animal"),
            bite("b5", "2026-05-05", animal="rex", victim="person"),
        ]
    }
    done = run("standing", "--jurisdiction", "kellogg", write(tmp_path, document))
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r.get("bite_case_number"), r.get("public_nuisance")) for r in results] == [
        (1, False),
        (1, False),
        (1, False),
        (None, None),  # the dog that bit a dog: no 58-10 I bite case
        (2, True),
    ]


def test_victim_must_be_person_animal_or_null(tmp_path) -> None:
    document = {"complaints": [bite("b1", "2026-01-05", victim="dog")]}
    done = run("standing", "--jurisdiction", "freeport", write(tmp_path, document))
    assert done.returncode == 2
    assert "'victim'" in done.stderr and "b1" in done.stderr


def test_reads_stdin_when_file_is_dash() -> None:
    done = run("standing", "--jurisdiction", "kellogg", "-", stdin=json.dumps(KELLOGG))
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["results"]) == 5


def test_empty_list_gives_empty_results(tmp_path) -> None:
    done = run("standing", "--jurisdiction", "kellogg", write(tmp_path, {"complaints": []}))
    assert (done.returncode, json.loads(done.stdout)) == (0, {"results": []})


def complaint(**changes):
    base = {"id": "c7", "subject": "412 Oak", "received": "2026-01-05", "form": "verbal", "type": "barking"}
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


BAD_INPUT = [
    (
        "unknown jurisdiction",
        ["--jurisdiction", "gotham"],
        {"complaints": [complaint()]},
        ["gotham", "jurisdiction"],
    ),
    ("unreadable date", None, {"complaints": [complaint(received="2026-13-01")]}, ["'c7'", "received"]),
    (
        "date in another format",
        None,
        {"complaints": [complaint(received="01/05/2026")]},
        ["'c7'", "received"],
    ),
    ("missing field names the id", None, {"complaints": [complaint(form=None)]}, ["'c7'", "'form'"]),
    ("missing id names the index", None, {"complaints": [complaint(), complaint(id=None)]}, ["#1", "'id'"]),
    ("bad form value", None, {"complaints": [complaint(form="shouted")]}, ["'c7'", "form"]),
    ("bad type value", None, {"complaints": [complaint(type="noise")]}, ["'c7'", "type"]),
    ("repeated id", None, {"complaints": [complaint(), complaint()]}, ["#1", "'id'"]),
    ("complaints not a list", None, {"complaints": {"id": "c7"}}, ["complaints"]),
    ("not JSON", None, "{complaints: [", ["not JSON"]),
]


@pytest.mark.parametrize(
    ("args", "document", "expected"), [pytest.param(a, d, e, id=i) for i, a, d, e in BAD_INPUT]
)
def test_bad_input_is_one_line_and_status_2(tmp_path, args, document, expected) -> None:
    done = run("standing", *(args or ["--jurisdiction", "kellogg"]), write(tmp_path, document))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for text in expected:
        assert text in lines[0]


def test_missing_file_is_one_line_and_status_2(tmp_path) -> None:
    done = run("standing", "--jurisdiction", "kellogg", str(tmp_path / "nope.json"))
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "nope.json" in done.stderr and "Traceback" not in done.stderr


def test_missing_argument_is_one_line_and_status_2() -> None:
    done = run("standing", "--jurisdiction", "kellogg")
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "FILE" in done.stderr


def test_error_messages_do_not_echo_residents_details(tmp_path) -> None:
    # Subjects are addresses; an error names the complaint and the field, never the subject.
    document = {"complaints": [complaint(subject="412 Oak St, Jane Doe", received="someday")]}
    done = run("standing", "--jurisdiction", "kellogg", write(tmp_path, document))
    assert done.returncode == 2 and "Jane Doe" not in done.stderr and "412 Oak" not in done.stderr
