"""Bytes a phone downloads on a first visit: every request and its compressed size.

Starts the site (bench/server.py), then Debian's Chromium at a 360x740 phone
viewport loads each page with a cold cache (a fresh browser context each time)
and records every request with its encoded (compressed) body size and header
size. Prints a table and PASS/MISS against the target:

  rule page, whole first visit   <= 14 KB compressed  (fits TCP's first round trip)

"Whole first visit" is everything the page fetches while it loads: the HTML,
the CSS, every script (the service worker's own script included) and the
favicon. What the service worker downloads after that, in the background, to
read pages offline (its precache) is printed beside it and not counted: the
page is on screen by then. Chromium reports a body size of 0 for the service
worker's script, so that one is fetched again (gzip, as Chromium asked) to
size it.

It also opens the rulebook index, types into the search and waits for the
results: the search is a plain GET form whose htmx loads only on first use,
and this shows what that use costs.

Figures, not a test: always exits 0.  usage: python bench/transfer.py [-v]
"""

from __future__ import annotations

import re
import sys
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from bench.server import running_site
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE

PAGES = ["/rules/", "/rules/trash-poker/"]
RULE_PAGE = "/rules/trash-poker/"
SEARCHED = "trash"
KB = 1024
TARGET = 14 * KB
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def kind(url: str, resource_type: str) -> str:
    path = urlparse(url).path
    if resource_type == "document":
        return "html"
    if path.endswith(".css"):
        return "css"
    if "/htmx" in path and path.endswith(".js"):
        return "htmx"
    if path.endswith(".js") or resource_type == "script":
        return "js"
    return resource_type


def recorder(rows: list[dict], worker_rows: list[dict]):
    def finished(request):
        try:
            sizes = request.sizes()
            response = request.response()
        except PlaywrightError:  # finished as its context closed: nothing to size
            return
        row = {
            "url": request.url,
            "type": request.resource_type,
            "status": response.status if response else None,
            "encoding": (response.headers.get("content-encoding", "") if response else ""),
            # Chromium reports -1 less the headers for an answer from its cache.
            "body": max(0, sizes["responseBodySize"]),
            "headers": sizes["responseHeadersSize"],
        }
        row["kind"] = kind(row["url"], row["type"])
        worker = getattr(request, "service_worker", None)
        (worker_rows if worker else rows).append(row)

    return finished


def compressed_size(url: str) -> int:
    """The gzip body as the server sends it (urllib does not decompress)."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with _DIRECT.open(request, timeout=10) as response:
        return len(response.read())


def measure(browser, base: str, path: str) -> tuple[list[dict], list[dict]]:
    """The first visit's requests (worker script included), and the worker's precache."""
    context = browser.new_context(**PHONE)
    rows: list[dict] = []
    worker_rows: list[dict] = []
    context.on("requestfinished", recorder(rows, worker_rows))
    page = context.new_page()
    page.goto(base + path, wait_until="load")
    # Let the service worker install and precache, as it would on a real first visit.
    script = page.evaluate(
        "navigator.serviceWorker ? navigator.serviceWorker.ready.then(r => r.active.scriptURL) : ''"
    )
    page.wait_for_load_state("networkidle")
    context.close()
    for row in list(worker_rows):
        if row["url"] == script:
            worker_rows.remove(row)
            if row["status"] == 200 and row["body"] == 0:
                row["body"] = compressed_size(row["url"])
                row["resized"] = True
            rows.append({**row, "kind": "sw.js"})
    return rows, worker_rows


def measure_search(browser, base: str) -> tuple[list[dict], bool]:
    """What typing into the index's search fetches after the page has loaded."""
    context = browser.new_context(**PHONE)
    rows: list[dict] = []
    page = context.new_page()
    page.goto(base + "/rules/", wait_until="load")
    page.wait_for_load_state("networkidle")
    context.on("requestfinished", recorder(rows, []))
    page.evaluate("window.sameDocument = true")
    page.locator("#q").press_sequentially(SEARCHED, delay=60)
    page.wait_for_url(re.compile(rf"q={SEARCHED}"))
    page.locator("#results").filter(has_text=f"matching “{SEARCHED}”").wait_for()
    page.wait_for_load_state("networkidle")
    in_place = bool(page.evaluate("window.sameDocument === true"))
    context.close()
    return rows, in_place


def total(rows: list[dict], kinds: set[str] | None = None, headers: bool = False) -> int:
    return sum(
        r["body"] + (r["headers"] if headers else 0)
        for r in rows
        if kinds is None or r["kind"] in kinds
    )


def show(rows: list[dict]) -> None:
    for r in rows:
        shown = urlparse(r["url"])
        shown = shown.path + (f"?{shown.query}" if shown.query else "")
        enc = r["encoding"] or "identity"
        note = "  (body refetched to size it)" if r.get("resized") else ""
        print(
            f"  {r['kind']:<10}{r['status']!s:>4} {r['body']:>7} B body "
            f"{r['headers']:>5} B hdr  {enc:<8} {shown}{note}"
        )


def main() -> int:
    verbose = "-v" in sys.argv
    results = {}
    with running_site() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for path in PAGES:
            results[path] = measure(browser, base, path)
        search_rows, in_place = measure_search(browser, base)
        browser.close()

    print("First visit, cold cache, 360x740 phone; sizes are compressed response bodies")
    print("(the 'wire' figure adds response headers).\n")
    head = (
        f"{'page':<22}{'requests':>9}{'HTML':>7}{'CSS':>7}{'scripts':>9}{'other':>7}"
        f"{'whole':>8}{'wire':>8}{'htmx':>7}{'precache':>10}"
    )
    print(head)
    print("-" * len(head))
    for path, (rows, worker) in results.items():
        print(
            f"{path:<22}{len(rows):>9}{total(rows, {'html'}):>7}{total(rows, {'css'}):>7}"
            f"{total(rows, {'js', 'sw.js', 'htmx'}):>9}"
            f"{total(rows) - total(rows, {'html', 'css', 'js', 'sw.js', 'htmx'}):>7}"
            f"{total(rows):>8}{total(rows, headers=True):>8}{total(rows, {'htmx'}):>7}"
            f"{total(worker):>10}"
        )
    print(
        "\n'whole' is the whole first visit: every request the page made while loading,"
        "\nthe service worker's script included ('scripts' counts it; 'htmx' is part of"
        "\n'scripts'). 'precache' is what the service worker fetches afterwards, in the"
        "\nbackground, so that pages read offline; it is not part of 'whole'."
    )

    for path, (rows, worker) in results.items():
        print(f"\n{path}: every request")
        show(rows)
        if worker:
            print(f"  then the service worker's precache: {total(worker)} B, {len(worker)} req")
            show([{**w, "kind": "precache"} for w in worker])
        elif verbose:
            print("  (no service-worker requests reported)")

    print(f'\n/rules/, then "{SEARCHED}" typed into the search: what the first use fetches')
    show(search_rows)
    print(
        f"  {total(search_rows)} B body in {len(search_rows)} req; "
        f"results swapped in place: {'yes' if in_place else 'NO (the page reloaded)'}"
    )

    rows = results[RULE_PAGE][0]
    whole = total(rows)
    verdict = "PASS" if whole <= TARGET else "MISS"
    print(f"\nTarget for the rule page {RULE_PAGE}:")
    print(
        f"  {verdict}  whole first visit {whole / KB:5.1f} KB in {len(rows)} requests"
        f"  (target <= {TARGET // KB} KB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
