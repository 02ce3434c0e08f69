"""A big night's History tab and journal CSV, beside the cheapest Django view.

Builds a night of 60,000 postings (Ann and Bob buy in, then pass one chip
back and forth: the balanced Posting and Entry rows `tests.factories.chips_passed`
bulk-creates) on a fresh database: a temporary SQLite file, and a throwaway
PostgreSQL database next to DATABASE_URL's when DATABASE_URL is set. Then, in
process (Django's test client, `bench.settings`, DEBUG off), as the host:

- the baseline: `/bench/baseline/` (a view returning "ok", same middleware);
- the journal page's first page, a deep page (`?before=` the middle posting)
  and its last page: median time, bytes and queries;
- the same for the API's journal (`/api/nights/<n>/journal/`, JSON, the same
  keyset pages): its first page and the deep page;
- the journal CSV, streamed to the end: time to the first row, time to the
  last, bytes, and peak Python memory (tracemalloc, a run of its own);
  beside it the same CSV built whole as one text (as it was before it
  streamed), for its peak memory.

Targets: every journal page under 200 ms and at most 6 queries at any depth
(a page below the first asks one more: where its Newer link leads); the API's
pages likewise under 200 ms, in at most 8 queries (the entries and what undid
each posting besides); the streamed CSV's peak memory under 5 MB at any size.

Figures, not a test: always exits 0. About two minutes on SQLite.
usage: python bench/journal_size.py [--postings 60000] [--runs 5] [--only sqlite|postgres]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import BASELINE, PYTHON, ROOT, _manage, fresh_database

PAGE_TARGET = 0.2  # seconds for any page of the journal
QUERY_TARGET = 6  # the night, the session and user, the page, the Newer probe, kept cards
API_QUERY_TARGET = 8  # those, and the page's entries and the postings that undid them
API = "API "  # the figures of the API's pages are named with this first
MEMORY_TARGET = 5 * 1024 * 1024  # bytes of peak Python memory while the CSV streams
MB = 1024 * 1024


# --- In a child process, one database --------------------------------------------------------


def child(postings: int, runs: int) -> dict:
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench import table_script as script
    from ledger.models import Posting
    from ledger.selectors import exports
    from tests import factories

    host, group = script.host_and_group("Big")
    began = time.perf_counter()
    table = factories.night_with(host, group=group, seats=("Ann", "Bob"), buy_in=10)
    night = table.night
    factories.chips_passed(night, table["Ann"], table["Bob"], postings - 2)
    built = time.perf_counter() - began
    client = Client()
    client.force_login(host)

    def get(path: str) -> tuple[float, int, int]:
        """Median seconds of `runs` GETs (after one to warm up), bytes, queries."""
        client.get(path)
        took = []
        for _ in range(runs):
            start = time.perf_counter()
            response = client.get(path)
            took.append(time.perf_counter() - start)
            assert response.status_code == 200, response.content[:300]
        with CaptureQueriesContext(connection) as captured:
            response = client.get(path)
        return statistics.median(took), len(response.content), len(captured)

    def traced(call) -> int:
        tracemalloc.start()
        try:
            call()
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    ids = list(Posting.objects.filter(night=night).order_by("-pk").values_list("pk", flat=True))
    journal = f"/nights/{night.pk}/journal/"
    pages = {
        "baseline": get(BASELINE),
        "first page": get(journal),
        f"deep page ({len(ids) // 2:,} down)": get(f"{journal}?before={ids[len(ids) // 2]}"),
        "last page": get(f"{journal}?before={ids[-100]}"),
    }
    api_journal = f"/api/nights/{night.pk}/journal/"
    pages |= {
        f"{API}first page": get(api_journal),
        f"{API}deep page": get(f"{api_journal}?before={ids[len(ids) // 2]}"),
    }

    csv_path = f"/nights/{night.pk}/journal.csv"

    def stream() -> tuple[float, float, int]:
        start = time.perf_counter()
        response = client.get(csv_path)
        size, first = 0, 0.0
        for chunk in response.streaming_content:
            if not size:
                first = time.perf_counter() - start
            size += len(chunk)
        response.close()
        return first, time.perf_counter() - start, size

    first, total, size = stream()
    return {
        "postings": Posting.objects.filter(night=night).count(),
        "built": built,
        "pages": pages,
        "csv_first": first,
        "csv_total": total,
        "csv_bytes": size,
        "csv_peak": traced(stream),
        "csv_whole_peak": traced(lambda: exports.journal_csv(night)),
        "baseline_peak": traced(lambda: client.get(BASELINE)),
    }


# --- One database, then the report ----------------------------------------------------------


def measure(backend: str, args) -> dict:
    began = time.monotonic()
    with fresh_database("homegame-bench-journal-", postgres=backend == "postgres") as env:
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")  # the pages link it
        child_env = {**env, "DJANGO_ALLOWED_HOSTS": "testserver"}
        done = subprocess.run(
            [
                PYTHON,
                __file__,
                "--child",
                "--postings",
                str(args.postings),
                "--runs",
                str(args.runs),
            ],
            cwd=ROOT,
            env=child_env,
            capture_output=True,
            text=True,
        )
        if done.returncode:
            raise RuntimeError(done.stderr[-2000:])
        result = json.loads(done.stdout.strip().splitlines()[-1])
    result["seconds"] = time.monotonic() - began
    return result


def report(backend: str, r: dict) -> None:
    print(f"\n== {backend}: {r['postings']:,} postings, built in {r['built']:.1f} s")
    base_time = r["pages"]["baseline"][0]
    print(f"    {'':<26}{'median ms':>10}{'x baseline':>11}{'bytes':>9}{'queries':>8}")
    page_times: dict[bool, list[float]] = {False: [], True: []}
    page_queries: dict[bool, set[int]] = {False: set(), True: set()}
    for name, (took, size, queries) in r["pages"].items():
        ratio = took / base_time if base_time else 0.0
        print(f"    {name:<26}{took * 1000:>10.1f}{ratio:>10.0f}x{size:>9,}{queries:>8}")
        if name != "baseline":
            page_times[name.startswith(API)].append(took)
            page_queries[name.startswith(API)].add(queries)
    for api, what, most in (
        (False, "journal page", QUERY_TARGET),
        (True, "API page", API_QUERY_TARGET),
    ):
        if not page_times[api]:
            continue
        slowest, asked = max(page_times[api]), max(page_queries[api])
        print(
            f"    {verdict(slowest < PAGE_TARGET and asked <= most)}  every {what} under "
            f"{PAGE_TARGET * 1000:.0f} ms (slowest {slowest * 1000:.0f} ms), "
            f"at most {most} queries at any depth ({asked})"
        )
    print(
        f"    journal CSV, streamed: first row {r['csv_first'] * 1000:.0f} ms, "
        f"all {r['csv_bytes'] / MB:.1f} MB in {r['csv_total']:.2f} s "
        f"({r['csv_total'] / base_time:,.0f}x baseline)"
    )
    print(
        f"    peak Python memory: streamed {r['csv_peak'] / MB:.2f} MB, built whole as one text "
        f"{r['csv_whole_peak'] / MB:.1f} MB, baseline view {r['baseline_peak'] / MB:.2f} MB"
    )
    print(
        f"    {verdict(r['csv_peak'] < MEMORY_TARGET)}  the streamed CSV's peak under "
        f"{MEMORY_TARGET / MB:.0f} MB"
    )


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postings", type=int, default=60_000)
    parser.add_argument("--runs", type=int, default=5, help="timed GETs of each page")
    parser.add_argument("--only", choices=["sqlite", "postgres"])
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.postings, args.runs)))
        return 0
    backends = ["sqlite"] + (["postgres"] if os.environ.get("DATABASE_URL") else [])
    print(
        f"The History tab, the API's journal and the journal CSV of a night of "
        f"{args.postings:,} postings"
    )
    for backend in [args.only] if args.only else backends:
        try:
            report(backend, measure(backend, args))
        except Exception as exc:  # figures, not a test: say what failed and go on
            print(f"\n== {backend}: not measured: {exc}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
