"""URL parts checked before any query: `<id:night_id>` and `<token:token>`.

Django's `int` converter takes any run of digits, and a 25-digit id then fails
inside the database driver (a 500) instead of being "no such night" (a 404).
Eighteen digits always fit a signed 64-bit integer.
"""

from django.urls import register_converter


class IdConverter:
    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """A link token's characters (URL-safe base64); anything else is a 404 before any query."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")
