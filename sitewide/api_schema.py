"""Statuses every API operation can answer, added to the OpenAPI schema in one place.

Each view declares its own refusals; these come from the framework around
every view, so listing them on 39 decorators would only let one be missed:
400 for a query parameter out of bounds (pagination), 406 for an Accept
header that is not JSON, 415 for a body that is not JSON, and 429 for the
ledger's limit on failed join attempts.
"""

from __future__ import annotations

ERROR_REF = {"$ref": "#/components/schemas/Error"}

COMMON = {
    "406": "The Accept header asks for something other than JSON.",
}
WITH_QUERY = {
    "400": "A query parameter is out of its bounds (the reason names it).",
}
WITH_BODY = {
    "415": "The body is not JSON (send Content-Type: application/json).",
}
LEDGER = {
    "429": "Too many failed join attempts from this address; try again later.",
}


def add_common_responses(result, generator, request, public):
    """drf-spectacular postprocessing hook: the framework's own refusals on every operation."""
    for path, operations in result.get("paths", {}).items():
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            extra = dict(COMMON)
            if "requestBody" in operation:
                extra |= WITH_BODY
            if any(p.get("in") == "query" for p in operation.get("parameters", [])):
                extra |= WITH_QUERY
            if path.startswith("/api/nights/"):
                extra |= LEDGER
            for status, text in extra.items():
                operation["responses"].setdefault(status, _error(text))
    return result


def _error(text: str) -> dict:
    return {"content": {"application/json": {"schema": ERROR_REF}}, "description": text}
