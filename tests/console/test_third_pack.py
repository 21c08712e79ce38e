"""A third city, loaded from a temporary packs directory, renders on every console page.

The console names no city: the standing, the bite orders and the notices come from the pack's rules
module. The third pack shares Kellogg's rules module with numbers of its own, so its pages must show its
numbers (a 14-day hearing window, 21 days to license), not Kellogg's.
"""

from __future__ import annotations

import shutil
from datetime import date, datetime, timezone

import pytest
import yaml

from bot.cases.report import BiteDetails
from bot.jurisdictions import PACKS_DIR, PACKS_DIR_VARIABLE, get_pack
from tests.console.conftest import CHICAGO, PASSWORD, csrf_from, sign_in


@pytest.fixture
def third_pack(tmp_path, monkeypatch):
    directory = tmp_path / "packs"
    directory.mkdir()
    for name in ("kellogg.yml", "freeport.yml", "kellogg-chapter-58.txt"):
        shutil.copy(PACKS_DIR / name, directory / name)
    raw = yaml.safe_load((PACKS_DIR / "kellogg.yml").read_text(encoding="utf-8"))
    raw.update(code="lakeside", name="Lakeside, MN", reference_prefix="LAK", phone_numbers=["+15075550777"],
               ordinance="Lakeside City Code chapter 9", ordinance_text="lakeside-chapter-9.txt")  # fmt: skip
    raw["law"]["first"]["license_days"] = 21
    raw["law"]["second"]["hearing_request_days"] = 14
    (directory / "lakeside.yml").write_text(yaml.safe_dump(raw), encoding="utf-8")
    (directory / "lakeside-chapter-9.txt").write_text("LAKESIDE CHAPTER 9 ANIMALS\n", encoding="utf-8")
    monkeypatch.setenv(PACKS_DIR_VARIABLE, str(directory))
    return get_pack("lakeside")


def test_every_console_page_renders_for_a_third_pack(
    third_pack, accounts, client, cases, make_report, clock
) -> None:
    clock.now = datetime(2026, 3, 4, 18, 0, tzinfo=timezone.utc)  # the notices below are dated today
    received = datetime(2026, 3, 2, 9, 0, tzinfo=CHICAGO)
    first = cases.file_complaint(make_report(jurisdiction="lakeside", received=received))
    second = cases.file_complaint(make_report(jurisdiction="lakeside", received=received.replace(day=3)))
    for reference in (first, second):
        cases.confirm_household(reference, by="setup")  # the household suggested at the barking address
        cases.accept(reference, by="setup")
    bite = cases.file_complaint(make_report(jurisdiction="lakeside", type="bite", received=received,
                                            bite=BiteDetails("person", True, None, None), urgent=True))  # fmt: skip
    assert first.startswith("LAK-")
    accounts.create_user("lakeadmin", PASSWORD, "admin", ["lakeside", "kellogg", "freeport"])
    sign_in(client, "lakeadmin")
    subject_id = cases.get_complaint(first).subject_id

    pages = ["/queue", "/queue?jurisdiction=lakeside", "/subjects", f"/subjects/{subject_id}",
             f"/complaints/{first}", f"/complaints/{second}", f"/complaints/{bite}", "/complaints/new",
             "/deadlines", "/deadlines?jurisdiction=lakeside", "/admin", "/try",
             f"/notices/preview?complaint={first}&kind=letter&issued_on=2026-03-04",
             f"/notices/preview?complaint={second}&kind=citation&issued_on=2026-03-04",
             f"/notices/preview?complaint={bite}&kind=quarantine_order&issued_on=2026-03-04",
             "/export/complaints.csv"]  # fmt: skip
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
    assert "Lakeside" in client.get(f"/subjects/{subject_id}").text
    letter = client.get(f"/notices/preview?complaint={first}&kind=letter&issued_on=2026-03-04").text
    assert "21 days" in letter and "LAKESIDE CHAPTER 9 ANIMALS" in letter
    citation = client.get(f"/notices/preview?complaint={second}&kind=citation&issued_on=2026-03-04").text
    assert "within 14 days after receiving the citation" in citation

    token = csrf_from(client, "/queue")
    issued = client.post("/notices", data={"csrf_token": token, "complaint": first, "kind": "letter",
                                           "issued_on": date(2026, 3, 4).isoformat()})  # fmt: skip
    notice_path = issued.headers["location"]
    for path in (notice_path, f"{notice_path}/pdf", f"{notice_path}/html"):
        assert client.get(path).status_code == 200, path
