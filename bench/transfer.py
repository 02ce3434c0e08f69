"""Bytes a phone downloads on a first visit: every request and its compressed size.

Starts the site (bench/server.py), then Debian's Chromium at a 360x740 phone
viewport loads each page with a cold cache (a fresh browser context each time)
and records every request with its encoded (compressed) body size and header
size. Prints a table and PASS/MISS against the targets:

  rule page HTML+CSS        <= 14 KB compressed  (fits TCP's first round trip)
  rule page HTML+CSS+htmx   <= 30 KB compressed

Figures, not a test: always exits 0.  usage: python bench/transfer.py [-v]
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from bench.server import running_site
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE

PAGES = ["/rules/", "/rules/trash-poker/"]
RULE_PAGE = "/rules/trash-poker/"
KB = 1024
TARGETS = [("HTML+CSS", 14 * KB), ("with htmx", 30 * KB)]


def kind(url: str, resource_type: str) -> str:
    path = urlparse(url).path
    if resource_type == "document":
        return "html"
    if path.endswith(".css"):
        return "css"
    if "/htmx" in path and path.endswith(".js"):
        return "htmx"
    return resource_type


def measure(browser, base: str, path: str) -> tuple[list[dict], list[dict]]:
    """Page requests, and the service worker's own (install/precache) requests."""
    context = browser.new_context(**PHONE)
    rows: list[dict] = []
    worker_rows: list[dict] = []

    def finished(request):
        sizes = request.sizes()
        response = request.response()
        row = {
            "url": request.url,
            "type": request.resource_type,
            "status": response.status if response else None,
            "encoding": (response.headers.get("content-encoding", "") if response else ""),
            "body": sizes["responseBodySize"],
            "headers": sizes["responseHeadersSize"],
        }
        worker = getattr(request, "service_worker", None)
        (worker_rows if worker else rows).append(row)

    context.on("requestfinished", finished)
    page = context.new_page()
    page.goto(base + path, wait_until="load")
    # Let the service worker install and precache, as it would on a real first visit.
    page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => 1) : 0")
    page.wait_for_load_state("networkidle")
    context.close()
    for row in rows:
        row["kind"] = kind(row["url"], row["type"])
    return rows, worker_rows


def total(rows: list[dict], kinds: set[str] | None = None, headers: bool = False) -> int:
    return sum(
        r["body"] + (r["headers"] if headers else 0)
        for r in rows
        if kinds is None or r["kind"] in kinds
    )


def main() -> int:
    verbose = "-v" in sys.argv
    results = {}
    with running_site() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for path in PAGES:
            results[path] = measure(browser, base, path)
        browser.close()

    print("First visit, cold cache, 360x740 phone; sizes are compressed response bodies")
    print("(the 'wire' figure adds response headers).\n")
    head = (
        f"{'page':<22}{'requests':>9}{'HTML+CSS':>10}{'+ htmx':>9}{'total':>9}{'wire':>9}"
        f"{'sw install':>12}"
    )
    print(head)
    print("-" * len(head))
    for path, (rows, worker) in results.items():
        print(
            f"{path:<22}{len(rows):>9}{total(rows, {'html', 'css'}):>10}"
            f"{total(rows, {'html', 'css', 'htmx'}):>9}{total(rows):>9}"
            f"{total(rows, headers=True):>9}{total(worker):>12}"
        )
    print(
        "\n'total' is every request the page itself made; 'sw install' is what the"
        "\nservice worker fetches right after (its precache list), also on first visit."
    )

    for path, (rows, worker) in results.items():
        print(f"\n{path}: every request")
        for r in rows + [{**w, "kind": "sw"} for w in worker]:
            shown = urlparse(r["url"]).path
            enc = r["encoding"] or "identity"
            print(
                f"  {r['kind']:<10}{r['status']!s:>4} {r['body']:>7} B body "
                f"{r['headers']:>5} B hdr  {enc:<8} {shown}"
            )
        if worker:
            print(f"  service worker install traffic: {total(worker)} B body, {len(worker)} req")
        elif verbose:
            print("  (no service-worker requests reported)")

    rows = results[RULE_PAGE][0]
    print(f"\nTargets for the rule page {RULE_PAGE}:")
    figures = [total(rows, {"html", "css"}), total(rows, {"html", "css", "htmx"})]
    for (label, limit), value in zip(TARGETS, figures, strict=True):
        verdict = "PASS" if value <= limit else "MISS"
        print(f"  {verdict}  {label:<10} {value / KB:6.1f} KB  (target <= {limit // KB} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
