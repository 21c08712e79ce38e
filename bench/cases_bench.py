"""Case database bench: 1,000,000 complaints across 100 jurisdictions in PostgreSQL.

Prints the median and p95 time (ms) of the two reads the console and the ordinance engine make
most: one subject's standing input (`CaseService.subject_complaints`) and a page of the review
queue (page 1 and a deep page, with the filters). Target: under 20 ms each.

    .venv/bin/python bench/cases_bench.py [--postgres-url URL] [--complaints N] [--jurisdictions N]

Without a URL it starts a throwaway PostgreSQL cluster (as the tests do). With one, it works in a
schema of its own, dropped at the end. A benchmark, not a test: the data are synthetic and the
jurisdiction codes plain strings (no packs are needed to read).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

from psycopg2 import sql
from sqlalchemy import create_engine, text
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.schema import CreateSchema, DropSchema

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.cases.db import display_url, make_engine, make_session_factory, migrate  # noqa: E402
from bot.cases.service import CaseService  # noqa: E402
from bot.cases.throwaway_postgres import ThrowawayPostgres  # noqa: E402

TARGET_MS = 20.0
TYPES = ("barking", "barking", "barking", "at_large", "at_large", "bite")
STATUSES = ("accepted",) * 12 + ("new",) * 5 + ("rejected",) * 2 + ("duplicate",)
CHANNELS = (
    (("sms", "written"),) * 4 + (("voice", "verbal"),) * 2 + (("walk_in", "verbal"), ("web", "written"))
)
STREETS = ("OAK", "ELM", "MAIN", "BELVIDERE", "3RD", "4TH", "LAKEVIEW", "CHURCH", "MILL", "RIVER")
SUFFIXES = ("ST", "AVE", "DR", "CT", "LN")
# Bulk-load settings for the throwaway cluster only (it is deleted afterwards).
THROWAWAY_SETTINGS = (
    "shared_buffers=256MB",
    "maintenance_work_mem=256MB",
    "max_wal_size=4GB",
    "synchronous_commit=off",
    "full_page_writes=off",
)
LOAD_CHUNK = 100_000


def _copy(engine: Engine, table: str, columns: tuple[str, ...], rows: Iterator[tuple[object, ...]]) -> None:
    """COPY rows in chunks; values are tab-separated text, None as \\N."""
    copy_sql = sql.SQL("COPY {} ({}) FROM STDIN").format(
        sql.Identifier(table), sql.SQL(", ").join(sql.Identifier(column) for column in columns)
    )
    raw = engine.raw_connection()
    try:
        cursor = raw.cursor()
        buffer = io.StringIO()
        pending = 0
        for row in rows:
            buffer.write("\t".join("\\N" if value is None else str(value) for value in row))
            buffer.write("\n")
            pending += 1
            if pending == LOAD_CHUNK:
                buffer.seek(0)
                cursor.copy_expert(copy_sql, buffer)
                buffer = io.StringIO()
                pending = 0
        if pending:
            buffer.seek(0)
            cursor.copy_expert(copy_sql, buffer)
        raw.commit()
    finally:
        raw.close()


def load(engine: Engine, complaints: int, jurisdictions: int, seed: int) -> dict[str, object]:
    rng = random.Random(seed)
    codes = [f"j{n:03d}" for n in range(jurisdictions)]
    subjects_per_jurisdiction = max(1, complaints // jurisdictions // 5)
    complainants = max(1, complaints // 20)
    created = datetime(2026, 11, 1, tzinfo=timezone.utc).isoformat()

    def subject_rows() -> Iterator[tuple[object, ...]]:
        for j, code in enumerate(codes):
            for s in range(subjects_per_jurisdiction):
                subject_id = j * subjects_per_jurisdiction + s + 1
                address = f"{100 + s} {STREETS[s % len(STREETS)]} {SUFFIXES[s % len(SUFFIXES)]}"
                yield subject_id, code, address, address, created

    def complainant_rows() -> Iterator[tuple[object, ...]]:
        for c in range(1, complainants + 1):
            yield c, f"+1507{c:07d}", None, created

    start = datetime(2025, 1, 1, tzinfo=timezone.utc)
    span_s = int((datetime(2026, 11, 29, tzinfo=timezone.utc) - start).total_seconds())
    sequences: dict[tuple[str, int], int] = {}
    details = json.dumps({"frequency": "nightly"})

    def complaint_rows() -> Iterator[tuple[object, ...]]:
        for n in range(complaints):
            j = n % jurisdictions
            code = codes[j]
            received = start + timedelta(seconds=rng.randrange(span_s))
            key = (code, received.year)
            sequences[key] = sequences.get(key, 0) + 1
            channel, form = rng.choice(CHANNELS)
            if rng.random() < 0.8:
                # skewed: a few households draw many complaints, as in life
                s = int(subjects_per_jurisdiction * rng.random() ** 2)
                subject_id: int | None = j * subjects_per_jurisdiction + s + 1
                location = f"{100 + s} {STREETS[s % len(STREETS)]} {SUFFIXES[s % len(SUFFIXES)]}"
                normalised: str | None = location
            else:
                subject_id, location, normalised = None, "behind the church", None
            status = rng.choice(STATUSES)
            stamp = received.isoformat()
            yield (
                f"{code.upper()}-{received.year}-{sequences[key]:05d}",
                code,
                rng.choice(TYPES),
                channel,
                form,
                stamp,
                location,
                normalised,
                "dog",
                "synthetic transcript",
                details,
                "f",
                rng.randrange(1, complainants + 1),
                "f" if rng.random() < 0.3 else "t",
                subject_id,
                "t" if subject_id is not None else "f",  # households confirmed by the clerk (they count)
                status,
                "not a nuisance" if status == "rejected" else None,
                f"SM{n:010d}",
                stamp,
                stamp,
            )

    timings: dict[str, object] = {}
    began = time.perf_counter()
    _copy(
        engine,
        "subjects",
        ("id", "jurisdiction", "address_normalised", "address_text", "created_at"),
        subject_rows(),
    )
    _copy(engine, "complainants", ("id", "contact_key", "name", "created_at"), complainant_rows())
    timings["subjects"] = subjects_per_jurisdiction * jurisdictions
    timings["complainants"] = complainants
    columns = (
        "reference",
        "jurisdiction",
        "type",
        "channel",
        "form",
        "received",
        "location_text",
        "location_normalised",
        "animal_species",
        "transcript",
        "details",
        "urgent",
        "complainant_id",
        "anonymous",
        "subject_id",
        "subject_confirmed",
        "status",
        "status_reason",
        "source_id",
        "created_at",
        "updated_at",
    )
    _copy(engine, "complaints", columns, complaint_rows())
    timings["load_s"] = round(time.perf_counter() - began, 1)
    with engine.begin() as connection:
        connection.execute(text("SELECT setval('subjects_id_seq', (SELECT max(id) FROM subjects))"))
        connection.execute(text("SELECT setval('complainants_id_seq', (SELECT max(id) FROM complainants))"))
        for (code, year), last in sequences.items():
            connection.execute(
                text("INSERT INTO reference_counters (jurisdiction, year, last_value) VALUES (:j, :y, :v)"),
                {"j": code, "y": year, "v": last},
            )
    began = time.perf_counter()
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text("VACUUM ANALYZE"))
    timings["vacuum_analyze_s"] = round(time.perf_counter() - began, 1)
    timings["subjects_per_jurisdiction"] = subjects_per_jurisdiction
    return timings


def measure(call: Callable[[], object], runs: int) -> tuple[float, float]:
    for _ in range(min(10, runs)):
        call()  # warm the pool and the plan cache
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        call()
        samples.append((time.perf_counter() - began) * 1000)
    samples.sort()
    return statistics.median(samples), samples[max(0, int(len(samples) * 0.95) - 1)]


def run(url: str, complaints: int, jurisdictions: int, runs: int, seed: int) -> int:
    schema = f"cases_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(url, future=True, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(CreateSchema(schema))
    bench_url = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
    bench_url_text = bench_url.render_as_string(hide_password=False)
    print(f"database: {display_url(url)} (schema {schema})")
    try:
        migrate(bench_url_text)
        engine = make_engine(bench_url_text)
        print(f"loading {complaints:,} complaints across {jurisdictions} jurisdictions ...", flush=True)
        loaded = load(engine, complaints, jurisdictions, seed)
        print(
            f"loaded in {loaded['load_s']} s (+ VACUUM ANALYZE {loaded['vacuum_analyze_s']} s): "
            f"{loaded['subjects']:,} subjects, {loaded['complainants']:,} complainants"
        )
        service = CaseService(make_session_factory(engine))
        rng = random.Random(seed + 1)
        per = int(loaded["subjects_per_jurisdiction"])
        codes = [f"j{n:03d}" for n in range(jurisdictions)]
        deep_code = codes[len(codes) // 2]
        with engine.connect() as connection:
            heaviest = connection.execute(
                text(
                    "SELECT subject_id, count(*) FROM complaints WHERE subject_id IS NOT NULL"
                    " GROUP BY subject_id ORDER BY count(*) DESC LIMIT 1"
                )
            ).one()
            new_barking = connection.execute(
                text(
                    "SELECT count(*) FROM complaints"
                    " WHERE jurisdiction = :code AND type = 'barking' AND status = 'new'"
                ),
                {"code": deep_code},
            ).scalar_one()
        page_size = 50
        deep_page = max(1, new_barking // page_size)
        cases: list[tuple[str, Callable[[], object]]] = [
            (
                "subject_complaints (random subject)",
                lambda: service.subject_complaints(rng.randrange(1, per * jurisdictions + 1)),
            ),
            (
                f"subject_complaints (heaviest: {heaviest[1]} complaints)",
                lambda: service.subject_complaints(heaviest[0]),
            ),
            (
                "review_queue page 1 (jurisdiction+type+status)",
                lambda: service.review_queue(rng.choice(codes), "barking", "new", 1, page_size),
            ),
            (
                f"review_queue page {deep_page} = last ({deep_code}, barking, new)",
                lambda: service.review_queue(deep_code, "barking", "new", deep_page, page_size),
            ),
            (
                "review_queue page 1 (jurisdiction+status)",
                lambda: service.review_queue(rng.choice(codes), None, "new", 1, page_size),
            ),
            (
                "review_queue page 1 (status only, all cities)",
                lambda: service.review_queue(None, None, "new"),
            ),
            (
                "review_queue page 100 (status only, all cities)",
                lambda: service.review_queue(None, None, "new", 100, page_size),
            ),
        ]
        print(f"\n{'operation':<52} {'median ms':>10} {'p95 ms':>8}  target {TARGET_MS:.0f} ms")
        worst = 0.0
        for label, call in cases:
            median, p95 = measure(call, runs)
            worst = max(worst, p95)
            verdict = "ok" if p95 < TARGET_MS else "OVER"
            print(f"{label:<52} {median:>10.2f} {p95:>8.2f}  {verdict}")
        engine.dispose()
        return 0 if worst < TARGET_MS else 1
    finally:
        with admin.connect() as connection:
            connection.execute(DropSchema(schema, cascade=True))
        admin.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgres-url", help="PostgreSQL server URL (default: start a throwaway cluster)")
    parser.add_argument("--complaints", type=int, default=1_000_000)
    parser.add_argument("--jurisdictions", type=int, default=100)
    parser.add_argument("--runs", type=int, default=200, help="timed calls per operation")
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    server = None
    url = args.postgres_url
    if url is None:
        server = ThrowawayPostgres(settings=THROWAWAY_SETTINGS)
        url = server.start()
    try:
        return run(url, args.complaints, args.jurisdictions, args.runs, args.seed)
    finally:
        if server is not None:
            server.stop()


if __name__ == "__main__":
    sys.exit(main())
