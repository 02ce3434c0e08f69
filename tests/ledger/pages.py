"""The ledger's pages as a phone uses them in tests: a URL by name, a keyed post, the text."""

from __future__ import annotations

import uuid

from django.urls import reverse


def url(name: str, *args) -> str:
    return reverse(f"ledger:{name}", args=args)


def post(client, path: str, data: dict | None = None):
    """A form post with a fresh idempotency key, as every ledger form sends one."""
    return client.post(path, {"idempotency_key": uuid.uuid4().hex, **(data or {})})


def text(response) -> str:
    """The page's text with the quotes Django escapes put back, for `in` checks."""
    return response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')
