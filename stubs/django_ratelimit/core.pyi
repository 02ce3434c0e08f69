# The part of django-ratelimit's API the site calls (sitewide/limits.py); the package ships
# no types. Checked against django-ratelimit 4.1's django_ratelimit/core.py.
from collections.abc import Callable, Sequence
from typing import TypedDict

from django.http import HttpRequest

class Usage(TypedDict):
    count: int
    limit: int
    should_limit: bool
    time_left: int

# A key is a name ("ip", "user", "header:x-real-ip", a dotted path) or a function of
# (group, request); so is a rate ("5/15m", a dotted path, or a function).
Key = str | Callable[[str, HttpRequest], str]
Rate = str | Callable[[str, HttpRequest], str | None]

def get_usage(
    request: HttpRequest | None,
    group: str | None = None,
    fn: Callable[..., object] | None = None,
    key: Key | None = None,
    rate: Rate | None = None,
    method: Sequence[str | None] | str | None = ...,
    increment: bool = False,
) -> Usage | None: ...
