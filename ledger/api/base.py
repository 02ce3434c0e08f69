"""What every ledger API view shares: who is calling, which night, errors and idempotency.

Views resolve their caller to an `Actor` of one night (or refuse with 404, so
another night's data is never revealed), check what that actor may do
(`actors.Forbidden` becomes 403), and run each write once per
`Idempotency-Key` through `journal.once`. Domain errors and refused
input become 400 in the API's one error shape (`sitewide.api_errors`); a key
reused for another request becomes 422.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.authentication import BasicAuthentication, SessionAuthentication
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from ledger.api.auth import SeatTokenAuthentication, SpectatorTokenAuthentication
from ledger.core import inputs
from ledger.core.betting import BettingError
from ledger.core.house_rules import HouseRulesError
from ledger.core.pots import PotError
from ledger.core.settlement import SettlementError
from ledger.core.units import UnitError
from ledger.models import Hand, HostWriteRequest, Night, Payment, Seat
from ledger.services import journal
from ledger.services.actors import READ_ONLY, Actor, Forbidden
from ledger.services.journal import KeyConflict, LedgerError
from sitewide.api_errors import BoundedJSONParser, ErrorSerializer

NO_SUCH_NIGHT = "No such night."
NO_SUCH_SEAT = "No seat {id} at this night."
NO_SUCH_HAND = "No hand {number} at this night."
NO_SUCH_PAYMENT = "No payment {id} at this night."
UNKNOWN_SEAT = "Seat {id} is not at this night's table."
LISTED_TWICE = "Seat {id} is listed twice."
SIGNED_IN_ONLY = "Only a signed-in host can do that."
KEY_NEEDED = "Send an Idempotency-Key header with every write (a fresh UUID will do)."
KEY_TOO_LONG = "An Idempotency-Key has at most {most} characters."

KEY_HEADER = "Idempotency-Key"
KEY_MOST = 64  # WriteRequest.key holds 80.
REPLAYED_HEADER = "Idempotent-Replayed"

# Refusals from the domain: the write changed nothing and the message says why.
DOMAIN_ERRORS = (
    LedgerError,
    HouseRulesError,
    UnitError,
    BettingError,
    PotError,
    SettlementError,
    inputs.InputError,
)


class Refused(APIException):
    status_code = 400
    default_detail = "That was refused; nothing was recorded."
    default_code = "refused"


class Conflict(APIException):
    status_code = 409
    default_code = "conflict"


class KeyReused(APIException):
    status_code = 422
    default_detail = journal.KEY_REUSED
    default_code = "key_reused"


class Caller(BasePermission):
    """A signed-in user, or a seat or spectator token; what they may do is checked per view."""

    def has_permission(self, request, view) -> bool:
        return isinstance(request.auth, Actor) or bool(
            request.user and request.user.is_authenticated
        )


class LedgerApi(APIView):
    """Base of every ledger API view: authentication, JSON bodies and error mapping."""

    authentication_classes = [
        SeatTokenAuthentication,
        SpectatorTokenAuthentication,
        SessionAuthentication,
        BasicAuthentication,
    ]
    permission_classes = [Caller]
    parser_classes = [BoundedJSONParser]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method not in SAFE_METHODS:
            if isinstance(request.auth, Actor) and request.auth.role == "spectator":
                raise PermissionDenied(READ_ONLY)
            idempotency_key(request)

    def handle_exception(self, exc):
        if isinstance(exc, KeyConflict):
            exc = KeyReused(str(exc))
        elif isinstance(exc, Forbidden):
            exc = PermissionDenied(str(exc))
        elif isinstance(exc, DOMAIN_ERRORS):
            exc = Refused(str(exc))
        return super().handle_exception(exc)


# --- Who is calling -------------------------------------------------------------------------


def signed_in_user(request):
    """The signed-in host; seat and spectator tokens are refused."""
    if isinstance(request.auth, Actor) or not request.user.is_authenticated:
        raise PermissionDenied(SIGNED_IN_ONLY)
    return request.user


def night_actor(request, night_id: int) -> Actor:
    """The caller as an actor of this night, or 404 when they have no part in it."""
    if isinstance(request.auth, Actor):
        if request.auth.night.pk == night_id:
            return request.auth
        raise NotFound(NO_SUCH_NIGHT)
    night = (
        Night.objects.select_related("host", "group")
        .filter(pk=night_id, host_id=request.user.pk)
        .first()
    )
    if night is None:
        raise NotFound(NO_SUCH_NIGHT)
    return Actor(night=night, role="host")


def seat_in(night: Night, seat_id: int) -> Seat:
    """A seat named in the URL: 404 unless it is at this night."""
    seat = Seat.objects.select_related("person").filter(pk=seat_id, night_id=night.pk).first()
    if seat is None:
        raise NotFound(NO_SUCH_SEAT.format(id=seat_id))
    return seat


def hand_in(night: Night, number: int) -> Hand:
    """A hand named in the URL, by its number in the night."""
    # get() drops Hand's default ordering, which would join the night just to sort one row.
    try:
        return night.hands.get(number=number)
    except Hand.DoesNotExist:
        raise NotFound(NO_SUCH_HAND.format(number=number)) from None


def payment_in(night: Night, payment_id: int) -> Payment:
    payment = (
        night.payments.select_related("payer__person", "payee__person")
        .filter(pk=payment_id)
        .first()
    )
    if payment is None:
        raise NotFound(NO_SUCH_PAYMENT.format(id=payment_id))
    return payment


def seats_named(night: Night, ids: Iterable[int]) -> dict[int, Seat]:
    """Seats named in a request body, by id: 400 for any that is not at this night."""
    ids = list(ids)
    found = {s.pk: s for s in Seat.objects.select_related("person").filter(night=night, pk__in=ids)}
    for seat_id in ids:
        if seat_id not in found:
            raise Refused(UNKNOWN_SEAT.format(id=seat_id))
    return found


def no_repeats(ids: Iterable[int]) -> None:
    seen: set[int] = set()
    for seat_id in ids:
        if seat_id in seen:
            raise Refused(LISTED_TWICE.format(id=seat_id))
        seen.add(seat_id)


# --- Writes, once per key -------------------------------------------------------------------


def idempotency_key(request) -> str:
    key = request.headers.get(KEY_HEADER, "").strip()
    if not key:
        raise Refused(KEY_NEEDED)
    if len(key) > KEY_MOST:
        raise Refused(KEY_TOO_LONG.format(most=KEY_MOST))
    if not inputs.is_key(key):
        raise Refused(inputs.BAD_KEY)
    return key


def _payload(request) -> dict:
    """What makes two requests the same: where they went and what they said."""
    return {"method": request.method, "path": request.path, "body": request.data}


def write_once(
    request,
    actor: Actor,
    write: Callable[[Night], tuple[int, Mapping]],
    *,
    lock: Callable[[], Night] | None = None,
) -> Response:
    """Run `write(locked_night)` once per Idempotency-Key; a repeat gets the first answer.

    `lock`, if given, locks the night and returns it (see `journal.once`).
    """
    key = idempotency_key(request)
    ran = []

    def run(locked: Night) -> dict:
        ran.append(True)
        status, body = write(locked)
        return {"status": status, "body": body}

    result = journal.once(
        night=actor.night,
        caller=actor.key,
        key=key,
        payload=_payload(request),
        write=run,
        lock=lock,
    )
    return _answer(result, replayed=not ran)


def host_write_once(request, user, write: Callable[[], tuple[int, Mapping]]) -> Response:
    """Run a host's write that has no night (a group, a person, a new night) once per key.

    Keys are scoped to the host; the host's row is locked so two taps cannot
    both run it. `write()` returns (status, body), stored as the first answer.
    """
    key = idempotency_key(request)
    digest = journal.fingerprint(_payload(request))
    with transaction.atomic():
        list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
        earlier = HostWriteRequest.objects.filter(host=user, key=key).first()
        if earlier is not None:
            if earlier.fingerprint != digest:
                raise KeyConflict(journal.KEY_REUSED)
            return _answer(earlier.result, replayed=True)
        status, body = write()
        result = {"status": status, "body": body}
        HostWriteRequest.objects.create(host=user, key=key, fingerprint=digest, result=result)
    return _answer(result, replayed=False)


def _answer(result: Mapping, *, replayed: bool) -> Response:
    response = Response(result["body"], status=result["status"])
    if replayed:
        response[REPLAYED_HEADER] = "true"
    return response


# --- Schema pieces --------------------------------------------------------------------------


KEY_PARAMETER = OpenApiParameter(
    KEY_HEADER,
    {"type": "string", "minLength": 1, "maxLength": KEY_MOST, "pattern": r"^[\x21-\x7e]+$"},
    OpenApiParameter.HEADER,
    required=True,
    description=(
        f"A fresh value (e.g. a UUID, at most {KEY_MOST} characters) for each write. "
        "Repeating it repeats the first answer and records nothing; "
        "reusing it for a different request is refused with 422."
    ),
)


def _error(text: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=text)


READ_ERRORS = {
    403: _error("Not signed in, a bad token, or not allowed."),
    404: _error("No such night (or not yours), seat, hand or payment."),
}
WRITE_ERRORS = {
    400: _error("Refused with the reason (or field errors by name); nothing was recorded."),
    **READ_ERRORS,
    422: _error("The Idempotency-Key was already used for a different request."),
}
HOST_ERRORS = {
    400: _error("Refused with the reason (or field errors by name); nothing was recorded."),
    403: _error("Not signed in, or a seat or spectator token."),
    404: _error("Not one of your groups."),
}
