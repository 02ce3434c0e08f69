"""What every page must do on a 360 px phone, shared by the browser tests.

No sideways scrolling, no tap target under 44 px, no request to any host
but the site's own, no error on the console (a refusal by the
Content-Security-Policy is one) and no serious accessibility finding.
"""

import os
from urllib.parse import urlparse
from weakref import WeakKeyDictionary

from tests.browser.axe import serious_findings

# Same rule as ../shared/tools/phone.py: links inside running text are exempt.
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]')]
  .filter(e => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    if (getComputedStyle(e).visibility === 'hidden') return false;
    const p = e.parentElement;
    if (e.tagName === 'A' && p && (p.innerText || '').length > (e.innerText || '').length + 15)
      return false;
    return Math.min(r.width, r.height) < 44;
  })
  .map(e => e.tagName + ' ' + (e.innerText || e.value || e.name || '').trim().slice(0, 30))"""

OPEN_DETAILS = "() => document.querySelectorAll('details:not([open])').forEach(d => d.open = true)"


def other_hosts(target, site_host: str) -> list[str]:
    """Every request a page or browser context makes from now on to a host not the site's."""
    found: list[str] = []

    def seen(request) -> None:
        url = urlparse(request.url)
        if url.scheme in ("http", "https", "ws", "wss") and url.netloc != site_host:
            found.append(request.url)

    target.on("request", seen)
    return found


# Chromium reports each refusal on the console: "Refused to ... because it violates the
# following Content Security Policy directive: ...".
CSP_REFUSAL = "Content Security Policy"


def csp_violations(target) -> list[str]:
    """Every refusal by the Content-Security-Policy that a page or context reports from now on.

    Chromium logs each one on the console; listening there costs nothing and
    also catches refusals inside frames and workers of the page.
    """
    found: list[str] = []

    def seen(message) -> None:
        if CSP_REFUSAL in message.text:
            found.append(f"{message.location.get('url', '')}: {message.text}")

    target.on("console", seen)
    return found


def console_errors(target) -> list[str]:
    """Every error a page or context reports from now on: console errors and uncaught exceptions.

    A failed load, a refusal by the Content-Security-Policy and an htmx error
    all reach the console as errors.
    """
    found: list[str] = []

    def logged(message) -> None:
        if message.type == "error":
            found.append(f"{message.location.get('url', '')}: {message.text}")

    def thrown(error) -> None:
        found.append(f"uncaught: {getattr(error, 'error', error)}")

    target.on("console", logged)
    target.on("weberror" if hasattr(target, "pages") else "pageerror", thrown)
    return found


def assert_accessible(page) -> None:
    """No serious or critical axe-core finding on the page as it stands."""
    findings = serious_findings(page)
    if os.environ.get("AXE_COLLECT"):
        with open(os.environ["AXE_COLLECT"], "a") as out:
            for f in findings:
                out.write(f"{urlparse(page.url).path}\t{f}\n")
        return
    assert findings == [], f"{page.url}: {findings}"


# The paths each page has had checked whole (check_page), for "every page a night visits".
_checked: WeakKeyDictionary = WeakKeyDictionary()


def check_page(page, *, open_details: bool = False) -> None:
    """Everything a phone's page must be, as it stands: fits 360 px, big targets, accessible."""
    assert_fits_the_phone(page, open_details=open_details)
    assert_accessible(page)
    _checked.setdefault(page, set()).add(urlparse(page.url).path)


def checked_paths(page) -> set[str]:
    return _checked.get(page, set())


def assert_fits_the_phone(page, *, open_details: bool = False) -> None:
    """No sideways scroll and no small target; `open_details` checks what folds away too."""
    if open_details:
        page.evaluate(OPEN_DETAILS)
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= 360, f"{page.url} is {width} px wide"
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], f"{page.url} has tap targets under 44 px: {small}"
