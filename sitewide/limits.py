"""Failed sign-ins and join attempts: counted per account and per address, then refused.

django-ratelimit keeps the counts in the `shared` cache (the database, see
sitewide/caches.py), so every process of the site sees the same numbers.
Only failures count: a right password or a link that works never does, and a
link that works is never refused. Past a limit, a sign-in is refused without
its password even being checked, on the sign-in page (sitewide/views.py) and
everywhere else Django checks a password (the admin, the API's HTTP Basic),
through `LimitedModelBackend`.

The address is the client's even behind a load balancer, when the operator
names it in DJANGO_TRUSTED_PROXIES (sitewide/client_address.py).

The windows are django-ratelimit's fixed ones, so a refusal ends at most one
window after it began: the messages give the whole window.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from sitewide.client_address import client_address

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_ratelimit.core import Usage

Key = Callable[[str, HttpRequest], str]  # (group, request) -> what the count is kept by

SIGN_IN_ACCOUNT_RATE = "5/15m"  # failed sign-ins per typed username
SIGN_IN_ADDRESS_RATE = "20/15m"  # failed sign-ins per client address
JOIN_ADDRESS_RATE = "20/10m"  # join or spectator tokens that match no live link, per address
SHOWDOWN_ADDRESS_RATE = "120/m"  # showdowns ranked (API and "Who wins?" page), per address
# A live table's helper rankings, per night: the phones of one table share a home router's
# address, so the count is the table's, not the address's.
HELPER_NIGHT_RATE = "60/m"

TOO_MANY_FOR_ACCOUNT = "Too many failed sign-ins for this account; try again in 15 minutes."
TOO_MANY_FROM_ADDRESS = "Too many failed sign-ins from this address; try again in 15 minutes."
TOO_MANY_LINKS = (
    "Too many links that do not work were tried from this address; try again in 10 minutes."
)
SIGN_IN_WAIT = 15 * 60  # seconds, for Retry-After
JOIN_WAIT = 10 * 60
TOO_MANY_SHOWDOWNS = "Too many showdowns from this address; try again in a minute."
SHOWDOWN_WAIT = 60
TOO_MANY_RANKINGS = "This table asked for too many rankings; try again in a minute."

_ACCOUNT = "homegame.sign-in.account"
_ADDRESS = "homegame.sign-in.address"
_JOIN = "homegame.join.address"
_SHOWDOWN = "homegame.showdown.address"
_HELPER = "homegame.helper.night"


def account_of(username: str | None) -> str:
    """The account a typed username names, as Django's sign-in form reads it (NFKC), any case."""
    return unicodedata.normalize("NFKC", username or "").strip().casefold()


def _usage(
    request: HttpRequest | None, group: str, rate: str, key: Key, *, count: bool
) -> Usage | None:
    return get_usage(request, group=group, key=key, rate=rate, increment=count)


def _reached(usage: Usage | None) -> bool:
    """At the limit already, so the next try is refused (a failed read counts as reached)."""
    return usage is not None and usage["count"] >= usage["limit"]


def _keyed(key: str) -> Key:
    return lambda group, request: key


def _address(group: str, request: HttpRequest) -> str:
    """The client's address; a server that sets none still counts, as one unknown address.

    The connection's own (REMOTE_ADDR), unless it comes from a proxy named in
    `DJANGO_TRUSTED_PROXIES`: then the client that proxy names in
    X-Forwarded-For (sitewide/client_address.py).
    """
    address = client_address(
        request.META.get("REMOTE_ADDR") or "",
        request.headers.get("x-forwarded-for") or "",
        getattr(settings, "TRUSTED_PROXIES", ()),
    )
    return address or "unknown"


def sign_in_refusal(request: HttpRequest | None, username: str | None) -> str | None:
    """Why a sign-in must be refused now without checking its password, or None."""
    account = account_of(username)
    if account and _reached(
        _usage(request, _ACCOUNT, SIGN_IN_ACCOUNT_RATE, _keyed(account), count=False)
    ):
        return TOO_MANY_FOR_ACCOUNT
    if request is not None and _reached(
        _usage(request, _ADDRESS, SIGN_IN_ADDRESS_RATE, _address, count=False)
    ):
        return TOO_MANY_FROM_ADDRESS
    return None


def count_failed_sign_in(request: HttpRequest | None, username: str | None) -> None:
    account = account_of(username)
    if account:
        _usage(request, _ACCOUNT, SIGN_IN_ACCOUNT_RATE, _keyed(account), count=True)
    if request is not None:
        _usage(request, _ADDRESS, SIGN_IN_ADDRESS_RATE, _address, count=True)


def on_failed_sign_in(
    sender: object,
    credentials: Mapping[str, object],
    request: HttpRequest | None = None,
    **kwargs: object,
) -> None:
    """Django's `user_login_failed`: every failed password check counts, wherever it was made."""
    username = credentials.get(get_user_model().USERNAME_FIELD)
    count_failed_sign_in(request, username if isinstance(username, str) else "")


def failed_join(request: HttpRequest) -> bool:
    """Count a join or spectator token that matched no live link; True once past the limit."""
    usage = _usage(request, _JOIN, JOIN_ADDRESS_RATE, _address, count=True)
    return usage is not None and usage["should_limit"]


def showdown_limited(request: HttpRequest) -> bool:
    """Count one showdown ranked for the caller's address; True once past the limit."""
    usage = _usage(request, _SHOWDOWN, SHOWDOWN_ADDRESS_RATE, _address, count=True)
    return usage is not None and usage["should_limit"]


def helper_limited(request: HttpRequest, night_id: int) -> bool:
    """Count one ranking by a night's live helper; True once that table is past its limit."""
    usage = _usage(request, _HELPER, HELPER_NIGHT_RATE, _keyed(f"night:{night_id}"), count=True)
    return usage is not None and usage["should_limit"]


def address_of(request: HttpRequest) -> str:
    """The client's address as the limits count it (`_address`)."""
    return _address("", request)


class LimitedModelBackend(ModelBackend):
    """Django's password check, not even tried once the account or the address is past its limit.

    Refusing raises PermissionDenied, which makes `authenticate()` stop and
    answer None, so a locked account looks the same as a wrong password to
    the caller; the sign-in page says which limit it was.
    """

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: object,
    ) -> User | None:
        typed = username if username is not None else kwargs.get(get_user_model().USERNAME_FIELD)
        refusal = sign_in_refusal(request, typed if isinstance(typed, str) else "")
        if refusal is not None:
            raise PermissionDenied(refusal)
        return super().authenticate(request, username=username, password=password, **kwargs)
