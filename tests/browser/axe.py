"""axe-core, the accessibility engine, fetched once from the npm registry and checked.

The tarball is pinned by version and by the registry's sha512 integrity, so a
changed file is refused; the script is kept under tests/browser/.axe/ (not in
git). It runs in the page through the DevTools protocol, which the page's
Content-Security-Policy does not govern, so the page is tested as served.
"""

import base64
import hashlib
import io
import tarfile
import urllib.request
from functools import cache
from pathlib import Path

VERSION = "4.14.1"
TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
INTEGRITY = (
    "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPj"
    "CKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
)
KEPT = Path(__file__).parent / ".axe" / f"axe-{VERSION}.min.js"
# What counts as a failure: axe's two worst impacts.
FAILING = ("serious", "critical")

RUN = """async (failing) => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations
    .filter(v => failing.includes(v.impact))
    .map(v => `${v.id} (${v.impact}): ${v.help} at ` +
      v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; '));
}"""


def fetch() -> bytes:
    """The tarball from the registry, refused unless its digest is the pinned one."""
    with urllib.request.urlopen(TARBALL, timeout=60) as answer:
        data = answer.read()
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != INTEGRITY:
        raise RuntimeError(f"axe-core {VERSION} from {TARBALL} does not match its pinned digest")
    return data


@cache
def script() -> str:
    if not KEPT.exists():
        with tarfile.open(fileobj=io.BytesIO(fetch()), mode="r:gz") as tar:
            member = tar.extractfile("package/axe.min.js")
            assert member is not None
            KEPT.parent.mkdir(exist_ok=True)
            KEPT.write_bytes(member.read())
    return KEPT.read_text(encoding="utf-8")


def serious_findings(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it stands now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(script() + "\n;undefined")
    return page.evaluate(RUN, list(FAILING))
