"""Requests per second of a rule page against the cheapest Django view, same server, same run.

Starts the site under gunicorn (bench/server.py, settings bench.settings, which add
/bench/baseline/ returning "ok" behind the full middleware stack), then alternates
short timed runs of the baseline and of /rules/trash-poker/, several rounds, from
keep-alive http.client connections on threads. Prints req/s per run, the medians and
the ratio rule/baseline; target ratio >= 0.5. Only 127.0.0.1; about 30 s.

Figures, not a test: always exits 0.
usage: python bench/throughput.py [--rounds N] [--seconds S] [--clients C] [--workers W]
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import running_site

BASELINE = "/bench/baseline/"
RULE_PAGE = "/rules/trash-poker/"
TARGET_RATIO = 0.5
# What a phone sends: compressed responses, so gzip's cost is part of the figure.
HEADERS = {"Accept-Encoding": "gzip, deflate", "User-Agent": "homegame-bench"}


def hammer(host: str, port: int, path: str, seconds: float, clients: int) -> tuple[float, int]:
    """Requests per second over `seconds`, from `clients` keep-alive connections."""
    stop = time.monotonic() + seconds
    counts = [0] * clients
    errors = [0] * clients

    def client(i: int) -> None:
        conn = http.client.HTTPConnection(host, port, timeout=10)
        while time.monotonic() < stop:
            try:
                conn.request("GET", path, headers=HEADERS)
                response = conn.getresponse()
                response.read()
                if response.status == 200:
                    counts[i] += 1
                else:
                    errors[i] += 1
                if response.will_close:
                    conn.close()
            except (OSError, http.client.HTTPException):
                errors[i] += 1
                conn.close()
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.monotonic() - start), sum(errors)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="length of each run")
    parser.add_argument("--clients", type=int, default=4, help="concurrent connections")
    parser.add_argument("--workers", type=int, default=1, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=4, help="gthread threads per worker")
    args = parser.parse_args()

    rates: dict[str, list[float]] = {BASELINE: [], RULE_PAGE: []}
    with running_site(workers=args.workers, threads=args.threads) as base:
        url = urlparse(base)
        print(
            f"gunicorn: {args.workers} worker(s) x {args.threads} thread(s), DEBUG off, "
            f"{args.clients} keep-alive clients, {args.seconds:g} s runs, {args.rounds} rounds"
        )
        for path in rates:  # warm up: imports, template loading, first DB connection
            hammer(url.hostname, url.port, path, 0.5, args.clients)
        for round_no in range(1, args.rounds + 1):
            line = []
            for path in rates:
                rate, errors = hammer(url.hostname, url.port, path, args.seconds, args.clients)
                rates[path].append(rate)
                line.append(f"{path} {rate:7.0f} req/s" + (f" ({errors} errors)" if errors else ""))
            print(f"round {round_no}: " + "   ".join(line))

    baseline = statistics.median(rates[BASELINE])
    rule = statistics.median(rates[RULE_PAGE])
    ratio = rule / baseline if baseline else 0.0
    print(f"\nmedian baseline  {BASELINE:<22}{baseline:8.0f} req/s")
    print(f"median rule page {RULE_PAGE:<22}{rule:8.0f} req/s")
    verdict = "PASS" if ratio >= TARGET_RATIO else "MISS"
    print(f"{verdict}  rule/baseline ratio {ratio:.2f}  (target >= {TARGET_RATIO})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
